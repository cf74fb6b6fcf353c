//===- CPUVectorizeReductions.cpp - Vector rows of innermost reductions ---===//
//
// The CPU schedule of f32 reductions over the innermost dimensions (Sum,
// Mean, Max, Min, Prod over the last axis; Softmax's max and sum over the
// classes). As loops, such a reduction is a chain of scalar operations a
// row: LLVM keeps a float sum in its order, so it vectorizes neither the
// sum nor (it has no reason to reassociate one and not the other) the max.
// Each row is reduced here in vector accumulators instead, which are
// combined lane by lane and then across lanes once at the row's end.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "CPUKernelUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUVECTORIZEREDUCTIONS
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// Independent vector accumulators of a long row: enough to hide the
/// latency of a vector add or max (4 cycles, 2 a cycle on the hosts we
/// target) without running out of registers or unrolling short rows.
constexpr int64_t kAccumulators = 4;

/// A reduction the pass rewrites: the combiner, and how many leading
/// (kept) dimensions the input has before the reduced ones.
struct RowReduction {
  vector::CombiningKind kind;
  unsigned kept;
};

/// The combiner of `op`'s body when it is a single addf / mulf / maximumf /
/// minimumf of the input element and the accumulator.
std::optional<vector::CombiningKind> combinerOf(linalg::LinalgOp op) {
  Block *body = op.getBlock();
  if (body->getNumArguments() != 2 ||
      !llvm::hasSingleElement(body->without_terminator()))
    return std::nullopt;
  Operation *combiner = &body->front();
  auto yield = dyn_cast<linalg::YieldOp>(body->getTerminator());
  if (!yield || yield->getNumOperands() != 1 ||
      yield->getOperand(0) != combiner->getResult(0) ||
      combiner->getNumOperands() != 2)
    return std::nullopt;
  Value in = body->getArgument(0), acc = body->getArgument(1);
  Value lhs = combiner->getOperand(0), rhs = combiner->getOperand(1);
  if (!((lhs == in && rhs == acc) || (lhs == acc && rhs == in)))
    return std::nullopt;
  return llvm::TypeSwitch<Operation *, std::optional<vector::CombiningKind>>(
             combiner)
      .Case([](arith::AddFOp) { return vector::CombiningKind::ADD; })
      .Case([](arith::MulFOp) { return vector::CombiningKind::MUL; })
      .Case([](arith::MaximumFOp) { return vector::CombiningKind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return vector::CombiningKind::MINIMUMF; })
      .Default([](Operation *) { return std::nullopt; });
}

/// Whether the pass rewrites `op`: one f32 input read at every loop
/// (identity map), one output at the leading loops in order, those loops
/// parallel and the rest (the input's last dimensions) reduced, a combiner
/// of combinerOf, and a row of at least one vector (or of dynamic length).
std::optional<RowReduction> asRowReduction(linalg::LinalgOp op, int64_t lanes) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op->getNumResults() != 1)
    return std::nullopt;
  auto inputType =
      dyn_cast<RankedTensorType>(op.getDpsInputOperand(0)->get().getType());
  auto outputType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!inputType || !outputType || !inputType.getElementType().isF32() ||
      !outputType.getElementType().isF32())
    return std::nullopt;
  unsigned loops = op.getNumLoops();
  unsigned kept = op.getNumParallelLoops();
  if (kept >= loops || inputType.getRank() != loops)
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned d = 0; d < loops; ++d)
    if ((d < kept) != (iterators[d] == utils::IteratorType::parallel))
      return std::nullopt;
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(loops, op.getContext());
  if (op.getMatchingIndexingMap(op.getDpsInputOperand(0)) != identity ||
      op.getMatchingIndexingMap(op.getDpsInitOperand(0)) !=
          AffineMap::get(loops, 0, identity.getResults().take_front(kept),
                         op.getContext()))
    return std::nullopt;
  std::optional<vector::CombiningKind> kind = combinerOf(op);
  if (!kind)
    return std::nullopt;
  int64_t row = 1;
  for (unsigned d = kept; d < loops; ++d) {
    if (inputType.isDynamicDim(d)) {
      row = ShapedType::kDynamic;
      break;
    }
    row *= inputType.getDimSize(d);
  }
  // A row shorter than a vector is a few scalar operations; a masked read
  // and the lane tree would cost more.
  if (!ShapedType::isDynamic(row) && row < lanes)
    return std::nullopt;
  return RowReduction{*kind, kept};
}

