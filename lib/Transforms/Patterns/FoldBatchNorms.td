//===- FoldBatchNorms.td - Per-channel scales into weights -*- tablegen -*-===//
//
// Patterns of tfg-fold-batch-norms (TensorFlow's fold_batch_norms), also run
// by tfg-fold-old-batch-norms after it has turned batch norms into a Mul and
// a BiasAdd by constants:
//
//   Mul(Conv(x, W), s)              -> Conv(x, W * s)
//   Mul(BiasAdd(Conv(x, W), b), s)  -> BiasAdd(Conv(x, W * s), b * s)
//   BiasAdd(BiasAdd(y, b1), b2)     -> BiasAdd(y, b1 + b2)
//   Add(BiasAdd(y, b1), c)          -> BiasAdd(y, b1 + c)    (c per channel)
//   Add(Conv(x, W), c)              -> BiasAdd(Conv(x, W), c) (c per channel)
//
// for Conv = Conv2D, DepthwiseConv2dNative, MatMul, Conv2DBackpropInput
// (a transposed conv: its outputs are the filter's input channels), with
// constant float
// weights (through Identity) and s, c constant per output channel. Each
// node replaced keeps its name on the node that replaces it. (The values
// forwarded are new nodes, never Switch outputs: control edges can always
// be re-routed.)
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

// (TFG_IsChannelScaleOf $scale, $conv__1): $scale is a constant that
// multiplies each output channel of the conv-like node (a scalar, [C], or
// [1,..,1,C]; [C,1,1] for NCHW), whose weights are constant floats and used
// by it alone, and whose output has one user.
def TFG_IsChannelScaleOf : Constraint<
  CPred<"::mlir::tfg::isChannelScaleOf($0, $1)">,
  "a constant per output channel of a conv-like node with constant weights">;
// (TFG_IsChannelBiasOf $bias, $biasAdd__1): $bias is a constant per channel
// of the BiasAdd (its data_format), foldable into its bias.
def TFG_IsChannelBiasOf : Constraint<
  CPred<"::mlir::tfg::isChannelBiasOf($0, $1, /*broadcast=*/true)">,
  "a constant per channel of the BiasAdd">;
// (TFG_IsBiasAddBias $bias, $biasAdd__1): $bias is a constant 1-D bias of
// the BiasAdd's channel count (or one value): what a BiasAdd itself takes.
def TFG_IsBiasAddBias : Constraint<
  CPred<"::mlir::tfg::isChannelBiasOf($0, $1, /*broadcast=*/false)">,
  "a constant BiasAdd bias">;

// Const(W * s) next to the conv-like node's weights.
def TFG_ScaledWeights : NativeCodeCall<
  "::mlir::tfg::createScaledWeights($_builder, $0, $1)">;
// Const(b * s) / Const(b1 + b2), named after the bias.
def TFG_ScaledBias : NativeCodeCall<
  "::mlir::tfg::createCombinedBias($_builder, $0, $1, /*multiply=*/true)">;
def TFG_SummedBias : NativeCodeCall<
  "::mlir::tfg::createCombinedBias($_builder, $0, $1, /*multiply=*/false)">;
// Const([C]) of a per-output-channel constant of the conv-like node (a
// scalar is repeated), for a BiasAdd; and the conv's data_format (NHWC for
// MatMul, whose channels are last).
def TFG_ChannelBias : NativeCodeCall<
  "::mlir::tfg::createChannelBias($_builder, $0, $1)">;
def TFG_ConvDataFormat : NativeCodeCall<
  "::mlir::tfg::getConvDataFormat($_builder, $0)">;

//===----------------------------------------------------------------------===//
// Mul by a per-channel constant into the weights
//===----------------------------------------------------------------------===//

