//===- ConvolutionPatterns.cpp - Conv2D, depthwise, fused, transposed -----===//
//
// Named linalg convolutions on NHWC (NCHW is transposed in and out; grouped
// Conv2D as a loop over the groups), with
// TensorFlow's SAME / VALID / EXPLICIT padding made explicit by tensor.pad,
// and the tfjs fused epilogues as one elementwise linalg.generic.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

const int64_t kToNHWC[] = {0, 2, 3, 1};
const int64_t kToNCHW[] = {0, 3, 1, 2};

/// Spatial strides/dilations/explicit paddings of a 4-D NHWC or NCHW attr.
struct ConvGeometry {
  bool nchw = false;
  int64_t stride[2] = {1, 1}, dilation[2] = {1, 1};
  int64_t explicitPad[2][2] = {{0, 0}, {0, 0}};
  StringRef padding;
};

FailureOr<ConvGeometry> readGeometry(Operation *node) {
  ConvGeometry g;
  if (auto format = node->getAttrOfType<StringAttr>("data_format"))
    g.nchw = format.getValue() == "NCHW";
  int64_t h = g.nchw ? 2 : 1, w = g.nchw ? 3 : 2;
  auto read = [&](StringRef name, int64_t *out) -> LogicalResult {
    auto list = node->getAttrOfType<ArrayAttr>(name);
    if (!list || list.empty())
      return success();
    if (list.size() != 4)
      return nodeError(node, name + " must have 4 values");
    out[0] = cast<IntegerAttr>(list[h]).getInt();
    out[1] = cast<IntegerAttr>(list[w]).getInt();
    return success();
  };
  if (failed(read("strides", g.stride)) ||
      failed(read("dilations", g.dilation)))
    return failure();
  g.padding = node->getAttrOfType<StringAttr>("padding").getValue();
  if (g.padding == "EXPLICIT") {
    auto list = node->getAttrOfType<ArrayAttr>("explicit_paddings");
    if (!list || list.size() != 8) {
      (void)nodeError(node, "EXPLICIT padding needs 8 explicit_paddings");
      return failure();
    }
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        g.explicitPad[i][j] =
            cast<IntegerAttr>(list[2 * (i ? w : h) + j]).getInt();
  }
  return g;
}

/// A grouped convolution as a loop over the groups (scf.for), each an
/// ordinary conv_2d_nhwc_hwcf of static shape on slices: input channels
/// [g*C/G, (g+1)*C/G) of the padded input, filters [g*O/G, (g+1)*O/G) of
/// TensorFlow's [kh, kw, C/G, O] filter, accumulated into the same output
/// channels of one zero-filled NHWC result (TensorFlow's numbering, no
/// transpose). One convolution in the IR whatever the number of groups,
/// and one that tfg-cpu-vectorize-convolutions register-blocks (it does not
/// block the named conv_2d_nhwgc_gfhwc, 8x slower on 32 groups of 4). The
/// input slice is copied: strided channel reads made the blocked
/// convolution 2x slower than the copy costs.
Value groupedConvolution(OpBuilder &b, Location loc, Value input, Value filter,
                         int64_t groups, ArrayRef<int64_t> outNHW,
                         DenseIntElementsAttr strides,
                         DenseIntElementsAttr dilations) {
  auto inType = cast<RankedTensorType>(input.getType());
  ArrayRef<int64_t> in = inType.getShape();
  ArrayRef<int64_t> f = cast<RankedTensorType>(filter.getType()).getShape();
  int64_t perGroupIn = f[2], perGroupOut = f[3] / groups;
  SmallVector<int64_t> outShape{outNHW[0], outNHW[1], outNHW[2], f[3]};
  Value zero = createScalar(b, loc, inType.getElementType(), 0);
  Value init = createFilled(b, loc, outShape, zero);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // Static sizes, the channel offset of the group dynamic.
  auto slice = [&](OpBuilder &b, ArrayRef<int64_t> sizes, Value channel) {
    SmallVector<OpFoldResult> offsets(3, b.getIndexAttr(0));
    offsets.push_back(channel);
    SmallVector<OpFoldResult> sizeAttrs, unit(4, b.getIndexAttr(1));
    for (int64_t size : sizes)
      sizeAttrs.push_back(b.getIndexAttr(size));
    return std::make_tuple(offsets, sizeAttrs, unit);
  };
  auto loop = scf::ForOp::create(
      b, loc, index(0), index(groups), index(1), ValueRange{init},
      [&](OpBuilder &b, Location l, Value g, ValueRange args) {
        auto channel = [&](int64_t perGroup) -> Value {
          return arith::MulIOp::create(
              b, l, g, arith::ConstantIndexOp::create(b, l, perGroup));
        };
        Value inChannel = channel(perGroupIn),
              outChannel = channel(perGroupOut);
        auto [inOffsets, inSizes, inStrides] =
            slice(b, {in[0], in[1], in[2], perGroupIn}, inChannel);
        Value inSlice = tensor::ExtractSliceOp::create(b, l, input, inOffsets,
                                                       inSizes, inStrides);
        inSlice = linalg::CopyOp::create(
                      b, l, inSlice,
                      createEmpty(b, l, {in[0], in[1], in[2], perGroupIn},
                                  inType.getElementType()))
                      .getResult(0);
        auto [fOffsets, fSizes, fStrides] =
            slice(b, {f[0], f[1], f[2], perGroupOut}, outChannel);
        Value fSlice = tensor::ExtractSliceOp::create(b, l, filter, fOffsets,
                                                      fSizes, fStrides);
        auto [oOffsets, oSizes, oStrides] = slice(
            b, {outNHW[0], outNHW[1], outNHW[2], perGroupOut}, outChannel);
        Value acc = tensor::ExtractSliceOp::create(b, l, args[0], oOffsets,
                                                   oSizes, oStrides);
        Value conv =
            linalg::Conv2DNhwcHwcfOp::create(
                b, l, TypeRange{acc.getType()}, ValueRange{inSlice, fSlice},
                ValueRange{acc}, strides, dilations)
                .getResult(0);
        Value updated = tensor::InsertSliceOp::create(
            b, l, conv, args[0], oOffsets, oSizes, oStrides);
        scf::YieldOp::create(b, l, updated);
      });
  return loop.getResult(0);
}

