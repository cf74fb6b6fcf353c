//===- FunctionLibrary.cpp - FunctionDefLibrary <-> tfg.func --------------===//
//
// Imports each FunctionDef as a tfg.func (see docs/design-functions.md) and
// writes it back. Function bodies name tensors differently from graphs:
//   node:out_arg:idx   tensor `idx` of output arg `out_arg` of a body node
//   node:out_arg       all tensors of that output arg
//   x / x:i            input arg `x` / tensor `i` of list input arg `x`
// The importer maps these to flat result indices through the node's OpDef
// (registry op or library function). Where the OpDef cannot size an output
// arg (unknown op type, list length given by a placeholder attr) it sizes
// the arg from the references and records the assumption on the node as
// `tfg.output_args`, which the exporter then trusts.
//
// Spellings that denote the same tensors are written back in one form:
// `x:0` of a plain arg as `x`, `node:out_arg` as `node:out_arg:0`,
// `node:out_arg:1`, ... Everything else comes back as it was read.
//
//===----------------------------------------------------------------------===//

#include "FunctionLibrary.h"

#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/ImportExport/OpRegistry.h"

#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tfg;

/// Longest list the importer assumes from references alone (an unknown op's
/// output, a list input arg): larger indices are reported, not allocated.
static constexpr int64_t kMaxAssumedListSize = 1 << 16;

//===----------------------------------------------------------------------===//
// Import
//===----------------------------------------------------------------------===//

namespace {

/// A tensor reference of a function body, as parsed from an input string.
struct BodyRef {
  bool isArg;         ///< Input arg (else body node).
  unsigned index;     ///< Input arg or node index.
  std::string outArg; ///< Node: the output arg name.
  int64_t element;    ///< Tensor within the arg, or -1 for the whole arg.
};

/// One output arg of a body node as imported.
struct Segment {
  std::string name;
  int64_t size;
  /// False if `size` was assumed from the references.
  bool known;
};

/// How a body node's output arg is referred to, and by whom (a node name,
/// or "" for a ret), for diagnostics.
struct OutArgUse {
  int64_t maxElement = -1;
  std::string maxElementUser;
  bool whole = false;
  std::string wholeUser;
};

/// The output args of a body node that references use, in order of first
/// use.
using OutArgUses =
    llvm::MapVector<std::string, OutArgUse, llvm::StringMap<unsigned>>;

class FunctionImporter {
public:
  FunctionImporter(tensorflow::FunctionDef &function,
                   const SignatureLookup &signatures, StringRef file,
                   AttrImportContext &attrCtx)
      : function(function), signature(function.signature()),
        name(signature.name()), signatures(signatures), file(file),
        attrCtx(attrCtx), context(attrCtx.context) {}

  /// Builds the tfg.func at the builder's insertion point.
  LogicalResult run(OpBuilder &builder);

private:
  InFlightDiagnostic functionError() {
    return emitError(FileLineColLoc::get(context, file, 0, 0))
           << "in function '" << name << "': ";
  }
  InFlightDiagnostic nodeError(StringRef node) {
    return emitError(getNodeLocation(context, file, node))
           << "in function '" << name << "': ";
  }

  LogicalResult checkSignature();
  LogicalResult checkMaps();
  LogicalResult indexNames();
  LogicalResult parseRef(StringRef input, BodyRef &ref,
                         function_ref<InFlightDiagnostic()> error);
  LogicalResult parseBodyRefs();
  LogicalResult computeSegments(unsigned nodeIndex);
  LogicalResult checkRef(const BodyRef &ref, StringRef input,
                         function_ref<InFlightDiagnostic()> error);
  FailureOr<ArrayAttr> importArgDefs(
      const google::protobuf::RepeatedPtrField<tensorflow::OpDef::ArgDef> &args,
      StringRef what);
  LogicalResult setSignatureAttrs(FuncOp func);
  LogicalResult checkReferences();
  FailureOr<FuncOp> createFuncOp(OpBuilder &builder, Location loc);
  LogicalResult createBodyOps(OpBuilder &builder);
  void connectBody(OpBuilder &builder, FuncOp func, Location loc);
  void appendValues(const BodyRef &ref, FuncOp func,
                    SmallVectorImpl<Value> &values);

  tensorflow::FunctionDef &function;
  const tensorflow::OpDef &signature;
  std::string name;
  const SignatureLookup &signatures;
  StringRef file;
  AttrImportContext &attrCtx;
  MLIRContext *context;

  /// Body names: input args and nodes.
  llvm::StringMap<unsigned> argIndex, nodeIndex;
  /// Per node: data and control inputs.
  std::vector<SmallVector<BodyRef>> dataRefs;
  std::vector<SmallVector<BodyRef>> controlRefs;
  /// `ret` per output arg and `control_ret` per control output.
  SmallVector<BodyRef> retRefs, controlRetRefs;
  /// Per node: how its output args are used.
  std::vector<OutArgUses> uses;
  /// Per input arg: the largest element referred to, -1 if none.
  SmallVector<int64_t> maxArgElement;
  /// Per node: its output args and whether they were assumed.
  std::vector<SmallVector<Segment>> segments;
  std::vector<bool> assumedSegments;
  std::vector<SmallVector<Type>> resultTypes;
  std::vector<Operation *> ops;
};

} // namespace

/// Parses a decimal index. Fails if `text` is not one; sets `tooLarge` when
/// it is, but does not fit.
static bool parseIndex(StringRef text, int64_t &index, bool &tooLarge) {
  tooLarge = false;
  if (text.empty() || !llvm::all_of(text, llvm::isDigit))
    return false;
  tooLarge = text.getAsInteger(10, index);
  return !tooLarge;
}

