//===- NodeConversion.cpp - NodeDef <-> node op ---------------------------===//
//
// The bottom of the library: one NodeDef to one op and back, for graphs and
// function bodies alike. Nothing here knows about graphs, functions or files.
//
//===----------------------------------------------------------------------===//

#include "NodeConversion.h"

#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/OpRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Signatures and defaults
//===----------------------------------------------------------------------===//

SignatureLookup::SignatureLookup(
    const tensorflow::FunctionDefLibrary *library) {
  if (!library)
    return;
  for (const auto &function : library->function())
    functions[function.signature().name()] = &function.signature();
}

const tensorflow::OpDef *SignatureLookup::lookup(StringRef opType) const {
  if (const tensorflow::OpDef *opDef = lookupOpDef(opType))
    return opDef;
  auto it = functions.find(opType);
  return it == functions.end() ? nullptr : it->second;
}

bool SignatureLookup::isFunction(StringRef opType) const {
  return !lookupOpDef(opType) && functions.count(opType);
}

LogicalResult
tfg::addDefaultAttrs(tensorflow::NodeDef &node, const tensorflow::OpDef &opDef,
                     function_ref<InFlightDiagnostic()> emitError) {
  auto &attrs = *node.mutable_attr();
  for (const auto &attrDef : opDef.attr()) {
    if (attrs.count(attrDef.name()))
      continue;
    if (!attrDef.has_default_value())
      return emitError() << "missing attr '" << attrDef.name() << "', which "
                         << opDef.name() << " requires (it has no default)";
    attrs[attrDef.name()] = attrDef.default_value();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Attr checks
//===----------------------------------------------------------------------===//

/// The AttrValue kind of an OpDef attr type's values ("int" -> kI, and the
/// element kind of "list(int)"); VALUE_NOT_SET for a type TFG does not know.
static tensorflow::AttrValue::ValueCase kindOfAttrType(StringRef type) {
  using AV = tensorflow::AttrValue;
  return llvm::StringSwitch<AV::ValueCase>(type)
      .Case("string", AV::kS)
      .Case("int", AV::kI)
      .Case("float", AV::kF)
      .Case("bool", AV::kB)
      .Case("type", AV::kType)
      .Case("shape", AV::kShape)
      .Case("tensor", AV::kTensor)
      .Case("func", AV::kFunc)
      .Default(AV::VALUE_NOT_SET);
}

/// "an int", "a type", ...: for diagnostics; `plural` for list elements.
static StringRef kindName(tensorflow::AttrValue::ValueCase kind,
                          bool plural = false) {
  using AV = tensorflow::AttrValue;
  switch (kind) {
  case AV::kS:
    return plural ? "strings" : "a string";
  case AV::kI:
    return plural ? "ints" : "an int";
  case AV::kF:
    return plural ? "floats" : "a float";
  case AV::kB:
    return plural ? "bools" : "a bool";
  case AV::kType:
    return plural ? "types" : "a type";
  case AV::kShape:
    return plural ? "shapes" : "a shape";
  case AV::kTensor:
    return plural ? "tensors" : "a tensor";
  case AV::kList:
    return plural ? "lists" : "a list";
  case AV::kFunc:
    return plural ? "functions" : "a function";
  case AV::kPlaceholder:
    return plural ? "placeholders" : "a placeholder";
  case AV::VALUE_NOT_SET:
    break;
  }
  return plural ? "values" : "no value";
}

/// The kinds of the elements a list holds, in field order.
static SmallVector<tensorflow::AttrValue::ValueCase>
listElementKinds(const tensorflow::AttrValue::ListValue &list) {
  using AV = tensorflow::AttrValue;
  SmallVector<AV::ValueCase> kinds;
  for (auto [size, kind] : {std::pair{list.s_size(), AV::kS},
                            {list.i_size(), AV::kI},
                            {list.f_size(), AV::kF},
                            {list.b_size(), AV::kB},
                            {list.type_size(), AV::kType},
                            {list.shape_size(), AV::kShape},
                            {list.tensor_size(), AV::kTensor},
                            {list.func_size(), AV::kFunc}})
    if (size > 0)
      kinds.push_back(kind);
  return kinds;
}

LogicalResult
tfg::checkNodeAttrs(const tensorflow::NodeDef &node,
                    const tensorflow::OpDef &opDef,
                    function_ref<InFlightDiagnostic()> emitError) {
  using AV = tensorflow::AttrValue;
  for (const auto &attrDef : opDef.attr()) {
    auto it = node.attr().find(attrDef.name());
    if (it == node.attr().end())
      continue; // Missing attrs are addDefaultAttrs' business.
    const AV &value = it->second;
    if (value.value_case() == AV::kPlaceholder)
      continue;
    StringRef type = attrDef.type();
    bool isList = type.consume_front("list(") && type.consume_back(")");
    AV::ValueCase expected = kindOfAttrType(type);
    if (expected == AV::VALUE_NOT_SET)
      continue;
    auto mismatch = [&]() {
      std::string want =
          isList ? ("a list of " + kindName(expected, /*plural=*/true)).str()
                 : kindName(expected).str();
      return emitError() << "attr '" << attrDef.name() << "' must be " << want
                         << ", got ";
    };
    if (!isList) {
      if (value.value_case() != expected)
        return mismatch() << kindName(value.value_case());
      continue;
    }
    if (value.value_case() != AV::kList)
      return mismatch() << kindName(value.value_case());
    // An empty list is a list of anything.
    for (AV::ValueCase kind : listElementKinds(value.list()))
      if (kind != expected)
        return mismatch() << "a list of " << kindName(kind, /*plural=*/true);
  }
  if (node.op() == "Const") {
    const AV *dtype = findResolvedAttr(node, "dtype");
    const AV *value = findResolvedAttr(node, "value");
    // A value without a dtype is importTensor's to report (and TF.js
    // models may leave it out where the manifest gives the weight).
    if (dtype && value && value->value_case() == AV::kTensor &&
        value->tensor().dtype() != tensorflow::DT_INVALID &&
        dtype->type() != value->tensor().dtype())
      return emitError() << "attr 'dtype' is " << dataTypeName(dtype->type())
                         << ", but its value tensor is "
                         << dataTypeName(value->tensor().dtype());
  }
  return success();
}

LogicalResult
tfg::checkInputCount(const tensorflow::NodeDef &node,
                     const tensorflow::OpDef &opDef, int64_t numDataInputs,
                     function_ref<InFlightDiagnostic()> emitError) {
  int64_t expected = 0;
  std::string argNames;
  bool known = true;
  for (const auto &arg : opDef.input_arg()) {
    argNames += (argNames.empty() ? "" : ", ") + arg.name();
    int64_t count = 1;
    if (!arg.number_attr().empty()) {
      const tensorflow::AttrValue *n =
          findResolvedAttr(node, arg.number_attr());
      known &= n && n->value_case() == tensorflow::AttrValue::kI;
      count = known ? n->i() : 0;
      if (count < 0)
        return emitError() << "attr '" << arg.number_attr() << "' sizes input '"
                           << arg.name() << "' but is negative (" << count
                           << ")";
    } else if (!arg.type_list_attr().empty()) {
      const tensorflow::AttrValue *list =
          findResolvedAttr(node, arg.type_list_attr());
      known &= list && list->value_case() == tensorflow::AttrValue::kList;
      count = known ? list->list().type_size() : 0;
    }
    // Attr values are the file's: saturate rather than overflow.
    expected = llvm::checkedAdd(expected, count).value_or(INT64_MAX);
  }
  if (known && expected != numDataInputs)
    return emitError() << "has " << numDataInputs << " data input"
                       << (numDataInputs == 1 ? "" : "s")
                       << ", but its OpDef and attrs call for " << expected
                       << " (" << argNames << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Output types
//===----------------------------------------------------------------------===//

const tensorflow::AttrValue *
tfg::findResolvedAttr(const tensorflow::NodeDef &node,
                      const std::string &name) {
  auto it = node.attr().find(name);
  if (it == node.attr().end() ||
      it->second.value_case() == tensorflow::AttrValue::kPlaceholder)
    return nullptr;
  return &it->second;
}

Type tfg::getArgTensorType(MLIRContext *context, int dtype, bool isRef) {
  Type element = dtype > 0 ? dataTypeToType(context, dtype) : Type();
  if (!element)
    return OpaqueTensorType::get(context);
  if (isRef && !isa<RefType>(element))
    element = RefType::get(context, element);
  return UnrankedTensorType::get(element);
}

LogicalResult tfg::computeOutputTypes(const tensorflow::NodeDef &node,
                                      const tensorflow::OpDef &opDef,
                                      MLIRContext *context,
                                      SmallVectorImpl<Type> &types,
                                      SmallVectorImpl<OutputArg> *args,
                                      std::string &error) {
  // Any list is bounded by kMaxAttrListSize, or by the node's data inputs
  // where it has more (a list that also sizes an input arg has exactly as
  // many tensors as those inputs, which checkInputCounts checks).
  int64_t dataInputs = llvm::count_if(node.input(), [](const std::string &in) {
    return !StringRef(in).starts_with("^");
  });
  int64_t maxListSize = std::max(kMaxAttrListSize, dataInputs);
  for (const auto &arg : opDef.output_arg()) {
    int64_t count = 1;
    SmallVector<int> dtypes;
    if (!arg.number_attr().empty()) {
      const tensorflow::AttrValue *n =
          findResolvedAttr(node, arg.number_attr());
      if (!n || n->value_case() != tensorflow::AttrValue::kI || n->i() < 0) {
        error = "output '" + arg.name() + "' is sized by attr '" +
                arg.number_attr() + "', which is missing or not an int";
        return failure();
      }
      count = n->i();
    } else if (!arg.type_list_attr().empty()) {
      const tensorflow::AttrValue *list =
          findResolvedAttr(node, arg.type_list_attr());
      if (!list || list->value_case() != tensorflow::AttrValue::kList) {
        error = "output '" + arg.name() + "' is typed by attr '" +
                arg.type_list_attr() + "', which is missing or not a list";
        return failure();
      }
      count = list->list().type_size();
      for (int t : list->list().type())
        dtypes.push_back(t);
    }
    if (count > maxListSize) {
      const std::string &attr =
          arg.number_attr().empty() ? arg.type_list_attr() : arg.number_attr();
      error = "output '" + arg.name() + "' is sized by attr '" + attr +
              "' = " + std::to_string(count) + ", more than the " +
              std::to_string(maxListSize) + " tensors an output list may have";
      return failure();
    }
    int dtype = arg.type();
    if (!arg.type_attr().empty()) {
      const tensorflow::AttrValue *t = findResolvedAttr(node, arg.type_attr());
      dtype =
          t && t->value_case() == tensorflow::AttrValue::kType ? t->type() : 0;
    }
    for (int64_t i = 0; i < count; ++i)
      types.push_back(getArgTensorType(
          context, dtypes.empty() ? dtype : dtypes[i], arg.is_ref()));
    if (args)
      args->push_back({arg.name(), count});
  }
  return success();
}

/// The shape a node states for its only output: a Const's value, a
/// placeholder's (isPlaceholderLike) `shape` attr.
static const tensorflow::TensorShapeProto *
getDeclaredShape(const tensorflow::NodeDef &node) {
  const auto &attrs = node.attr();
  if (node.op() == "Const") {
    auto it = attrs.find("value");
    if (it != attrs.end() && it->second.has_tensor())
      return &it->second.tensor().tensor_shape();
  } else if (isPlaceholderLike(node.op())) {
    auto it = attrs.find("shape");
    if (it != attrs.end() && it->second.has_shape())
      return &it->second.shape();
  }
  return nullptr;
}

void tfg::applyOutputShapes(const tensorflow::NodeDef &node,
                            SmallVectorImpl<Type> &types) {
  if (const tensorflow::TensorShapeProto *shape = getDeclaredShape(node)) {
    auto tensor =
        types.size() == 1 ? dyn_cast<TensorType>(types[0]) : TensorType();
    if (tensor && !shape->unknown_rank())
      types[0] = getTensorType(*shape, tensor.getElementType());
  }
  auto it = node.attr().find("_output_shapes");
  if (it == node.attr().end() || !it->second.has_list())
    return;
  const auto &shapes = it->second.list().shape();
  if (shapes.size() != static_cast<int>(types.size()))
    return;
  for (auto [type, shape] : llvm::zip(types, shapes)) {
    auto tensor = dyn_cast<TensorType>(type);
    if (!tensor || shape.unknown_rank())
      continue;
    type = getTensorType(shape, tensor.getElementType());
  }
}

//===----------------------------------------------------------------------===//
// Node creation
//===----------------------------------------------------------------------===//

FailureOr<Operation *>
tfg::createNodeOp(OpBuilder &builder, tensorflow::NodeDef &node,
                  ArrayRef<Type> dataResultTypes, unsigned numControl,
                  Location loc, AttrImportContext &ctx,
                  function_ref<InFlightDiagnostic()> emitError) {
  MLIRContext *context = builder.getContext();
  // The typed op for this op type, if any (cached: graphs repeat op types).
  auto cached = ctx.typedOps.try_emplace(node.op(), std::nullopt);
  if (cached.second) {
    // Only a typed node op: an op type that happens to name another TFG op
    // ("graph", "func", "return", "generic") is a node like any unknown one.
    OperationName name("tfg." + node.op(), context);
    if (name.hasInterface<TypedNodeOpInterface>())
      cached.first->second = name;
  }
  std::optional<OperationName> typedName = cached.first->second;
  bool typed = typedName.has_value();
  // Placeholders only make sense in function bodies, where attrs are not
  // known yet: such nodes stay generic rather than fail a typed verifier.
  if (typed)
    for (const auto &[key, value] : node.attr())
      if (value.value_case() == tensorflow::AttrValue::kPlaceholder)
        typed = false;
  OperationState state(
      loc, typed ? *typedName
                 : OperationName(GenericOp::getOperationName(), context));
  if (!typed)
    state.addAttribute(attrs::kOpType, builder.getStringAttr(node.op()));
  // The name and device are the op's properties, set once it exists (below):
  // not in state.attributes, where they would make every node's dictionary
  // unique. The location already uniqued the name: reuse it.
  StringAttr nameAttr;
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    nameAttr = nameLoc.getName();
  if (!nameAttr || nameAttr.getValue() != node.name())
    nameAttr = builder.getStringAttr(node.name());
  StringAttr deviceAttr;
  if (!node.device().empty()) {
    // Consecutive nodes mostly share their device: reuse its attr rather
    // than unique the string again.
    if (!ctx.lastDevice || ctx.lastDevice.getValue() != node.device())
      ctx.lastDevice = builder.getStringAttr(node.device());
    deviceAttr = ctx.lastDevice;
  }
  if (node.has_experimental_debug_info()) {
    const auto &info = node.experimental_debug_info();
    SmallVector<StringRef> nodes(info.original_node_names().begin(),
                                 info.original_node_names().end());
    SmallVector<StringRef> funcs(info.original_func_names().begin(),
                                 info.original_func_names().end());
    state.addAttribute(attrs::kOriginalNodeNames,
                       builder.getStrArrayAttr(nodes));
    state.addAttribute(attrs::kOriginalFuncNames,
                       builder.getStrArrayAttr(funcs));
  }
  if (node.has_experimental_type())
    state.addAttribute(
        attrs::kFullType,
        builder.getStringAttr(node.experimental_type().SerializeAsString()));
  ctx.blobNameHint = node.name();
  // Sorted keys: deterministic attribute order whatever the map's order.
  SmallVector<std::pair<StringRef, tensorflow::AttrValue *>, 8> entries;
  for (auto &entry : *node.mutable_attr())
    entries.emplace_back(entry.first, &entry.second);
  llvm::sort(entries, llvm::less_first());
  for (auto [key, value] : entries) {
    if (key.empty())
      return emitError() << "has an attr with an empty attr name";
    if (key.contains('.') || key == "operandSegmentSizes")
      return emitError() << "attr name '" << key
                         << "' is not a TensorFlow attr name";
    // The op's own name and device fields: an attr of that name could not
    // be told apart from them.
    if (key == attrs::kNodeName || key == attrs::kNodeDevice)
      return emitError() << "attr name '" << key
                         << "' is reserved by TFG (the node's name and "
                            "device fields)";
    std::string error;
    FailureOr<Attribute> attr = importAttrValue(*value, ctx, error);
    if (failed(attr))
      return emitError() << "attr '" << key << "': " << error;
    state.addAttribute(key, *attr);
  }
  state.addTypes(dataResultTypes);
  state.addTypes(ControlType::get(context));
  setOperandSegments(state, numControl);
  // Inherent attrs go straight to the properties, one by one, so that
  // Operation::create uniques one dictionary per node (the discardable
  // attrs), not two, and no dictionary of the inherent ones is made either.
  NamedAttrList inherent;
  if (std::optional<RegisteredOperationName> info =
          state.name.getRegisteredInfo()) {
    ArrayRef<StringAttr> inherentNames = info->getAttributeNames();
    if (!inherentNames.empty()) {
      NamedAttrList discardable;
      for (const NamedAttribute &attr : state.attributes)
        (llvm::is_contained(inherentNames, attr.getName()) ? inherent
                                                           : discardable)
            .push_back(attr);
      if (!inherent.empty())
        state.attributes = std::move(discardable);
    }
  }
  // Not state.propertiesAttr: Operation::create converts that with no error
  // callback and calls through a null function_ref when an attr is not of
  // the property's C++ type. setInherentAttr stores null instead;
  // checkNodeAttrs has ruled that out for the OpDef's attrs, and the check
  // below reports anything else instead of leaving a null property.
  Operation *op = builder.create(state);
  auto nodeOp = cast<NodeOpInterface>(op);
  nodeOp.setNodeNameAttr(nameAttr);
  nodeOp.setNodeDeviceAttr(deviceAttr);
  for (const NamedAttribute &attr : inherent) {
    op->setInherentAttr(attr.getName(), attr.getValue());
    // The segment sizes are ours, and always fit (setOperandSegments).
    if (attr.getName() == "operandSegmentSizes" ||
        op->getInherentAttr(attr.getName()) == attr.getValue())
      continue;
    emitError() << "attrs do not fit the typed op: Invalid attribute `"
                << attr.getName().getValue()
                << "` in property conversion: " << attr.getValue();
    op->erase();
    return failure();
  }
  return op;
}

ParsedInput tfg::parseInputString(StringRef input) {
  ParsedInput parsed;
  if (input.consume_front("^")) {
    parsed.isControl = true;
    parsed.node = input;
    return parsed;
  }
  size_t colon = input.rfind(':');
  if (colon != StringRef::npos) {
    StringRef digits = input.drop_front(colon + 1);
    int64_t index;
    if (!digits.empty() && llvm::all_of(digits, llvm::isDigit) &&
        !digits.getAsInteger(10, index)) {
      parsed.node = input.take_front(colon);
      parsed.index = index;
      return parsed;
    }
  }
  parsed.node = input;
  return parsed;
}

//===----------------------------------------------------------------------===//
// Node export
//===----------------------------------------------------------------------===//

LogicalResult tfg::exportNodeFields(Operation *op, tensorflow::NodeDef &node) {
  // (pointer, size) setters: no temporary std::string per field.
  StringRef name = getNodeName(op), opType = getNodeOpType(op);
  node.set_name(name.data(), name.size());
  node.set_op(opType.data(), opType.size());
  StringRef device = getNodeDevice(op);
  if (!device.empty())
    node.set_device(device.data(), device.size());
  auto &attrMap = *node.mutable_attr();
  // Discardable attrs plus the properties, without uniquing a dictionary.
  NamedAttrList attrList(op->getDiscardableAttrDictionary());
  if (std::optional<RegisteredOperationName> info = op->getRegisteredInfo())
    info->populateInherentAttrs(op, attrList);
  for (NamedAttribute named : attrList) {
    StringRef name = named.getName().getValue();
    if (name == attrs::kOriginalNodeNames ||
        name == attrs::kOriginalFuncNames) {
      auto *info = node.mutable_experimental_debug_info();
      auto *list = name == attrs::kOriginalNodeNames
                       ? info->mutable_original_node_names()
                       : info->mutable_original_func_names();
      for (Attribute s : cast<ArrayAttr>(named.getValue()))
        list->Add(cast<StringAttr>(s).getValue().str());
      continue;
    }
    if (name == attrs::kFullType) {
      if (!node.mutable_experimental_type()->ParseFromString(
              cast<StringAttr>(named.getValue()).getValue().str()))
        return op->emitError("attr tfg.full_type does not hold a FullTypeDef");
      continue;
    }
    if (isTFGAttrName(name))
      continue;
    // Built in place: the node may be on an arena, where a moved-in value
    // would be copied (a tensor's bytes included).
    std::string error;
    if (failed(exportAttrValue(named.getValue(), attrMap[name.str()], error)))
      return op->emitError() << "attr '" << name << "': " << error;
  }
  return success();
}

void tfg::assignMissingNodeNames(Block &block, llvm::StringSet<> used) {
  // Imported graphs name every node: then the set of all names (a copy of
  // each, 10^6 for a large graph) is not needed.
  if (llvm::none_of(block, [](Operation &op) {
        return isNodeOp(&op) && getNodeName(&op).empty();
      }))
    return;
  for (Operation &op : block)
    if (isNodeOp(&op) && !getNodeName(&op).empty())
      used.insert(getNodeName(&op));
  for (Operation &op : block) {
    if (!isNodeOp(&op) || !getNodeName(&op).empty())
      continue;
    std::string base = getNodeOpType(&op).str();
    std::string name = base;
    for (unsigned i = 1; used.contains(name); ++i)
      name = base + "_" + std::to_string(i);
    used.insert(name);
    setNodeName(&op, name);
  }
}
