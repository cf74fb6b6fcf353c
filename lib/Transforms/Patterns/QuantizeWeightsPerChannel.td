//===- QuantizeWeightsPerChannel.td - int8 weights per channel -*- tablegen -*-===//
//
// Patterns of tfg-quantize-weights{mode=int8-per-channel}: the weights of a
// Conv2D, DepthwiseConv2dNative, MatMul, Conv2DBackpropInput (and the
// TensorFlow.js fused _FusedConv2D, FusedDepthwiseConv2dNative,
// _FusedMatMul), stored as symmetric int8 with one scale per output channel:
//
//   w = Const(float)  ->  w_quantized_const = Const(int8)      q
//                         w_quantized_scale = Const(float)     s, one per
//                                                              output channel
//                         w_quantized_cast  = Cast(w_quantized_const) to float
//                         w = Mul(w_quantized_cast, w_quantized_scale)
//
// with s = max|w| / 127 over the channel and q = round(w / s). Cast + Mul
// run on every TensorFlow (and TensorFlow.js, TFLite's converter), and
// compute float(q) * s exactly as Dequantize(SCALED) would; see
// docs/design.md. A Const is rewritten only when every use of it (through
// Identity chains) is the weights operand of such a node, with one channel
// layout.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

// (TFG_IsChannelWeights $const__1): a finite f32 Const used only as the
// weights of conv-like / matmul nodes that agree on its output-channel axes.
def TFG_IsChannelWeights : Constraint<
  CPred<"::mlir::tfg::isChannelWeightsConst($0)">,
  "float weights of conv-like or matmul nodes, nothing else">;

// Const(int8) q, named <const>_quantized_const; Const(float) s, shaped to
// broadcast over the weights' output-channel axes, <const>_quantized_scale.
def TFG_Int8WeightsConst : NativeCodeCall<
  "::mlir::tfg::createInt8WeightsConst($_builder, $0)">;
def TFG_ChannelScaleConst : NativeCodeCall<
  "::mlir::tfg::createChannelScaleConst($_builder, $0)">;

def TFG_I8TypeAttr : TFG_TypeAttrOf<"$_builder.getIntegerType(8)">;

def QuantizeWeightsInt8PerChannel : Pattern<
  (TFG_ConstOp:$node $ctls, $value, $dtype, $_, $_),
  [(TFG_CastOp:$cast (TFG_Int8WeightsConst $node__1), (TFG_NoControlOperands),
       (TFG_I8TypeAttr), (TFG_F32TypeAttr), (TFG_FalseAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameAsWithSuffix<"_quantized_cast"> $cast__1, $node__1),
   (TFG_MulOp:$mul $cast__0, (TFG_ChannelScaleConst $node__1), $ctls,
       (TFG_F32TypeAttr), (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameAs $mul__1, $node__1),
   (replaceWithValue $mul__0),
   (replaceWithValue $mul__1)],
  [(TFG_IsChannelWeights $node__1)]>;
