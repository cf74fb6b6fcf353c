//===- FunctionalControlFlow.h - Lower If/While to v1 control flow -*- C++
//-*-===//
//
// Several runtimes (TensorFlow.js among them, and TensorFlow's executor
// before its own lowering) take only v1 control flow: Switch, Merge, Enter,
// Exit, NextIteration, LoopCond. TensorFlow lowers its functional `If` and
// `While` nodes with LowerFunctionalOpsPass (common_runtime/lower_if_op.cc,
// lower_while_op.cc); this is the same lowering, built on the function
// inliner (FunctionInlining.h) for the branch bodies.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_UTILS_FUNCTIONALCONTROLFLOW_H
#define TFG_TRANSFORMS_UTILS_FUNCTIONALCONTROLFLOW_H

#include "TFG/Transforms/Utils/FunctionInlining.h"

namespace mlir::tfg {

/// Replaces every `If` / `StatelessIf` and `While` / `StatelessWhile` node
/// of `block` (a tfg.graph's body) by v1 control flow, with the branch,
/// cond and body functions inlined (and the functional nodes and calls
/// their copies bring lowered and inlined in turn). The block's calls
/// should be inlined first (inlineFunctionCalls). See the pass
/// `tfg-functional-to-v1-control-flow` for the node structure and names.
///
/// Errors, each at the functional node and naming it: a function missing
/// from `functions`, a branch / cond / body whose arity does not match the
/// node, a While body returning a different number of values than it
/// takes, a non-bool If predicate, a While without loop variables,
/// recursion, the limits, and Case / StatelessCase, which are not lowered.
/// The block is left partly lowered on error.
LogicalResult
lowerFunctionalControlFlow(Block &block, SymbolTable &functions,
                           const FunctionInliningLimits &limits = {});

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_UTILS_FUNCTIONALCONTROLFLOW_H
