//===- FoldOldBatchNorms.td - Batch norms into scale and bias -*- tablegen -*-===//
//
// Patterns of tfg-fold-old-batch-norms (TensorFlow's fold_old_batch_norms).
// An inference-mode batch norm after a conv-like node (Conv2D,
// DepthwiseConv2dNative, MatMul; a BiasAdd in between is fine), with
// constant statistics, computes x * s + o per channel, with
//   s = gamma * rsqrt(variance + epsilon),   o = beta - mean * s
// (in float, as TensorFlow does). It becomes BiasAdd(Mul(x, s), o); the
// patterns of FoldBatchNorms.td then fold the Mul into the weights and the
// biases into one: Conv(x, W * s) + BiasAdd.
//
//===----------------------------------------------------------------------===//

include "TFG/Dialect/IR/TFGOps.td"
include "TFG/Transforms/Utils/RewriteUtils.td"

// (TFG_IsFoldableBatchNorm $bn__ctl): inference mode, constant float
// statistics of one size C, 4-D NHWC/NCHW (or 2-D after MatMul), only its
// `y` output used, and its input computed by a conv-like node (through at
// most one BiasAdd).
def TFG_IsFoldableBatchNorm : Constraint<
  CPred<"::mlir::tfg::isFoldableBatchNorm($0)">,
  "inference-mode batch norm with constant statistics after a conv">;

// Const(s) (shaped to broadcast over the batch norm's channel axis) and
// Const(o), named <batch norm>/scale and /offset.
def TFG_BatchNormScale : NativeCodeCall<
  "::mlir::tfg::createBatchNormScale($_builder, $0)">;
def TFG_BatchNormOffset : NativeCodeCall<
  "::mlir::tfg::createBatchNormOffset($_builder, $0)">;

// The data_format for the BiasAdd (the batch norm's, NHWC by default).
def TFG_BatchNormFormat : NativeCodeCall<
  "::mlir::tfg::getBatchNormFormat($0)">;


def FoldFusedBatchNorm : Pattern<
  (TFG_FusedBatchNormOp:$bn $x, $scale, $offset, $mean, $variance, $ctls, $T,
     $epsilon, $avgFactor, $format, $isTraining, $_, $_),
  [(TFG_MulOp:$mul $x, (TFG_BatchNormScale $bn__5), (TFG_NoControlOperands), $T,
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__5)),
   (TFG_NameUniqueWithSuffix<"/scaled"> $mul__1, $bn__5),
   (TFG_BiasAddOp:$biasAdd $mul__0, (TFG_BatchNormOffset $bn__5),
       (TFG_NoControlOperands), $T, (TFG_BatchNormFormat $bn__5),
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__5)),
   (TFG_NameAs $biasAdd__1, $bn__5),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (TFG_RerouteControl $bn__5, $biasAdd__0)],
  [(TFG_IsFoldableBatchNorm $bn__5)]>;

def FoldFusedBatchNormV2 : Pattern<
  (TFG_FusedBatchNormV2Op:$bn $x, $scale, $offset, $mean, $variance, $ctls, $T,
     $U, $epsilon, $avgFactor, $format, $isTraining, $_, $_),
  [(TFG_MulOp:$mul $x, (TFG_BatchNormScale $bn__5), (TFG_NoControlOperands), $T,
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__5)),
   (TFG_NameUniqueWithSuffix<"/scaled"> $mul__1, $bn__5),
   (TFG_BiasAddOp:$biasAdd $mul__0, (TFG_BatchNormOffset $bn__5),
       (TFG_NoControlOperands), $T, (TFG_BatchNormFormat $bn__5),
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__5)),
   (TFG_NameAs $biasAdd__1, $bn__5),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (TFG_RerouteControl $bn__5, $biasAdd__0)],
  [(TFG_IsFoldableBatchNorm $bn__5)]>;

def FoldFusedBatchNormV3 : Pattern<
  (TFG_FusedBatchNormV3Op:$bn $x, $scale, $offset, $mean, $variance, $ctls, $T,
     $U, $epsilon, $avgFactor, $format, $isTraining, $_, $_),
  [(TFG_MulOp:$mul $x, (TFG_BatchNormScale $bn__6), (TFG_NoControlOperands), $T,
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__6)),
   (TFG_NameUniqueWithSuffix<"/scaled"> $mul__1, $bn__6),
   (TFG_BiasAddOp:$biasAdd $mul__0, (TFG_BatchNormOffset $bn__6),
       (TFG_NoControlOperands), $T, (TFG_BatchNormFormat $bn__6),
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__6)),
   (TFG_NameAs $biasAdd__1, $bn__6),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (replaceWithValue $biasAdd__0),
   (TFG_RerouteControl $bn__6, $biasAdd__0)],
  [(TFG_IsFoldableBatchNorm $bn__6)]>;

def FoldBatchNormWithGlobalNormalization : Pattern<
  (TFG_BatchNormWithGlobalNormalizationOp:$bn $x, $mean, $variance, $beta,
     $gamma, $ctls, $T, $epsilon, $scaleAfterNormalization, $_, $_),
  [(TFG_MulOp:$mul $x, (TFG_BatchNormScale $bn__1), (TFG_NoControlOperands), $T,
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__1)),
   (TFG_NameUniqueWithSuffix<"/scaled"> $mul__1, $bn__1),
   (TFG_BiasAddOp:$biasAdd $mul__0, (TFG_BatchNormOffset $bn__1),
       (TFG_NoControlOperands), $T, (TFG_BatchNormFormat $bn__1),
       (TFG_Unset), (TFG_Unset),
       (returnType $bn__0, $bn__1)),
   (TFG_NameAs $biasAdd__1, $bn__1),
   (replaceWithValue $biasAdd__0),
   (TFG_RerouteControl $bn__1, $biasAdd__0)],
  [(TFG_IsFoldableBatchNorm $bn__1)]>;

