//===- DeadnessAnalysis.h - Which nodes of a graph never run ----*- C++ -*-===//
//
// TensorFlow's executor propagates "deadness": the untaken output of a Switch
// is dead, a node with a dead input is dead, a Merge is dead only when all its
// data inputs are. Once predicates are constants (tfg-bind-placeholders) the
// deadness is known before the graph runs; this analysis computes it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_ANALYSIS_DEADNESSANALYSIS_H
#define TFG_ANALYSIS_DEADNESSANALYSIS_H

#include "TFG/Dialect/IR/TFG.h"

#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace mlir::tfg {

/// Which values of the tfg.graph ops under an operation never get computed,
/// by TensorFlow's executor rules: the untaken output of a Switch-like node
/// with a constant predicate (seen through forwarding nodes) is dead; a node
/// with a dead data or control input is dead (all its outputs and its
/// token); a Merge-like node is dead only when all its data inputs are. A
/// control edge from a Switch carries the Switch node's deadness, not an
/// output's. Optimistic on cycles: a loop stays live unless dead from
/// outside. Usable as `getAnalysis<DeadnessAnalysis>()` from any pass whose
/// operation holds graphs; invalidated by any change to them.
class DeadnessAnalysis {
public:
  explicit DeadnessAnalysis(Operation *root);

  bool isDead(Value value) const { return deadValues.contains(value); }
  bool isDead(Operation *node) const { return deadNodes.contains(node); }

  /// For a live Switch-like node with a constant predicate: the index of
  /// its dead data output.
  std::optional<unsigned> getDeadSwitchOutput(Operation *switchNode) const;

  /// For a live Merge-like node of which exactly one data input is live
  /// (and others are dead): that input's index. None when the live input
  /// is a loop's back edge (a NextIteration): forwarding it would turn the
  /// Merge into a cycle.
  std::optional<unsigned> getOnlyLiveMergeInput(Operation *merge) const;

private:
  void analyzeBlock(Block &graph);
  void markDead(Value value, llvm::SmallVectorImpl<Operation *> &worklist);

  llvm::DenseSet<Value> deadValues;
  llvm::DenseSet<Operation *> deadNodes;
};

/// The value of a bool predicate when it is a constant, looking through
/// forwarding nodes (Identity chains) and Switch data outputs (which forward
/// their input).
std::optional<bool> getConstantPredicate(Value predicate);

} // namespace mlir::tfg

#endif // TFG_ANALYSIS_DEADNESSANALYSIS_H
