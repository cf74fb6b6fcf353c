//===- PoolingPatterns.cpp - MaxPool, AvgPool -----------------------------===//
//
// linalg.pooling_nhwc_max / _sum. SAME padding pads with -inf for max; an
// average divides by the number of input (not padding) elements in each
// window, as TensorFlow does, a constant computed here.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

template <typename OpT, bool IsMax>
struct PoolLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The batch may be dynamic; the windows need static spatial sizes.
    auto types = requireRankedOperands(op, adaptor.getOperands().take_front(1));
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0];
    Type elementType = type.getElementType();
    if (type.getRank() != 4 || !isa<FloatType>(elementType))
      return nodeError(op, "only 4-D float pooling is lowered");
    if (failed(requireStaticDims(op, adaptor.getOperands().front(), {1, 2, 3},
                                 "input 0")))
      return failure();
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
    auto inType = cast<RankedTensorType>(input.getType());
    int64_t kernel[2] = {at(ksize, h), at(ksize, w)};
    int64_t stride[2] = {at(strides, h), at(strides, w)};
    WindowDim dims[2];
    for (int i = 0; i < 2; ++i) {
      auto dim = computeWindowDim(op, op.getPadding(), inType.getDimSize(1 + i),
                                  kernel[i], stride[i], 1);
      if (failed(dim))
        return failure();
      dims[i] = *dim;
    }
    Value padValue = IsMax ? createLowest(rewriter, loc, elementType)
                           : createScalar(rewriter, loc, elementType, 0);
    input = padConstant(rewriter, loc, input,
                        {0, dims[0].padBefore, dims[1].padBefore, 0},
                        {0, dims[0].padAfter, dims[1].padAfter, 0}, padValue);
    SmallVector<OpFoldResult> outShape{
        dimSize(rewriter, loc, adaptor.getOperands().front(), 0),
        rewriter.getIndexAttr(dims[0].outSize),
        rewriter.getIndexAttr(dims[1].outSize),
        rewriter.getIndexAttr(inType.getDimSize(3))};
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
      // Elements of the unpadded input in each window.
      SmallVector<float> counts;
      for (int64_t y = 0; y < dims[0].outSize; ++y)
        for (int64_t x = 0; x < dims[1].outSize; ++x) {
          auto covered = [&](int i, int64_t o) {
            int64_t start = o * stride[i] - (i ? dims[1] : dims[0]).padBefore;
            int64_t end = std::min(start + kernel[i], inType.getDimSize(1 + i));
            return end - std::max<int64_t>(start, 0);
          };
          counts.push_back(float(covered(0, y) * covered(1, x)));
        }
      auto countType = RankedTensorType::get(
          {dims[0].outSize, dims[1].outSize, 1}, rewriter.getF32Type());
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