LogicalResult FunctionImporter::checkSignature() {
  llvm::StringSet<> inputNames;
  for (const auto &arg : signature.input_arg()) {
    if (arg.name().empty() || StringRef(arg.name()).contains(':'))
      return functionError() << "input arg name '" << arg.name()
                             << "' is empty or contains ':'";
    if (!inputNames.insert(arg.name()).second)
      return functionError()
             << "two input args are named '" << arg.name() << "'";
  }
  llvm::StringSet<> outputNames;
  for (const auto &arg : signature.output_arg()) {
    if (arg.name().empty() || StringRef(arg.name()).contains(':'))
      return functionError() << "output arg name '" << arg.name()
                             << "' is empty or contains ':'";
    if (!outputNames.insert(arg.name()).second)
      return functionError()
             << "two output args are named '" << arg.name() << "'";
  }
  llvm::StringSet<> controlNames;
  for (const std::string &output : signature.control_output()) {
    if (output.empty())
      return functionError() << "a control output has an empty name";
    if (!controlNames.insert(output).second)
      return functionError()
             << "two control outputs are named '" << output << "'";
  }
  llvm::StringSet<> attrNames;
  for (const auto &attr : signature.attr()) {
    if (attr.name().empty())
      return functionError() << "the signature declares an attr with an "
                                "empty name";
    if (!attrNames.insert(attr.name()).second)
      return functionError()
             << "the signature declares attr '" << attr.name() << "' twice";
  }
  for (const auto &[key, value] : function.attr())
    if (key.empty())
      return functionError() << "has a function attr with an empty name "
                                "(invalid function attribute name)";
  return success();
}

LogicalResult FunctionImporter::checkMaps() {
  int numInputs = signature.input_arg_size();
  for (const auto &[index, attrs] : function.arg_attr())
    if (index >= static_cast<uint32_t>(numInputs))
      return functionError() << "arg_attr key " << index
                             << " is not the index of an input arg (the "
                                "function has "
                             << numInputs << ")";
  for (const auto &[index, id] : function.resource_arg_unique_id())
    if (index >= static_cast<uint32_t>(numInputs))
      return functionError() << "resource_arg_unique_id key " << index
                             << " is not the index of an input arg (the "
                                "function has "
                             << numInputs << ")";

  // `ret` and `control_ret` must cover the signature, and only it.
  llvm::StringSet<> outputs, controlOutputs;
  for (const auto &arg : signature.output_arg()) {
    outputs.insert(arg.name());
    auto it = function.ret().find(arg.name());
    if (it == function.ret().end())
      return functionError()
             << "Output '" << arg.name() << "' was not found in 'ret'";
    if (it->second.empty())
      return functionError()
             << "ret '" << arg.name() << "' is empty (empty result name)";
  }
  for (const auto &[key, value] : function.ret())
    if (!outputs.contains(key))
      return functionError()
             << "ret '" << key << "' names no output arg of the signature";
  for (const std::string &output : signature.control_output()) {
    controlOutputs.insert(output);
    auto it = function.control_ret().find(output);
    if (it == function.control_ret().end())
      return functionError() << "Control output '" << output
                             << "' was not found in 'control_ret'";
    if (it->second.empty())
      return functionError() << "control_ret '" << output
                             << "' is empty (empty control result name)";
  }
  for (const auto &[key, value] : function.control_ret())
    if (!controlOutputs.contains(key))
      return functionError() << "control_ret '" << key
                             << "' names no control output of the signature";
  return success();
}

LogicalResult FunctionImporter::indexNames() {
  for (auto [index, arg] : llvm::enumerate(signature.input_arg()))
    argIndex[arg.name()] = index;
  for (auto [index, node] : llvm::enumerate(function.node_def())) {
    if (node.name().empty())
      return functionError() << "node #" << index << " (op '" << node.op()
                             << "') has an empty name";
    if (StringRef(node.name()).contains(':') ||
        StringRef(node.name()).starts_with("^"))
      return nodeError(node.name())
             << "node names must not contain ':' or start with '^'";
    if (node.op().empty())
      return nodeError(node.name()) << "has an empty op type";
    if (argIndex.count(node.name()))
      return nodeError(node.name())
             << "a node and an input arg are both named '" << node.name()
             << "' (duplicated node or function argument name)";
    if (!nodeIndex.try_emplace(node.name(), index).second)
      return nodeError(node.name())
             << "two nodes are named '" << node.name() << "'";
  }
  return success();
}

LogicalResult
FunctionImporter::parseRef(StringRef input, BodyRef &ref,
                           function_ref<InFlightDiagnostic()> error) {
  SmallVector<StringRef, 3> parts;
  input.split(parts, ':');
  auto arg = argIndex.find(parts[0]);
  auto node = nodeIndex.find(parts[0]);
  if (arg == argIndex.end() && node == nodeIndex.end())
    return error() << "'" << input << "' names nothing: no node or input arg "
                   << "is named '" << parts[0] << "'";
  if (parts.size() > 3)
    return error() << "'" << input << "' is not of the form node:out_arg:index";
  bool tooLarge = false;
  auto badIndex = [&](StringRef text) {
    if (tooLarge)
      return error() << "'" << input << "': index " << text
                     << " is invalid (too large)";
    return error() << "'" << input << "': '" << text
                   << "' is not a tensor index";
  };
  if (arg != argIndex.end()) {
    ref = {/*isArg=*/true, arg->second, "", -1};
    if (parts.size() == 1)
      return success();
    if (parts.size() == 3)
      return error() << "'" << input << "': input arg '" << parts[0]
                     << "' has no output args; write '" << parts[0] << "' or '"
                     << parts[0] << ":<index>'";
    if (!parseIndex(parts[1], ref.element, tooLarge))
      return badIndex(parts[1]);
    return success();
  }
  ref = {/*isArg=*/false, node->second, "", -1};
  if (parts.size() == 1)
    return error() << "'" << input << "' names node '" << parts[0]
                   << "' but none of its outputs; write '" << parts[0]
                   << ":<output arg>:<index>'";
  if (parts[1].empty())
    return error() << "'" << input << "' has an empty output arg name";
  ref.outArg = parts[1].str();
  if (parts.size() == 3 && !parseIndex(parts[2], ref.element, tooLarge))
    return badIndex(parts[2]);
  return success();
}

/// Records how `ref`, in node `user` ("" for a ret), uses its producer, for
/// sizing lists from references.
static void noteUse(const BodyRef &ref, StringRef user,
                    std::vector<OutArgUses> &uses,
                    SmallVectorImpl<int64_t> &maxArgElement) {
  if (ref.isArg) {
    maxArgElement[ref.index] = std::max(maxArgElement[ref.index], ref.element);
    return;
  }
  OutArgUse &use = uses[ref.index][ref.outArg];
  if (ref.element < 0 && !use.whole) {
    use.whole = true;
    use.wholeUser = user.str();
  }
  if (ref.element > use.maxElement) {
    use.maxElement = ref.element;
    use.maxElementUser = user.str();
  }
}

