//===- AbsorbOutputIdentities.td - Output Identity into its producer -*- tablegen -*-===//
//
// Pattern of tfg-remove-nodes{absorb-output-identities}: a graph output that
// is an Identity of another node's only output (Keras' and TF1's `final =
// tf.identity(logits)`) goes; its producer takes over its name, so callers
// fetch the same tensor name. The pass offers only output Identities whose
// producer is not itself kept; the pattern checks the structure.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

// (TFG_CanAbsorbIntoProducer $node__1, $input): the Identity is used by
// nothing and waits for nothing but its input; the input is output 0 of a
// node that is not control flow, whose results and token nothing else uses.
def TFG_CanAbsorbIntoProducer : Constraint<
  CPred<"::mlir::tfg::canAbsorbIntoProducer($0, $1)">,
  "an unused Identity of the only used output of an ordinary node">;

// Gives the producer of $1 the name of the Identity of token $0.
def TFG_ProducerTakesName : NativeCodeCallVoid<
  "::mlir::tfg::giveNameToProducer($0, $1)">;

def AbsorbOutputIdentity : Pattern<(TFG_IdentityOp:$node $input, $ctls, $T, $_, $_),
  [(TFG_ProducerTakesName $node__1, $input),
   (replaceWithValue $input), (TFG_RerouteControlOnly $node__1)],
  [(TFG_CanAbsorbIntoProducer $node__1, $input)]>;
