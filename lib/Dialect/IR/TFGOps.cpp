//===- TFGOps.cpp - TFG ops: node shape, assembly, verifiers --------------===//

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tfg;

#include "TFG/Dialect/IR/TFGInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Node accessors
//===----------------------------------------------------------------------===//

bool mlir::tfg::isNodeOp(Operation *op) {
  return op->hasTrait<OpTrait::NodeOpTrait>();
}

static StringRef getStringAttrOr(Operation *op, StringRef name) {
  if (auto attr = op->getAttrOfType<StringAttr>(name))
    return attr.getValue();
  return {};
}

StringAttr mlir::tfg::getNodeNameAttr(Operation *op) {
  auto node = dyn_cast<NodeOpInterface>(op);
  return node ? node.getNodeNameAttr() : StringAttr();
}
StringRef mlir::tfg::getNodeName(Operation *op) {
  StringAttr name = getNodeNameAttr(op);
  return name ? name.getValue() : StringRef();
}
void mlir::tfg::setNodeName(Operation *op, StringAttr name) {
  cast<NodeOpInterface>(op).setNodeNameAttr(name);
}
void mlir::tfg::setNodeName(Operation *op, StringRef name) {
  setNodeName(op, StringAttr::get(op->getContext(), name));
}
StringAttr mlir::tfg::getNodeDeviceAttr(Operation *op) {
  auto node = dyn_cast<NodeOpInterface>(op);
  return node ? node.getNodeDeviceAttr() : StringAttr();
}
StringRef mlir::tfg::getNodeDevice(Operation *op) {
  StringAttr device = getNodeDeviceAttr(op);
  return device ? device.getValue() : StringRef();
}
void mlir::tfg::setNodeDevice(Operation *op, StringAttr device) {
  cast<NodeOpInterface>(op).setNodeDeviceAttr(device);
}
void mlir::tfg::setNodeNameAndDeviceLike(Operation *node, StringAttr name,
                                         Operation *like) {
  setNodeName(node, name);
  if (StringAttr device = getNodeDeviceAttr(like))
    setNodeDevice(node, device);
}
StringRef mlir::tfg::getNodeOpType(Operation *op) {
  if (isa<GenericOp>(op))
    return getStringAttrOr(op, attrs::kOpType);
  return op->getName().getStringRef().drop_front(strlen("tfg."));
}

Value mlir::tfg::getControlToken(Operation *op) {
  return op->getResult(op->getNumResults() - 1);
}

static unsigned numControlOperands(Operation *op) {
  unsigned n = 0;
  for (Value v : llvm::reverse(op->getOperands())) {
    if (!isa<ControlType>(v.getType()))
      break;
    ++n;
  }
  return n;
}

