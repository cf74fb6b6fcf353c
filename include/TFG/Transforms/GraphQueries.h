//===- GraphQueries.h - Questions asked about a tfg.graph --------*- C++ -*-===//

#ifndef TFG_TRANSFORMS_GRAPHQUERIES_H
#define TFG_TRANSFORMS_GRAPHQUERIES_H

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::tfg {

/// The single tfg.graph of a module, or null (after a diagnostic) if there
/// is none or more than one.
GraphOp getSingleGraph(ModuleOp module);

/// True for op types that are never a model's output even when nothing
/// consumes them (constants, variables, initializers, savers, no-ops).
bool isNeverAnOutput(llvm::StringRef opType);

/// The nodes a model most likely computes for its users: nodes whose
/// results and control token nobody uses, minus isNeverAnOutput() ones (the
/// rule of TensorFlow's summarize_graph). In graph order.
llvm::SmallVector<Operation *> inferOutputNodes(GraphOp graph);

/// Placeholder and PlaceholderWithDefault nodes, in graph order.
llvm::SmallVector<Operation *> getInputNodes(GraphOp graph);

/// The node name in a tensor name: "n", "n:1" and "^n" all mean node "n".
llvm::StringRef nodeNameOfTensor(llvm::StringRef tensorName);

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

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_GRAPHQUERIES_H
