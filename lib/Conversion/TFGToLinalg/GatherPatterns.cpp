//===- GatherPatterns.cpp - Gather, GatherV2, GatherNd, Where -------------===//
//
// One linalg.generic over the output; each element reads its index from
// `indices` and the value from `params` with tensor.extract. Indices are
// clamped into range (TensorFlow's CPU kernels reject them instead).
// TensorFlow's GatherNd op has no batch_dims (tf.gather_nd's batch_dims is
// reshapes around it in Python), so only GatherV2 reads the attribute.
// Where, which makes such indices, has a size known only at run time.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

Value clampedIndex(OpBuilder &b, Location l, Value raw, Value last) {
  Value i = arith::IndexCastOp::create(b, l, b.getIndexType(), raw);
  i = arith::MaxSIOp::create(b, l, i, arith::ConstantIndexOp::create(b, l, 0));
  return arith::MinSIOp::create(b, l, i, last);
}

Value clampedIndex(OpBuilder &b, Location l, Value raw, int64_t size) {
  return clampedIndex(b, l, raw,
                      arith::ConstantIndexOp::create(b, l, size - 1));
}

/// Gather (axis 0) and GatherV2 (axis operand, batch_dims attr). With
/// batch_dims b, the first b dimensions of params and indices are shared
/// (one gather per batch element, as TensorFlow's gather_op.cc):
///   output[p0..p(axis-1), i(b)..i(ri-1), q...] =
///     params[p0..p(axis-1), indices[p0..p(b-1), i(b)..i(ri-1)], q...]
/// with the output shape params[:axis] + indices[b:] + params[axis+1:].
/// The indices may have dynamic dimensions (Where's coordinates in
/// boolean_mask), and so may the params (boolean_mask's flattened boxes):
/// a dynamic axis clamps the indices to its run-time size, and when it is
/// 0 at run time the output has no index entries (TensorFlow rejects any
/// index then), so that nothing is read.
LogicalResult lowerGather(Operation *node, ValueRange data,
                          ConversionPatternRewriter &rewriter) {
  auto types = requireRankedOperands(node, data.take_front(2));
  if (failed(types))
    return failure();
  int64_t rawAxis = 0;
  if (data.size() > 2) {
    auto axis = requireConstantInts(node, data[2], "axis");
    if (failed(axis))
      return failure();
    if (axis->size() != 1)
      return nodeError(node, "axis must be a scalar");
    rawAxis = (*axis)[0];
  }
  RankedTensorType params = (*types)[0], indices = (*types)[1];
  auto axis = normalizeAxis(node, rawAxis, params.getRank());
  if (failed(axis))
    return failure();
  int64_t ri = indices.getRank();
  // TensorFlow's checks, in its order: batch_dims in [-rank(indices),
  // rank(indices)], then below rank(params), at most axis, and the batch
  // dimensions of params and indices equal.
  int64_t batchDims = intAttrOr(node, "batch_dims", 0);
  if (batchDims != 0) {
    if (batchDims < -ri || batchDims > ri)
      return nodeError(node, "batch_dims " + Twine(batchDims) +
                                 " is not in [-" + Twine(ri) + ", " +
                                 Twine(ri) + "] (the rank of indices " +
                                 typeStr(indices) + ")");
    if (batchDims < 0)
      batchDims += ri;
    if (batchDims >= params.getRank())
      return nodeError(node, "batch_dims " + Twine(batchDims) +
                                 " must be less than the rank of params " +
                                 typeStr(params));
    if (*axis < batchDims)
      return nodeError(node, "batch_dims " + Twine(batchDims) +
                                 " must be at most axis " + Twine(*axis));
    // Dynamic batch dimensions are taken to be equal.
    for (int64_t d = 0; d < batchDims; ++d)
      if (!params.isDynamicDim(d) && !indices.isDynamicDim(d) &&
          params.getDimSize(d) != indices.getDimSize(d))
        return nodeError(node, "batch dimension " + Twine(d) + " of params " +
                                   typeStr(params) + " and indices " +
                                   typeStr(indices) + " differ");
  }
  int64_t gathered = ri - batchDims; // index dimensions in the output
  // A scalar index into a dynamic axis has no output dimension that could
  // be empty when the axis is.
  if (gathered == 0 &&
      failed(requireStaticDims(node, data[0], {*axis}, "params")))
    return failure();
  Location loc = node->getLoc();
  SmallVector<OpFoldResult> paramSizes = getMixedSizes(rewriter, loc, data[0]);
  SmallVector<OpFoldResult> indexSizes = getMixedSizes(rewriter, loc, data[1]);
  SmallVector<OpFoldResult> shape(ArrayRef(paramSizes).take_front(*axis));
  shape.append(indexSizes.begin() + batchDims, indexSizes.end());
  shape.append(paramSizes.begin() + *axis + 1, paramSizes.end());
  Value dynamicLast;
  if (params.isDynamicDim(*axis)) {
    Value size = sizeValue(rewriter, loc, paramSizes[*axis]);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    dynamicLast = arith::SubIOp::create(
        rewriter, loc, size, arith::ConstantIndexOp::create(rewriter, loc, 1));
    Value empty = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        size, zero);
    shape[*axis] =
        arith::SelectOp::create(rewriter, loc, empty, zero,
                                sizeValue(rewriter, loc, shape[*axis]))
            .getResult();
  }
  Value paramsValue = data[0], indicesValue = data[1];
  Value result = buildElementwise(
      rewriter, loc, {}, shape, params.getElementType(),
      [&](OpBuilder &b, Location l, ValueRange) -> Value {
        SmallVector<Value> at, where;
        for (int64_t d = 0; d < batchDims; ++d)
          at.push_back(linalg::IndexOp::create(b, l, d));
        for (int64_t d = 0; d < gathered; ++d)
          at.push_back(linalg::IndexOp::create(b, l, *axis + d));
        for (int64_t d = 0; d < *axis; ++d)
          where.push_back(linalg::IndexOp::create(b, l, d));
        Value raw = tensor::ExtractOp::create(b, l, indicesValue, at);
        where.push_back(
            dynamicLast ? clampedIndex(b, l, raw, dynamicLast)
                        : clampedIndex(b, l, raw, params.getDimSize(*axis)));
        for (int64_t d = *axis + 1; d < params.getRank(); ++d)
          where.push_back(linalg::IndexOp::create(b, l, d - 1 + gathered));
        return tensor::ExtractOp::create(b, l, paramsValue, where);
      });
  replaceNode(rewriter, node, result);
  return success();
}

