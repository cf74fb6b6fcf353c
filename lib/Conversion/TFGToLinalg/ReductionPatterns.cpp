//===- ReductionPatterns.cpp - Reductions, ArgMax, Softmax, Cumsum --------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

enum class Kind { Sum, Mean, Max, Min, Prod };

using Combine = function_ref<Value(OpBuilder &, Location, Value, Value)>;

/// A reduction of a small constant is a constant (shape arithmetic such as
/// Prod(Shape(x)) must stay constant); null otherwise.
Value foldReduction(OpBuilder &b, Location loc, Value input,
                    ArrayRef<int64_t> axes, ArrayRef<int64_t> shape,
                    Value initValue, Combine combine) {
  DenseElementsAttr constant = getConstantElements(input);
  if (ShapedType::isDynamicShape(shape))
    return {};
  Attribute init;
  if (!constant || constant.getNumElements() > kMaxFoldedElements ||
      !matchPattern(initValue, m_Constant(&init)))
    return {};
  auto type = cast<RankedTensorType>(input.getType());
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  SmallVector<Attribute> results(resultType.getNumElements(), init);
  SmallVector<Attribute> elements(constant.getValues<Attribute>());
  SmallVector<int64_t> index(type.getRank(), 0);
  for (int64_t n = 0; n < type.getNumElements(); ++n) {
    int64_t out = 0;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (!llvm::is_contained(axes, d))
        out = out * type.getDimSize(d) + index[d];
    Attribute x = elements[constant.isSplat() ? 0 : n];
    results[out] = foldScalarBody(b, loc, {results[out], x},
                                  [&](OpBuilder &nb, Location l, ValueRange a) {
                                    return combine(nb, l, a[0], a[1]);
                                  });
    if (!results[out])
      return {};
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      if (++index[d] < type.getDimSize(d))
        break;
      index[d] = 0;
    }
  }
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(resultType, results));
}

/// Reduces `input` over the sorted, unique `axes` with linalg.reduce;
/// returns the tensor without the reduced dimensions.
Value reduce(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> axes,
             Kind kind) {
  auto type = cast<RankedTensorType>(input.getType());
  Type elementType = type.getElementType();
  bool isFloat = isa<FloatType>(elementType);
  SmallVector<int64_t> shape;
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!llvm::is_contained(axes, d)) {
      shape.push_back(type.getDimSize(d));
      sizes.push_back(dimSize(b, loc, input, d));
    }
  Value initValue = kind == Kind::Max    ? createLowest(b, loc, elementType)
                    : kind == Kind::Min  ? createHighest(b, loc, elementType)
                    : kind == Kind::Prod ? createScalar(b, loc, elementType, 1)
                                         : createScalar(b, loc, elementType, 0);
  auto combine = [kind, isFloat](OpBuilder &nb, Location l, Value acc,
                                 Value x) -> Value {
    switch (kind) {
    case Kind::Sum:
    case Kind::Mean:
      return isFloat ? Value(arith::AddFOp::create(nb, l, acc, x))
                     : Value(arith::AddIOp::create(nb, l, acc, x));
    case Kind::Prod:
      return isFloat ? Value(arith::MulFOp::create(nb, l, acc, x))
                     : Value(arith::MulIOp::create(nb, l, acc, x));
    case Kind::Max:
      return isFloat ? Value(arith::MaximumFOp::create(nb, l, acc, x))
                     : Value(arith::MaxSIOp::create(nb, l, acc, x));
    case Kind::Min:
      return isFloat ? Value(arith::MinimumFOp::create(nb, l, acc, x))
                     : Value(arith::MinSIOp::create(nb, l, acc, x));
    }
    llvm_unreachable("reduction kind");
  };
  Value result = foldReduction(b, loc, input, axes, shape, initValue, combine);
  if (!result) {
    Value init = createFilled(b, loc, sizes, initValue);
    auto op = linalg::ReduceOp::create(
        b, loc, ValueRange{input}, ValueRange{init}, axes,
        [&](OpBuilder &nb, Location l, ValueRange args) {
          linalg::YieldOp::create(nb, l, combine(nb, l, args[1], args[0]));
        });
    result = op.getResult(0);
  }
  if (kind == Kind::Mean) {
    // The count is a constant unless a reduced dimension is dynamic.
    OpFoldResult count = b.getIndexAttr(1);
    for (int64_t a : axes)
      count = mulSizes(b, loc, count, dimSize(b, loc, input, a));
    Value dynamicCount;
    if (!getConstantIntValue(count))
      dynamicCount = castScalar(b, loc,
                                arith::IndexCastOp::create(
                                    b, loc, b.getI64Type(), cast<Value>(count)),
                                elementType);
    result = buildElementwise(
        b, loc, result, sizes, elementType,
        [&](OpBuilder &nb, Location l, ValueRange a) -> Value {
          Value n = dynamicCount ? dynamicCount
                                 : createScalar(nb, l, elementType,
                                                *getConstantIntValue(count));
          return isFloat ? Value(arith::DivFOp::create(nb, l, a[0], n))
                         : Value(arith::DivSIOp::create(nb, l, a[0], n));
        });
  }
  return result;
}