/// Conv2D / DepthwiseConv2dNative and their fused forms.
template <typename OpT, bool Depthwise>
struct ConvLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands())
                          .take_front(getDataOperands(op).size());
    // The batch and the spatial dimensions may be dynamic (an image resized
    // at run time: its output size and SAME padding are computed at run
    // time); the filter and the channels must be static (they size the
    // windows and choose grouping).
    auto types = requireRankedOperands(op, data.take_front(1));
    if (failed(types) || failed(requireStaticOperands(op, data.slice(1, 1))))
      return failure();
    types->push_back(cast<RankedTensorType>(data[1].getType()));
    auto geometry = readGeometry(op);
    if (failed(geometry))
      return failure();
    Location loc = op.getLoc();
    Value input = data[0], filter = data[1];
    if ((*types)[0].getRank() != 4 || (*types)[1].getRank() != 4)
      return nodeError(op, "input and filter must be 4-D");
    if (failed(
            requireStaticDims(op, input, {geometry->nchw ? 1 : 3}, "input 0")))
      return failure();
    Type elementType = (*types)[0].getElementType();
    if (!isa<FloatType>(elementType))
      return nodeError(op, "dtype " + typeStr(elementType) + " is not lowered");
    if (geometry->nchw)
      input = transpose(rewriter, loc, input, kToNHWC);
    auto inType = cast<RankedTensorType>(input.getType());
    ArrayRef<int64_t> fShape = (*types)[1].getShape();
    // A Conv2D whose filter depth divides the input depth is grouped
    // (TensorFlow's conv_ops.cc): groups = in_depth / filter_depth, group g
    // reads input channels [g*fd, (g+1)*fd) and writes output channels
    // [g*F, (g+1)*F), F = out_depth / groups.
    int64_t groups = 1;
    if (fShape[2] != inType.getDimSize(3)) {
      if (Depthwise)
        return nodeError(op, "filter " + typeStr((*types)[1]) +
                                 " does not match the input channels of " +
                                 typeStr(inType));
      if (fShape[2] <= 0 || inType.getDimSize(3) % fShape[2] != 0)
        return nodeError(op, "the input depth of " + typeStr(inType) +
                                 " is not a multiple of the filter depth of " +
                                 typeStr((*types)[1]));
      groups = inType.getDimSize(3) / fShape[2];
      if (fShape[3] % groups != 0)
        return nodeError(
            op, "the output depth of filter " + typeStr((*types)[1]) +
                    " is not a multiple of the " + Twine(groups) + " groups");
    }
    MixedWindowDim dims[2];
    for (int i = 0; i < 2; ++i) {
      auto dim = computeMixedWindowDim(
          op, rewriter, loc, geometry->padding,
          dimSize(rewriter, loc, input, 1 + i), fShape[i], geometry->stride[i],
          geometry->dilation[i], geometry->explicitPad[i][0],
          geometry->explicitPad[i][1]);
      if (failed(dim))
        return failure();
      dims[i] = *dim;
    }
    Value zero = createScalar(rewriter, loc, elementType, 0);
    OpFoldResult zeroPad = rewriter.getIndexAttr(0);
    input = padConstantMixed(
        rewriter, loc, input,
        {zeroPad, dims[0].padBefore, dims[1].padBefore, zeroPad},
        {zeroPad, dims[0].padAfter, dims[1].padAfter, zeroPad}, zero);
    OpFoldResult n = dimSize(rewriter, loc, data[0], 0);
    int64_t c = fShape[2];
    OpFoldResult oh = dims[0].outSize, ow = dims[1].outSize;
    auto strides = i64Elements(rewriter, geometry->stride);
    auto dilations = i64Elements(rewriter, geometry->dilation);
    Value result;
    if (groups > 1) {
      // The group loop slices the input with static sizes.
      std::optional<int64_t> staticBatch = getConstantIntValue(n),
                             staticH = getConstantIntValue(oh),
                             staticW = getConstantIntValue(ow);
      if (!staticBatch || !staticH || !staticW)
        return nodeError(op, "a grouped convolution needs static batch and "
                             "spatial dimensions, input 0 is " +
                                 typeStr(data[0].getType()));
      result = groupedConvolution(rewriter, loc, input, filter, groups,
                                  {*staticBatch, *staticH, *staticW}, strides,
                                  dilations);
    } else if (!Depthwise) {
      SmallVector<OpFoldResult> outShape{n, oh, ow,
                                         rewriter.getIndexAttr(fShape[3])};
      Value init = createFilled(rewriter, loc, outShape, zero);
      result =
          linalg::Conv2DNhwcHwcfOp::create(
              rewriter, loc, TypeRange{init.getType()},
              ValueRange{input, filter}, ValueRange{init}, strides, dilations)
              .getResult(0);
    } else if (fShape[3] == 1) {
      SmallVector<OpFoldResult> outShape{n, oh, ow, rewriter.getIndexAttr(c)};
      filter = reshapeTo(rewriter, loc, filter, {fShape[0], fShape[1], c});
      Value init = createFilled(rewriter, loc, outShape, zero);
      result =
          linalg::DepthwiseConv2DNhwcHwcOp::create(
              rewriter, loc, TypeRange{init.getType()},
              ValueRange{input, filter}, ValueRange{init}, strides, dilations)
              .getResult(0);
    } else {
      SmallVector<OpFoldResult> outShape{n, oh, ow, rewriter.getIndexAttr(c),
                                         rewriter.getIndexAttr(fShape[3])};
      Value init = createFilled(rewriter, loc, outShape, zero);
      result =
          linalg::DepthwiseConv2DNhwcHwcmOp::create(
              rewriter, loc, TypeRange{init.getType()},
              ValueRange{input, filter}, ValueRange{init}, strides, dilations)
              .getResult(0);
      result = reshapeTo(rewriter, loc, result,
                         SmallVector<OpFoldResult>{
                             n, oh, ow, rewriter.getIndexAttr(c * fShape[3])});
    }
    auto fusedResult =
        applyFusedOps(op, rewriter, result, data.drop_front(2), 3);
    if (failed(fusedResult))
      return failure();
    result = *fusedResult;
    if (geometry->nchw)
      result = transpose(rewriter, loc, result, kToNCHW);
    replaceNode(rewriter, op, result);
    return success();
  }
};

