//===- RewriteUtils.h - Native helpers for DRR/PDLL graph rewrites -*- C++
//-*-===//
//
// What patterns over TFG nodes need besides matching: control-token
// plumbing, node names for created nodes, and constant values. Every helper
// takes a node's control token (`$op__N` in DRR, the last result) rather than
// the Operation, because DRR expands a multi-result op symbol into all of its
// results; `getNodeOfToken` gets the op back. See docs/design.md, "Rewrite
// patterns and control tokens".
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_UTILS_REWRITEUTILS_H
#define TFG_TRANSFORMS_UTILS_REWRITEUTILS_H

#include "TFG/Analysis/ConstantValues.h" // RewriteUtils.td's constraints
#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

namespace mlir::tfg {

//===----------------------------------------------------------------------===//
// Control operands
//===----------------------------------------------------------------------===//

/// The node whose control token is `token`.
Operation *getNodeOfToken(Value token);

/// Replaces the control operands of `node` by `controls` (data operands stay),
/// keeping `operandSegmentSizes` right. Notifies the rewriter.
void setControlOperands(RewriterBase &rewriter, Operation *node,
                        ValueRange controls);

/// Appends each of `controls` that `node` does not have yet as a control
/// operand, except its own token and tokens of nodes that already feed it
/// data (the data edge orders them, and carries their deadness; not for a
/// Merge, which does not wait for all its data inputs).
void addControlOperands(RewriterBase &rewriter, Operation *node,
                        ValueRange controls);

//===----------------------------------------------------------------------===//
// Removing a node: forwarding its data and re-routing its control edges
//===----------------------------------------------------------------------===//

/// True if `value` is a result of a Switch-like node (Switch, RefSwitch,
/// _SwitchN), whose outputs can be dead one by one while the node itself
/// runs: a control edge from such a node's token does not carry the deadness
/// of the output.
bool isSwitchOutput(Value value);

/// The control tokens that stand for "the removed node could run": the
/// producers' tokens of `forwarded` (the values replacing its data results)
/// and its own control operands, deduplicated, in that order. A forwarded
/// block argument (function body) contributes nothing.
llvm::SmallVector<Value> getDependencyTokens(Value removedToken,
                                             ValueRange forwarded);

/// False when re-routing would change semantics: the node's token has users
/// and one of `forwarded` is a Switch output (its deadness would be lost:
/// `Identity(Switch:1)` with control users is a cond/loop pivot). Use it as a
/// DRR constraint next to rerouteControlEdges.
bool canRerouteControlEdges(Value removedToken, ValueRange forwarded);

/// Prepares the removal of the node of `removedToken`, whose data results
/// are being replaced by `forwarded` (values it does not produce): every
/// user of its token depends instead on getDependencyTokens(); every data
/// user of its results also gets its control operands (it waited for them
/// through the data edge). Returns a null Value: the token has no users
/// left, so DRR's replaceOp needs no replacement for it.
///
///   def : Pattern<(TFG_IdentityOp:$id $x, $ctls, $T),
///                 [(replaceWithValue $x), (RerouteControl $id__1, $x)],
///                 [(CanRerouteControl $id__1, $x)]>;
Value rerouteControlEdges(RewriterBase &rewriter, Value removedToken,
                          ValueRange forwarded);

/// rerouteControlEdges for a node of which nothing but its token is used
/// (NoOp), or whose data results have no users.
inline Value rerouteControlEdges(RewriterBase &rewriter, Value removedToken) {
  return rerouteControlEdges(rewriter, removedToken, ValueRange{});
}

/// The nodes that replacing the node of `rootToken` by `forwarded` leaves
/// without users: the root, then, repeatedly, each producer of a data input
/// of those nodes whose every use is by those nodes (never a producer of a
/// forwarded value). A node used by them only through control edges stays:
/// it is a dependency, not a part.
llvm::SmallVector<Operation *> getExclusiveSubgraph(Value rootToken,
                                                    ValueRange forwarded);

/// rerouteControlEdges for a rewrite that replaces a whole subgraph (the
/// root and getExclusiveSubgraph()) by values from outside it: the control
/// inputs of all its nodes, not only the root's, are what the root's users
/// waited for, so they take the root's control inputs' place. (Dropout:
/// the Consts of `keep_prob` or `rate` may carry the control inputs.)
Value rerouteSubgraphControlEdges(RewriterBase &rewriter, Value rootToken,
                                  ValueRange forwarded);

//===----------------------------------------------------------------------===//
// Creating nodes
//===----------------------------------------------------------------------===//

/// `base` if no node of `graphNode`'s graph is named so, else `base_1`,
/// `base_2`, ... (TensorFlow's unique-name rule). A lookup in the node-name
/// table while applyGraphRewrites runs on the graph (and the name is
/// reserved), else a scan of the graph.
std::string getUniqueNodeName(Operation *graphNode, llvm::StringRef base);

/// Gives `node` the name `name` and the device of `like` (if any).
void nameNodeLike(Operation *node, Operation *like, llvm::StringRef name);

/// `node` replaces `like` as the same graph node: it takes `like`'s name
/// (recorded in the open node-name table), device and every other
/// discardable attribute (`_class`, `_output_shapes`, ...).
void takeOverNodeAttrs(Operation *node, Operation *like);

/// The value type of a TF1 reference: `tensor<?x!tfg.ref<f32>>` ->
/// `tensor<?xf32>`; any other type is returned unchanged.
Type getDereferencedType(Type type);

/// Creates `Const(value)` next to the node of `likeToken`, named
/// `<its name><suffix>` (unique), with its device, and with `controls` as
/// control operands. Returns the Const's results (output, token). An empty
/// suffix takes over the node's name: use it when the Const replaces it.
ResultRange createConstNode(RewriterBase &rewriter, Value likeToken,
                            ElementsAttr value, llvm::StringRef suffix,
                            ValueRange controls = {});

/// createConstNode for any tensor value (also `#tfg.tensor_proto`), named
/// exactly `name`: the caller makes sure no other node has that name (a pass
/// that creates many nodes checks its names once, instead of each creation
/// scanning the graph).
ResultRange createConstNodeNamed(RewriterBase &rewriter, Value likeToken,
                                 TypedAttr value, llvm::StringRef name,
                                 ValueRange controls = {});

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_UTILS_REWRITEUTILS_H