LogicalResult FunctionImporter::parseBodyRefs() {
  int numNodes = function.node_def_size();
  dataRefs.resize(numNodes);
  controlRefs.resize(numNodes);
  uses.resize(numNodes);
  maxArgElement.assign(signature.input_arg_size(), -1);

  // Control returns first: they name nodes or args, nothing else.
  for (const std::string &output : signature.control_output()) {
    const std::string &target = function.control_ret().at(output);
    auto arg = argIndex.find(target);
    auto node = nodeIndex.find(target);
    if (arg == argIndex.end() && node == nodeIndex.end())
      return functionError() << "control_ret '" << output << "' -> '" << target
                             << "': Control return " << target
                             << " was not found (no node or input arg has "
                                "that name)";
    bool isArg = arg != argIndex.end();
    controlRetRefs.push_back(
        {isArg, isArg ? arg->second : node->second, "", -1});
  }

  for (auto [index, node] : llvm::enumerate(function.node_def())) {
    auto error = [&, &node = node]() {
      return nodeError(node.name()) << "input ";
    };
    bool seenControl = false;
    for (StringRef input : node.input()) {
      if (input.empty() || input == "^")
        return nodeError(node.name()) << "has an empty input";
      if (input.consume_front("^")) {
        seenControl = true;
        auto arg = argIndex.find(input);
        auto producer = nodeIndex.find(input);
        if (arg == argIndex.end() && producer == nodeIndex.end())
          return nodeError(node.name())
                 << "control input '^" << input
                 << "' names nothing: no node or input arg is named '" << input
                 << "'";
        bool isArg = arg != argIndex.end();
        controlRefs[index].push_back(
            {isArg, isArg ? arg->second : producer->second, "", -1});
        continue;
      }
      if (seenControl)
        return nodeError(node.name())
               << "data input '" << input
               << "' comes after a control input; control inputs must come "
                  "last";
      BodyRef ref;
      if (failed(parseRef(input, ref, error)))
        return failure();
      noteUse(ref, node.name(), uses, maxArgElement);
      dataRefs[index].push_back(std::move(ref));
    }
  }

  for (const auto &output : signature.output_arg()) {
    const std::string &value = function.ret().at(output.name());
    auto error = [&]() {
      return functionError() << "ret '" << output.name() << "' -> ";
    };
    BodyRef ref;
    if (failed(parseRef(value, ref, error)))
      return failure();
    noteUse(ref, "", uses, maxArgElement);
    retRefs.push_back(std::move(ref));
  }
  return success();
}

LogicalResult FunctionImporter::computeSegments(unsigned index) {
  tensorflow::NodeDef &node = *function.mutable_node_def(index);
  const OutArgUses &nodeUses = uses[index];
  SmallVector<Segment> &segs = segments[index];
  SmallVector<Type> &types = resultTypes[index];
  auto userError = [&](StringRef user) {
    return user.empty() ? functionError() << "ret: "
                        : nodeError(user) << "input ";
  };
  auto sizeFromUses = [&](StringRef arg) -> FailureOr<int64_t> {
    auto it = nodeUses.find(arg.str());
    if (it == nodeUses.end())
      return 0;
    const OutArgUse &use = it->second;
    if (use.whole)
      return userError(use.wholeUser)
             << "'" << node.name() << ":" << arg
             << "' is a whole output arg of node '" << node.name() << "' ("
             << node.op()
             << "), whose length is only known when the function is "
                "instantiated; refer to its tensors as '"
             << node.name() << ":" << arg << ":<index>'";
    if (use.maxElement >= kMaxAssumedListSize)
      return userError(use.maxElementUser)
             << "'" << node.name() << ":" << arg << ":" << use.maxElement
             << "' is invalid (too large): the length of that output of "
                "node '"
             << node.name() << "' (" << node.op()
             << ") is unknown, and at most " << kMaxAssumedListSize
             << " tensors are assumed";
    return use.maxElement + 1;
  };

  const tensorflow::OpDef *opDef = signatures.lookup(node.op());
  if (!opDef) {
    // Unknown op: its output args are what the references name.
    for (const auto &[arg, use] : nodeUses) {
      FailureOr<int64_t> size = sizeFromUses(arg);
      if (failed(size))
        return failure();
      segs.push_back({arg, *size, /*known=*/false});
      types.append(*size, OpaqueTensorType::get(context));
    }
    assumedSegments[index] = !segs.empty();
    applyOutputShapes(node, types);
    return success();
  }

  auto opError = [&] {
    return nodeError(node.name()) << "(" << node.op() << ") ";
  };
  if (!signatures.isFunction(node.op()) &&
      (failed(checkNodeAttrs(node, *opDef, opError)) ||
       failed(addDefaultAttrs(node, *opDef, opError))))
    return failure();
  // Fails quietly where a list length is not given: sized below instead.
  std::string error;
  SmallVector<OutputArg> args;
  if (succeeded(
          computeOutputTypes(node, *opDef, context, types, &args, error))) {
    for (const OutputArg &arg : args)
      segs.push_back({arg.name, arg.count, /*known=*/true});
    applyOutputShapes(node, types);
    return success();
  }

  // A list length the attrs do not give: size such lists from the
  // references, on a scratch node that carries only the attrs that matter.
  tensorflow::NodeDef scratch;
  scratch.set_op(node.op());
  llvm::StringMap<int64_t> assumed;
  for (const auto &arg : opDef->output_arg()) {
    for (const std::string *attr :
         {&arg.type_attr(), &arg.number_attr(), &arg.type_list_attr()})
      if (!attr->empty() && findResolvedAttr(node, *attr))
        (*scratch.mutable_attr())[*attr] = node.attr().at(*attr);
    const std::string &sizeAttr =
        arg.number_attr().empty() ? arg.type_list_attr() : arg.number_attr();
    if (sizeAttr.empty() || findResolvedAttr(node, sizeAttr))
      continue;
    FailureOr<int64_t> size = sizeFromUses(arg.name());
    if (failed(size))
      return failure();
    int64_t &shared = assumed[sizeAttr];
    shared = std::max(shared, *size);
  }
  for (const auto &entry : assumed) {
    StringRef attr = entry.getKey();
    int64_t size = entry.getValue();
    tensorflow::AttrValue &value = (*scratch.mutable_attr())[attr.str()];
    if (value.value_case() != tensorflow::AttrValue::VALUE_NOT_SET)
      continue;
    bool isTypeList = llvm::any_of(opDef->output_arg(), [&](const auto &arg) {
      return arg.type_list_attr() == attr;
    });
    if (isTypeList) {
      for (int64_t i = 0; i < size; ++i)
        value.mutable_list()->add_type(tensorflow::DT_INVALID);
      if (size == 0)
        value.mutable_list();
    } else {
      value.set_i(size);
    }
  }
  types.clear();
  if (failed(computeOutputTypes(scratch, *opDef, context, types, &args, error)))
    return nodeError(node.name()) << "(" << node.op() << ") " << error;
  for (auto [arg, argDef] : llvm::zip(args, opDef->output_arg())) {
    const std::string &sizeAttr = argDef.number_attr().empty()
                                      ? argDef.type_list_attr()
                                      : argDef.number_attr();
    segs.push_back({arg.name, arg.count, !assumed.count(sizeAttr)});
  }
  assumedSegments[index] = !types.empty();
  applyOutputShapes(node, types);
  return success();
}

