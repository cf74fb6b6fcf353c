//===- EliminateSwitchMerge.td - Constant-predicate control flow -*- tablegen -*-===//
//
// Patterns of tfg-eliminate-switch-merge. The pass runs the deadness
// analysis (TensorFlow executor semantics) and hands it to the patterns as
// its pass state: a live Switch whose other output is dead forwards its
// data, a live Merge whose only live data input is K is that input. The dead
// nodes go with the PDLL pattern of EliminateSwitchMerge.pdll.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

def TFG_HasDeadOutput : Constraint<
  CPred<"::mlir::tfg::hasDeadOutput($0)">,
  "Switch with a constant predicate">;
def TFG_HasOneLiveInput : Constraint<
  CPred<"::mlir::tfg::hasOneLiveInput($0)">,
  "Merge with exactly one live data input">;

// TFG_CanRerouteControl for the Merge's live input.
def TFG_CanRerouteMergeControl : Constraint<
  CPred<"::mlir::tfg::canRerouteControlEdges($0, "
        "::mlir::tfg::getLiveMergeInput($0))">,
  "control edges can be re-routed">;

// The live data input of a Merge.
def TFG_LiveMergeInput : NativeCodeCall<
  "::mlir::tfg::getLiveMergeInput($0)">;
// What replaces the Merge's value_index: Const(K) when it is used.
def TFG_MergeValueIndex : NativeCodeCall<
  "::mlir::tfg::createMergeValueIndex($_builder, $0)">;

// A Switch whose predicate is known forwards its data on the taken side; the
// other side's users are dead (the PDLL pattern erases them), so they may
// take the data too.
def ForwardTakenSwitchOutput : Pattern<
  (TFG_SwitchOp:$switchNode $data, $pred, $ctls, $T, $_, $_),
  [(replaceWithValue $data), (replaceWithValue $data),
   (TFG_RerouteControl $switchNode__2, $data)],
  [(TFG_HasDeadOutput $switchNode__2), (TFG_CanRerouteControl $switchNode__2, $data)]>;

// A Merge with one live data input is that input.
def MergeOfOneLiveInput : Pattern<
  (TFG_MergeOp:$merge $inputs, $ctls, $T, $N, $_, $_),
  [(TFG_LiveMergeInput $merge__2), (TFG_MergeValueIndex $merge__2),
   (TFG_RerouteControl $merge__2, (TFG_LiveMergeInput $merge__2))],
  [(TFG_HasOneLiveInput $merge__2), (TFG_CanRerouteMergeControl $merge__2)]>;
