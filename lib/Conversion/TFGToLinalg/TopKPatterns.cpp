//===- TopKPatterns.cpp - TopKV2 ------------------------------------------===//
//
// TopKV2 along the last dimension, in TensorFlow's order (topk_op.cc): the
// larger value first, equal values by lower index first; values and
// indices (index_type, default int32). NaN, which TensorFlow's comparator
// leaves unordered, ranks above every number (XLA's total order), NaNs by
// index.
//
// Two algorithms, by the size of k against the row length n:
// * k^2 <= n (the small k of detection heads: k = 100 over a heat map of
//   10^6 scores): one pass over each row keeps the best k seen so far in
//   order; an element better than the k-th kept is inserted by shifting
//   the worse ones down (insertion sort bounded at k). Elements arrive by
//   increasing index, so an equal value lands after the ones kept before
//   it and ties need no index comparison. O(n) comparisons plus O(k) per
//   insertion, and on unsorted data few elements get that far.
// * larger k (up to k = n): a stable bottom-up merge sort of the row with
//   the indices carried along, then its first k: O(n log n) whatever the
//   data, where the insertion would be O(n k).
// `sorted` = false gets the sorted order too (TensorFlow leaves it open).
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
    // The leading dimensions may be dynamic (rows of candidates); the last
    // one, which k indexes, must be static.
    auto types = requireRankedOperands(op, data.take_front(1));
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
    if (failed(requireStaticDims(op, data[0], {type.getRank() - 1}, "input 0")))
      return failure();
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
    SmallVector<OpFoldResult> outShape = getMixedSizes(rewriter, loc, data[0]);
    OpFoldResult rows = rewriter.getIndexAttr(1);
    for (OpFoldResult size : ArrayRef(outShape).drop_back())
      rows = mulSizes(rewriter, loc, rows, size);
    outShape.back() = rewriter.getIndexAttr(k);
    Value input =
        reshapeTo(rewriter, loc, data[0],
                  SmallVector<OpFoldResult>{rows, rewriter.getIndexAttr(n)});
    Value values, indices;
    if (k == 0 || k <= n / k) // k^2 <= n, without overflow
      std::tie(values, indices) =
          boundedInsertion(rewriter, loc, input, k, indexType);
    else
      std::tie(values, indices) = mergeSort(rewriter, loc, input, k, indexType);
    replaceNode(rewriter, op,
                {reshapeTo(rewriter, loc, values, outShape),
                 reshapeTo(rewriter, loc, indices, outShape)});
    return success();
  }

  static Value index(OpBuilder &b, Location l, int64_t v) {
    return arith::ConstantIndexOp::create(b, l, v);
  }

  /// The best k of each row of `input` [rows, n] by one pass that keeps
  /// them in order (insertion bounded at k); [rows, k] values and indices.
  static std::pair<Value, Value> boundedInsertion(OpBuilder &builder,
                                                  Location loc, Value input,
                                                  int64_t k, Type indexType) {
    auto type = cast<RankedTensorType>(input.getType());
    OpFoldResult rows = dimSize(builder, loc, input, 0);
    int64_t n = type.getDimSize(1);
    Type elementType = type.getElementType();
    SmallVector<OpFoldResult> outSizes{rows, builder.getIndexAttr(k)};
    // The kept values start as the lowest value (read before the row has k
    // elements only behind the count check, but defined).
    Value values = createFilled(builder, loc, outSizes,
                                createLowest(builder, loc, elementType));
    Value indices = createFilled(builder, loc, outSizes,
                                 createScalar(builder, loc, indexType, 0));
    if (getConstantIntValue(rows) == 0 || k == 0)
      return {values, indices};
    auto rowLoop = scf::ForOp::create(
        builder, loc, index(builder, loc, 0), sizeValue(builder, loc, rows),
        index(builder, loc, 1), ValueRange{values, indices},
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
                      insertSorted(b, l, row, slot, x, column, args[0], args[1],
                                   indexType);
                    },
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(b, l, ValueRange{args[0], args[1]});
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
    return {rowLoop.getResult(0), rowLoop.getResult(1)};
  }

  /// Sorts each row of `input` [rows, n] (stable bottom-up merge sort in
  /// TopK's order, indices carried along) and keeps the first k. Passes of
  /// width 1, 2, 4, ... merge runs: the first from the input into buffer
  /// A, then two per loop step (A -> B, B -> A) so that each buffer stays
  /// in place; a pass whose width reaches n only copies.
  static std::pair<Value, Value> mergeSort(OpBuilder &builder, Location loc,
                                           Value input, int64_t k,
                                           Type indexType) {
    auto type = cast<RankedTensorType>(input.getType());
    OpFoldResult rows = dimSize(builder, loc, input, 0);
    int64_t n = type.getDimSize(1);
    SmallVector<OpFoldResult> sizes{rows, builder.getIndexAttr(n)};
    Value iota = buildElementwise(
        builder, loc, {}, sizes, indexType,
        [&](OpBuilder &b, Location l, ValueRange) -> Value {
          return arith::IndexCastOp::create(b, l, indexType,
                                            linalg::IndexOp::create(b, l, 1));
        });
    int64_t passes = llvm::Log2_64_Ceil(n);
    Value values = input, indices = iota;
    if (getConstantIntValue(rows) != 0 && passes > 0) {
      // The first pass reads the input (which is never written: it may be
      // the caller's buffer), then pairs of passes go A -> B -> A.
      Value a = createEmpty(builder, loc, sizes, type.getElementType());
      Value aIndices = createEmpty(builder, loc, sizes, indexType);
      Value b = createEmpty(builder, loc, sizes, type.getElementType());
      Value bIndices = createEmpty(builder, loc, sizes, indexType);
      auto rowLoop = scf::ForOp::create(
          builder, loc, index(builder, loc, 0), sizeValue(builder, loc, rows),
          index(builder, loc, 1), ValueRange{a, aIndices, b, bIndices},
          [&](OpBuilder &b, Location l, Value row, ValueRange rowArgs) {
            auto [firstValues, firstIndices] =
                mergePass(b, l, row, n, index(b, l, 1), input, iota, rowArgs[0],
                          rowArgs[1]);
            auto passLoop = scf::ForOp::create(
                b, l, index(b, l, 0), index(b, l, passes / 2), index(b, l, 1),
                ValueRange{firstValues, firstIndices, rowArgs[2], rowArgs[3]},
                [&](OpBuilder &b, Location l, Value pair, ValueRange args) {
                  // Widths 2^(2 pair + 1) and 2^(2 pair + 2).
                  Value width = arith::ShLIOp::create(
                      b, l, index(b, l, 2),
                      arith::MulIOp::create(b, l, pair, index(b, l, 2)));
                  auto [bValues, bIndices] = mergePass(
                      b, l, row, n, width, args[0], args[1], args[2], args[3]);
                  Value doubled =
                      arith::ShLIOp::create(b, l, width, index(b, l, 1));
                  auto [aValues, aIndices] =
                      mergePass(b, l, row, n, doubled, bValues, bIndices,
                                args[0], args[1]);
                  scf::YieldOp::create(
                      b, l, ValueRange{aValues, aIndices, bValues, bIndices});
                });
            scf::YieldOp::create(b, l, passLoop.getResults());
          });
      values = rowLoop.getResult(0);
      indices = rowLoop.getResult(1);
    }
    SmallVector<OpFoldResult> kept{rows, builder.getIndexAttr(k)};
    return {extractSlice(builder, loc, values, {0, 0}, kept, {1, 1}),
            extractSlice(builder, loc, indices, {0, 0}, kept, {1, 1})};
  }

  /// One merge pass over a row: the runs [s, s + width) and
  /// [s + width, s + 2 width) of the source merge into the destination;
  /// the left run wins ties (it holds the lower indices), so the sort is
  /// stable and equal values stay in index order.
  static std::pair<Value, Value> mergePass(OpBuilder &builder, Location loc,
                                           Value row, int64_t n, Value width,
                                           Value srcValues, Value srcIndices,
                                           Value dstValues, Value dstIndices) {
    Value size = index(builder, loc, n);
    Value step =
        arith::ShLIOp::create(builder, loc, width, index(builder, loc, 1));
    auto runLoop = scf::ForOp::create(
        builder, loc, index(builder, loc, 0), size, step,
        ValueRange{dstValues, dstIndices},
        [&](OpBuilder &b, Location l, Value start, ValueRange runArgs) {
          Value mid = arith::MinSIOp::create(
              b, l, arith::AddIOp::create(b, l, start, width), size);
          Value end = arith::MinSIOp::create(
              b, l, arith::AddIOp::create(b, l, start, step), size);
          Value last = index(b, l, n - 1);
          auto mergeLoop = scf::ForOp::create(
              b, l, start, end, index(b, l, 1),
              ValueRange{runArgs[0], runArgs[1], start, mid},
              [&](OpBuilder &b, Location l, Value out, ValueRange args) {
                Value i = args[2], j = args[3];
                // Reads clamped into the row; the flags say which are real.
                Value ic = arith::MinSIOp::create(b, l, i, last),
                      jc = arith::MinSIOp::create(b, l, j, last);
                Value left = tensor::ExtractOp::create(b, l, srcValues,
                                                       ValueRange{row, ic});
                Value right = tensor::ExtractOp::create(b, l, srcValues,
                                                        ValueRange{row, jc});
                Value rightLeft = arith::CmpIOp::create(
                    b, l, arith::CmpIPredicate::slt, j, end);
                Value leftDone = arith::CmpIOp::create(
                    b, l, arith::CmpIPredicate::sge, i, mid);
                Value takeRight = arith::AndIOp::create(
                    b, l, rightLeft,
                    arith::OrIOp::create(b, l, leftDone,
                                         ranksBefore(b, l, right, left)));
                Value from = arith::SelectOp::create(b, l, takeRight, jc, ic);
                Value value =
                    arith::SelectOp::create(b, l, takeRight, right, left);
                Value at = tensor::ExtractOp::create(b, l, srcIndices,
                                                     ValueRange{row, from});
                Value newValues = tensor::InsertOp::create(
                    b, l, value, args[0], ValueRange{row, out});
                Value newIndices = tensor::InsertOp::create(
                    b, l, at, args[1], ValueRange{row, out});
                Value one = index(b, l, 1);
                Value nextI = arith::SelectOp::create(
                    b, l, takeRight, i, arith::AddIOp::create(b, l, i, one));
                Value nextJ = arith::SelectOp::create(
                    b, l, takeRight, arith::AddIOp::create(b, l, j, one), j);
                scf::YieldOp::create(
                    b, l, ValueRange{newValues, newIndices, nextI, nextJ});
              });
          scf::YieldOp::create(
              b, l, ValueRange{mergeLoop.getResult(0), mergeLoop.getResult(1)});
        });
    return {runLoop.getResult(0), runLoop.getResult(1)};
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