LogicalResult
FunctionImporter::checkRef(const BodyRef &ref, StringRef input,
                           function_ref<InFlightDiagnostic()> error) {
  if (ref.isArg) {
    const auto &arg = signature.input_arg(ref.index);
    bool isList = !arg.number_attr().empty() || !arg.type_list_attr().empty();
    if (isList && ref.element < 0)
      return error() << "'" << input << "' is the whole list arg '"
                     << arg.name()
                     << "', whose length is only known when the function is "
                        "instantiated; refer to its tensors as '"
                     << arg.name() << ":<index>'";
    if (isList && ref.element >= kMaxAssumedListSize)
      return error() << "'" << input
                     << "' is invalid (too large): the length of list arg '"
                     << arg.name() << "' is unknown, and at most "
                     << kMaxAssumedListSize << " tensors are assumed";
    if (!isList && ref.element > 0)
      return error() << "'" << input << "' is out of range: input arg '"
                     << arg.name() << "' is one tensor";
    return success();
  }
  const tensorflow::NodeDef &node = function.node_def(ref.index);
  for (const Segment &seg : segments[ref.index]) {
    if (seg.name != ref.outArg)
      continue;
    if (ref.element >= seg.size)
      return error() << "'" << input << "' is out of range: output '"
                     << seg.name << "' of node '" << node.name() << "' ("
                     << node.op() << ") has " << seg.size << " tensor"
                     << (seg.size == 1 ? "" : "s");
    return success();
  }
  return error() << "'" << input << "': Node '" << node.name()
                 << "' has no output called '" << ref.outArg << "'";
}

void FunctionImporter::appendValues(const BodyRef &ref, FuncOp func,
                                    SmallVectorImpl<Value> &values) {
  if (ref.isArg) {
    values.push_back(
        func.getInputArgValues(ref.index)[std::max<int64_t>(ref.element, 0)]);
    return;
  }
  int64_t offset = 0;
  for (const Segment &seg : segments[ref.index]) {
    if (seg.name == ref.outArg) {
      ResultRange results = getDataResults(ops[ref.index]);
      if (ref.element >= 0) {
        values.push_back(results[offset + ref.element]);
      } else {
        for (int64_t i = 0; i < seg.size; ++i)
          values.push_back(results[offset + i]);
      }
      return;
    }
    offset += seg.size;
  }
}

FailureOr<ArrayAttr> FunctionImporter::importArgDefs(
    const google::protobuf::RepeatedPtrField<tensorflow::OpDef::ArgDef> &args,
    StringRef what) {
  SmallVector<Attribute> result;
  for (const auto &arg : args) {
    std::string error;
    Type type;
    if (arg.type() != tensorflow::DT_INVALID &&
        !(type = importDataType(arg.type(), context, error)))
      return functionError()
             << what << " arg '" << arg.name() << "': " << error;
    SmallVector<Attribute> handleData;
    for (const auto &entry : arg.handle_data()) {
      Type dtype = entry.dtype() == tensorflow::DT_INVALID
                       ? Type()
                       : importDataType(entry.dtype(), context, error);
      if (!dtype)
        return functionError() << what << " arg '" << arg.name()
                               << "': Invalid dtype for handle_data ("
                               << static_cast<int>(entry.dtype()) << ")";
      handleData.push_back(HandleDataAttr::get(
          context, dtype,
          cast<ShapeAttr>(importShape(entry.shape(), context))));
    }
    result.push_back(ArgDefAttr::get(
        context, arg.name(), type, arg.type_attr(), arg.number_attr(),
        arg.type_list_attr(), arg.is_ref(),
        handleData.empty() ? ArrayAttr() : ArrayAttr::get(context, handleData),
        arg.description(),
        arg.has_experimental_full_type()
            ? StringAttr::get(context,
                              arg.experimental_full_type().SerializeAsString())
            : StringAttr()));
  }
  return ArrayAttr::get(context, result);
}

