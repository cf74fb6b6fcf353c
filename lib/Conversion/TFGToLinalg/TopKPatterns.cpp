//===- TopKPatterns.cpp - TopKV2 ------------------------------------------===//
//
// TopKV2 along the last dimension, in TensorFlow's order (topk_op.cc): the
// larger value first, equal values by lower index first; values and
// indices (index_type, default int32). NaN, which TensorFlow's comparator
// leaves unordered, ranks above every number (XLA's total order), NaNs by
// index.
//
// The algorithm is one pass over each row that keeps the best k seen so
// far in order: an element better than the k-th kept is inserted by
// shifting the worse ones down (insertion sort bounded at k). Elements
// arrive by increasing index, so an equal value lands after the ones kept
// before it and the tie rule needs no index comparison. The cost is
// O(n) comparisons plus O(k) per insertion: for the small k of detection
// heads (k = 100 over a heat map) almost every element fails the single
// comparison with the k-th; for k = n it is an insertion sort, O(n^2) in
// the worst case (rows of a few thousand elements are fine). `sorted` =
// false gets the sorted order too (TensorFlow leaves that order open).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

/// Whether `x` comes before `y` in TopK's order (ties excluded: the earlier
/// index decides them).
Value ranksBefore(OpBuilder &b, Location l, Value x, Value y) {
  if (isa<IntegerType>(x.getType()))
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, x, y);
  Value greater = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, x, y);
  Value xIsNaN = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x);
  Value yIsNumber =
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::ORD, y, y);
  return arith::OrIOp::create(b, l, greater,
                              arith::AndIOp::create(b, l, xIsNaN, yIsNumber));
}

