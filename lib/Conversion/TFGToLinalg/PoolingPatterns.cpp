//===- PoolingPatterns.cpp - MaxPool, AvgPool -----------------------------===//
//
// linalg.pooling_nhwc_max / _sum. SAME padding pads with -inf for max; an
// average divides by the number of input (not padding) elements in each
// window, as TensorFlow does: a constant computed here for static spatial
// dimensions, computed per output element for dynamic ones.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

/// AvgPool over dynamic spatial dimensions: each output element divided by
/// the number of input elements its window covers, (min(start + k, in) -
/// max(start, 0)) per axis with start = o * stride - pad_before, as
/// TensorFlow's kernel counts them.
Value divideByDynamicWindowCounts(OpBuilder &b, Location loc, Value sums,
                                  const SmallVector<OpFoldResult> &outShape,
                                  OpFoldResult inSizes[2],
                                  MixedWindowDim dims[2], int64_t kernel[2],
                                  int64_t stride[2]) {
  Value in[2], padBefore[2];
  for (int i = 0; i < 2; ++i) {
    in[i] = sizeValue(b, loc, inSizes[i]);
    padBefore[i] = sizeValue(b, loc, dims[i].padBefore);
  }
  Type elementType = elementTypeOf(sums);
  return buildElementwise(
      b, loc, {sums}, outShape, elementType,
      [&](OpBuilder &b, Location l, ValueRange a) -> Value {
        auto index = [&](int64_t v) -> Value {
          return arith::ConstantIndexOp::create(b, l, v);
        };
        Value count = index(1);
        for (int i = 0; i < 2; ++i) {
          Value o = linalg::IndexOp::create(b, l, 1 + i);
          Value start = arith::SubIOp::create(
              b, l, arith::MulIOp::create(b, l, o, index(stride[i])),
              padBefore[i]);
          Value end = arith::MinSIOp::create(
              b, l, arith::AddIOp::create(b, l, start, index(kernel[i])),
              in[i]);
          Value covered = arith::SubIOp::create(
              b, l, end, arith::MaxSIOp::create(b, l, start, index(0)));
          count = arith::MulIOp::create(b, l, count, covered);
        }
        // Exact in f32 for any window that fits in memory (as the static
        // path's f32 constants).
        Value countF32 = arith::SIToFPOp::create(
            b, l, b.getF32Type(),
            arith::IndexCastOp::create(b, l, b.getI64Type(), count));
        return arith::DivFOp::create(
            b, l, a[0], castScalar(b, l, countF32, a[0].getType()));
      });
}

