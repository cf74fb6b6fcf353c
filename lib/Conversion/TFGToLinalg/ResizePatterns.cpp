//===- ResizePatterns.cpp - ResizeBilinear/NearestNeighbor, CropAndResize -===//
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

/// CropAndResize: crops[b, y, x, d] samples image[box_ind[b]] at TensorFlow's
/// source coordinates (crop_and_resize_op.cc), computed in f32 as there:
///   in_y = y1 * (h - 1) + y * ((y2 - y1) * (h - 1) / (crop_h - 1)),
/// or 0.5 * (y1 + y2) * (h - 1) (in double, then f32) when crop_h == 1;
/// likewise in_x. y1 > y2 flips the crop. A sample outside [0, h - 1] x
/// [0, w - 1] is extrapolation_value; bilinear mixes the floor/ceil
/// neighbours, nearest rounds half away from zero (roundf). The boxes are
/// data, so every read index is clamped into the image (an extrapolated
/// sample still reads somewhere, and box_ind is clamped into the batch as
/// Gather's indices are; TensorFlow rejects it instead). A non-finite
/// coordinate is extrapolated (TensorFlow rejects non-finite boxes).
struct CropAndResizeLowering : OpConversionPattern<CropAndResizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CropAndResizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands()).take_front(4);
    // The number of boxes may be dynamic (boxes that come out of Where or
    // NonMaxSuppression); the image sizes the coordinates and clamps, so
    // it stays static.
    auto types = requireRankedOperands(op, data.take_front(3));
    if (failed(types))
      return failure();
    if (failed(requireStaticDims(op, data[0], {0, 1, 2, 3}, "the image")))
      return failure();
    auto cropSize = requireConstantInts(op, data[3], "crop_size");
    if (failed(cropSize))
      return failure();
    RankedTensorType image = (*types)[0], boxes = (*types)[1],
                     boxInd = (*types)[2];
    if (image.getRank() != 4)
      return nodeError(op, "image " + typeStr(image) + " must be 4-D (NHWC)");
    if (image.getDimSize(1) <= 0 || image.getDimSize(2) <= 0)
      return nodeError(op, "image " + typeStr(image) +
                               " must have a positive height and width");
    int64_t numBoxes = boxes.getRank() == 2 ? boxes.getDimSize(0) : -1;
    if (boxes.getRank() != 2 || boxes.getDimSize(1) != 4)
      return nodeError(op,
                       "boxes " + typeStr(boxes) + " must be [num_boxes, 4]");
    // A dynamic count on either side is compared at run time (below).
    if (boxInd.getRank() != 1 ||
        (!ShapedType::isDynamic(numBoxes) && !boxInd.isDynamicDim(0) &&
         boxInd.getDimSize(0) != numBoxes))
      return nodeError(op, "box_ind " + typeStr(boxInd) + " must be [" +
                               (ShapedType::isDynamic(numBoxes)
                                    ? std::string("?")
                                    : std::to_string(numBoxes)) +
                               "], one per box");
    if (cropSize->size() != 2 || (*cropSize)[0] <= 0 || (*cropSize)[1] <= 0)
      return nodeError(op, "crop_size must be two positive integers "
                           "[crop_height, crop_width]");
    int64_t batch = image.getDimSize(0);
    if (numBoxes != 0 && batch == 0)
      return nodeError(op, "boxes crop an empty batch " + typeStr(image));
    // Known box indices are checked as TensorFlow does at run time.
    if (DenseElementsAttr known = getConstantElements(data[2]))
      for (APInt value : known.getValues<APInt>())
        if (value.getSExtValue() < 0 || value.getSExtValue() >= batch)
          return nodeError(op, "box_ind " + Twine(value.getSExtValue()) +
                                   " is outside [0, " + Twine(batch) + ")");
    Type elementType = image.getElementType();
    if (!isa<FloatType, IntegerType>(elementType) || elementType.isInteger(1))
      return nodeError(op, "image dtype " + typeStr(elementType) +
                               " is not lowered");
    bool bilinear = !op.getMethod() || *op.getMethod() == "bilinear";
    float extrapolation = 0;
    if (auto value = op.getExtrapolationValue())
      extrapolation = value->convertToFloat();
    int64_t cropH = (*cropSize)[0], cropW = (*cropSize)[1];
    int64_t imageH = image.getDimSize(1), imageW = image.getDimSize(2);
    Value imageValue = data[0], boxesValue = data[1], boxIndValue = data[2];
    // A dynamic count on either side is checked before the call when both
    // are the function's inputs; a count computed inside is not, so the
    // crops are as many as the shorter of the two (TensorFlow rejects
    // unequal counts), and every read of boxes and box_ind stays inside.
    OpFoldResult count = rewriter.getIndexAttr(numBoxes);
    if (boxes.isDynamicDim(0) || boxInd.isDynamicDim(0)) {
      Location loc = op.getLoc();
      OpFoldResult boxesCount = dimSize(rewriter, loc, boxesValue, 0),
                   boxIndCount = dimSize(rewriter, loc, boxIndValue, 0);
      std::optional<DimRoot> boxIndRoot;
      if (boxInd.isDynamicDim(0))
        boxIndRoot = traceDim(boxIndValue, 0);
      if (boxes.isDynamicDim(0))
        recordRunTimeDimCheck(rewriter, loc, traceDim(boxesValue, 0),
                              boxIndRoot, boxInd.getDimSize(0));
      else
        recordRunTimeDimCheck(rewriter, loc, *boxIndRoot, std::nullopt,
                              numBoxes);
      bool sameRoot = boxes.isDynamicDim(0) && boxIndRoot &&
                      traceDim(boxesValue, 0) == *boxIndRoot;
      count = sameRoot ? boxesCount
                       : OpFoldResult(arith::MinSIOp::create(
                                          rewriter, loc,
                                          sizeValue(rewriter, loc, boxesCount),
                                          sizeValue(rewriter, loc, boxIndCount))
                                          .getResult());
    }
    SmallVector<OpFoldResult> outShape{
        count, rewriter.getIndexAttr(cropH), rewriter.getIndexAttr(cropW),
        rewriter.getIndexAttr(image.getDimSize(3))};
    Type f32 = rewriter.getF32Type();
    Value result = buildElementwise(
        rewriter, op.getLoc(), {}, outShape, f32,
        [&](OpBuilder &b, Location l, ValueRange) -> Value {
          auto index = [&](int64_t v) {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          auto constF32 = [&](double v) { return createScalar(b, l, f32, v); };
          auto toF32 = [&](Value i) -> Value {
            return arith::SIToFPOp::create(
                b, l, f32, arith::IndexCastOp::create(b, l, b.getI64Type(), i));
          };
          // Clamped as a float first: fptosi of NaN or of a value out of
          // range is poison (maxnumf takes 0 for NaN).
          auto clampIndex = [&](Value f, int64_t size) -> Value {
            f = arith::MaxNumFOp::create(b, l, f, constF32(0));
            f = arith::MinNumFOp::create(b, l, f, constF32(double(size - 1)));
            return arith::IndexCastOp::create(
                b, l, b.getIndexType(),
                arith::FPToSIOp::create(b, l, b.getI64Type(), f));
          };
          Value box = linalg::IndexOp::create(b, l, 0),
                d = linalg::IndexOp::create(b, l, 3);
          Value batchIndex = arith::IndexCastOp::create(
              b, l, b.getIndexType(),
              tensor::ExtractOp::create(b, l, boxIndValue, box));
          batchIndex = arith::MinSIOp::create(
              b, l, arith::MaxSIOp::create(b, l, batchIndex, index(0)),
              index(batch - 1));
          // One axis: its source coordinate and whether it is inside.
          auto coordinate = [&](int dim, int64_t crop, int64_t size,
                                Value &inside) -> Value {
            Value c1 = tensor::ExtractOp::create(b, l, boxesValue,
                                                 ValueRange{box, index(dim)});
            Value c2 = tensor::ExtractOp::create(
                b, l, boxesValue, ValueRange{box, index(dim + 2)});
            Value last = constF32(double(size - 1));
            Value in;
            if (crop > 1) {
              Value scale = arith::DivFOp::create(
                  b, l,
                  arith::MulFOp::create(
                      b, l, arith::SubFOp::create(b, l, c2, c1), last),
                  constF32(double(crop - 1)));
              Value o = toF32(linalg::IndexOp::create(b, l, 1 + dim));
              in = arith::AddFOp::create(b, l,
                                         arith::MulFOp::create(b, l, c1, last),
                                         arith::MulFOp::create(b, l, o, scale));
            } else {
              Type f64 = b.getF64Type();
              Value sum = arith::ExtFOp::create(
                  b, l, f64, arith::AddFOp::create(b, l, c1, c2),
                  arith::FastMathFlagsAttr());
              Value mid = arith::MulFOp::create(
                  b, l,
                  arith::MulFOp::create(b, l, createScalar(b, l, f64, 0.5),
                                        sum),
                  createScalar(b, l, f64, double(size - 1)));
              in = arith::TruncFOp::create(b, l, f32, mid);
            }
            // Ordered comparisons: a NaN coordinate is outside.
            inside = arith::AndIOp::create(
                b, l,
                arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGE, in,
                                      constF32(0)),
                arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, in,
                                      last));
            return in;
          };
          Value insideY, insideX;
          Value inY = coordinate(0, cropH, imageH, insideY);
          Value inX = coordinate(1, cropW, imageW, insideX);
          auto read = [&](Value y, Value x) -> Value {
            Value v = tensor::ExtractOp::create(
                b, l, imageValue, ValueRange{batchIndex, y, x, d});
            return castScalar(b, l, v, f32);
          };
          Value value;
          if (bilinear) {
            Value top = math::FloorOp::create(b, l, inY),
                  left = math::FloorOp::create(b, l, inX);
            Value yLerp = arith::SubFOp::create(b, l, inY, top),
                  xLerp = arith::SubFOp::create(b, l, inX, left);
            Value y0 = clampIndex(top, imageH),
                  y1 = clampIndex(math::CeilOp::create(b, l, inY), imageH),
                  x0 = clampIndex(left, imageW),
                  x1 = clampIndex(math::CeilOp::create(b, l, inX), imageW);
            auto mix = [&](Value a, Value z, Value t) -> Value {
              return arith::AddFOp::create(
                  b, l, a,
                  arith::MulFOp::create(b, l, arith::SubFOp::create(b, l, z, a),
                                        t));
            };
            Value topValue = mix(read(y0, x0), read(y0, x1), xLerp);
            Value bottomValue = mix(read(y1, x0), read(y1, x1), xLerp);
            value = mix(topValue, bottomValue, yLerp);
          } else {
            value = read(clampIndex(math::RoundOp::create(b, l, inY), imageH),
                         clampIndex(math::RoundOp::create(b, l, inX), imageW));
          }
          Value inside = arith::AndIOp::create(b, l, insideY, insideX);
          return arith::SelectOp::create(b, l, inside, value,
                                         constF32(extrapolation));
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
  patterns.add<CropAndResizeLowering>(patterns.getContext());
}
