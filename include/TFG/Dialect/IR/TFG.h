//===- TFG.h - The TFG dialect ------------------------------------*- C++
//-*-===//

#ifndef TFG_DIALECT_IR_TFG_H
#define TFG_DIALECT_IR_TFG_H

#include "TFG/Dialect/IR/DataType.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TFG/Dialect/IR/TFGDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TFG/Dialect/IR/TFGTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TFG/Dialect/IR/TFGAttrs.h.inc"

namespace mlir::tfg {

/// Names of TFG's own attributes.
namespace attrs {
/// The inherent attrs (op properties) of every node op that hold the
/// NodeDef's name and device. Read and write them through getNodeName /
/// setNodeName and getNodeDevice / setNodeDevice below.
inline constexpr llvm::StringLiteral kNodeName = "tfg_name";
inline constexpr llvm::StringLiteral kNodeDevice = "tfg_device";
/// The name of a function's argument or result (an arg / result attr of a
/// func.func that tfg-graph-to-func built: the placeholder or fetched
/// tensor it stands for). Node ops hold their names in kNodeName.
inline constexpr llvm::StringLiteral kName = "tfg.name";
inline constexpr llvm::StringLiteral kOpType = "tfg.op_type";
/// NodeDef.experimental_debug_info.original_node_names / original_func_names.
inline constexpr llvm::StringLiteral kOriginalNodeNames =
    "tfg.original_node_names";
inline constexpr llvm::StringLiteral kOriginalFuncNames =
    "tfg.original_func_names";
/// NodeDef.experimental_type, as FullTypeDef text.
inline constexpr llvm::StringLiteral kFullType = "tfg.full_type";
/// GraphDef.version (deprecated) and GraphDef.debug_info, on tfg.graph.
inline constexpr llvm::StringLiteral kDeprecatedVersion =
    "tfg.deprecated_version";
inline constexpr llvm::StringLiteral kDebugInfo = "tfg.debug_info";
/// On a variable node of a TF2 SavedModel: its checkpoint key, derived from
/// the object graph (`x/.ATTRIBUTES/VARIABLE_VALUE`); tfg-freeze-variables
/// reads the variable's value under it.
inline constexpr llvm::StringLiteral kCheckpointKey = "tfg.checkpoint_key";
/// On the same node: its object id in the object graph, which the
/// checkpoint's own object graph (`_CHECKPOINTABLE_OBJECT_GRAPH`) maps to
/// the key it was saved under; that key wins over the derived one.
inline constexpr llvm::StringLiteral kSavedObjectId = "tfg.saved_object_id";
/// On the module: it was imported from a TF2 SavedModel, whose object graph
/// gave its variables their checkpoint keys (freezing then also names the
/// graph's inputs and outputs after the signature).
inline constexpr llvm::StringLiteral kTF2ObjectGraph = "tfg.tf2_object_graph";
/// On the module: the asset files of a SavedModel, {placeholder node =
/// "/abs/path/assets/file"}; tfg-freeze-variables feeds them as Consts.
inline constexpr llvm::StringLiteral kAssets = "tfg.assets";
/// On the module: every signature of the imported MetaGraphDef, for
/// summaries: {name = {inputs = {key = {tensor = "x:0", type = tensor<..>}},
/// outputs = {...}, method = "..."}}.
inline constexpr llvm::StringLiteral kSignatures = "tfg.signatures";
/// The serving signature, on the module:
/// {name, inputs = {key = "tensor:0"}, outputs = {...}}.
inline constexpr llvm::StringLiteral kSignature = "tfg.signature";
/// On a private func.func that tfg-graph-to-func built from a library
/// function that If/While/Case nodes call: its TFG nodes are lowered with
/// each calling node, for the static types of that call, and the function
/// is erased after the lowering.
inline constexpr llvm::StringLiteral kFunctionBody = "tfg.function_body";
} // namespace attrs

/// True if `attrName` is one of TFG's own (not a TensorFlow attr).
inline bool isTFGAttrName(llvm::StringRef attrName) {
  return attrName.starts_with("tfg.") || attrName == attrs::kNodeName ||
         attrName == attrs::kNodeDevice || attrName == "operandSegmentSizes" ||
         attrName == "resultSegmentSizes";
}

/// Shared custom assembly of node ops (TFGOps.cpp).
ParseResult parseNodeOp(OpAsmParser &parser, OperationState &result);
void printNodeOp(Operation *op, OpAsmPrinter &printer);
void getNodeOpResultNames(Operation *op, OpAsmSetValueNameFn setNameFn);

/// Sets `operandSegmentSizes` on a typed node op being built whose ODS
/// operands have several variadic groups; a no-op for other ops. The data
/// groups are sized from the op's attrs, the control group by `numControl`.
void setOperandSegments(OperationState &state, unsigned numControl);

/// Checks a typed op's data operand / result groups against its OpDef:
/// `inputs` / `outputs` name, per arg, "" (one tensor), "N" (the int attr N
/// counts the tensors) or "list:T" (the list(type) attr T does).
LogicalResult verifyArgGroups(Operation *op,
                              llvm::ArrayRef<llvm::StringRef> inputs,
                              llvm::ArrayRef<llvm::StringRef> outputs);

/// Node accessors valid for every node op (typed or generic).
bool isNodeOp(Operation *op);
/// The node's name and device ("" / null when unset, or when `op` is not a
/// node op). The setters take null to clear; `op` must be a node op.
llvm::StringRef getNodeName(Operation *op);
StringAttr getNodeNameAttr(Operation *op);
void setNodeName(Operation *op, StringAttr name);
void setNodeName(Operation *op, llvm::StringRef name);
llvm::StringRef getNodeDevice(Operation *op);
StringAttr getNodeDeviceAttr(Operation *op);
void setNodeDevice(Operation *op, StringAttr device);
/// Gives `node` the name `name` and, where `like` has one, the device of
/// `like` (for nodes that stand in for or are derived from `like`).
void setNodeNameAndDeviceLike(Operation *node, StringAttr name,
                              Operation *like);
/// The TensorFlow op type: the typed op's name without "tfg.", or the
/// generic op's tfg.op_type.
llvm::StringRef getNodeOpType(Operation *op);
Value getControlToken(Operation *op);
/// True if TensorFlow's op registry (or TFG's extra_ops.pbtxt) has `opType`
/// and its OpDef is not `is_stateful`: two such nodes with equal inputs and
/// attrs compute the same thing. False for stateful op types and for op
/// types the registry does not know (custom ops, function calls).
bool isStatelessOpType(llvm::StringRef opType);
/// Data operands (without control operands) and data results.
OperandRange getDataOperands(Operation *op);
OperandRange getControlOperands(Operation *op);
ResultRange getDataResults(Operation *op);

namespace OpTrait {
template <typename ConcreteType>
class NodeOpTrait : public mlir::OpTrait::TraitBase<ConcreteType, NodeOpTrait> {
public:
  static LogicalResult verifyTrait(Operation *op);
};
LogicalResult verifyNodeOp(Operation *op);
template <typename ConcreteType>
LogicalResult NodeOpTrait<ConcreteType>::verifyTrait(Operation *op) {
  return verifyNodeOp(op);
}
} // namespace OpTrait

} // namespace mlir::tfg

#include "TFG/Dialect/IR/TFGInterfaces.h.inc"

#define GET_OP_CLASSES
#include "TFG/Dialect/IR/TFGOps.h.inc"

#endif // TFG_DIALECT_IR_TFG_H