LogicalResult FunctionImporter::setSignatureAttrs(FuncOp func) {
  Builder b(context);
  // The signature stays as it is: later functions may call this one.
  const tensorflow::OpDef &sig = signature;
  std::string error;
  if (sig.attr_size()) {
    SmallVector<Attribute> attrDefs;
    for (const auto &def : sig.attr()) {
      Attribute defaultValue, allowedValues;
      if (def.has_default_value()) {
        tensorflow::AttrValue copy = def.default_value();
        FailureOr<Attribute> value = importAttrValue(copy, attrCtx, error);
        if (failed(value))
          return functionError()
                 << "attr '" << def.name() << "' default_value: " << error;
        defaultValue = *value;
      }
      if (def.has_allowed_values()) {
        tensorflow::AttrValue copy = def.allowed_values();
        FailureOr<Attribute> value = importAttrValue(copy, attrCtx, error);
        if (failed(value))
          return functionError()
                 << "attr '" << def.name() << "' allowed_values: " << error;
        allowedValues = *value;
      }
      attrDefs.push_back(AttrDefAttr::get(
          context, def.name(), def.type(), defaultValue, def.description(),
          def.has_minimum(), def.minimum(), allowedValues));
    }
    func.setAttrDefsAttr(b.getArrayAttr(attrDefs));
  }
  if (sig.control_output_size())
    func.setControlOutputsAttr(b.getStrArrayAttr(SmallVector<StringRef>(
        sig.control_output().begin(), sig.control_output().end())));
  if (!sig.summary().empty())
    func.setSummaryAttr(b.getStringAttr(sig.summary()));
  if (!sig.description().empty())
    func.setDescriptionAttr(b.getStringAttr(sig.description()));
  func.setIsCommutative(sig.is_commutative());
  func.setIsAggregate(sig.is_aggregate());
  func.setIsStateful(sig.is_stateful());
  func.setAllowsUninitializedInput(sig.allows_uninitialized_input());
  func.setIsDistributedCommunication(sig.is_distributed_communication());
  if (sig.has_deprecation())
    func.setDeprecationAttr(DeprecationAttr::get(
        context, sig.deprecation().version(), sig.deprecation().explanation()));

  if (function.attr_size()) {
    FailureOr<DictionaryAttr> attrs =
        importAttrMap(*function.mutable_attr(), attrCtx, error);
    if (failed(attrs))
      return functionError() << "function " << error;
    func.setFunctionAttrsAttr(*attrs);
  }
  if (function.arg_attr_size()) {
    SmallVector<NamedAttribute> entries;
    for (auto &[index, argAttrs] : *function.mutable_arg_attr()) {
      FailureOr<DictionaryAttr> attrs =
          importAttrMap(*argAttrs.mutable_attr(), attrCtx, error);
      if (failed(attrs))
        return functionError() << "arg_attr " << index << ": " << error;
      entries.emplace_back(b.getStringAttr(std::to_string(index)), *attrs);
    }
    func.setArgAttrsAttr(b.getDictionaryAttr(entries));
  }
  if (function.resource_arg_unique_id_size()) {
    SmallVector<NamedAttribute> entries;
    for (const auto &[index, id] : function.resource_arg_unique_id())
      entries.emplace_back(b.getStringAttr(std::to_string(index)),
                           b.getI64IntegerAttr(id));
    func.setResourceArgUniqueIdsAttr(b.getDictionaryAttr(entries));
  }
  return success();
}

/// Guarantees: `segments` and `resultTypes` hold every body node's output
/// args and data result types, and every reference (inputs and rets) names
/// tensors that exist; a ret names one tensor.
LogicalResult FunctionImporter::checkReferences() {
  int numNodes = function.node_def_size();
  segments.resize(numNodes);
  assumedSegments.assign(numNodes, false);
  resultTypes.resize(numNodes);
  for (int i = 0; i < numNodes; ++i)
    if (failed(computeSegments(i)))
      return failure();
  for (int i = 0; i < numNodes; ++i) {
    const tensorflow::NodeDef &node = function.node_def(i);
    auto error = [&]() { return nodeError(node.name()) << "input "; };
    unsigned next = 0;
    for (StringRef input : node.input())
      if (!input.starts_with("^") &&
          failed(checkRef(dataRefs[i][next++], input, error)))
        return failure();
    // The tensors the inputs name (a whole output arg is several) against
    // what the OpDef and attrs call for, as for graph nodes.
    const tensorflow::OpDef *opDef = signatures.lookup(node.op());
    if (!opDef)
      continue;
    int64_t tensors = 0;
    for (const BodyRef &ref : dataRefs[i]) {
      int64_t size = 1;
      if (!ref.isArg && ref.element < 0)
        for (const Segment &seg : segments[ref.index])
          if (seg.name == ref.outArg)
            size = seg.size;
      tensors += size;
    }
    auto opError = [&] {
      return nodeError(node.name()) << "(" << node.op() << ") ";
    };
    if (failed(checkInputCount(node, *opDef, tensors, opError)))
      return failure();
  }
  for (auto [output, ref] : llvm::zip(signature.output_arg(), retRefs)) {
    auto error = [&, &output = output]() {
      return functionError() << "ret '" << output.name() << "' -> ";
    };
    StringRef value = function.ret().at(output.name());
    if (failed(checkRef(ref, value, error)))
      return failure();
    if (!ref.isArg && ref.element < 0) {
      for (const Segment &seg : segments[ref.index])
        if (seg.name == ref.outArg && seg.size != 1)
          return error() << "'" << value << "' is " << seg.size
                         << " tensors; a ret must name one tensor";
    }
  }
  return success();
}

/// Creates the tfg.func with its signature attrs and block arguments (one
/// per tensor of each input arg, then one control token per input arg), and
/// an empty body.
FailureOr<FuncOp> FunctionImporter::createFuncOp(OpBuilder &builder,
                                                 Location loc) {
  FailureOr<ArrayAttr> inputs = importArgDefs(signature.input_arg(), "input");
  if (failed(inputs))
    return failure();
  FailureOr<ArrayAttr> outputs =
      importArgDefs(signature.output_arg(), "output");
  if (failed(outputs))
    return failure();
  auto func = FuncOp::create(builder, loc, name, *inputs, *outputs);
  if (failed(setSignatureAttrs(func)))
    return failure();
  SmallVector<int32_t> inputSizes;
  Block &block = func.getBlock();
  for (auto [index, arg] : llvm::enumerate(signature.input_arg())) {
    bool isList = !arg.number_attr().empty() || !arg.type_list_attr().empty();
    int32_t size = isList ? maxArgElement[index] + 1 : 1;
    inputSizes.push_back(size);
    Type type = getArgTensorType(context, arg.type(), arg.is_ref());
    for (int32_t i = 0; i < size; ++i)
      block.addArgument(type, getNodeLocation(context, file, arg.name()));
  }
  for (const auto &arg : signature.input_arg())
    block.addArgument(ControlType::get(context),
                      getNodeLocation(context, file, arg.name()));
  if (llvm::any_of(inputSizes, [](int32_t size) { return size != 1; }))
    func.setInputSizesAttr(builder.getDenseI32ArrayAttr(inputSizes));
  return func;
}