OperandRange mlir::tfg::getDataOperands(Operation *op) {
  return op->getOperands().drop_back(numControlOperands(op));
}
OperandRange mlir::tfg::getControlOperands(Operation *op) {
  return op->getOperands().take_back(numControlOperands(op));
}
ResultRange mlir::tfg::getDataResults(Operation *op) {
  return op->getResults().drop_back();
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

LogicalResult mlir::tfg::OpTrait::verifyNodeOp(Operation *op) {
  if (op->getNumResults() == 0 ||
      !isa<ControlType>(op->getResults().back().getType()))
    return op->emitOpError("last result must be the !tfg.control token");
  for (Value v : getDataResults(op))
    if (isa<ControlType>(v.getType()))
      return op->emitOpError("only the last result may be a control token");
  bool seenControl = false;
  for (Value v : op->getOperands()) {
    bool isControl = isa<ControlType>(v.getType());
    if (!isControl && seenControl)
      return op->emitOpError("data operand after a control operand");
    seenControl |= isControl;
  }
  return success();
}

/// Number of tensors an arg group stands for, given the op's attrs; -1 if
/// the attr is missing or of the wrong kind.
static int64_t groupSize(Operation *op, StringRef group) {
  if (group.empty())
    return 1;
  if (group.consume_front("list:")) {
    auto list = op->getAttrOfType<ArrayAttr>(group);
    return list ? static_cast<int64_t>(list.size()) : -1;
  }
  auto count = op->getAttrOfType<IntegerAttr>(group);
  return count ? count.getInt() : -1;
}

static LogicalResult checkGroups(Operation *op, ArrayRef<StringRef> groups,
                                 unsigned actual, StringRef what) {
  int64_t expected = 0;
  for (StringRef group : groups) {
    int64_t size = groupSize(op, group);
    if (size < 0)
      return op->emitOpError()
             << "attr '" << group.drop_front(group.starts_with("list:") ? 5 : 0)
             << "' that sizes a " << what << " list is missing or malformed";
    expected += size;
  }
  if (expected != actual)
    return op->emitOpError() << "has " << actual << " data " << what
                             << "s, its OpDef and attrs say " << expected;
  return success();
}

LogicalResult mlir::tfg::verifyArgGroups(Operation *op,
                                         ArrayRef<StringRef> inputs,
                                         ArrayRef<StringRef> outputs) {
  if (failed(checkGroups(op, inputs, getDataOperands(op).size(), "input")) ||
      failed(checkGroups(op, outputs, getDataResults(op).size(), "output")))
    return failure();
  return success();
}

LogicalResult GenericOp::verify() {
  auto opType = (*this)->getAttrOfType<StringAttr>(attrs::kOpType);
  if (!opType || opType.getValue().empty())
    return emitOpError("needs a non-empty '") << attrs::kOpType << "' attr";
  return success();
}

LogicalResult GraphOp::verify() {
  for (Operation &op : getBlock())
    if (!isNodeOp(&op))
      return op.emitOpError("is not a node op; a tfg.graph holds only nodes");
  return success();
}

void GraphOp::build(OpBuilder &builder, OperationState &state,
                    VersionAttr versions) {
  state.addAttribute(getVersionsAttrName(state.name), versions);
  Region *body = state.addRegion();
  body->emplaceBlock();
}

//===----------------------------------------------------------------------===//
// Node op assembly:
//   %out:2, %ctl = tfg.Op(%a, %b) [%c] name("n") device("d") {attrs}
//                  : (type-of-a, type-of-b) -> (out-type-0, out-type-1)
// The generic op has its op type as a string right after its name.
//===----------------------------------------------------------------------===//

/// Sizes of the ODS operand groups of a typed op with several variadic
/// groups, computed from its OpDef arg groups and attrs.
static FailureOr<SmallVector<int32_t>>
computeOperandSegments(OperationName name, ArrayRef<NamedAttribute> attrList,
                       unsigned numControl) {
  auto *iface = name.getInterface<TypedNodeOpInterface>();
  if (!iface)
    return failure();
  // A linear search: building (and uniquing) a dictionary per node costs
  // more than it saves for a handful of attrs.
  auto lookup = [&](StringRef attrName) -> Attribute {
    for (const NamedAttribute &attr : attrList)
      if (attr.getName() == attrName)
        return attr.getValue();
    return {};
  };
  SmallVector<int32_t> sizes;
  for (StringRef group : iface->getInputGroups()) {
    if (group.empty()) {
      sizes.push_back(1);
      continue;
    }
    StringRef attrName = group;
    bool isList = attrName.consume_front("list:");
    Attribute attr = lookup(attrName);
    if (isList) {
      auto list = dyn_cast_or_null<ArrayAttr>(attr);
      if (!list)
        return failure();
      sizes.push_back(list.size());
    } else {
      // A count that is no segment size (negative, or past int32) is left
      // to the verifier too, rather than truncated.
      auto count = dyn_cast_or_null<IntegerAttr>(attr);
      if (!count || count.getValue().isNegative() ||
          count.getValue().getActiveBits() > 31)
        return failure();
      sizes.push_back(count.getValue().getZExtValue());
    }
  }
  sizes.push_back(numControl);
  return sizes;
}

void mlir::tfg::setOperandSegments(OperationState &state, unsigned numControl) {
  std::optional<RegisteredOperationName> info = state.name.getRegisteredInfo();
  if (!info || !info->hasTrait<mlir::OpTrait::AttrSizedOperandSegments>())
    return;
  FailureOr<SmallVector<int32_t>> sizes = computeOperandSegments(
      state.name, state.attributes.getAttrs(), numControl);
  if (failed(sizes)) {
    // Leave the attr out: the verifier reports the missing count attr.
    return;
  }
  state.attributes.set("operandSegmentSizes",
                       DenseI32ArrayAttr::get(state.getContext(), *sizes));
}

ParseResult mlir::tfg::parseNodeOp(OpAsmParser &parser,
                                   OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Builder &builder = parser.getBuilder();
  if (result.name.getStringRef() == GenericOp::getOperationName()) {
    std::string opType;
    if (parser.parseString(&opType))
      return failure();
    result.addAttribute(attrs::kOpType, builder.getStringAttr(opType));
  }
  SmallVector<OpAsmParser::UnresolvedOperand> data, controls;
  if (succeeded(parser.parseOptionalLParen()) &&
      (parser.parseOperandList(data) || parser.parseRParen()))
    return failure();
  if (succeeded(parser.parseOptionalLSquare()) &&
      (parser.parseOperandList(controls) || parser.parseRSquare()))
    return failure();
  for (StringRef key : {StringRef("name"), StringRef("device")}) {
    if (failed(parser.parseOptionalKeyword(key)))
      continue;
    std::string value;
    if (parser.parseLParen() || parser.parseString(&value) ||
        parser.parseRParen())
      return failure();
    result.addAttribute(key == "name" ? attrs::kNodeName : attrs::kNodeDevice,
                        builder.getStringAttr(value));
  }
  SMLoc attrLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  // Written out as attrs (the generic spelling of name(...) / device(...)),
  // a value of another kind would be dropped on its way to the property.
  for (StringRef key : {attrs::kNodeName, attrs::kNodeDevice})
    if (Attribute value = result.attributes.get(key);
        value && !isa<StringAttr>(value))
      return parser.emitError(attrLoc)
             << "attribute '" << key << "' must be a string";
  SmallVector<Type> dataTypes, resultTypes;
  if (succeeded(parser.parseOptionalColon())) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseLParen() ||
        (failed(parser.parseOptionalRParen()) &&
         (parser.parseTypeList(dataTypes) || parser.parseRParen())) ||
        parser.parseArrow())
      return failure();
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen()) &&
          (parser.parseTypeList(resultTypes) || parser.parseRParen()))
        return failure();
    } else if (parser.parseType(resultTypes.emplace_back())) {
      return failure();
    }
    if (dataTypes.size() != data.size())
      return parser.emitError(loc)
             << "expected " << data.size() << " operand types, got "
             << dataTypes.size();
  } else if (!data.empty()) {
    return parser.emitError(parser.getCurrentLocation(),
                            "expected ': (operand types) -> (result types)'");
  }
  if (parser.resolveOperands(data, dataTypes, parser.getNameLoc(),
                             result.operands) ||
      parser.resolveOperands(controls, ControlType::get(ctx), result.operands))
    return failure();
  result.addTypes(resultTypes);
  result.addTypes(ControlType::get(ctx));
  if (!result.attributes.get("operandSegmentSizes"))
    setOperandSegments(result, controls.size());
  return success();
}