def FoldMulIntoConv2D : Pattern<
  (TFG_MulOp:$mul (TFG_Conv2DOp:$conv $x, $w, $convCtls, $T, $strides, $cudnn,
                     $padding, $explicitPaddings, $format, $dilations, $_, $_),
                  $s, $mulCtls, $mulT, $_, $_),
  [(TFG_Conv2DOp:$newNode $x, (TFG_ScaledWeights $conv__1, $s), $convCtls, $T,
       $strides, $cudnn, $padding, $explicitPaddings, $format, $dilations,
       (TFG_Unset), (TFG_Unset),
       (returnType $mul__0, $mul__1)),
   (TFG_NameAs $newNode__1, $mul__1),
   (replaceWithValue $newNode__0), (TFG_RerouteControl $mul__1, $newNode__0)],
  [(TFG_IsChannelScaleOf $s, $conv__1), (TFG_HasOneUse $conv__0)]>;

def FoldMulIntoDepthwise : Pattern<
  (TFG_MulOp:$mul (TFG_DepthwiseConv2dNativeOp:$conv $x, $w, $convCtls, $T,
                     $strides, $padding, $explicitPaddings, $format, $dilations, $_, $_),
                  $s, $mulCtls, $mulT, $_, $_),
  [(TFG_DepthwiseConv2dNativeOp:$newNode $x, (TFG_ScaledWeights $conv__1, $s),
       $convCtls, $T, $strides, $padding, $explicitPaddings, $format, $dilations,
       (TFG_Unset), (TFG_Unset),
       (returnType $mul__0, $mul__1)),
   (TFG_NameAs $newNode__1, $mul__1),
   (replaceWithValue $newNode__0), (TFG_RerouteControl $mul__1, $newNode__0)],
  [(TFG_IsChannelScaleOf $s, $conv__1), (TFG_HasOneUse $conv__0)]>;

def FoldMulIntoMatMul : Pattern<
  (TFG_MulOp:$mul (TFG_MatMulOp:$conv $x, $w, $convCtls, $ta, $tb, $T, $ga,
                     $gb, $_, $_),
                  $s, $mulCtls, $mulT, $_, $_),
  [(TFG_MatMulOp:$newNode $x, (TFG_ScaledWeights $conv__1, $s), $convCtls, $ta,
       $tb, $T, $ga, $gb, (TFG_Unset), (TFG_Unset),
       (returnType $mul__0, $mul__1)),
   (TFG_NameAs $newNode__1, $mul__1),
   (replaceWithValue $newNode__0), (TFG_RerouteControl $mul__1, $newNode__0)],
  [(TFG_IsChannelScaleOf $s, $conv__1), (TFG_HasOneUse $conv__0)]>;

def FoldMulIntoConv2DBackpropInput : Pattern<
  (TFG_MulOp:$mul (TFG_Conv2DBackpropInputOp:$conv $sizes, $w, $dy, $convCtls,
                     $T, $strides, $cudnn, $padding, $explicitPaddings,
                     $format, $dilations, $_, $_),
                  $s, $mulCtls, $mulT, $_, $_),
  [(TFG_Conv2DBackpropInputOp:$newNode $sizes, (TFG_ScaledWeights $conv__1, $s),
       $dy, $convCtls, $T, $strides, $cudnn, $padding, $explicitPaddings,
       $format, $dilations, (TFG_Unset), (TFG_Unset),
       (returnType $mul__0, $mul__1)),
   (TFG_NameAs $newNode__1, $mul__1),
   (replaceWithValue $newNode__0), (TFG_RerouteControl $mul__1, $newNode__0)],
  [(TFG_IsChannelScaleOf $s, $conv__1), (TFG_HasOneUse $conv__0)]>;

//===----------------------------------------------------------------------===//
// The same with a BiasAdd in between: the bias is scaled too
//===----------------------------------------------------------------------===//