/// GatherNd: indices [..., K] pick slices params[i0, ..., iK-1, ...].
LogicalResult lowerGatherNd(Operation *node, ValueRange data,
                            ConversionPatternRewriter &rewriter) {
  // The number of index tuples may be dynamic (Where's coordinates); their
  // length and the params' indexed dimensions must be static.
  auto types = requireRankedOperands(node, data.take_front(2));
  if (failed(types))
    return failure();
  RankedTensorType params = (*types)[0], indices = (*types)[1];
  int64_t ri = indices.getRank();
  if (ri < 1 || failed(requireStaticDims(node, data[1], {ri - 1}, "indices")))
    return ri < 1 ? nodeError(node, "indices must have rank >= 1") : failure();
  int64_t k = indices.getDimSize(ri - 1);
  if (k > params.getRank())
    return nodeError(node, "indices " + typeStr(indices) + " do not index " +
                               typeStr(params));
  SmallVector<int64_t> indexed;
  for (int64_t d = 0; d < k; ++d)
    indexed.push_back(d);
  if (failed(requireStaticDims(node, data[0], indexed, "params")))
    return failure();
  Location loc = node->getLoc();
  SmallVector<OpFoldResult> shape = getMixedSizes(rewriter, loc, data[1]);
  shape.pop_back();
  SmallVector<OpFoldResult> paramSizes = getMixedSizes(rewriter, loc, data[0]);
  shape.append(paramSizes.begin() + k, paramSizes.end());
  Value paramsValue = data[0], indicesValue = data[1];
  Value result = buildElementwise(
      rewriter, loc, {}, shape, params.getElementType(),
      [&](OpBuilder &b, Location l, ValueRange) -> Value {
        SmallVector<Value> batch, where;
        for (int64_t d = 0; d < ri - 1; ++d)
          batch.push_back(linalg::IndexOp::create(b, l, d));
        for (int64_t j = 0; j < k; ++j) {
          SmallVector<Value> at(batch);
          at.push_back(arith::ConstantIndexOp::create(b, l, j));
          Value raw = tensor::ExtractOp::create(b, l, indicesValue, at);
          where.push_back(clampedIndex(b, l, raw, params.getDimSize(j)));
        }
        for (int64_t d = k; d < params.getRank(); ++d)
          where.push_back(linalg::IndexOp::create(b, l, ri - 1 + d - k));
        return tensor::ExtractOp::create(b, l, paramsValue, where);
      });
  replaceNode(rewriter, node, result);
  return success();
}

