//===- EliminateSwitchMerge.td - Constant-predicate control flow -*- tablegen -*-===//
//
// Patterns of tfg-eliminate-switch-merge. The pass runs a deadness analysis
// (TensorFlow executor semantics) and records its result on the nodes:
// `tfg.dead` on nodes that never run, `tfg.dead_output` = N on a live Switch
// whose output N is dead, `tfg.live_input` = K on a live Merge whose only
// live data input is K. The patterns rewrite what is recorded; the dead
// nodes go with the PDLL pattern of EliminateSwitchMerge.pdll.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/RewriteUtils.td"

def TFG_HasDeadOutput : Constraint<
  CPred<"::mlir::tfg::getNodeOfToken($0)->hasAttr(\"tfg.dead_output\")">,
  "Switch with a constant predicate">;
def TFG_HasOneLiveInput : Constraint<
  CPred<"::mlir::tfg::getNodeOfToken($0)->hasAttr(\"tfg.live_input\")">,
  "Merge with exactly one live data input">;

// TFG_CanRerouteControl for the Merge's live input.
def TFG_CanRerouteMergeControl : Constraint<
  CPred<"::mlir::tfg::canRerouteControlEdges($0, "
        "::mlir::tfg::getLiveMergeInput($0))">,
  "control edges can be re-routed">;

// The live data input of a Merge (its `tfg.live_input`).
def TFG_LiveMergeInput : NativeCodeCall<
  "::mlir::tfg::getLiveMergeInput($0)">;
// What replaces the Merge's value_index: Const(K) when it is used.
def TFG_MergeValueIndex : NativeCodeCall<
  "::mlir::tfg::createMergeValueIndex($_builder, $0)">;

// A Switch whose predicate is known forwards its data on the taken side; the
// other side's users are dead (the PDLL pattern erases them), so they may
// take the data too.
def ForwardTakenSwitchOutput : Pattern<
  (TFG_SwitchOp:$switchNode $data, $pred, $ctls, $T),
  [(replaceWithValue $data), (replaceWithValue $data),
   (TFG_RerouteControl $switchNode__2, $data)],
  [(TFG_HasDeadOutput $switchNode__2), (TFG_CanRerouteControl $switchNode__2, $data)]>;

// A Merge with one live data input is that input.
def MergeOfOneLiveInput : Pattern<
  (TFG_MergeOp:$merge $inputs, $ctls, $T, $N),
  [(TFG_LiveMergeInput $merge__2), (TFG_MergeValueIndex $merge__2),
   (TFG_RerouteControl $merge__2, (TFG_LiveMergeInput $merge__2))],
  [(TFG_HasOneLiveInput $merge__2), (TFG_CanRerouteMergeControl $merge__2)]>;