class FoldMulThroughBiasAdd<dag conv, dag newConv> : Pattern<
  (TFG_MulOp:$mul (TFG_BiasAddOp:$biasAdd conv, $b, $biasCtls, $biasT,
                     $biasFormat, $_, $_),
                  $s, $mulCtls, $mulT, $_, $_),
  [newConv, (TFG_NameAs $newNode__1, $conv__1),
   (TFG_BiasAddOp:$newBias $newNode__0, (TFG_ScaledBias $b, $s), $biasCtls,
       $biasT, $biasFormat, (TFG_Unset), (TFG_Unset),
       (returnType $mul__0, $mul__1)),
   (TFG_NameAs $newBias__1, $mul__1),
   (replaceWithValue $newBias__0), (TFG_RerouteControl $mul__1, $newBias__0)],
  [(TFG_IsChannelScaleOf $s, $conv__1), (TFG_HasOneUse $conv__0),
   (TFG_HasOneUse $biasAdd__0), (TFG_IsBiasAddBias $b, $biasAdd__1)]>;

def FoldMulThroughBiasAddIntoConv2D : FoldMulThroughBiasAdd<
  (TFG_Conv2DOp:$conv $x, $w, $convCtls, $T, $strides, $cudnn, $padding,
     $explicitPaddings, $format, $dilations, $_, $_),
  (TFG_Conv2DOp:$newNode $x, (TFG_ScaledWeights $conv__1, $s), $convCtls, $T,
     $strides, $cudnn, $padding, $explicitPaddings, $format, $dilations,
     (TFG_Unset), (TFG_Unset),
       (returnType $conv__0, $conv__1))>;

def FoldMulThroughBiasAddIntoDepthwise : FoldMulThroughBiasAdd<
  (TFG_DepthwiseConv2dNativeOp:$conv $x, $w, $convCtls, $T, $strides,
     $padding, $explicitPaddings, $format, $dilations, $_, $_),
  (TFG_DepthwiseConv2dNativeOp:$newNode $x, (TFG_ScaledWeights $conv__1, $s),
     $convCtls, $T, $strides, $padding, $explicitPaddings, $format, $dilations,
     (TFG_Unset), (TFG_Unset),
       (returnType $conv__0, $conv__1))>;

def FoldMulThroughBiasAddIntoMatMul : FoldMulThroughBiasAdd<
  (TFG_MatMulOp:$conv $x, $w, $convCtls, $ta, $tb, $T, $ga, $gb, $_, $_),
  (TFG_MatMulOp:$newNode $x, (TFG_ScaledWeights $conv__1, $s), $convCtls, $ta,
     $tb, $T, $ga, $gb, (TFG_Unset), (TFG_Unset),
       (returnType $conv__0, $conv__1))>;

def FoldMulThroughBiasAddIntoConv2DBackpropInput : FoldMulThroughBiasAdd<
  (TFG_Conv2DBackpropInputOp:$conv $sizes, $w, $dy, $convCtls, $T, $strides,
     $cudnn, $padding, $explicitPaddings, $format, $dilations, $_, $_),
  (TFG_Conv2DBackpropInputOp:$newNode $sizes, (TFG_ScaledWeights $conv__1, $s),
     $dy, $convCtls, $T, $strides, $cudnn, $padding, $explicitPaddings,
     $format, $dilations, (TFG_Unset), (TFG_Unset),
       (returnType $conv__0, $conv__1))>;

//===----------------------------------------------------------------------===//
// Biases: two in a row become one
//===----------------------------------------------------------------------===//

def MergeBiasAdds : Pattern<
  (TFG_BiasAddOp:$outer (TFG_BiasAddOp:$inner $y, $b1, $innerCtls, $T, $format, $_, $_),
                        $b2, $outerCtls, $outerT, $outerFormat, $_, $_),
  [(TFG_BiasAddOp:$newNode $y, (TFG_SummedBias $b1, $b2), $innerCtls, $T, $format,
       (TFG_Unset), (TFG_Unset),
       (returnType $outer__0, $outer__1)),
   (TFG_NameAs $newNode__1, $outer__1),
   (replaceWithValue $newNode__0), (TFG_RerouteControl $outer__1, $newNode__0)],
  [(TFG_HasOneUse $inner__0), (TFG_IsBiasAddBias $b1, $inner__1),
   (TFG_IsBiasAddBias $b2, $inner__1)]>;