/// Guarantees: `ops` holds one op per body node, in node order, without
/// operands yet (the body may have cycles); a node whose output args were
/// assumed from the references records them as tfg.output_args.
LogicalResult FunctionImporter::createBodyOps(OpBuilder &builder) {
  int numNodes = function.node_def_size();
  ops.resize(numNodes);
  for (int i = 0; i < numNodes; ++i) {
    tensorflow::NodeDef &node = *function.mutable_node_def(i);
    auto opError = [&] {
      return nodeError(node.name()) << "(" << node.op() << ") ";
    };
    FailureOr<Operation *> op = createNodeOp(
        builder, node, resultTypes[i], controlRefs[i].size(),
        getNodeLocation(context, file, node.name()), attrCtx, opError);
    if (failed(op))
      return failure();
    ops[i] = *op;
    if (!assumedSegments[i])
      continue;
    SmallVector<Attribute> names;
    SmallVector<int64_t> sizes;
    for (const Segment &seg : segments[i]) {
      names.push_back(builder.getStringAttr(seg.name));
      sizes.push_back(seg.size);
    }
    ops[i]->setAttr(OutputArgsAttr::kAttrName,
                    OutputArgsAttr::get(context, builder.getArrayAttr(names),
                                        builder.getDenseI64ArrayAttr(sizes)));
  }
  return success();
}

/// Gives every body op its operands and ends the body with the tfg.return
/// of the rets and control rets.
void FunctionImporter::connectBody(OpBuilder &builder, FuncOp func,
                                   Location loc) {
  auto controlOf = [&](const BodyRef &ref) -> Value {
    return ref.isArg ? Value(func.getInputArgControl(ref.index))
                     : getControlToken(ops[ref.index]);
  };
  for (int i = 0, e = function.node_def_size(); i < e; ++i) {
    SmallVector<Value> operands;
    for (const BodyRef &ref : dataRefs[i])
      appendValues(ref, func, operands);
    for (const BodyRef &ref : controlRefs[i])
      operands.push_back(controlOf(ref));
    ops[i]->setOperands(operands);
  }
  SmallVector<Value> data, controls;
  for (const BodyRef &ref : retRefs)
    appendValues(ref, func, data);
  for (const BodyRef &ref : controlRetRefs)
    controls.push_back(controlOf(ref));
  ReturnOp::create(builder, loc, data, controls);
}

LogicalResult FunctionImporter::run(OpBuilder &builder) {
  if (failed(checkSignature()) || failed(checkMaps()) || failed(indexNames()) ||
      failed(parseBodyRefs()) || failed(checkReferences()))
    return failure();

  Location loc = FileLineColLoc::get(context, file, 0, 0);
  FailureOr<FuncOp> func = createFuncOp(builder, loc);
  if (failed(func))
    return failure();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&func->getBlock());
  if (failed(createBodyOps(builder)))
    return failure();
  connectBody(builder, *func, loc);

  // Typed ops' verifiers do not know the function: a note says it.
  ScopedDiagnosticHandler note(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      diag.attachNote(loc) << "in function '" << name << "'";
    return failure();
  });
  return verify(*func);
}

