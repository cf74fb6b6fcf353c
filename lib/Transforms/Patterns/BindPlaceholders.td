//===- BindPlaceholders.td - Placeholders become constants -*- tablegen -*-===//
//
// Patterns of tfg-bind-placeholders. The pass decides the value of each bound
// placeholder and which PlaceholderWithDefault nodes (not graph inputs) take
// their default; the patterns rewrite those. The Const takes over the placeholder's name, so consumers that
// name the tensor (`training:0`) still find it.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

def TFG_IsBound : Constraint<CPred<"::mlir::tfg::getBoundValue($0) != nullptr">,
                             "placeholder is bound to a value">;
def TFG_UsesDefault : Constraint<
  CPred<"::mlir::tfg::takesDefault($0)">,
  "PlaceholderWithDefault takes its default">;

// Const(value) named like the node, with the node's control inputs.
def TFG_BoundConstNode : NativeCodeCall<
  "::mlir::tfg::createBoundConstNode($_builder, $0)", 2>;

def BindPlaceholder : Pat<(TFG_PlaceholderOp:$node $ctls, $dtype, $shape, $_, $_),
                          (TFG_BoundConstNode $node__1),
                          [(TFG_IsBound $node__1)]>;

def BindPlaceholderWithDefault : Pat<
  (TFG_PlaceholderWithDefaultOp:$node $defaultValue, $ctls, $dtype, $shape, $_, $_),
  (TFG_BoundConstNode $node__1), [(TFG_IsBound $node__1)]>;

// Not fed: the node forwards its default (as TensorFlow runs it).
def UseDefault : Pattern<
  (TFG_PlaceholderWithDefaultOp:$node $defaultValue, $ctls, $dtype, $shape, $_, $_),
  [(replaceWithValue $defaultValue), (TFG_RerouteControl $node__1, $defaultValue)],
  [(TFG_UsesDefault $node__1), (TFG_CanRerouteControl $node__1, $defaultValue)]>;
