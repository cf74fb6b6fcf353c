//===- GraphQueries.h - Questions asked about a tfg.graph --------*- C++
//-*-===//

#ifndef TFG_ANALYSIS_GRAPHQUERIES_H
#define TFG_ANALYSIS_GRAPHQUERIES_H

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <string>

namespace mlir::tfg {

/// The single tfg.graph of a module, or null (after a diagnostic) if there
/// is none or more than one.
GraphOp getSingleGraph(ModuleOp module);

/// True for nodes that are never a model's output even when nothing
/// consumes them (constants, inputs, variables, initializers, savers,
/// no-ops).
bool isNeverAnOutput(Operation *node);

/// The nodes a model most likely computes for its users: nodes whose
/// results and control token nobody uses, minus isNeverAnOutput() ones (the
/// rule of TensorFlow's summarize_graph). In graph order.
llvm::SmallVector<Operation *> inferOutputNodes(GraphOp graph);

/// Attribute equality that sees through resource handles: two imports of
/// one tensor give two DenseResourceElementsAttr handles, equal by bytes.
/// Every other attribute is uniqued, so equal means identical.
bool isSameAttribute(Attribute a, Attribute b);

/// The graph inputs (isPlaceholderLike: Placeholder, PlaceholderV2,
/// PlaceholderWithDefault nodes), in graph order.
llvm::SmallVector<Operation *> getInputNodes(GraphOp graph);

/// The node name in a tensor name: "n", "n:1" and "^n" all mean node "n".
llvm::StringRef nodeNameOfTensor(llvm::StringRef tensorName);

/// One tensor of a serving signature: its key ("x", "output_0") and the
/// graph's tensor name ("serving_default_x:0").
struct SignatureTensor {
  llvm::StringRef key;
  llvm::StringRef tensor;
};

/// The tensors the serving signature (`tfg.signature` on the module that
/// holds `op`) names on `side`, "inputs" or "outputs", in key order; empty
/// without a signature.
llvm::SmallVector<SignatureTensor> getSignatureTensors(Operation *op,
                                                       llvm::StringRef side);

/// The output nodes a pass should keep: the nodes named in `names` (tensor
/// names accepted); without names, the outputs of the module's serving
/// signature (`tfg.signature`); without one, inferOutputNodes(), with a
/// remark from `passName` saying which it chose. Fails, after a
/// diagnostic, when a name matches no node.
FailureOr<llvm::SmallVector<Operation *>>
resolveOutputNodes(GraphOp graph, llvm::ArrayRef<std::string> names,
                   llvm::StringRef passName);

/// Erases every node that `roots` do not reach over data and control edges.
void eraseNodesNotReachedFrom(GraphOp graph, llvm::ArrayRef<Operation *> roots);

/// The names of the nodes a pass must leave as they are: those in `keep`
/// (tensor names accepted) and those the module's serving signature
/// (`tfg.signature`) feeds or fetches. Fails, after a diagnostic from
/// `passName`, when a name in `keep` matches no node.
FailureOr<llvm::StringSet<>> getKeptNodeNames(GraphOp graph,
                                              llvm::ArrayRef<std::string> keep,
                                              llvm::StringRef passName);

/// The graph's nodes in execution order: every node after the producers of
/// all its data and control inputs, except that edges out of NextIteration
/// nodes (the back edges of v1 loops) are ignored. Among nodes whose inputs
/// are all placed, the one earliest in the block comes first, so a block
/// already in such an order keeps it. Linear for a sorted block; the nodes
/// that must move down cost a heap operation each. Fails, after a
/// diagnostic from `passName` naming a node on the cycle, when the graph has
/// a cycle through no NextIteration.
FailureOr<llvm::SmallVector<Operation *>>
getExecutionOrder(GraphOp graph, llvm::StringRef passName);

} // namespace mlir::tfg

#endif // TFG_ANALYSIS_GRAPHQUERIES_H
