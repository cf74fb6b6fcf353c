//===- RewriteUtils.td - DRR wrappers of RewriteUtils.h ----*- tablegen -*-===//
//
// Include from DRR pattern files. Helpers take a node's control token
// (`$op__1` for a node with one data result): DRR expands a multi-result op
// symbol into all its results, a token names the node unambiguously.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_UTILS_REWRITEUTILS_TD
#define TFG_TRANSFORMS_UTILS_REWRITEUTILS_TD

include "mlir/IR/PatternBase.td"

// (TFG_RerouteControl $node__ctl, $forwarded...): the replacement of a
// removed node's token. Users of the token depend instead on the producers of
// the forwarded values and on the node's own control inputs; data users also
// get its control inputs. Yields a null Value (the token is left unused).
def TFG_RerouteControl : NativeCodeCall<
  "::mlir::tfg::rerouteControlEdges($_builder, $0, "
  "::llvm::SmallVector<::mlir::Value>{$1...})">;

// (TFG_RerouteSubgraphControl $root__ctl, $forwarded): TFG_RerouteControl for
// a rewrite that replaces the root and the nodes only it uses: the control
// inputs of all of them move to the root's users.
def TFG_RerouteSubgraphControl : NativeCodeCall<
  "::mlir::tfg::rerouteSubgraphControlEdges($_builder, $0, $1)">;

// For a node that forwards nothing (NoOp, or unused data results).
def TFG_RerouteControlOnly : NativeCodeCall<
  "::mlir::tfg::rerouteControlEdges($_builder, $0)">;

// (TFG_CanRerouteControl $node__ctl, $forwarded): re-routing keeps the
// semantics (no Switch output forwarded while the token has users).
def TFG_CanRerouteControl : Constraint<
  CPred<"::mlir::tfg::canRerouteControlEdges($0, $1)">,
  "control edges can be re-routed">;

// (TFG_HasUsers $value): something consumes the value (a node whose results
// nobody uses is a graph output, or dead).
def TFG_HasUsers : Constraint<CPred<"!$0.use_empty()">, "has users">;

// (TFG_HasOneUse $value): exactly one consumer (a value a rewrite may fold
// into its consumer without duplicating it).
def TFG_HasOneUse : Constraint<CPred<"$0.hasOneUse()">, "has one use">;

// (TFG_IsScalarOne $value), (TFG_IsScalarZero $value): a float scalar that
// rank-0 Consts compute (through Identity, Sub, RealDiv, ...: see
// evaluateScalarFloat) and that is exactly 1 / exactly 0.
def TFG_IsScalarOne : Constraint<
  CPred<"::mlir::tfg::isScalarFloatEqualTo($0, 1.0)">, "a constant 1">;
def TFG_IsScalarZero : Constraint<
  CPred<"::mlir::tfg::isScalarFloatEqualTo($0, 0.0)">, "a constant 0">;

// (TFG_ConstNodeLike $node__ctl, $value, "suffix"): a new Const node holding
// the ElementsAttr $value, named <node's name><suffix> (the node's own name
// when the suffix is empty: the Const replaces it), on its device. Two
// results: output and token.
class TFG_ConstNodeLike<string suffix> : NativeCodeCall<
  "::mlir::tfg::createConstNode($_builder, $0, $1, \"" # suffix # "\")", 2>;

// Every node op ends with its name and device (TFG_NodeOp's tfg_name and
// tfg_device): a source pattern matches them with `$_, $_`, a result pattern
// leaves them unset with `(TFG_Unset), (TFG_Unset)` and names the node it
// creates with TFG_NameAs & co.
def TFG_Unset : NativeCodeCall<"::mlir::StringAttr()">;

// (TFG_NameAs $new__ctl, $old__ctl): the new node takes the old one's name
// and device (it replaces it: graph outputs keep their names).
def TFG_NameAs : NativeCodeCallVoid<
  "::mlir::tfg::nameNodeLike(::mlir::tfg::getNodeOfToken($0), "
  "::mlir::tfg::getNodeOfToken($1), "
  "::mlir::tfg::getNodeName(::mlir::tfg::getNodeOfToken($1)))">;

// (TFG_NameAsWithSuffix<"suffix"> $new__ctl, $old__ctl): named
// <old's name><suffix> exactly, on old's device. The pass checks beforehand
// that the name is free.
class TFG_NameAsWithSuffix<string suffix> : NativeCodeCallVoid<
  "::mlir::tfg::nameNodeLike(::mlir::tfg::getNodeOfToken($0), "
  "::mlir::tfg::getNodeOfToken($1), "
  "(::mlir::tfg::getNodeName(::mlir::tfg::getNodeOfToken($1)) + \"" #
  suffix # "\").str())">;

// (TFG_NameUniqueWithSuffix<"suffix"> $new__ctl, $old__ctl): named
// <old's name><suffix>, made unique (getUniqueNodeName: open a
// NodeNameTable around the pattern application).
class TFG_NameUniqueWithSuffix<string suffix> : NativeCodeCallVoid<
  "::mlir::tfg::nameNodeLike(::mlir::tfg::getNodeOfToken($0), "
  "::mlir::tfg::getNodeOfToken($1), "
  "::mlir::tfg::getUniqueNodeName(::mlir::tfg::getNodeOfToken($1), "
  "(::mlir::tfg::getNodeName(::mlir::tfg::getNodeOfToken($1)) + \"" #
  suffix # "\").str()))">;

// (TFG_TakeOverNode $new__ctl, $old__ctl): the new node replaces the old one
// as the same graph node: its name, device, and other discardable attrs
// (`_class`, `_output_shapes`), as a hand edit of the NodeDef's op keeps
// them.
def TFG_TakeOverNode : NativeCodeCallVoid<
  "::mlir::tfg::takeOverNodeAttrs(::mlir::tfg::getNodeOfToken($0), "
  "::mlir::tfg::getNodeOfToken($1))">;

// (TFG_DereferencedTypeOf $value), in a returnType: the value type of a TF1
// reference-typed result (tensor<?x!tfg.ref<f32>> -> tensor<?xf32>).
def TFG_DereferencedTypeOf : NativeCodeCall<
  "::mlir::tfg::getDereferencedType($0.getType())">;

// No control operands for a new node.
def TFG_NoControlOperands : NativeCodeCall<"::mlir::ValueRange{}">;

// Attribute values for the attrs of created nodes.
class TFG_TypeAttrOf<string type> : NativeCodeCall<
  "::mlir::TypeAttr::get(" # type # ")">;
def TFG_F32TypeAttr : TFG_TypeAttrOf<"$_builder.getF32Type()">;
def TFG_FalseAttr : NativeCodeCall<"$_builder.getBoolAttr(false)">;
class TFG_StringAttrOf<string value> : NativeCodeCall<
  "$_builder.getStringAttr(\"" # value # "\")">;
class TFG_I64AttrOf<int value> : NativeCodeCall<
  "$_builder.getI64IntegerAttr(" # value # ")">;

#endif // TFG_TRANSFORMS_UTILS_REWRITEUTILS_TD