LogicalResult
tfg::importFunctionLibrary(tensorflow::FunctionDefLibrary &library,
                           ModuleOp module, const SignatureLookup &signatures,
                           StringRef file, AttrImportContext &ctx) {
  MLIRContext *context = module.getContext();
  Location fileLoc = FileLineColLoc::get(context, file, 0, 0);
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());

  llvm::StringSet<> names;
  for (auto [index, function] : llvm::enumerate(library.function())) {
    const std::string &name = function.signature().name();
    if (name.empty())
      return emitError(fileLoc) << "function #" << index
                                << " of the library has no name (Function "
                                   "without a name)";
    if (!names.insert(name).second)
      return emitError(fileLoc) << "in function '" << name
                                << "': the library defines two functions "
                                   "named '"
                                << name << "'";
    if (lookupOpDef(name))
      return emitError(fileLoc)
             << "in function '" << name << "': an op named '" << name
             << "' is registered; a function cannot have its name";
  }
  for (auto &function : *library.mutable_function()) {
    FunctionImporter importer(function, signatures, file, ctx);
    if (failed(importer.run(builder)))
      return failure();
  }

  // Gradients, in library order. TensorFlow rejects a second, different
  // gradient for the same function or op type; an identical one is kept.
  llvm::StringMap<std::string> gradientOf;
  for (auto [index, gradient] : llvm::enumerate(library.gradient())) {
    if (gradient.function_name().empty() || gradient.gradient_func().empty())
      return emitError(fileLoc) << "gradient #" << index
                                << " has an empty function_name or "
                                   "gradient_func";
    auto [it, inserted] = gradientOf.try_emplace(gradient.function_name(),
                                                 gradient.gradient_func());
    if (!inserted && it->second != gradient.gradient_func())
      return emitError(fileLoc)
             << "gradient #" << index << ": function '"
             << gradient.function_name() << "' already has gradient function '"
             << it->second << "', cannot assign '" << gradient.gradient_func()
             << "'";
    GradientOp::create(
        builder, fileLoc,
        FlatSymbolRefAttr::get(context, gradient.function_name()),
        FlatSymbolRefAttr::get(context, gradient.gradient_func()));
  }
  llvm::StringMap<std::string> registeredFor;
  for (auto [index, gradient] :
       llvm::enumerate(library.registered_gradients())) {
    if (gradient.registered_op_type().empty() ||
        gradient.gradient_func().empty())
      return emitError(fileLoc) << "registered gradient #" << index
                                << " has an empty registered_op_type or "
                                   "gradient_func";
    auto [it, inserted] = registeredFor.try_emplace(
        gradient.registered_op_type(), gradient.gradient_func());
    if (!inserted && it->second != gradient.gradient_func())
      return emitError(fileLoc)
             << "registered gradient #" << index << ": op type '"
             << gradient.registered_op_type()
             << "' already has gradient function '" << it->second
             << "', cannot assign '" << gradient.gradient_func() << "'";
    RegisteredGradientOp::create(
        builder, fileLoc,
        StringAttr::get(context, gradient.registered_op_type()),
        FlatSymbolRefAttr::get(context, gradient.gradient_func()));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Export
//===----------------------------------------------------------------------===//

namespace {

class FunctionExporter {
public:
  FunctionExporter(FuncOp func, tensorflow::FunctionDef &function,
                   const SignatureLookup &signatures)
      : func(func), function(function), signatures(signatures) {}

  LogicalResult run();

private:
  FailureOr<std::string> tensorName(Value value);
  std::string producerName(Value token);
  LogicalResult computeNames(Operation *op);

  FuncOp func;
  tensorflow::FunctionDef &function;
  const SignatureLookup &signatures;
  /// The exported NodeDef of each body node.
  DenseMap<Operation *, tensorflow::NodeDef *> nodeDefs;
  /// "node:out_arg:idx" of each data result, per node, computed on demand.
  DenseMap<Operation *, std::vector<std::string>> resultNames;
};

} // namespace

static LogicalResult exportArgDefs(
    ArrayAttr args,
    google::protobuf::RepeatedPtrField<tensorflow::OpDef::ArgDef> &protos,
    FuncOp func) {
  for (Attribute attr : args) {
    auto arg = cast<ArgDefAttr>(attr);
    tensorflow::OpDef::ArgDef &proto = *protos.Add();
    proto.set_name(arg.getName().str());
    if (Type type = arg.getType()) {
      int dtype = typeToDataType(type);
      if (dtype < 0)
        return func.emitError() << "arg '" << arg.getName() << "': type "
                                << type << " has no TensorFlow dtype";
      proto.set_type(static_cast<tensorflow::DataType>(dtype));
    }
    proto.set_type_attr(arg.getTypeAttr().str());
    proto.set_number_attr(arg.getNumberAttr().str());
    proto.set_type_list_attr(arg.getTypeListAttr().str());
    proto.set_is_ref(arg.getIsRef());
    if (ArrayAttr handleData = arg.getHandleData()) {
      for (Attribute entry : handleData) {
        auto data = cast<HandleDataAttr>(entry);
        int dtype = typeToDataType(data.getDtype());
        if (dtype < 0)
          return func.emitError()
                 << "arg '" << arg.getName() << "': handle_data type "
                 << data.getDtype() << " has no TensorFlow dtype";
        auto *item = proto.add_handle_data();
        item->set_dtype(static_cast<tensorflow::DataType>(dtype));
        exportShape(data.getShape(), *item->mutable_shape());
      }
    }
    proto.set_description(arg.getDescription().str());
    if (StringAttr fullType = arg.getFullType())
      if (!proto.mutable_experimental_full_type()->ParseFromString(
              fullType.getValue().str()))
        return func.emitError() << "arg '" << arg.getName()
                                << "': full_type does not hold a FullTypeDef";
  }
  return success();
}

/// Writes the FunctionDef fields other than the body, ret and control_ret.
static LogicalResult exportSignature(FuncOp func,
                                     tensorflow::FunctionDef &function) {
  tensorflow::OpDef &sig = *function.mutable_signature();
  sig.set_name(func.getSymName().str());
  if (failed(exportArgDefs(func.getInputs(), *sig.mutable_input_arg(), func)) ||
      failed(exportArgDefs(func.getOutputs(), *sig.mutable_output_arg(), func)))
    return failure();
  for (Attribute name : func.getControlOutputNames())
    sig.add_control_output(cast<StringAttr>(name).getValue().str());
  std::string error;
  if (ArrayAttr attrDefs = func.getAttrDefsAttr()) {
    for (Attribute attr : attrDefs) {
      auto def = cast<AttrDefAttr>(attr);
      auto &proto = *sig.add_attr();
      proto.set_name(def.getName().str());
      proto.set_type(def.getType().str());
      if (Attribute value = def.getDefaultValue())
        if (failed(
                exportAttrValue(value, *proto.mutable_default_value(), error)))
          return func.emitError()
                 << "attr '" << def.getName() << "' default_value: " << error;
      proto.set_description(def.getDescription().str());
      proto.set_has_minimum(def.getHasMinimum());
      proto.set_minimum(def.getMinimum());
      if (Attribute value = def.getAllowedValues())
        if (failed(
                exportAttrValue(value, *proto.mutable_allowed_values(), error)))
          return func.emitError()
                 << "attr '" << def.getName() << "' allowed_values: " << error;
    }
  }
  if (std::optional<StringRef> summary = func.getSummary())
    sig.set_summary(summary->str());
  if (std::optional<StringRef> description = func.getDescription())
    sig.set_description(description->str());
  sig.set_is_commutative(func.getIsCommutative());
  sig.set_is_aggregate(func.getIsAggregate());
  sig.set_is_stateful(func.getIsStateful());
  sig.set_allows_uninitialized_input(func.getAllowsUninitializedInput());
  sig.set_is_distributed_communication(func.getIsDistributedCommunication());
  if (DeprecationAttr deprecation = func.getDeprecationAttr()) {
    sig.mutable_deprecation()->set_version(deprecation.getVersion());
    sig.mutable_deprecation()->set_explanation(
        deprecation.getExplanation().str());
  }

  auto exportMap = [&](DictionaryAttr dict, auto &map) -> LogicalResult {
    for (NamedAttribute named : dict) {
      tensorflow::AttrValue value;
      if (failed(exportAttrValue(named.getValue(), value, error)))
        return func.emitError()
               << "attr '" << named.getName().getValue() << "': " << error;
      map[named.getName().str()] = std::move(value);
    }
    return success();
  };
  if (DictionaryAttr attrs = func.getFunctionAttrsAttr())
    if (failed(exportMap(attrs, *function.mutable_attr())))
      return failure();
  if (DictionaryAttr argAttrs = func.getArgAttrsAttr()) {
    for (NamedAttribute entry : argAttrs) {
      uint32_t index;
      if (entry.getName().getValue().getAsInteger(10, index))
        return func.emitError()
               << "arg_attrs key '" << entry.getName().getValue()
               << "' is not an arg index";
      auto &map = *(*function.mutable_arg_attr())[index].mutable_attr();
      if (failed(exportMap(cast<DictionaryAttr>(entry.getValue()), map)))
        return failure();
    }
  }
  if (DictionaryAttr ids = func.getResourceArgUniqueIdsAttr()) {
    for (NamedAttribute entry : ids) {
      uint32_t index;
      if (entry.getName().getValue().getAsInteger(10, index))
        return func.emitError()
               << "resource_arg_unique_ids key '" << entry.getName().getValue()
               << "' is not an arg index";
      (*function.mutable_resource_arg_unique_id())[index] =
          cast<IntegerAttr>(entry.getValue()).getInt();
    }
  }
  return success();
}

LogicalResult FunctionExporter::computeNames(Operation *op) {
  SmallVector<std::pair<std::string, int64_t>> args;
  if (auto recorded =
          op->getAttrOfType<OutputArgsAttr>(OutputArgsAttr::kAttrName)) {
    for (auto [name, size] :
         llvm::zip(recorded.getNames(), recorded.getSizes().asArrayRef()))
      args.push_back({cast<StringAttr>(name).getValue().str(), size});
  } else {
    const tensorflow::NodeDef &node = *nodeDefs.lookup(op);
    const tensorflow::OpDef *opDef = signatures.lookup(node.op());
    if (!opDef)
      return op->emitError() << "cannot name the outputs of node '"
                             << node.name() << "': op type '" << node.op()
                             << "' is unknown and the node has no '"
                             << OutputArgsAttr::kAttrName << "'";
    SmallVector<Type> types;
    SmallVector<OutputArg> outputArgs;
    std::string error;
    if (failed(computeOutputTypes(node, *opDef, op->getContext(), types,
                                  &outputArgs, error)))
      return op->emitError() << "cannot name the outputs of node '"
                             << node.name() << "': " << error;
    for (OutputArg &arg : outputArgs)
      args.push_back({std::move(arg.name), arg.count});
  }
  std::vector<std::string> &names = resultNames[op];
  std::string prefix = getNodeName(op).str() + ":";
  for (const auto &[name, size] : args)
    for (int64_t i = 0; i < size; ++i)
      names.push_back(prefix + name + ":" + std::to_string(i));
  if (names.size() != getDataResults(op).size())
    return op->emitError() << "node '" << getNodeName(op) << "' has "
                           << getDataResults(op).size()
                           << " data results, its output args name "
                           << names.size();
  return success();
}

FailureOr<std::string> FunctionExporter::tensorName(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    unsigned number = arg.getArgNumber();
    for (auto [index, attr] : llvm::enumerate(func.getInputs())) {
      auto argDef = cast<ArgDefAttr>(attr);
      Block::BlockArgListType values = func.getInputArgValues(index);
      if (values.empty() ||
          number >= values.front().getArgNumber() + values.size())
        continue;
      std::string name = argDef.getName().str();
      if (argDef.isList())
        name += ":" + std::to_string(number - values.front().getArgNumber());
      return name;
    }
    return func.emitError() << "block argument #" << number
                            << " is used as a tensor but is a control token";
  }
  Operation *op = value.getDefiningOp();
  if (!resultNames.count(op) && failed(computeNames(op)))
    return failure();
  return resultNames[op][cast<OpResult>(value).getResultNumber()];
}