template <typename OpT, bool IsMax>
struct PoolLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The batch and the spatial dimensions may be dynamic (output sizes and
    // SAME padding are then computed at run time); the channels may be too.
    auto types = requireRankedOperands(op, adaptor.getOperands().take_front(1));
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0];
    Type elementType = type.getElementType();
    if (type.getRank() != 4 || !isa<FloatType>(elementType))
      return nodeError(op, "only 4-D float pooling is lowered");
    Location loc = op.getLoc();
    bool nchw = op.getDataFormat() && *op.getDataFormat() == "NCHW";
    int64_t h = nchw ? 2 : 1, w = nchw ? 3 : 2;
    auto at = [](ArrayAttr list, int64_t i) {
      return cast<IntegerAttr>(list[i]).getInt();
    };
    ArrayAttr ksize = op.getKsize(), strides = op.getStrides();
    if (ksize.size() != 4 || strides.size() != 4 || at(ksize, 0) != 1 ||
        at(ksize, nchw ? 1 : 3) != 1)
      return nodeError(op, "only spatial pooling windows are lowered");
    Value input = adaptor.getOperands().front();
    if (nchw)
      input = transpose(rewriter, loc, input, {0, 2, 3, 1});
    int64_t kernel[2] = {at(ksize, h), at(ksize, w)};
    int64_t stride[2] = {at(strides, h), at(strides, w)};
    if (kernel[0] < 1 || kernel[1] < 1)
      return nodeError(op, "ksize must be positive");
    OpFoldResult inSizes[2] = {dimSize(rewriter, loc, input, 1),
                               dimSize(rewriter, loc, input, 2)};
    MixedWindowDim dims[2];
    for (int i = 0; i < 2; ++i) {
      auto dim = computeMixedWindowDim(op, rewriter, loc, op.getPadding(),
                                       inSizes[i], kernel[i], stride[i], 1);
      if (failed(dim))
        return failure();
      dims[i] = *dim;
    }
    Value padValue = IsMax ? createLowest(rewriter, loc, elementType)
                           : createScalar(rewriter, loc, elementType, 0);
    OpFoldResult zeroPad = rewriter.getIndexAttr(0);
    input = padConstantMixed(
        rewriter, loc, input,
        {zeroPad, dims[0].padBefore, dims[1].padBefore, zeroPad},
        {zeroPad, dims[0].padAfter, dims[1].padAfter, zeroPad}, padValue);
    SmallVector<OpFoldResult> outShape{
        dimSize(rewriter, loc, adaptor.getOperands().front(), 0),
        dims[0].outSize, dims[1].outSize, dimSize(rewriter, loc, input, 3)};
    Value init = createFilled(rewriter, loc, outShape, padValue);
    Value window =
        createEmpty(rewriter, loc, {kernel[0], kernel[1]}, elementType);
    auto stridesAttr = i64Elements(rewriter, stride);
    auto dilationsAttr = i64Elements(rewriter, {1, 1});
    Value result;
    if (IsMax) {
      result = linalg::PoolingNhwcMaxOp::create(
                   rewriter, loc, TypeRange{init.getType()},
                   ValueRange{input, window}, ValueRange{init}, stridesAttr,
                   dilationsAttr)
                   .getResult(0);
    } else {
      result = linalg::PoolingNhwcSumOp::create(
                   rewriter, loc, TypeRange{init.getType()},
                   ValueRange{input, window}, ValueRange{init}, stridesAttr,
                   dilationsAttr)
                   .getResult(0);
      std::optional<int64_t> staticIn[2] = {getConstantIntValue(inSizes[0]),
                                            getConstantIntValue(inSizes[1])};
      if (!staticIn[0] || !staticIn[1]) {
        result = divideByDynamicWindowCounts(rewriter, loc, result, outShape,
                                             inSizes, dims, kernel, stride);
        if (nchw)
          result = transpose(rewriter, loc, result, {0, 3, 1, 2});
        replaceNode(rewriter, op, result);
        return success();
      }
      int64_t padBefore[2] = {*getConstantIntValue(dims[0].padBefore),
                              *getConstantIntValue(dims[1].padBefore)};
      int64_t outSize[2] = {*getConstantIntValue(dims[0].outSize),
                            *getConstantIntValue(dims[1].outSize)};
      // Elements of the unpadded input in each window.
      SmallVector<float> counts;
      for (int64_t y = 0; y < outSize[0]; ++y)
        for (int64_t x = 0; x < outSize[1]; ++x) {
          auto covered = [&](int i, int64_t o) {
            int64_t start = o * stride[i] - padBefore[i];
            int64_t end = std::min(start + kernel[i], *staticIn[i]);
            return end - std::max<int64_t>(start, 0);
          };
          counts.push_back(float(covered(0, y) * covered(1, x)));
        }
      auto countType = RankedTensorType::get({outSize[0], outSize[1], 1},
                                             rewriter.getF32Type());
      Value count = arith::ConstantOp::create(
          rewriter, loc, DenseElementsAttr::get(countType, ArrayRef(counts)));
      result = buildElementwise(
          rewriter, loc, {result, count}, outShape, elementType,
          [](OpBuilder &b, Location l, ValueRange a) -> Value {
            Value c = castScalar(b, l, a[1], a[0].getType());
            return arith::DivFOp::create(b, l, a[0], c);
          });
    }
    if (nchw)
      result = transpose(rewriter, loc, result, {0, 3, 1, 2});
    replaceNode(rewriter, op, result);
    return success();
  }
};

} // namespace

void lowering::populatePoolingPatterns(RewritePatternSet &patterns) {
  patterns.add<PoolLowering<MaxPoolOp, true>, PoolLowering<AvgPoolOp, false>>(
      patterns.getContext());
}