class AddIntoBiasAdd<dag add> : Pattern<add,
  [(TFG_BiasAddOp:$newNode $y, (TFG_SummedBias $b1, $c), $innerCtls, $T, $format,
       (TFG_Unset), (TFG_Unset),
       (returnType $add__0, $add__1)),
   (TFG_NameAs $newNode__1, $add__1),
   (replaceWithValue $newNode__0), (TFG_RerouteControl $add__1, $newNode__0)],
  [(TFG_HasOneUse $inner__0), (TFG_IsBiasAddBias $b1, $inner__1),
   (TFG_IsChannelBiasOf $c, $inner__1)]>;

def AddIntoBiasAdd : AddIntoBiasAdd<
  (TFG_AddOp:$add (TFG_BiasAddOp:$inner $y, $b1, $innerCtls, $T, $format, $_, $_),
                  $c, $addCtls, $addT, $_, $_)>;
def AddV2IntoBiasAdd : AddIntoBiasAdd<
  (TFG_AddV2Op:$add (TFG_BiasAddOp:$inner $y, $b1, $innerCtls, $T, $format, $_, $_),
                    $c, $addCtls, $addT, $_, $_)>;

//===----------------------------------------------------------------------===//
// An Add of a per-channel constant right after the conv is its bias
//===----------------------------------------------------------------------===//

// slim's decomposed batch norm ends in Add(Mul(conv, scale), offset); once
// the Mul is in the weights, the Add is the conv's bias. Either operand
// order.
class AddAfterConvToBiasAdd<dag add, dag conv> : Pattern<add,
  [(TFG_BiasAddOp:$newNode $conv__0, (TFG_ChannelBias $conv__1, $c), $addCtls,
       $addT, (TFG_ConvDataFormat $conv__1), (TFG_Unset), (TFG_Unset),
       (returnType $add__0, $add__1)),
   (TFG_NameAs $newNode__1, $add__1),
   (replaceWithValue $newNode__0), (TFG_RerouteControl $add__1, $newNode__0)],
  [(TFG_IsChannelScaleOf $c, $conv__1), (TFG_HasOneUse $conv__0)]>;

multiclass AddAfterConv<dag conv> {
  def : AddAfterConvToBiasAdd<(TFG_AddOp:$add conv, $c, $addCtls, $addT, $_, $_), conv>;
  def : AddAfterConvToBiasAdd<(TFG_AddOp:$add $c, conv, $addCtls, $addT, $_, $_), conv>;
  def : AddAfterConvToBiasAdd<(TFG_AddV2Op:$add conv, $c, $addCtls, $addT, $_, $_), conv>;
  def : AddAfterConvToBiasAdd<(TFG_AddV2Op:$add $c, conv, $addCtls, $addT, $_, $_), conv>;
}
defm Conv2DAddToBiasAdd : AddAfterConv<
  (TFG_Conv2DOp:$conv $x, $w, $convCtls, $T, $strides, $cudnn, $padding,
     $explicitPaddings, $format, $dilations, $_, $_)>;
defm DepthwiseAddToBiasAdd : AddAfterConv<
  (TFG_DepthwiseConv2dNativeOp:$conv $x, $w, $convCtls, $T, $strides,
     $padding, $explicitPaddings, $format, $dilations, $_, $_)>;
defm MatMulAddToBiasAdd : AddAfterConv<
  (TFG_MatMulOp:$conv $x, $w, $convCtls, $ta, $tb, $T, $ga, $gb, $_, $_)>;
defm Conv2DBackpropInputAddToBiasAdd : AddAfterConv<
  (TFG_Conv2DBackpropInputOp:$conv $sizes, $w, $dy, $convCtls, $T, $strides,
     $cudnn, $padding, $explicitPaddings, $format, $dilations, $_, $_)>;