/// Where (one input): the coordinates of the true (non-zero) elements, in
/// row-major order, as int64 [count, rank]. The count is known only at run
/// time: a reduction counts them first, then a loop over the elements
/// writes the coordinates of each true one at the next row.
LogicalResult lowerWhere(Operation *node, ValueRange data,
                         ConversionPatternRewriter &rewriter) {
  if (data.size() != 1)
    return nodeError(node, "only Where with one input (the coordinates of "
                           "the true elements) is lowered");
  auto types = requireRankedOperands(node, data);
  if (failed(types))
    return failure();
  RankedTensorType type = (*types)[0];
  Type elementType = type.getElementType();
  if (!isa<FloatType>(elementType) && !elementType.isSignlessInteger())
    return nodeError(node, "dtype " + typeStr(elementType) + " is not lowered");
  Location loc = node->getLoc();
  int64_t rank = type.getRank();
  Value input = data[0];
  Type i64 = rewriter.getI64Type();
  Type indexType = rewriter.getIndexType();
  auto isTrue = [&](OpBuilder &b, Location l, Value x) {
    return castScalar(b, l, x, b.getI1Type());
  };
  // 1. Count the true elements.
  MLIRContext *context = rewriter.getContext();
  Value zero64 = createScalar(rewriter, loc, i64, 0);
  Value countInit = createFilled(rewriter, loc, ArrayRef<int64_t>{}, zero64);
  Value countTensor =
      linalg::GenericOp::create(
          rewriter, loc, TypeRange{countInit.getType()}, ValueRange{input},
          ValueRange{countInit},
          SmallVector<AffineMap>{
              AffineMap::getMultiDimIdentityMap(rank, context),
              AffineMap::get(rank, 0, {}, context)},
          SmallVector<utils::IteratorType>(rank,
                                           utils::IteratorType::reduction),
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value one =
                arith::ExtUIOp::create(b, l, i64, isTrue(b, l, args[0]));
            linalg::YieldOp::create(
                b, l, Value(arith::AddIOp::create(b, l, args[1], one)));
          })
          .getResult(0);
  Value count = arith::IndexCastOp::create(
      rewriter, loc, indexType,
      tensor::ExtractOp::create(rewriter, loc, countTensor, ValueRange{}));
  // 2. Write the coordinates of each true element at the next row.
  SmallVector<OpFoldResult> sizes{count, rewriter.getIndexAttr(rank)};
  Value result = createEmpty(rewriter, loc, sizes, i64);
  SmallVector<OpFoldResult> inputSizes = getMixedSizes(rewriter, loc, input);
  OpFoldResult total = rewriter.getIndexAttr(1);
  for (OpFoldResult size : inputSizes)
    total = mulSizes(rewriter, loc, total, size);
  Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto loop = scf::ForOp::create(
      rewriter, loc, c0, sizeValue(rewriter, loc, total), c1,
      ValueRange{result, c0},
      [&](OpBuilder &b, Location l, Value linear, ValueRange carried) {
        // The element's coordinates, last dimension fastest.
        SmallVector<Value> coordinates(rank);
        Value rest = linear;
        for (int64_t d = rank - 1; d >= 0; --d) {
          Value size = sizeValue(b, l, inputSizes[d]);
          coordinates[d] = arith::RemUIOp::create(b, l, rest, size);
          rest = arith::DivUIOp::create(b, l, rest, size);
        }
        Value x = tensor::ExtractOp::create(b, l, input, coordinates);
        Value row = carried[1];
        auto ifOp = scf::IfOp::create(
            b, l, isTrue(b, l, x),
            [&](OpBuilder &tb, Location tl) {
              Value written = carried[0];
              for (int64_t d = 0; d < rank; ++d)
                written = tensor::InsertOp::create(
                    tb, tl,
                    arith::IndexCastOp::create(tb, tl, i64, coordinates[d]),
                    written,
                    ValueRange{row, arith::ConstantIndexOp::create(tb, tl, d)});
              Value next = arith::AddIOp::create(
                  tb, tl, row, arith::ConstantIndexOp::create(tb, tl, 1));
              scf::YieldOp::create(tb, tl, ValueRange{written, next});
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(eb, el, ValueRange{carried[0], row});
            });
        scf::YieldOp::create(b, l, ifOp.getResults());
      });
  replaceNode(rewriter, node, loop.getResult(0));
  return success();
}

} // namespace

void lowering::populateGatherPatterns(RewritePatternSet &patterns) {
  MLIRContext *c = patterns.getContext();
  patterns.add<NodeLowering>("Gather", c, lowerGather);
  patterns.add<NodeLowering>("GatherV2", c, lowerGather);
  patterns.add<NodeLowering>("GatherNd", c, lowerGatherNd);
  patterns.add<NodeLowering>("Where", c, lowerWhere);
}