FailureOr<SmallVector<int64_t>> readAxes(Operation *node, Value axesOperand,
                                         int64_t rank) {
  auto values = requireConstantInts(node, axesOperand, "reduction_indices");
  if (failed(values))
    return failure();
  llvm::SmallSet<int64_t, 4> seen;
  SmallVector<int64_t> axes;
  for (int64_t v : *values) {
    auto axis = normalizeAxis(node, v, rank);
    if (failed(axis))
      return failure();
    if (seen.insert(*axis).second)
      axes.push_back(*axis);
  }
  llvm::sort(axes);
  return axes;
}

template <typename OpT, Kind K>
struct ReductionLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands()).take_front(2);
    auto types = requireRankedOperands(op, data.take_front(1));
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0];
    Type elementType = type.getElementType();
    if (!isa<FloatType>(elementType) && !elementType.isSignlessInteger())
      return nodeError(op, "dtype " + typeStr(elementType) + " is not lowered");
    auto axes = readAxes(op, data[1], type.getRank());
    if (failed(axes))
      return failure();
    Value result = reduce(rewriter, op.getLoc(), data[0], *axes, K);
    auto keep = op->template getAttrOfType<BoolAttr>("keep_dims");
    if (keep && keep.getValue()) {
      SmallVector<OpFoldResult> sizes =
          getMixedSizes(rewriter, op.getLoc(), data[0]);
      for (int64_t a : *axes)
        sizes[a] = rewriter.getIndexAttr(1);
      result = reshapeTo(rewriter, op.getLoc(), result, sizes);
    }
    replaceNode(rewriter, op, result);
    return success();
  }
};

/// ArgMax / ArgMin: the first index of the extreme value along the axis.
template <typename OpT, bool IsMax>
struct ArgLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands()).take_front(2);
    auto types = requireRankedOperands(op, data.take_front(1));
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0];
    auto axisValues = requireConstantInts(op, data[1], "dimension");
    if (failed(axisValues))
      return failure();
    if (axisValues->size() != 1)
      return nodeError(op, "dimension must be a scalar");
    auto axis = normalizeAxis(op, (*axisValues)[0], type.getRank());
    if (failed(axis))
      return failure();
    Location loc = op.getLoc();
    Type elementType = type.getElementType();
    auto outputType = op->template getAttrOfType<TypeAttr>("output_type");
    Type indexType = outputType ? outputType.getValue() : rewriter.getI64Type();
    SmallVector<OpFoldResult> shape;
    SmallVector<AffineExpr> outExprs;
    MLIRContext *context = rewriter.getContext();
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != *axis) {
        shape.push_back(dimSize(rewriter, loc, data[0], d));
        outExprs.push_back(getAffineDimExpr(d, context));
      }
    Value bestInit =
        createFilled(rewriter, loc, shape,
                     IsMax ? createLowest(rewriter, loc, elementType)
                           : createHighest(rewriter, loc, elementType));
    Value indexInit = createFilled(rewriter, loc, shape,
                                   createScalar(rewriter, loc, indexType, 0));
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    iterators[*axis] = utils::IteratorType::reduction;
    AffineMap outMap = AffineMap::get(type.getRank(), 0, outExprs, context);
    bool isFloat = isa<FloatType>(elementType);
    int64_t axisIndex = *axis;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{bestInit.getType(), indexInit.getType()},
        ValueRange{data[0]}, ValueRange{bestInit, indexInit},
        SmallVector<AffineMap>{
            AffineMap::getMultiDimIdentityMap(type.getRank(), context), outMap,
            outMap},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], best = args[1], bestIndex = args[2];
          Value better;
          if (isFloat)
            better = arith::CmpFOp::create(b, l,
                                           IsMax ? arith::CmpFPredicate::OGT
                                                 : arith::CmpFPredicate::OLT,
                                           x, best);
          else
            better = arith::CmpIOp::create(b, l,
                                           IsMax ? arith::CmpIPredicate::sgt
                                                 : arith::CmpIPredicate::slt,
                                           x, best);
          Value index = linalg::IndexOp::create(b, l, axisIndex);
          index = arith::IndexCastOp::create(b, l, indexType, index);
          linalg::YieldOp::create(
              b, l,
              ValueRange{
                  arith::SelectOp::create(b, l, better, x, best),
                  arith::SelectOp::create(b, l, better, index, bestIndex)});
        });
    replaceNode(rewriter, op, generic.getResult(1));
    return success();
  }
};