void mlir::tfg::printNodeOp(Operation *op, OpAsmPrinter &p) {
  if (isa<GenericOp>(op)) {
    p << " ";
    p.printString(getNodeOpType(op));
  }
  OperandRange data = getDataOperands(op);
  OperandRange controls = getControlOperands(op);
  if (!data.empty()) {
    p << "(";
    p.printOperands(data);
    p << ")";
  }
  if (!controls.empty()) {
    p << " [";
    p.printOperands(controls);
    p << "]";
  }
  if (StringAttr name = getNodeNameAttr(op)) {
    p << " name(";
    p.printString(name.getValue());
    p << ")";
  }
  if (StringAttr device = getNodeDeviceAttr(op)) {
    p << " device(";
    p.printString(device.getValue());
    p << ")";
  }
  SmallVector<StringRef> elided = {attrs::kNodeName, attrs::kNodeDevice,
                                   attrs::kOpType, "operandSegmentSizes"};
  // Keep attrs that are not plain strings: the verifier reports them.
  llvm::erase_if(elided, [&](StringRef name) {
    Attribute attr = op->getAttr(name);
    return attr && name != "operandSegmentSizes" && !isa<StringAttr>(attr);
  });
  p.printOptionalAttrDict(op->getAttrDictionary().getValue(), elided);
  ResultRange results = getDataResults(op);
  if (data.empty() && results.empty())
    return;
  p << " : (";
  llvm::interleaveComma(data.getTypes(), p);
  p << ") -> (";
  llvm::interleaveComma(results.getTypes(), p);
  p << ")";
}

/// SSA names follow node names, so that printed IR reads like the graph:
/// node "conv1/Conv2D" gives %conv1_Conv2D and %ctl_conv1_Conv2D.
void mlir::tfg::getNodeOpResultNames(Operation *op,
                                     OpAsmSetValueNameFn setNameFn) {
  StringRef name = getNodeName(op);
  if (name.empty())
    return;
  std::string base;
  for (char c : name)
    base.push_back(llvm::isAlnum(c) ? c : '_');
  if (op->getNumResults() > 1)
    setNameFn(op->getResult(0), base);
  setNameFn(getControlToken(op), "ctl_" + base);
}

#define GET_OP_CLASSES
#include "TFG/Dialect/IR/TFGOps.cpp.inc"