/// The value a lane past the row's end reads: what leaves any accumulator
/// unchanged under the combiner.
Value neutralElement(OpBuilder &b, Location loc, vector::CombiningKind kind) {
  Type f32 = b.getF32Type();
  llvm::APFloat value(0.0f);
  switch (kind) {
  case vector::CombiningKind::ADD:
    value = llvm::APFloat::getZero(llvm::APFloat::IEEEsingle(),
                                   /*Negative=*/true); // -0 + x == x, also -0
    break;
  case vector::CombiningKind::MUL:
    value = llvm::APFloat(1.0f);
    break;
  case vector::CombiningKind::MAXIMUMF:
    value = llvm::APFloat::getInf(llvm::APFloat::IEEEsingle(),
                                  /*Negative=*/true);
    break;
  default: // MINIMUMF
    value = llvm::APFloat::getInf(llvm::APFloat::IEEEsingle());
    break;
  }
  return arith::ConstantOp::create(b, loc, f32, b.getFloatAttr(f32, value));
}

/// `acc`'s lanes combined into one scalar, halving the vector each step
/// (a tree: the same order whatever the lowering's fast-math options).
Value combineLanes(OpBuilder &b, Location loc, vector::CombiningKind kind,
                   Value acc) {
  int64_t width = cast<VectorType>(acc.getType()).getNumElements();
  while (width > 1) {
    int64_t half = width / 2;
    Value low = vector::ExtractStridedSliceOp::create(
        b, loc, acc, /*offsets=*/ArrayRef<int64_t>{0},
        /*sizes=*/ArrayRef<int64_t>{half}, /*strides=*/ArrayRef<int64_t>{1});
    Value high = vector::ExtractStridedSliceOp::create(
        b, loc, acc, ArrayRef<int64_t>{half}, ArrayRef<int64_t>{half},
        ArrayRef<int64_t>{1});
    acc = vector::makeArithReduction(b, loc, kind, low, high);
    width = half;
  }
  return vector::ExtractOp::create(b, loc, acc, ArrayRef<int64_t>{0});
}

