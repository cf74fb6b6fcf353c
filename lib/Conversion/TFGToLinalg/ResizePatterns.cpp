//===- ResizePatterns.cpp - ResizeBilinear, ResizeNearestNeighbor ---------===//
//
// One linalg.generic over the NHWC output; each element reads the input
// with tensor.extract at the source coordinates TensorFlow's kernels
// compute (align_corners, half_pixel_centers and the legacy mapping).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

template <typename OpT, bool Bilinear>
struct ResizeLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands()).take_front(2);
    auto types = requireStaticOperands(op, data.take_front(1));
    if (failed(types))
      return failure();
    auto size = requireConstantInts(op, data[1], "size");
    if (failed(size))
      return failure();
    RankedTensorType type = (*types)[0];
    if (type.getRank() != 4 || size->size() != 2)
      return nodeError(op,
                       "images must be 4-D (NHWC) and size [height, width]");
    Type elementType = type.getElementType();
    if (!isa<FloatType>(elementType))
      return nodeError(op, "only float images are lowered");
    auto flag = [&](StringRef name) {
      auto attr = op->template getAttrOfType<BoolAttr>(name);
      return attr && attr.getValue();
    };
    bool alignCorners = flag("align_corners"),
         halfPixel = flag("half_pixel_centers");
    ArrayRef<int64_t> in = type.getShape();
    SmallVector<int64_t> outShape{in[0], (*size)[0], (*size)[1], in[3]};
    double scale[2];
    for (int i = 0; i < 2; ++i) {
      int64_t inSize = in[1 + i], outSize = outShape[1 + i];
      scale[i] = alignCorners && outSize > 1
                     ? float(inSize - 1) / float(outSize - 1)
                     : float(inSize) / float(outSize);
    }
    Value images = data[0];
    Location loc = op.getLoc();
    Value result = buildElementwise(
        rewriter, loc, {}, outShape, elementType,
        [&](OpBuilder &b, Location l, ValueRange) -> Value {
          auto index = [&](int64_t v) {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          auto f32 = [&](double v) {
            return createScalar(b, l, b.getF32Type(), v);
          };
          auto toIndex = [&](Value f) {
            return arith::IndexCastOp::create(
                b, l, b.getIndexType(),
                arith::FPToSIOp::create(b, l, b.getI64Type(), f));
          };
          Value n = linalg::IndexOp::create(b, l, 0),
                c = linalg::IndexOp::create(b, l, 3);
          Value lower[2], upper[2], lerp[2], nearest[2];
          for (int i = 0; i < 2; ++i) {
            Value o = arith::UIToFPOp::create(
                b, l, b.getF32Type(),
                arith::IndexCastOp::create(
                    b, l, b.getI64Type(),
                    linalg::IndexOp::create(b, l, 1 + i)));
            Value last = index(in[1 + i] - 1);
            if (halfPixel)
              o = arith::AddFOp::create(b, l, o, f32(0.5));
            Value src = arith::MulFOp::create(b, l, o, f32(scale[i]));
            if (Bilinear) {
              if (halfPixel)
                src = arith::SubFOp::create(b, l, src, f32(0.5));
              Value floor = math::FloorOp::create(b, l, src);
              lower[i] = arith::MaxSIOp::create(b, l, toIndex(floor), index(0));
              upper[i] = arith::MinSIOp::create(
                  b, l, toIndex(math::CeilOp::create(b, l, src)), last);
              lerp[i] = arith::SubFOp::create(b, l, src, floor);
            } else {
              Value rounded = alignCorners
                                  ? Value(math::RoundOp::create(b, l, src))
                                  : Value(math::FloorOp::create(b, l, src));
              nearest[i] = arith::MinSIOp::create(b, l, toIndex(rounded), last);
              nearest[i] = arith::MaxSIOp::create(b, l, nearest[i], index(0));
            }
          }
          auto read = [&](Value y, Value x) -> Value {
            Value v =
                tensor::ExtractOp::create(b, l, images, ValueRange{n, y, x, c});
            return castScalar(b, l, v, b.getF32Type());
          };
          Value value;
          if (Bilinear) {
            auto mix = [&](Value a, Value z, Value t) -> Value {
              return arith::AddFOp::create(
                  b, l, a,
                  arith::MulFOp::create(b, l, arith::SubFOp::create(b, l, z, a),
                                        t));
            };
            Value top = mix(read(lower[0], lower[1]), read(lower[0], upper[1]),
                            lerp[1]);
            Value bottom = mix(read(upper[0], lower[1]),
                               read(upper[0], upper[1]), lerp[1]);
            value = mix(top, bottom, lerp[0]);
          } else {
            value = read(nearest[0], nearest[1]);
          }
          return castScalar(b, l, value, elementType);
        });
    replaceNode(rewriter, op, result);
    return success();
  }
};

} // namespace

void lowering::populateResizePatterns(RewritePatternSet &patterns) {
  patterns.add<ResizeLowering<ResizeBilinearOp, true>,
               ResizeLowering<ResizeNearestNeighborOp, false>>(
      patterns.getContext());
}