std::string FunctionExporter::producerName(Value token) {
  if (auto arg = dyn_cast<BlockArgument>(token)) {
    unsigned first =
        func.getBlock().getNumArguments() - func.getInputs().size();
    return cast<ArgDefAttr>(func.getInputs()[arg.getArgNumber() - first])
        .getName()
        .str();
  }
  return getNodeName(token.getDefiningOp()).str();
}

LogicalResult FunctionExporter::run() {
  Block &block = func.getBlock();
  // Nodes without a name (made by rewrites) get their op type, made unique.
  llvm::StringSet<> argNames;
  for (Attribute attr : func.getInputs())
    argNames.insert(cast<ArgDefAttr>(attr).getName());
  assignMissingNodeNames(block, std::move(argNames));

  // Fields first: naming a result needs its producer's attrs.
  for (Operation &op : block.without_terminator()) {
    tensorflow::NodeDef *node = function.add_node_def();
    if (failed(exportNodeFields(&op, *node)))
      return failure();
    nodeDefs[&op] = node;
  }
  for (Operation &op : block.without_terminator()) {
    tensorflow::NodeDef &node = *nodeDefs[&op];
    for (Value operand : getDataOperands(&op)) {
      FailureOr<std::string> name = tensorName(operand);
      if (failed(name))
        return failure();
      node.add_input(std::move(*name));
    }
    for (Value operand : getControlOperands(&op))
      node.add_input("^" + producerName(operand));
  }
  ReturnOp ret = func.getReturnOp();
  for (auto [attr, value] : llvm::zip(func.getOutputs(), ret.getData())) {
    FailureOr<std::string> name = tensorName(value);
    if (failed(name))
      return failure();
    (*function.mutable_ret())[cast<ArgDefAttr>(attr).getName().str()] =
        std::move(*name);
  }
  for (auto [attr, token] :
       llvm::zip(func.getControlOutputNames(), ret.getCtls()))
    (*function.mutable_control_ret())[cast<StringAttr>(attr).getValue().str()] =
        producerName(token);
  return success();
}

LogicalResult
tfg::exportFunctionLibrary(ModuleOp module,
                           tensorflow::FunctionDefLibrary &library) {
  // Signatures first, so that body nodes can look up the functions they
  // call.
  SmallVector<FuncOp> funcs;
  for (Operation &op : *module.getBody()) {
    if (auto func = dyn_cast<FuncOp>(op)) {
      if (failed(exportSignature(func, *library.add_function())))
        return failure();
      funcs.push_back(func);
    } else if (auto gradient = dyn_cast<GradientOp>(op)) {
      auto *proto = library.add_gradient();
      proto->set_function_name(gradient.getFunction().str());
      proto->set_gradient_func(gradient.getGradient().str());
    } else if (auto registered = dyn_cast<RegisteredGradientOp>(op)) {
      auto *proto = library.add_registered_gradients();
      proto->set_registered_op_type(registered.getOpType().str());
      proto->set_gradient_func(registered.getGradient().str());
    }
  }
  SignatureLookup signatures(&library);
  for (auto [func, function] : llvm::zip(funcs, *library.mutable_function()))
    if (failed(FunctionExporter(func, function, signatures).run()))
      return failure();
  return success();
}
