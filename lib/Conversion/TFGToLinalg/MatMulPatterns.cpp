//===- MatMulPatterns.cpp - MatMul, BatchMatMulV2, _FusedMatMul -----------===//
//
// linalg.matmul / linalg.batch_matmul (named, for tiling later); transposed
// operands are transposed explicitly.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

Value matmul(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type elementType = elementTypeOf(lhs);
  Value init = createFilled(b, loc,
                            SmallVector<OpFoldResult>{dimSize(b, loc, lhs, 0),
                                                      dimSize(b, loc, rhs, 1)},
                            createScalar(b, loc, elementType, 0));
  return linalg::MatmulOp::create(b, loc, TypeRange{init.getType()},
                                  ValueRange{lhs, rhs}, ValueRange{init})
      .getResult(0);
}

/// MatMul and _FusedMatMul.
template <typename OpT> struct MatMulLowering : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands())
                          .take_front(getDataOperands(op).size());
    // The rows and columns may be dynamic (a batch of rows); the inner
    // dimension must be static.
    auto types = requireRankedOperands(op, data.take_front(2));
    if (failed(types))
      return failure();
    if ((*types)[0].getRank() != 2 || (*types)[1].getRank() != 2)
      return nodeError(op, "operands must be matrices");
    if (!isa<FloatType>((*types)[0].getElementType()))
      return nodeError(op, "dtype " + typeStr((*types)[0].getElementType()) +
                               " is not lowered");
    Location loc = op.getLoc();
    Value lhs = data[0], rhs = data[1];
    auto flag = [&](StringRef name) {
      auto attr = op->template getAttrOfType<BoolAttr>(name);
      return attr && attr.getValue();
    };
    if (flag("transpose_a"))
      lhs = transpose(rewriter, loc, lhs, {1, 0});
    if (flag("transpose_b"))
      rhs = transpose(rewriter, loc, rhs, {1, 0});
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    if (failed(requireStaticDims(op, lhs, {1}, "the left operand")) ||
        failed(requireStaticDims(op, rhs, {0}, "the right operand")))
      return failure();
    if (lhsType.getDimSize(1) != rhsType.getDimSize(0))
      return nodeError(op, "inner dimensions of " + typeStr(lhsType) + " and " +
                               typeStr(rhsType) + " differ");
    Value result = matmul(rewriter, loc, lhs, rhs);
    auto fused = applyFusedOps(op, rewriter, result, data.drop_front(2), 1);
    if (failed(fused))
      return failure();
    replaceNode(rewriter, op, *fused);
    return success();
  }
};

/// BatchMatMulV2: batch dims broadcast, then collapse into one for
/// linalg.batch_matmul.
struct BatchMatMulLowering : OpConversionPattern<BatchMatMulV2Op> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BatchMatMulV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands()).take_front(2);
    // Batch dimensions may be dynamic; the matrices must be static.
    auto types = requireRankedOperands(op, data);
    if (failed(types))
      return failure();
    Location loc = op.getLoc();
    Value lhs = data[0], rhs = data[1];
    int64_t lRank = (*types)[0].getRank(), rRank = (*types)[1].getRank();
    if (lRank < 2 || rRank < 2)
      return nodeError(op, "operands must have rank >= 2");
    if (failed(requireStaticDims(op, lhs, {lRank - 2, lRank - 1}, "input 0")) ||
        failed(requireStaticDims(op, rhs, {rRank - 2, rRank - 1}, "input 1")))
      return failure();
    auto adjoint = [&](Value v, int64_t rank) {
      SmallVector<int64_t> perm;
      for (int64_t d = 0; d < rank; ++d)
        perm.push_back(d);
      std::swap(perm[rank - 1], perm[rank - 2]);
      return transpose(rewriter, loc, v, perm);
    };
    if (op.getAdjX().value_or(false))
      lhs = adjoint(lhs, lRank);
    if (op.getAdjY().value_or(false))
      rhs = adjoint(rhs, rRank);
    auto lType = cast<RankedTensorType>(lhs.getType());
    auto rType = cast<RankedTensorType>(rhs.getType());
    auto batch = broadcastShapes(lType.getShape().drop_back(2),
                                 rType.getShape().drop_back(2));
    if (failed(batch))
      return nodeError(op, "batch dimensions do not broadcast");
    int64_t m = lType.getDimSize(lRank - 2), k = lType.getDimSize(lRank - 1);
    int64_t n = rType.getDimSize(rRank - 1);
    if (rType.getDimSize(rRank - 2) != k)
      return nodeError(op, "inner dimensions differ");
    // The batch sizes: a dynamic one from an operand that has it dynamic.
    int64_t batchRank = batch->size();
    SmallVector<OpFoldResult> batchSizes;
    OpFoldResult batchCount = rewriter.getIndexAttr(1);
    for (int64_t d = 0; d < batchRank; ++d) {
      OpFoldResult size = rewriter.getIndexAttr((*batch)[d]);
      if (ShapedType::isDynamic((*batch)[d]))
        for (Value v : {lhs, rhs}) {
          auto type = cast<RankedTensorType>(v.getType());
          int64_t at = d - (batchRank - (type.getRank() - 2));
          if (at >= 0 && type.isDynamicDim(at)) {
            size = dimSize(rewriter, loc, v, at);
            break;
          }
        }
      batchSizes.push_back(size);
      batchCount = mulSizes(rewriter, loc, batchCount, size);
    }
    Type elementType = lType.getElementType();
    auto index = [&](int64_t v) -> OpFoldResult {
      return rewriter.getIndexAttr(v);
    };
    // Broadcast each operand to the full batch, then collapse the batch.
    auto prepare = [&](Value v, int64_t rows, int64_t cols) {
      SmallVector<OpFoldResult> full(batchSizes);
      full.append({index(rows), index(cols)});
      auto type = cast<RankedTensorType>(v.getType());
      if (type.getShape() != ArrayRef(staticShapeOf(full)))
        v = buildElementwise(
            rewriter, loc, v, full, elementType,
            [](OpBuilder &, Location, ValueRange a) { return a[0]; });
      return reshapeTo(
          rewriter, loc, v,
          SmallVector<OpFoldResult>{batchCount, index(rows), index(cols)});
    };
    lhs = prepare(lhs, m, k);
    rhs = prepare(rhs, k, n);
    Value init =
        createFilled(rewriter, loc,
                     SmallVector<OpFoldResult>{batchCount, index(m), index(n)},
                     createScalar(rewriter, loc, elementType, 0));
    Value result =
        linalg::BatchMatmulOp::create(rewriter, loc, TypeRange{init.getType()},
                                      ValueRange{lhs, rhs}, ValueRange{init})
            .getResult(0);
    SmallVector<OpFoldResult> outSizes(batchSizes);
    outSizes.append({index(m), index(n)});
    replaceNode(rewriter, op, reshapeTo(rewriter, loc, result, outSizes));
    return success();
  }
};

} // namespace

void lowering::populateMatMulPatterns(RewritePatternSet &patterns) {
  patterns.add<MatMulLowering<MatMulOp>, MatMulLowering<FusedMatMulOp>,
               BatchMatMulLowering>(patterns.getContext());
}