/// Softmax over the last dimension: exp(x - max) * (1 / sum(exp(x - max))),
/// as TensorFlow's kernel: one division a row, a multiplication an element.
struct SoftmaxLowering : OpConversionPattern<SoftmaxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto types = requireRankedOperands(op, adaptor.getOperands().take_front(1));
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0];
    if (!isa<FloatType>(type.getElementType()) || type.getRank() < 1)
      return nodeError(op, "only float tensors of rank >= 1 are lowered");
    Location loc = op.getLoc();
    Value x = adaptor.getOperands().front();
    int64_t last = type.getRank() - 1;
    SmallVector<OpFoldResult> keptShape = getMixedSizes(rewriter, loc, x);
    keptShape[last] = rewriter.getIndexAttr(1);
    Value max = reshapeTo(
        rewriter, loc, reduce(rewriter, loc, x, {last}, Kind::Max), keptShape);
    Value exps = buildElementwise(
        rewriter, loc, {x, max}, type.getShape(), type.getElementType(),
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          return math::ExpOp::create(b, l,
                                     arith::SubFOp::create(b, l, a[0], a[1]));
        });
    Value sum = reduce(rewriter, loc, exps, {last}, Kind::Sum);
    SmallVector<OpFoldResult> rowShape = getMixedSizes(rewriter, loc, sum);
    Value inverse =
        buildElementwise(rewriter, loc, sum, rowShape, type.getElementType(),
                         [](OpBuilder &b, Location l, ValueRange a) -> Value {
                           Value one = createScalar(b, l, a[0].getType(), 1);
                           return arith::DivFOp::create(b, l, one, a[0]);
                         });
    inverse = reshapeTo(rewriter, loc, inverse, keptShape);
    Value result = buildElementwise(
        rewriter, loc, {exps, inverse}, type.getShape(), type.getElementType(),
        [](OpBuilder &b, Location l, ValueRange a) -> Value {
          return arith::MulFOp::create(b, l, a[0], a[1]);
        });
    replaceNode(rewriter, op, result);
    return success();
  }
};

/// A cumulative sum or product of a small constant is a constant (strides
/// computed as Cumprod of a shape must stay constant); null otherwise.
Value foldScan(OpBuilder &b, Location loc, Value input, int64_t axis,
               bool exclusive, bool reverse, Attribute identity,
               Combine combine) {
  DenseElementsAttr constant = getConstantElements(input);
  if (!constant || constant.getNumElements() > kMaxFoldedElements)
    return {};
  auto type = cast<RankedTensorType>(input.getType());
  // getValues repeats a splat's value for every element.
  SmallVector<Attribute> elements(constant.getValues<Attribute>());
  int64_t length = type.getDimSize(axis), inner = 1;
  for (int64_t d = axis + 1; d < type.getRank(); ++d)
    inner *= type.getDimSize(d);
  SmallVector<Attribute> results(elements.size());
  // One line along the axis per (outer index o, inner index i), numbered
  // o * inner + i; its elements are `inner` apart.
  for (int64_t line = 0;
       line < type.getNumElements() / std::max<int64_t>(length, 1); ++line) {
    int64_t base = (line / inner) * length * inner + line % inner;
    Attribute running = identity;
    for (int64_t k = 0; k < length; ++k) {
      int64_t at = base + (reverse ? length - 1 - k : k) * inner;
      Attribute next =
          foldScalarBody(b, loc, {running, elements[at]},
                         [&](OpBuilder &nb, Location l, ValueRange a) {
                           return combine(nb, l, a[0], a[1]);
                         });
      if (!next)
        return {};
      results[at] = exclusive ? running : next;
      running = next;
    }
  }
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, results));
}