struct TopKLowering : OpConversionPattern<TopKV2Op> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TopKV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data = ValueRange(adaptor.getOperands()).take_front(2);
    auto types = requireStaticOperands(op, data.take_front(1));
    if (failed(types))
      return failure();
    auto kValues = requireConstantInts(op, data[1], "k");
    if (failed(kValues))
      return failure();
    RankedTensorType type = (*types)[0];
    if (kValues->size() != 1)
      return nodeError(op, "k must be a scalar");
    int64_t k = (*kValues)[0];
    if (type.getRank() < 1)
      return nodeError(op, "input " + typeStr(type) + " must be at least 1-D");
    int64_t n = type.getShape().back();
    if (k < 0 || k > n)
      return nodeError(op, "k = " + Twine(k) + " is not in [0, " + Twine(n) +
                               "], the last dimension of " + typeStr(type));
    Type elementType = type.getElementType();
    if (!isa<FloatType>(elementType) &&
        !(isa<IntegerType>(elementType) && !elementType.isInteger(1)))
      return nodeError(op, "dtype " + typeStr(elementType) + " is not lowered");
    Type indexType = rewriter.getI32Type();
    if (auto attr = op.getIndexTypeAttr())
      indexType = attr.getValue();

    Location loc = op.getLoc();
    int64_t rows = 1;
    for (int64_t d : type.getShape().drop_back())
      rows *= d;
    SmallVector<int64_t> outShape(type.getShape());
    outShape.back() = k;
    // Rows of the input and the outputs as 2-D tensors; the kept values
    // start as the lowest value (read before the row has k elements only
    // behind the count check, but defined).
    Value input = reshapeTo(rewriter, loc, data[0], {rows, n});
    Value values = createFilled(rewriter, loc, {rows, k},
                                createLowest(rewriter, loc, elementType));
    Value indices = createFilled(rewriter, loc, {rows, k},
                                 createScalar(rewriter, loc, indexType, 0));
    if (rows > 0 && k > 0) {
      auto index = [&](OpBuilder &b, Location l, int64_t v) -> Value {
        return arith::ConstantIndexOp::create(b, l, v);
      };
      auto rowLoop = scf::ForOp::create(
          rewriter, loc, index(rewriter, loc, 0), index(rewriter, loc, rows),
          index(rewriter, loc, 1), ValueRange{values, indices},
          [&](OpBuilder &b, Location l, Value row, ValueRange rowArgs) {
            auto columnLoop = scf::ForOp::create(
                b, l, index(b, l, 0), index(b, l, n), index(b, l, 1),
                ValueRange{rowArgs[0], rowArgs[1], index(b, l, 0)},
                [&](OpBuilder &b, Location l, Value column, ValueRange args) {
                  Value x = tensor::ExtractOp::create(b, l, input,
                                                      ValueRange{row, column});
                  Value kept = args[2];
                  Value notFull = arith::CmpIOp::create(
                      b, l, arith::CmpIPredicate::slt, kept, index(b, l, k));
                  Value kth = tensor::ExtractOp::create(
                      b, l, args[0], ValueRange{row, index(b, l, k - 1)});
                  Value take = arith::OrIOp::create(b, l, notFull,
                                                    ranksBefore(b, l, x, kth));
                  auto insert = scf::IfOp::create(
                      b, l, take,
                      [&](OpBuilder &b, Location l) {
                        Value slot = arith::MinSIOp::create(b, l, kept,
                                                            index(b, l, k - 1));
                        insertSorted(b, l, row, slot, x, column, args[0],
                                     args[1], indexType);
                      },
                      [&](OpBuilder &b, Location l) {
                        scf::YieldOp::create(b, l,
                                             ValueRange{args[0], args[1]});
                      });
                  Value count = arith::MinSIOp::create(
                      b, l, arith::AddIOp::create(b, l, kept, index(b, l, 1)),
                      index(b, l, k));
                  scf::YieldOp::create(b, l,
                                       ValueRange{insert.getResult(0),
                                                  insert.getResult(1), count});
                });
            scf::YieldOp::create(
                b, l,
                ValueRange{columnLoop.getResult(0), columnLoop.getResult(1)});
          });
      values = rowLoop.getResult(0);
      indices = rowLoop.getResult(1);
    }
    replaceNode(rewriter, op,
                {reshapeTo(rewriter, loc, values, outShape),
                 reshapeTo(rewriter, loc, indices, outShape)});
    return success();
  }

  /// Inserts (x, column) into the row's kept list, whose free slot is
  /// `slot` (the end of a list not yet full, else the k-th, dropped): the
  /// kept elements that x ranks before move down one place. Yields the
  /// updated values and indices from the enclosing scf.if region.
  static void insertSorted(OpBuilder &b, Location l, Value row, Value slot,
                           Value x, Value column, Value values, Value indices,
                           Type indexType) {
    Value zero = arith::ConstantIndexOp::create(b, l, 0),
          one = arith::ConstantIndexOp::create(b, l, 1);
    Type valuesType = values.getType(), indicesType = indices.getType();
    auto shift = scf::WhileOp::create(
        b, l, TypeRange{b.getIndexType(), valuesType, indicesType},
        ValueRange{slot, values, indices},
        [&](OpBuilder &b, Location l, ValueRange args) {
          // Go on while slot > 0 and x ranks before the element above it
          // (read at max(slot - 1, 0) so that the read stays in bounds).
          Value above = arith::MaxSIOp::create(
              b, l, arith::SubIOp::create(b, l, args[0], one), zero);
          Value aboveValue =
              tensor::ExtractOp::create(b, l, args[1], ValueRange{row, above});
          Value more = arith::AndIOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, args[0],
                                    zero),
              ranksBefore(b, l, x, aboveValue));
          scf::ConditionOp::create(b, l, more, args);
        },
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value above = arith::SubIOp::create(b, l, args[0], one);
          Value v =
              tensor::ExtractOp::create(b, l, args[1], ValueRange{row, above});
          Value i =
              tensor::ExtractOp::create(b, l, args[2], ValueRange{row, above});
          Value newValues = tensor::InsertOp::create(b, l, v, args[1],
                                                     ValueRange{row, args[0]});
          Value newIndices = tensor::InsertOp::create(b, l, i, args[2],
                                                      ValueRange{row, args[0]});
          scf::YieldOp::create(b, l, ValueRange{above, newValues, newIndices});
        });
    Value at = shift.getResult(0);
    Value newValues = tensor::InsertOp::create(b, l, x, shift.getResult(1),
                                               ValueRange{row, at});
    Value columnIndex = arith::IndexCastOp::create(b, l, indexType, column);
    Value newIndices = tensor::InsertOp::create(
        b, l, columnIndex, shift.getResult(2), ValueRange{row, at});
    scf::YieldOp::create(b, l, ValueRange{newValues, newIndices});
  }
};

} // namespace

void lowering::populateTopKPatterns(RewritePatternSet &patterns) {
  patterns.add<TopKLowering>(patterns.getContext());
}
