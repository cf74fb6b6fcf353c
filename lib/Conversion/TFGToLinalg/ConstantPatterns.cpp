//===- ConstantPatterns.cpp - Const, Identity-likes, shape queries --------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

/// Const -> arith.constant of its dense (or dense_resource) value.
struct ConstLowering : OpConversionPattern<ConstOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (auto proto = dyn_cast<TensorProtoAttr>(op.getValue())) {
      auto decoded = decodeQuantizedConstant(op, proto);
      if (failed(decoded))
        return failure();
      replaceNode(rewriter, op,
                  arith::ConstantOp::create(rewriter, op.getLoc(), *decoded)
                      .getResult());
      return success();
    }
    auto value = dyn_cast<ElementsAttr>(op.getValue());
    if (!value || !value.getElementType().isIntOrFloat())
      return nodeError(op,
                       "its value (" + typeStr(op.getValue().getType()) +
                           ") has no CPU representation (strings, "
                           "quantized and resource tensors are not lowered)");
    replaceNode(
        rewriter, op,
        arith::ConstantOp::create(rewriter, op.getLoc(), cast<TypedAttr>(value))
            .getResult());
    return success();
  }
};

/// Nodes that forward their (only) input.
template <typename OpT> struct ForwardLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    replaceNode(rewriter, op, adaptor.getOperands().front());
    return success();
  }
};

/// IdentityN forwards each input.
struct IdentityNLowering : OpConversionPattern<IdentityNOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IdentityNOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    replaceNode(rewriter, op,
                adaptor.getOperands().take_front(getDataOperands(op).size()));
    return success();
  }
};

/// NoOp (the dropped control edges' token) disappears.
struct NoOpLowering : OpConversionPattern<NoOpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(NoOpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// Shape / Size / Rank of a static tensor are constants. Of a tensor with
/// dynamic dimensions, Shape and Size are code, built element by element
/// (tensor.from_elements of tensor.dim and constants), so that the static
/// elements stay constants for Reshape and the slices and Packs between.
template <typename OpT> struct ShapeQueryLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto types = requireRankedOperands(op, adaptor.getOperands().take_front(1));
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0];
    Value input = adaptor.getOperands().front();
    Location loc = op.getLoc();
    Type elementType = rewriter.getI32Type();
    if (auto attr = op->template getAttrOfType<TypeAttr>("out_type"))
      elementType = attr.getValue();
    SmallVector<OpFoldResult> values;
    SmallVector<int64_t> shape;
    if constexpr (std::is_same_v<OpT, ShapeOp>) {
      values = getMixedSizes(rewriter, loc, input);
      shape.push_back(type.getRank());
    } else if constexpr (std::is_same_v<OpT, SizeOp>) {
      OpFoldResult count = rewriter.getIndexAttr(1);
      for (OpFoldResult size : getMixedSizes(rewriter, loc, input))
        count = mulSizes(rewriter, loc, count, size);
      values.push_back(count);
    } else {
      values.push_back(rewriter.getIndexAttr(type.getRank()));
    }
    auto resultType = RankedTensorType::get(shape, elementType);
    Value result;
    if (llvm::all_of(values, [](OpFoldResult v) {
          return getConstantIntValue(v).has_value();
        })) {
      SmallVector<APInt> ints;
      for (OpFoldResult v : values)
        ints.push_back(APInt(elementType.getIntOrFloatBitWidth(),
                             *getConstantIntValue(v), true));
      result = arith::ConstantOp::create(
          rewriter, loc, DenseElementsAttr::get(resultType, ints));
    } else {
      SmallVector<Value> elements;
      for (OpFoldResult v : values) {
        if (std::optional<int64_t> c = getConstantIntValue(v))
          elements.push_back(createScalar(rewriter, loc, elementType, *c));
        else
          elements.push_back(arith::IndexCastOp::create(
              rewriter, loc, elementType, cast<Value>(v)));
      }
      result =
          tensor::FromElementsOp::create(rewriter, loc, resultType, elements);
    }
    replaceNode(rewriter, op, result);
    return success();
  }
};

} // namespace

void lowering::populateConstantPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      ConstLowering, IdentityNLowering, NoOpLowering,
      ForwardLowering<IdentityOp>, ForwardLowering<SnapshotOp>,
      ForwardLowering<StopGradientOp>, ForwardLowering<PreventGradientOp>,
      ForwardLowering<CheckNumericsOp>,
      ForwardLowering<PlaceholderWithDefaultOp>, ShapeQueryLowering<ShapeOp>,
      ShapeQueryLowering<SizeOp>, ShapeQueryLowering<RankOp>>(context);
}
