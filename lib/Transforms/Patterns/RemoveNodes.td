//===- RemoveNodes.td - Splice out forwarding nodes --------*- tablegen -*-===//
//
// Patterns of tfg-remove-nodes. Each removes one node that forwards its data
// input unchanged (or, for NoOp, only orders execution): its data users take
// the input, users of its token depend on what the node depended on
// (TFG_RerouteControl). The pass decides which nodes are candidates (op types
// in `ops`, not kept, not outputs: nodes nobody consumed before the pass
// ran); the patterns decide whether splicing is sound.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

// The common shape: one data input forwarded to the one data result. An
// Identity of a Switch output with control users carries a cond/loop
// branch's deadness: kept (TFG_CanRerouteControl).
class ForwardingNode<dag source> : Pattern<source,
  [(replaceWithValue $input), (TFG_RerouteControl $node__1, $input)],
  [(TFG_CanRerouteControl $node__1, $input)]>;

def RemoveIdentity : ForwardingNode<(TFG_IdentityOp:$node $input, $ctls, $T, $_, $_)>;
def RemoveStopGradient :
    ForwardingNode<(TFG_StopGradientOp:$node $input, $ctls, $T, $_, $_)>;
def RemoveSnapshot : ForwardingNode<(TFG_SnapshotOp:$node $input, $ctls, $T, $_, $_)>;
def RemovePreventGradient :
    ForwardingNode<(TFG_PreventGradientOp:$node $input, $ctls, $T, $message, $_, $_)>;
def RemoveCheckNumerics :
    ForwardingNode<(TFG_CheckNumericsOp:$node $input, $ctls, $T, $message, $_, $_)>;
// A PlaceholderWithDefault that is not a graph input (the pass only offers
// those) is its default.
def RemovePlaceholderWithDefault : ForwardingNode<
    (TFG_PlaceholderWithDefaultOp:$node $input, $ctls, $dtype, $shape, $_, $_)>;

// A NoOp only orders execution: its users depend on its control inputs.
def RemoveNoOp : Pattern<(TFG_NoOpOp:$node $ctls, $_, $_),
                         [(TFG_RerouteControlOnly $node)]>;
