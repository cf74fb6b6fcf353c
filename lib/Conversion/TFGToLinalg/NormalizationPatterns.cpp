//===- NormalizationPatterns.cpp - FusedBatchNorm in inference mode -------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

/// FusedBatchNorm / V2 / V3 with is_training = false:
/// y = (x - mean) * rsqrt(variance + epsilon) * scale + offset along the
/// channels; the statistics outputs return the given mean and variance.
LogicalResult lowerFusedBatchNorm(Operation *node, ValueRange data,
                                  ConversionPatternRewriter &rewriter) {
  auto training = node->getAttrOfType<BoolAttr>("is_training");
  if (!training || training.getValue())
    return nodeError(node, "training-mode batch norm (is_training true or "
                           "absent) is not lowered: bind the training flag "
                           "and fold it for inference first");
  // x may have dynamic dimensions but its channels; the statistics are
  // static vectors.
  auto types = requireRankedOperands(node, data.take_front(1));
  auto statistics = requireStaticOperands(node, data.slice(1, 4));
  if (failed(types) || failed(statistics))
    return failure();
  types->append(*statistics);
  RankedTensorType type = (*types)[0];
  int64_t channelDim = type.getRank() - 1;
  if (auto format = node->getAttrOfType<StringAttr>("data_format");
      format && format.getValue().starts_with("NC"))
    channelDim = 1;
  if (failed(requireStaticDims(node, data[0], {channelDim}, "x")))
    return failure();
  double epsilon = 0.0001;
  if (auto attr = node->getAttrOfType<FloatAttr>("epsilon"))
    epsilon = attr.getValueAsDouble();
  Location loc = node->getLoc();
  SmallVector<Value> inputs{data[0]};
  for (int i = 1; i < 5; ++i) {
    if ((*types)[i].getRank() != 1 ||
        (*types)[i].getDimSize(0) != type.getDimSize(channelDim))
      return nodeError(node, "scale/offset/mean/variance must be [channels]");
    SmallVector<int64_t> shape(type.getRank() - channelDim, 1);
    shape[0] = type.getDimSize(channelDim);
    inputs.push_back(reshapeTo(rewriter, loc, data[i], shape));
  }
  Value y = buildElementwise(
      rewriter, loc, inputs, type.getShape(), type.getElementType(),
      [&](OpBuilder &b, Location l, ValueRange a) -> Value {
        Value eps = createScalar(b, l, a[0].getType(), epsilon);
        Value inv =
            math::RsqrtOp::create(b, l, arith::AddFOp::create(b, l, a[4], eps));
        Value centered = arith::SubFOp::create(b, l, a[0], a[3]);
        Value scaled = arith::MulFOp::create(
            b, l, arith::MulFOp::create(b, l, centered, inv), a[1]);
        return arith::AddFOp::create(b, l, scaled, a[2]);
      });
  SmallVector<Value> results{y, data[3], data[4], data[3], data[4]};
  if (getDataResults(node).size() == 6)
    results.push_back(data[4]);
  replaceNode(rewriter, node, results);
  return success();
}

} // namespace

void lowering::populateNormalizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *c = patterns.getContext();
  for (StringRef name :
       {"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"})
    patterns.add<NodeLowering>(name, c, lowerFusedBatchNorm);
}
