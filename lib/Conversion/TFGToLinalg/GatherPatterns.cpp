//===- GatherPatterns.cpp - Gather, GatherV2, GatherNd --------------------===//
//
// One linalg.generic over the output; each element reads its index from
// `indices` and the value from `params` with tensor.extract. Indices are
// clamped into range (TensorFlow's CPU kernels reject them instead).
// TensorFlow's GatherNd op has no batch_dims (tf.gather_nd's batch_dims is
// reshapes around it in Python), so only GatherV2 reads the attribute.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

Value clampedIndex(OpBuilder &b, Location l, Value raw, int64_t size) {
  Value i = arith::IndexCastOp::create(b, l, b.getIndexType(), raw);
  i = arith::MaxSIOp::create(b, l, i, arith::ConstantIndexOp::create(b, l, 0));
  return arith::MinSIOp::create(b, l, i,
                                arith::ConstantIndexOp::create(b, l, size - 1));
}

/// Gather (axis 0) and GatherV2 (axis operand, batch_dims attr). With
/// batch_dims b, the first b dimensions of params and indices are shared
/// (one gather per batch element, as TensorFlow's gather_op.cc):
///   output[p0..p(axis-1), i(b)..i(ri-1), q...] =
///     params[p0..p(axis-1), indices[p0..p(b-1), i(b)..i(ri-1)], q...]
/// with the output shape params[:axis] + indices[b:] + params[axis+1:].
LogicalResult lowerGather(Operation *node, ValueRange data,
                          ConversionPatternRewriter &rewriter) {
  auto types = requireStaticOperands(node, data.take_front(2));
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
    for (int64_t d = 0; d < batchDims; ++d)
      if (params.getDimSize(d) != indices.getDimSize(d))
        return nodeError(node, "batch dimension " + Twine(d) + " of params " +
                                   typeStr(params) + " and indices " +
                                   typeStr(indices) + " differ");
  }
  int64_t gathered = ri - batchDims; // index dimensions in the output
  SmallVector<int64_t> shape(params.getShape().take_front(*axis));
  shape.append(indices.getShape().begin() + batchDims,
               indices.getShape().end());
  shape.append(params.getShape().begin() + *axis + 1, params.getShape().end());
  Value paramsValue = data[0], indicesValue = data[1];
  Value result = buildElementwise(
      rewriter, node->getLoc(), {}, shape, params.getElementType(),
      [&](OpBuilder &b, Location l, ValueRange) -> Value {
        SmallVector<Value> at, where;
        for (int64_t d = 0; d < batchDims; ++d)
          at.push_back(linalg::IndexOp::create(b, l, d));
        for (int64_t d = 0; d < gathered; ++d)
          at.push_back(linalg::IndexOp::create(b, l, *axis + d));
        for (int64_t d = 0; d < *axis; ++d)
          where.push_back(linalg::IndexOp::create(b, l, d));
        Value raw = tensor::ExtractOp::create(b, l, indicesValue, at);
        where.push_back(clampedIndex(b, l, raw, params.getDimSize(*axis)));
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
  auto types = requireStaticOperands(node, data.take_front(2));
  if (failed(types))
    return failure();
  RankedTensorType params = (*types)[0], indices = (*types)[1];
  int64_t ri = indices.getRank();
  int64_t k = ri ? indices.getDimSize(ri - 1) : 0;
  if (ri < 1 || k > params.getRank())
    return nodeError(node, "indices " + typeStr(indices) + " do not index " +
                               typeStr(params));
  SmallVector<int64_t> shape(indices.getShape().drop_back());
  shape.append(params.getShape().begin() + k, params.getShape().end());
  Value paramsValue = data[0], indicesValue = data[1];
  Value result = buildElementwise(
      rewriter, node->getLoc(), {}, shape, params.getElementType(),
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

} // namespace

void lowering::populateGatherPatterns(RewritePatternSet &patterns) {
  MLIRContext *c = patterns.getContext();
  patterns.add<NodeLowering>("Gather", c, lowerGather);
  patterns.add<NodeLowering>("GatherV2", c, lowerGather);
  patterns.add<NodeLowering>("GatherNd", c, lowerGatherNd);
}
