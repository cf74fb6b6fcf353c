//===- ResizePatterns.cpp - ResizeBilinear/NearestNeighbor, CropAndResize -===//
//
// One linalg.generic over the NHWC output; each element reads the input
// with tensor.extract at the source coordinates TensorFlow's kernels
// compute (align_corners, half_pixel_centers and the legacy mapping). The
// resizes take a size computed at run time (MTCNN's image pyramid) and
// images with dynamic dimensions; the scales are then computed at run
// time in f32, as TensorFlow's CalculateResizeScale does.
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
    auto types = requireRankedOperands(op, data);
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0], sizeType = (*types)[1];
    if (type.getRank() != 4 || sizeType.getRank() != 1 ||
        sizeType.getDimSize(0) != 2 ||
        !sizeType.getElementType().isSignlessInteger())
      return nodeError(op,
                       "images must be 4-D (NHWC) and size [height, width]");
    Location loc = op.getLoc();
    // The output size: constants stay static (TensorFlow rejects sizes
    // that are not positive), a size computed at run time is clamped at 0
    // (an empty output rather than a negative allocation).
    SmallVector<Value> sizeValues;
    auto partial = getPartialConstantInts(data[1], &sizeValues);
    SmallVector<OpFoldResult> outSizes;
    for (int64_t i = 0; i < 2; ++i) {
      std::optional<int64_t> known =
          succeeded(partial) ? (*partial)[i] : std::nullopt;
      if (known) {
        if (*known <= 0)
          return nodeError(op, "size must be positive, not " + Twine(*known));
        outSizes.push_back(rewriter.getIndexAttr(*known));
        continue;
      }
      Value v = succeeded(partial)
                    ? sizeValues[i]
                    : tensor::ExtractOp::create(
                          rewriter, loc, data[1],
                          ValueRange{
                              arith::ConstantIndexOp::create(rewriter, loc, i)})
                          .getResult();
      Value asIndex =
          arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), v);
      outSizes.push_back(arith::MaxSIOp::create(
                             rewriter, loc, asIndex,
                             arith::ConstantIndexOp::create(rewriter, loc, 0))
                             .getResult());
    }
    Type elementType = type.getElementType();
    if (!isa<FloatType>(elementType))
      return nodeError(op, "only float images are lowered");
    auto flag = [&](StringRef name) {
      auto attr = op->template getAttrOfType<BoolAttr>(name);
      return attr && attr.getValue();
    };
    bool alignCorners = flag("align_corners"),
         halfPixel = flag("half_pixel_centers");
    Value images = data[0];
    OpFoldResult inSizes[2] = {dimSize(rewriter, loc, images, 1),
                               dimSize(rewriter, loc, images, 2)};
    // Per axis: the scale and the last input index, constants when both
    // sizes are static, else computed once before the loop.
    std::optional<double> staticScale[2];
    Value dynamicScale[2], dynamicLast[2];
    for (int i = 0; i < 2; ++i) {
      std::optional<int64_t> inSize = getConstantIntValue(inSizes[i]),
                             outSize = getConstantIntValue(outSizes[i]);
      if (inSize && outSize) {
        staticScale[i] = alignCorners && *outSize > 1
                             ? float(*inSize - 1) / float(*outSize - 1)
                             : float(*inSize) / float(*outSize);
        continue;
      }
      Type f32 = rewriter.getF32Type();
      auto toF32 = [&](Value index) -> Value {
        return arith::SIToFPOp::create(
            rewriter, loc, f32,
            arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                       index));
      };
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      Value in = sizeValue(rewriter, loc, inSizes[i]),
            out = sizeValue(rewriter, loc, outSizes[i]);
      dynamicLast[i] = arith::SubIOp::create(rewriter, loc, in, one);
      Value plain = arith::DivFOp::create(rewriter, loc, toF32(in), toF32(out));
      if (alignCorners) {
        Value corners = arith::DivFOp::create(
            rewriter, loc, toF32(dynamicLast[i]),
            toF32(arith::SubIOp::create(rewriter, loc, out, one)));
        Value useCorners = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::sgt, out, one);
        plain =
            arith::SelectOp::create(rewriter, loc, useCorners, corners, plain);
      }
      dynamicScale[i] = plain;
      // An empty input dimension has nothing to read: the output is empty
      // there too (TensorFlow rejects it).
      if (!inSize) {
        Value empty = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, in,
            arith::ConstantIndexOp::create(rewriter, loc, 0));
        outSizes[i] = arith::SelectOp::create(
                          rewriter, loc, empty,
                          arith::ConstantIndexOp::create(rewriter, loc, 0), out)
                          .getResult();
      }
    }
    SmallVector<OpFoldResult> outShape{dimSize(rewriter, loc, images, 0),
                                       outSizes[0], outSizes[1],
                                       dimSize(rewriter, loc, images, 3)};
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
            Value last = staticScale[i]
                             ? index(*getConstantIntValue(inSizes[i]) - 1)
                             : dynamicLast[i];
            Value scale =
                staticScale[i] ? f32(*staticScale[i]) : dynamicScale[i];
            if (halfPixel)
              o = arith::AddFOp::create(b, l, o, f32(0.5));
            Value src = arith::MulFOp::create(b, l, o, scale);
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
    // NonMaxSuppression), and so may the image's batch, height and width
    // (MTCNN crops its input image, of any size): they then size the
    // coordinates and the clamps at run time.
    auto types = requireRankedOperands(op, data.take_front(3));
    if (failed(types))
      return failure();
    auto cropSize = requireConstantInts(op, data[3], "crop_size");
    if (failed(cropSize))
      return failure();
    RankedTensorType image = (*types)[0], boxes = (*types)[1],
                     boxInd = (*types)[2];
    if (image.getRank() != 4)
      return nodeError(op, "image " + typeStr(image) + " must be 4-D (NHWC)");
    if ((!image.isDynamicDim(1) && image.getDimSize(1) <= 0) ||
        (!image.isDynamicDim(2) && image.getDimSize(2) <= 0))
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
    if (numBoxes != 0 && batch == 0 && !image.isDynamicDim(0))
      return nodeError(op, "boxes crop an empty batch " + typeStr(image));
    // Known box indices are checked as TensorFlow does at run time.
    if (DenseElementsAttr known = getConstantElements(data[2]);
        known && !image.isDynamicDim(0))
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
    Type f32 = rewriter.getF32Type();
    // Dynamic image dimensions: the last index of each (batch, height,
    // width), and of height and width in f32 and f64 for the coordinates,
    // computed once before the loop. An empty image has nothing to sample
    // (TensorFlow rejects it): no crops then, so that nothing is read.
    Value dynamicLast[3], dynamicLastF32[3], dynamicLastF64[3];
    if (image.isDynamicDim(0) || image.isDynamicDim(1) ||
        image.isDynamicDim(2)) {
      Location loc = op.getLoc();
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0),
            one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      Value anyEmpty;
      for (int64_t d = 0; d < 3; ++d) {
        if (!image.isDynamicDim(d))
          continue;
        Value size =
            sizeValue(rewriter, loc, dimSize(rewriter, loc, imageValue, d));
        dynamicLast[d] = arith::SubIOp::create(rewriter, loc, size, one);
        Value asI64 = arith::IndexCastOp::create(
            rewriter, loc, rewriter.getI64Type(), dynamicLast[d]);
        dynamicLastF32[d] = arith::SIToFPOp::create(rewriter, loc, f32, asI64);
        dynamicLastF64[d] = arith::SIToFPOp::create(
            rewriter, loc, rewriter.getF64Type(), asI64);
        Value empty = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, size, zero);
        anyEmpty = anyEmpty
                       ? arith::OrIOp::create(rewriter, loc, anyEmpty, empty)
                       : empty;
      }
      count = arith::SelectOp::create(rewriter, loc, anyEmpty, zero,
                                      sizeValue(rewriter, loc, count))
                  .getResult();
    }
    SmallVector<OpFoldResult> outShape{
        count, rewriter.getIndexAttr(cropH), rewriter.getIndexAttr(cropW),
        dimSize(rewriter, op.getLoc(), imageValue, 3)};
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
          // The last index of image dimension `d` (1 height, 2 width).
          auto lastF32 = [&](int64_t d) -> Value {
            return image.isDynamicDim(d)
                       ? dynamicLastF32[d]
                       : constF32(double(image.getDimSize(d) - 1));
          };
          auto clampIndex = [&](Value f, int64_t d) -> Value {
            f = arith::MaxNumFOp::create(b, l, f, constF32(0));
            f = arith::MinNumFOp::create(b, l, f, lastF32(d));
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
              image.isDynamicDim(0) ? dynamicLast[0] : index(batch - 1));
          // One axis: its source coordinate and whether it is inside.
          auto coordinate = [&](int dim, int64_t crop, Value &inside) -> Value {
            int64_t imageDim = 1 + dim;
            Value c1 = tensor::ExtractOp::create(b, l, boxesValue,
                                                 ValueRange{box, index(dim)});
            Value c2 = tensor::ExtractOp::create(
                b, l, boxesValue, ValueRange{box, index(dim + 2)});
            Value last = lastF32(imageDim);
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
                  image.isDynamicDim(imageDim)
                      ? dynamicLastF64[imageDim]
                      : createScalar(b, l, f64,
                                     double(image.getDimSize(imageDim) - 1)));
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
          Value inY = coordinate(0, cropH, insideY);
          Value inX = coordinate(1, cropW, insideX);
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
            Value y0 = clampIndex(top, 1),
                  y1 = clampIndex(math::CeilOp::create(b, l, inY), 1),
                  x0 = clampIndex(left, 2),
                  x1 = clampIndex(math::CeilOp::create(b, l, inX), 2);
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
            value = read(clampIndex(math::RoundOp::create(b, l, inY), 1),
                         clampIndex(math::RoundOp::create(b, l, inX), 2));
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
