//===- QuantizeWeights.td - Float weights as 8 bits -------*- tablegen -*-===//
//
// Patterns of tfg-quantize-weights. The pass picks the candidates (float
// Consts of at least `minimum-size` elements) and the pattern set of its
// mode; the patterns rewrite one Const each.
//
// mode=tensorflow, TensorFlow's quantize_weights, byte for byte:
//
//   w = Const(float)  ->  w_quantized_const = Const(quint8)
//                         w_quantized_min   = Const(float scalar)
//                         w_quantized_max   = Const(float scalar)
//                         w = Dequantize(w_quantized_const, w_quantized_min,
//                                        w_quantized_max) {T = quint8,
//                                        mode = "MIN_FIRST"}
//
// The range and the bytes are computed as TensorFlow's tool computes them
// (QuantizeWeights.cpp). The Dequantize takes over the Const's name, so its
// consumers, and graph outputs, are unchanged; it also takes the Const's
// control inputs (a Const inside a cond branch stays dead with its branch).
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

// (TFG_IsQuantizableFloatConst $const__1): an f32 Const with a static shape
// whose values are all finite (an inf or NaN would make the range useless).
def TFG_IsQuantizableFloatConst : Constraint<
  CPred<"::mlir::tfg::isQuantizableFloatConst($0)">,
  "a float constant with finite values">;

// Const(quint8) holding the quantized values, named <const>_quantized_const;
// Const(min) / Const(max) of TensorFlow's range, <const>_quantized_min/_max.
def TFG_MinFirstQuantizedConst : NativeCodeCall<
  "::mlir::tfg::createMinFirstQuantizedConst($_builder, $0)">;
def TFG_MinFirstRangeMin : NativeCodeCall<
  "::mlir::tfg::createMinFirstRangeConst($_builder, $0, /*max=*/false)">;
def TFG_MinFirstRangeMax : NativeCodeCall<
  "::mlir::tfg::createMinFirstRangeConst($_builder, $0, /*max=*/true)">;

def TFG_Quint8TypeAttr : TFG_TypeAttrOf<
  "::mlir::tfg::Quint8Type::get($_builder.getContext())">;

def QuantizeWeightsMinFirst : Pattern<(TFG_ConstOp:$node $ctls, $value, $dtype, $_, $_),
  [(TFG_DequantizeOp:$dequantize
       (TFG_MinFirstQuantizedConst $node__1), (TFG_MinFirstRangeMin $node__1),
       (TFG_MinFirstRangeMax $node__1), $ctls,
       (TFG_Quint8TypeAttr), (TFG_StringAttrOf<"MIN_FIRST">), (TFG_FalseAttr),
       (TFG_I64AttrOf<-1>), (TFG_F32TypeAttr),
       (TFG_Unset), (TFG_Unset),
       (returnType $node__0, $node__1)),
   (TFG_NameAs $dequantize__1, $node__1),
   (replaceWithValue $dequantize__0),
   (replaceWithValue $dequantize__1)],
  [(TFG_IsQuantizableFloatConst $node__1)]>;
