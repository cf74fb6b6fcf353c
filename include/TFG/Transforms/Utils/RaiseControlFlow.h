//===- RaiseControlFlow.h - v1 control flow to functional While/If -*- C++
//-*-===//
//
// The inverse of FunctionalControlFlow.h: TF1 graphs spell loops as frames
// of Enter/Merge/Switch/LoopCond/NextIteration/Exit nodes and conditionals
// as Switch/Merge pairs; compilers (XLA's functionalize_control_flow.cc,
// TFG's CPU lowering) want functional `While` / `If` nodes whose cond, body
// and branches are library functions. See the pass
// `tfg-raise-v1-control-flow` for the rules.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_UTILS_RAISECONTROLFLOW_H
#define TFG_TRANSFORMS_UTILS_RAISECONTROLFLOW_H

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::tfg {

/// Replaces every v1 loop frame of `block` (a tfg.graph's or tfg.func's
/// body; inner frames first) by a `While` node, and then every Switch/Merge
/// conditional whose predicate is not a constant by an `If` node (inner
/// conditionals first), in `block` and in the functions built from it. The
/// cond / body / branch functions are new `tfg.func`s added to `functions`
/// (the module's symbol table; names made unique). Switch/Merge pairs whose
/// predicate is a constant are left as they are (tfg-eliminate-switch-merge
/// removes them).
///
/// Fails with one error at the offending node, naming it and its frame, when
/// a frame or conditional does not have TensorFlow's structure (no or two
/// LoopConds, a NextIteration that feeds no loop Merge, an Exit outside any
/// frame, a node fed from two frames, a node in both branches, ...). The
/// block may be left partly raised on error.
LogicalResult raiseV1ControlFlow(Block &block, SymbolTable &functions);

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_UTILS_RAISECONTROLFLOW_H