/// Cumsum / Cumprod along a constant axis, as TensorFlow's scan kernels:
/// partial sums in index order (from the end with `reverse`), each element
/// included (`exclusive`: all before it). An scf.for along the axis carries
/// the running slice; the loop is sequential, as a scan is.
template <typename OpTy, bool isProduct>
struct ScanLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    auto types = requireStaticOperands(op, operands.take_front(2));
    if (failed(types))
      return failure();
    RankedTensorType type = (*types)[0];
    Type elementType = type.getElementType();
    bool isFloat = isa<FloatType>(elementType);
    if (!isFloat &&
        (!elementType.isSignlessInteger() || elementType.isInteger(1)))
      return nodeError(op, "dtype " + typeStr(elementType) + " is not lowered");
    if (type.getRank() == 0)
      return nodeError(op, "its input must have rank 1 or more, not " +
                               typeStr(type));
    auto axisValues = requireConstantInts(op, operands[1], "axis");
    if (failed(axisValues))
      return failure();
    if (axisValues->size() != 1)
      return nodeError(op,
                       "axis must be a scalar, not " + typeStr((*types)[1]));
    auto axis = normalizeAxis(op, axisValues->front(), type.getRank());
    if (failed(axis))
      return failure();
    bool exclusive = op.getExclusive().value_or(false);
    bool reverse = op.getReverse().value_or(false);

    Location loc = op.getLoc();
    auto combine = [isFloat](OpBuilder &b, Location l, Value acc,
                             Value x) -> Value {
      if (isProduct)
        return isFloat ? Value(arith::MulFOp::create(b, l, acc, x))
                       : Value(arith::MulIOp::create(b, l, acc, x));
      return isFloat ? Value(arith::AddFOp::create(b, l, acc, x))
                     : Value(arith::AddIOp::create(b, l, acc, x));
    };
    Attribute identity =
        isFloat ? Attribute(rewriter.getFloatAttr(elementType, isProduct))
                : Attribute(rewriter.getIntegerAttr(elementType, isProduct));
    Value input = operands[0];
    if (Value folded = foldScan(rewriter, loc, input, *axis, exclusive, reverse,
                                identity, combine)) {
      replaceNode(rewriter, op, folded);
      return success();
    }

    int64_t rank = type.getRank(), length = type.getDimSize(*axis);
    SmallVector<int64_t> sliceShape(type.getShape());
    sliceShape[*axis] = 1;
    Value running = createFilled(
        rewriter, loc, sliceShape,
        arith::ConstantOp::create(rewriter, loc, cast<TypedAttr>(identity)));
    Value result = createEmpty(rewriter, loc, type.getShape(), elementType);
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    auto loop = scf::ForOp::create(
        rewriter, loc, index(0), index(length), index(1),
        ValueRange{result, running},
        [&](OpBuilder &b, Location l, Value k, ValueRange carried) {
          Value at = k;
          if (reverse)
            at = arith::SubIOp::create(
                b, l, arith::ConstantIndexOp::create(b, l, length - 1), k);
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0)), sizes,
              strides(rank, b.getIndexAttr(1));
          offsets[*axis] = at;
          for (int64_t size : sliceShape)
            sizes.push_back(b.getIndexAttr(size));
          auto sliceType = RankedTensorType::get(sliceShape, elementType);
          Value x = tensor::ExtractSliceOp::create(b, l, sliceType, input,
                                                   offsets, sizes, strides);
          Value next =
              buildElementwise(b, l, {carried[1], x}, sliceShape, elementType,
                               [&](OpBuilder &nb, Location nl, ValueRange a) {
                                 return combine(nb, nl, a[0], a[1]);
                               });
          Value written = tensor::InsertSliceOp::create(
              b, l, exclusive ? carried[1] : next, carried[0], offsets, sizes,
              strides);
          scf::YieldOp::create(b, l, ValueRange{written, next});
        });
    replaceNode(rewriter, op, loop.getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateReductionPatterns(RewritePatternSet &patterns) {
  patterns.add<
      ReductionLowering<SumOp, Kind::Sum>,
      ReductionLowering<MeanOp, Kind::Mean>,
      ReductionLowering<MaxOp, Kind::Max>, ReductionLowering<MinOp, Kind::Min>,
      ReductionLowering<ProdOp, Kind::Prod>, ArgLowering<ArgMaxOp, true>,
      ArgLowering<ArgMinOp, false>, SoftmaxLowering>(patterns.getContext());
  patterns.add<ScanLowering<CumsumOp, false>, ScanLowering<CumprodOp, true>>(
      patterns.getContext());
}