/// Rewrites `op` (asRowReduction) into a loop nest over its kept indices
/// whose body reduces one row of the input in vector accumulators and
/// combines the result with the op's init at that index.
void vectorizeRows(RewriterBase &rewriter, linalg::LinalgOp op,
                   const RowReduction &reduction, int64_t lanes) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value input = op.getDpsInputOperand(0)->get();
  Value init = op.getDpsInitOperand(0)->get();
  // An init filled with a constant (the lowering's 0 or -inf) is not
  // filled first and read back: each row combines with the constant and
  // is written once into the fill's destination.
  Value initValue;
  if (auto fill = init.getDefiningOp<linalg::FillOp>();
      fill && fill.hasPureTensorSemantics()) {
    initValue = fill.getInputs()[0];
    init = fill.getOutputs()[0];
  }
  unsigned kept = reduction.kept;
  auto inputType = cast<RankedTensorType>(input.getType());
  // The reduced dimensions are contiguous (the innermost ones of a
  // row-major tensor): one row dimension.
  if (inputType.getRank() > kept + 1) {
    SmallVector<ReassociationIndices> groups;
    for (unsigned d = 0; d < kept; ++d)
      groups.push_back({d});
    groups.emplace_back(
        llvm::to_vector(llvm::seq<int64_t>(kept, inputType.getRank())));
    input = tensor::CollapseShapeOp::create(rewriter, loc, input, groups);
  }
  auto dim = [&](OpBuilder &b, unsigned d) -> Value {
    return b.createOrFold<tensor::DimOp>(loc, input, d);
  };
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<Value> lbs, ubs, steps;
  for (unsigned d = 0; d < kept; ++d) {
    lbs.push_back(index(rewriter, 0));
    ubs.push_back(dim(rewriter, d));
    steps.push_back(index(rewriter, 1));
  }
  Value rowLength = dim(rewriter, kept);
  std::optional<int64_t> staticLength = getConstantIntValue(rowLength);
  // A row of fewer whole vectors than accumulators gets one per vector.
  int64_t accumulators =
      staticLength
          ? std::clamp<int64_t>(*staticLength / lanes, 1, kAccumulators)
          : kAccumulators;
  vector::CombiningKind kind = reduction.kind;
  auto vectorType = VectorType::get({lanes}, rewriter.getF32Type());
  Value neutral = neutralElement(rewriter, loc, kind);
  Value neutralVector =
      vector::BroadcastOp::create(rewriter, loc, vectorType, neutral);

  scf::LoopNest nest = scf::buildLoopNest(
      rewriter, loc, lbs, ubs, steps, ValueRange{init},
      [&](OpBuilder &b, Location loc, ValueRange ivs,
          ValueRange args) -> scf::ValueVector {
        auto read = [&](OpBuilder &rb, Value at, bool inBounds) -> Value {
          SmallVector<Value> indices(ivs);
          indices.push_back(at);
          return vector::TransferReadOp::create(rb, loc, vectorType, input,
                                                indices, neutral,
                                                ArrayRef<bool>{inBounds});
        };
        // The row's end rounded down to whole steps of `step` elements.
        auto roundDown = [&](Value end, int64_t step) -> Value {
          return arith::SubIOp::create(
              b, loc, end, arith::RemUIOp::create(b, loc, end, index(b, step)));
        };
        // 1. The accumulators, a whole vector each a step.
        int64_t stride = accumulators * lanes;
        Value mainEnd = roundDown(rowLength, stride);
        SmallVector<Value> initial(accumulators, neutralVector);
        auto main = scf::ForOp::create(
            b, loc, index(b, 0), mainEnd, index(b, stride), initial,
            [&](OpBuilder &lb, Location loc, Value k, ValueRange accs) {
              SmallVector<Value> next;
              for (auto [u, acc] : llvm::enumerate(accs)) {
                Value at =
                    arith::AddIOp::create(lb, loc, k, index(lb, u * lanes));
                next.push_back(vector::makeArithReduction(
                    lb, loc, kind, read(lb, at, true), acc));
              }
              scf::YieldOp::create(lb, loc, next);
            });
        Value acc = main.getResult(0);
        for (Value other : main.getResults().drop_front())
          acc = vector::makeArithReduction(b, loc, kind, other, acc);
        // 2. The whole vectors left, into one accumulator.
        Value vectorEnd = roundDown(rowLength, lanes);
        auto rest = scf::ForOp::create(
            b, loc, mainEnd, vectorEnd, index(b, lanes), ValueRange{acc},
            [&](OpBuilder &lb, Location loc, Value k, ValueRange accs) {
              scf::YieldOp::create(lb, loc,
                                   vector::makeArithReduction(lb, loc, kind,
                                                              read(lb, k, true),
                                                              accs[0]));
            });
        acc = rest.getResult(0);
        // 3. The row's last elements, fewer than a vector: one masked
        //    read, the lanes past the end neutral (with a dynamic length
        //    possibly all of them).
        if (!staticLength || *staticLength % lanes != 0)
          acc = vector::makeArithReduction(b, loc, kind,
                                           read(b, vectorEnd, false), acc);
        Value rowResult = combineLanes(b, loc, kind, acc);
        Value previous = initValue
                             ? initValue
                             : tensor::ExtractOp::create(b, loc, args[0], ivs);
        Value combined =
            vector::makeArithReduction(b, loc, kind, rowResult, previous);
        return {tensor::InsertOp::create(b, loc, combined, args[0], ivs)};
      });
  rewriter.replaceOp(op, nest.results);
}

struct CPUVectorizeReductionsPass
    : tfg::impl::CPUVectorizeReductionsBase<CPUVectorizeReductionsPass> {
  using Base::Base;
  void runOnOperation() override {
    int64_t lanes = tfg::vectorLanes(vectorBits);
    SmallVector<std::pair<linalg::LinalgOp, RowReduction>> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (std::optional<RowReduction> reduction = asRowReduction(op, lanes))
        candidates.push_back({op, *reduction});
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, reduction] : candidates)
      vectorizeRows(rewriter, op, reduction, lanes);
  }
};

} // namespace