/// A transposed convolution whose stride equals its filter size (the 2x2
/// stride-2 upsampling of segmentation heads): every output pixel comes
/// from exactly one input pixel and one filter tap, so it is a 1x1
/// convolution to kh*kw*F channels (filter [1, 1, C, kh*kw*F], channel
/// (i*kw + j)*F + f = tap (i, j) of output channel f) whose [H, W, kh, kw,
/// F] result, reordered to [H, kh, W, kw, F], is the [H*kh, W*kw, F] image
/// before the padding is cropped. The general path would run a kh x kw
/// convolution over the stride-dilated input, (s*s - 1)/(s*s) of it zeros.
/// Null where it does not apply (a dilation, stride != filter size, or a
/// padding that leaves output pixels no input pixel reaches).
Value lowerPixelShuffleBackprop(OpBuilder &b, Location loc, Value grad,
                                Value filter, ArrayRef<int64_t> inShape,
                                ArrayRef<int64_t> fShape,
                                const ConvGeometry &geometry,
                                const int64_t padBefore[2]) {
  auto gradType = cast<RankedTensorType>(grad.getType());
  int64_t n = gradType.getDimSize(0), h = gradType.getDimSize(1),
          w = gradType.getDimSize(2), c = gradType.getDimSize(3);
  int64_t kh = fShape[0], kw = fShape[1], f = fShape[2];
  int64_t full[2] = {h * kh, w * kw};
  for (int i = 0; i < 2; ++i)
    if (geometry.dilation[i] != 1 || geometry.stride[i] != fShape[i] ||
        padBefore[i] < 0 || padBefore[i] + inShape[1 + i] > full[i])
      return {};
  if (fShape[3] != c)
    return {};
  Type elementType = gradType.getElementType();
  Value zero = createScalar(b, loc, elementType, 0);
  // [kh, kw, F, C] -> [C, kh, kw, F] -> [1, 1, C, kh*kw*F].
  Value taps = reshapeTo(b, loc, transpose(b, loc, filter, {3, 0, 1, 2}),
                         {1, 1, c, kh * kw * f});
  Value init = createFilled(b, loc, {n, h, w, kh * kw * f}, zero);
  Value pointwise =
      linalg::Conv2DNhwcHwcfOp::create(
          b, loc, TypeRange{init.getType()}, ValueRange{grad, taps},
          ValueRange{init}, i64Elements(b, {1, 1}), i64Elements(b, {1, 1}))
          .getResult(0);
  Value byTap = reshapeTo(b, loc, pointwise, {n, h, w, kh, kw, f});
  Value image = reshapeTo(b, loc, transpose(b, loc, byTap, {0, 1, 3, 2, 4, 5}),
                          {n, full[0], full[1], f});
  if (padBefore[0] == 0 && padBefore[1] == 0 && inShape[1] == full[0] &&
      inShape[2] == full[1])
    return image;
  return tensor::ExtractSliceOp::create(
      b, loc, image,
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(padBefore[0]),
                             b.getIndexAttr(padBefore[1]), b.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(n), b.getIndexAttr(inShape[1]),
                             b.getIndexAttr(inShape[2]), b.getIndexAttr(f)},
      ArrayRef<OpFoldResult>(SmallVector<OpFoldResult>(4, b.getIndexAttr(1))));
}

/// Conv2DBackpropInput (transposed convolution): the gradient is a
/// convolution of the stride-dilated, padded out_backprop with the
/// spatially flipped filter whose in/out channels are swapped; where the
/// stride equals the filter size, a 1x1 convolution and a pixel shuffle
/// instead (lowerPixelShuffleBackprop).
struct Conv2DBackpropInputLowering
    : OpConversionPattern<Conv2DBackpropInputOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Conv2DBackpropInputOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands()).take_front(3);
    auto sizes = requireConstantInts(op, data[0], "input_sizes");
    auto types = requireStaticOperands(op, data.drop_front());
    if (failed(sizes) || failed(types))
      return failure();
    auto geometry = readGeometry(op);
    if (failed(geometry))
      return failure();
    Location loc = op.getLoc();
    Value filter = data[1], grad = data[2];
    if (sizes->size() != 4 || (*types)[0].getRank() != 4 ||
        (*types)[1].getRank() != 4)
      return nodeError(op, "input_sizes, filter and out_backprop must be 4-D");
    SmallVector<int64_t> inShape(*sizes);
    if (geometry->nchw) {
      grad = transpose(rewriter, loc, grad, kToNHWC);
      inShape = {inShape[0], inShape[2], inShape[3], inShape[1]};
    }
    auto gradType = cast<RankedTensorType>(grad.getType());
    Type elementType = gradType.getElementType();
    ArrayRef<int64_t> fShape = (*types)[0].getShape(); // [kh, kw, in_c, out_c]
    Value zero = createScalar(rewriter, loc, elementType, 0);
    // Insert stride-1 zeros between the gradient's pixels.
    SmallVector<int64_t> dilatedShape{
        gradType.getDimSize(0),
        (gradType.getDimSize(1) - 1) * geometry->stride[0] + 1,
        (gradType.getDimSize(2) - 1) * geometry->stride[1] + 1,
        gradType.getDimSize(3)};
    Value dilated = grad;
    if (geometry->stride[0] != 1 || geometry->stride[1] != 1) {
      Value zeros = createFilled(rewriter, loc, dilatedShape, zero);
      SmallVector<OpFoldResult> offsets(4, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizesOfr, stridesOfr;
      for (int64_t d : gradType.getShape())
        sizesOfr.push_back(rewriter.getIndexAttr(d));
      for (int64_t s :
           {int64_t(1), geometry->stride[0], geometry->stride[1], int64_t(1)})
        stridesOfr.push_back(rewriter.getIndexAttr(s));
      dilated = tensor::InsertSliceOp::create(rewriter, loc, grad, zeros,
                                              offsets, sizesOfr, stridesOfr);
    }
    int64_t low[2], high[2], padBefore[2];
    bool matchesForward = true;
    for (int i = 0; i < 2; ++i) {
      auto dim = computeWindowDim(
          op, geometry->padding, inShape[1 + i], fShape[i], geometry->stride[i],
          geometry->dilation[i], geometry->explicitPad[i][0],
          geometry->explicitPad[i][1]);
      if (failed(dim))
        return failure();
      padBefore[i] = dim->padBefore;
      matchesForward &= dim->outSize == gradType.getDimSize(1 + i);
      int64_t effective = (fShape[i] - 1) * geometry->dilation[i] + 1;
      low[i] = effective - 1 - dim->padBefore;
      high[i] = inShape[1 + i] + effective - 1 - dilatedShape[1 + i] - low[i];
      if (low[i] < 0 || high[i] < 0)
        return nodeError(op, "this padding/stride combination is not lowered");
    }
    if (matchesForward && inShape[3] == fShape[2]) {
      if (Value shuffled =
              lowerPixelShuffleBackprop(rewriter, loc, grad, filter, inShape,
                                        fShape, *geometry, padBefore)) {
        if (geometry->nchw)
          shuffled = transpose(rewriter, loc, shuffled, kToNCHW);
        replaceNode(rewriter, op, shuffled);
        return success();
      }
    }
    Value padded = padConstant(rewriter, loc, dilated, {0, low[0], low[1], 0},
                               {0, high[0], high[1], 0}, zero);
    // Flipped filter [kh, kw, out_c, in_c]: f'[h,w,o,i] = f[kh-1-h, kw-1-w, i,
    // o].
    MLIRContext *context = rewriter.getContext();
    AffineExpr h = getAffineDimExpr(0, context),
               w = getAffineDimExpr(1, context);
    AffineMap readMap = AffineMap::get(
        4, 0,
        {h * -1 + (fShape[0] - 1), w * -1 + (fShape[1] - 1),
         getAffineDimExpr(3, context), getAffineDimExpr(2, context)},
        context);
    SmallVector<int64_t> flippedShape{fShape[0], fShape[1], fShape[3],
                                      fShape[2]};
    Value flippedInit = createEmpty(rewriter, loc, flippedShape, elementType);
    Value flipped =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{flippedInit.getType()}, ValueRange{filter},
            ValueRange{flippedInit},
            SmallVector<AffineMap>{
                readMap, AffineMap::getMultiDimIdentityMap(4, context)},
            SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
            [](OpBuilder &b, Location l, ValueRange args) {
              linalg::YieldOp::create(b, l, args[0]);
            })
            .getResult(0);
    SmallVector<int64_t> outShape{inShape[0], inShape[1], inShape[2],
                                  fShape[2]};
    Value init = createFilled(rewriter, loc, outShape, zero);
    Value result = linalg::Conv2DNhwcHwcfOp::create(
                       rewriter, loc, TypeRange{init.getType()},
                       ValueRange{padded, flipped}, ValueRange{init},
                       i64Elements(rewriter, {1, 1}),
                       i64Elements(rewriter, geometry->dilation))
                       .getResult(0);
    if (geometry->nchw)
      result = transpose(rewriter, loc, result, kToNCHW);
    replaceNode(rewriter, op, result);
    return success();
  }
};

} // namespace

void lowering::populateConvolutionPatterns(RewritePatternSet &patterns) {
  patterns
      .add<ConvLowering<Conv2DOp, false>, ConvLowering<FusedConv2DOp, false>,
           ConvLowering<DepthwiseConv2dNativeOp, true>,
           ConvLowering<FusedDepthwiseConv2dNativeOp, true>,
           Conv2DBackpropInputLowering>(patterns.getContext());
}
