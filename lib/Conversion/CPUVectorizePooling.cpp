//===- CPUVectorizePooling.cpp - Register-blocked NHWC pooling ------------===//
//
// The CPU schedule of MaxPool / AvgPool's sums: each f32
// linalg.pooling_nhwc_max / _sum is tiled into blocks of a few output
// columns by whole vectors of channels (the contiguous NHWC dimension),
// its zero / -inf fill fused into each block, the loops a block does not
// divide peeled (every block static), each block decomposed into 1-D
// pooling over one window row at a time and vectorized, the block kept in
// registers across the window rows. A SAME-padded input is not copied
// whole into a padded tensor: the output is cut into its interior, whose
// windows lie inside the input, and its borders, each of which pads only
// the few input rows or columns it reads.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "CPUKernelUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUVECTORIZEPOOLING
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// Marks the block loops this pass made until they are peeled.
constexpr StringLiteral kPeelMark = "tfg.cpu_pool_peel";
/// Marks the blocks (pooling and fill) until they are vectorized.
constexpr StringLiteral kTileMark = "tfg.cpu_pool_tile";

/// Loops of linalg.pooling_nhwc_*: (n, oh, ow, c, kh, kw).
enum PoolDim : unsigned { kBatch, kRow, kCol, kChannel, kWinRow, kWinCol };

/// Whether the pass schedules `op`: an f32 NHWC max or sum pooling on
/// tensors, unit dilations, static but for the batch (and the output rows
/// of a tfg-cpu-parallelize chunk): tiled by 1, so every block is static.
bool isCandidate(linalg::LinalgOp op) {
  if (!isa<linalg::PoolingNhwcMaxOp, linalg::PoolingNhwcSumOp>(
          op.getOperation()) ||
      !op.hasPureTensorSemantics() || op->getNumResults() != 1)
    return false;
  if (!cast<ShapedType>(op->getResult(0).getType()).getElementType().isF32())
    return false;
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  if (!dilations || llvm::any_of(dilations.getValues<int64_t>(),
                                 [](int64_t d) { return d != 1; }))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  bool chunk = op->getParentOfType<scf::ForallOp>() != nullptr;
  for (auto [dim, range] : llvm::enumerate(ranges))
    if (ShapedType::isDynamic(range) && dim != kBatch &&
        !(chunk && dim == kRow))
      return false;
  return true;
}

/// One stretch of output positions along a spatial dimension, and the
/// input it reads: [inBegin, inEnd) of the unpadded input, with padLow /
/// padHigh padding positions before / after.
struct Stretch {
  int64_t begin, end;
  int64_t inBegin, inEnd, padLow, padHigh;
};

/// The output positions [0, out) of a window `kernel` / `stride` over an
/// input of `in` positions padded by `padBefore`, cut where the windows
/// start or stop reaching into the padding: the stretch before, the
/// interior (no padding read), the stretch after; empty ones left out.
/// Fails when some window would read padding only.
FailureOr<SmallVector<Stretch>> stretches(int64_t out, int64_t in,
                                          int64_t padBefore, int64_t kernel,
                                          int64_t stride) {
  // Windows start at o * stride - padBefore (in unpadded positions).
  int64_t lo = std::min<int64_t>(out, llvm::divideCeil(padBefore, stride));
  int64_t last = in + padBefore - kernel; // the last start inside the input
  int64_t hi = last < 0 ? lo : std::clamp(last / stride + 1, lo, out);
  SmallVector<Stretch> result;
  for (auto [begin, end] :
       {std::pair{int64_t(0), lo}, std::pair{lo, hi}, std::pair{hi, out}}) {
    if (begin >= end)
      continue;
    int64_t first = begin * stride - padBefore;
    int64_t past = (end - 1) * stride - padBefore + kernel;
    Stretch s{begin,
              end,
              std::max<int64_t>(first, 0),
              std::min(past, in),
              std::max<int64_t>(-first, 0),
              std::max<int64_t>(past - in, 0)};
    if (s.inBegin >= s.inEnd)
      return failure();
    result.push_back(s);
  }
  return result;
}

/// A pooling op whose input is a tensor.pad of a constant along H and W
/// only (SAME padding) as pieces over the interior and border stretches of
/// its output, each on a slice of the unpadded input padded only as far as
/// its own windows need, each starting from its own fill, inserted into
/// the output. Returns the pieces (just `op` where its input is not such a
/// pad, and for a fill of anything but a constant).
SmallVector<linalg::LinalgOp> splitPadding(RewriterBase &rewriter,
                                           linalg::LinalgOp op) {
  auto pad = op.getDpsInputOperand(0)->get().getDefiningOp<tensor::PadOp>();
  auto fill = op.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  if (!pad || !fill || !pad.getConstantPaddingValue())
    return {op};
  auto sourceType = cast<RankedTensorType>(pad.getSourceType());
  std::optional<SmallVector<int64_t>> low =
      getConstantIntValues(pad.getMixedLowPad());
  std::optional<SmallVector<int64_t>> high =
      getConstantIntValues(pad.getMixedHighPad());
  if (!low || !high || (*low)[0] || (*low)[3] || (*high)[0] || (*high)[3] ||
      sourceType.isDynamicDim(1) || sourceType.isDynamicDim(2))
    return {op};
  auto outType = cast<RankedTensorType>(op->getResult(0).getType());
  if (outType.isDynamicDim(1) || outType.isDynamicDim(2))
    return {op};
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  SmallVector<int64_t> stride = llvm::to_vector(strides.getValues<int64_t>());
  auto windowType = cast<ShapedType>(op.getDpsInputOperand(1)->get().getType());
  SmallVector<Stretch> along[2];
  for (int i = 0; i < 2; ++i) {
    FailureOr<SmallVector<Stretch>> s =
        stretches(outType.getDimSize(1 + i), sourceType.getDimSize(1 + i),
                  (*low)[1 + i], windowType.getDimSize(i), stride[i]);
    if (failed(s))
      return {op};
    along[i] = std::move(*s);
  }

  // The elementwise op after the pooling (AvgPool's division by the window
  // counts) is cut into the same pieces, each finishing its own pooling
  // piece, so that the blocks below fuse it.
  linalg::GenericOp epilogue = tfg::findElementwiseEpilogue(op);
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(epilogue ? epilogue.getOperation()
                                      : op.getOperation());
  Value source = pad.getSource();
  Value padValue = pad.getConstantPaddingValue();
  SmallVector<OpFoldResult> outSizes =
      tensor::getMixedSizes(rewriter, loc, fill.getResult(0));
  Value result = tensor::EmptyOp::create(rewriter, loc, outSizes,
                                         outType.getElementType());
  SmallVector<OpFoldResult> sourceSizes =
      tensor::getMixedSizes(rewriter, loc, source);
  auto index = [&](int64_t v) { return rewriter.getIndexAttr(v); };
  SmallVector<OpFoldResult> unitStrides(4, index(1));
  SmallVector<linalg::LinalgOp> pieces;
  for (const Stretch &rows : along[0]) {
    for (const Stretch &cols : along[1]) {
      Value input = tensor::ExtractSliceOp::create(
          rewriter, loc, source,
          {index(0), index(rows.inBegin), index(cols.inBegin), index(0)},
          {sourceSizes[0], index(rows.inEnd - rows.inBegin),
           index(cols.inEnd - cols.inBegin), sourceSizes[3]},
          unitStrides);
      if (rows.padLow || rows.padHigh || cols.padLow || cols.padHigh)
        input = tensor::PadOp::create(
            rewriter, loc, /*resultType=*/nullptr, input,
            {index(0), index(rows.padLow), index(cols.padLow), index(0)},
            {index(0), index(rows.padHigh), index(cols.padHigh), index(0)},
            padValue);
      SmallVector<OpFoldResult> offsets{index(0), index(rows.begin),
                                        index(cols.begin), index(0)};
      SmallVector<OpFoldResult> sizes{outSizes[0], index(rows.end - rows.begin),
                                      index(cols.end - cols.begin),
                                      outSizes[3]};
      Value init = tensor::EmptyOp::create(rewriter, loc, sizes,
                                           outType.getElementType());
      init = linalg::FillOp::create(rewriter, loc, fill.getInputs()[0], init)
                 .getResult(0);
      Operation *piece = rewriter.clone(*op);
      piece->setOperand(0, input);
      piece->setOperand(2, init);
      piece->getResult(0).setType(init.getType());
      pieces.push_back(cast<linalg::LinalgOp>(piece));
      Value finished = piece->getResult(0);
      if (epilogue) {
        FailureOr<TilingResult> tile =
            cast<TilingInterface>(epilogue.getOperation())
                .getTiledImplementation(rewriter, offsets, sizes);
        if (failed(tile) || tile->tiledOps.size() != 1)
          return {}; // not reached: an elementwise generic tiles
        Operation *tiled = tile->tiledOps.front();
        for (OpOperand &operand : tiled->getOpOperands())
          if (auto slice =
                  operand.get().getDefiningOp<tensor::ExtractSliceOp>();
              slice && slice.getSource() == op->getResult(0)) {
            operand.set(finished);
            if (slice->use_empty())
              rewriter.eraseOp(slice);
          }
        finished = tiled->getResult(0);
      }
      result = tensor::InsertSliceOp::create(rewriter, loc, finished, result,
                                             offsets, sizes, unitStrides);
    }
  }
  if (epilogue) {
    rewriter.replaceOp(epilogue, result);
    rewriter.eraseOp(op);
  } else {
    rewriter.replaceOp(op, result);
  }
  return pieces;
}

/// Tiles `op` into blocks of `cols` output columns by `channels` channels
/// (one output row, one image), its fill fused into each block, and marks
/// the block loops for peeling and the blocks for vectorization.
LogicalResult tileIntoBlocks(RewriterBase &rewriter, linalg::LinalgOp op,
                             int64_t lanes) {
  MLIRContext *context = op.getContext();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  // 16 independent accumulators (no max / add latency chain): up to 8
  // columns by two vectors of channels, as a depthwise convolution (one
  // max or add per input vector loaded, nothing reused across channels;
  // room left for the strided input columns the vectorized window row
  // extracts from); fewer columns (a global pool has one) take more
  // channel vectors.
  int64_t cols = std::min<int64_t>(ranges[kCol], 8);
  int64_t channels =
      std::min(ranges[kChannel], std::max<int64_t>(2, 16 / cols) * lanes);
  scf::SCFTileAndFuseOptions options;
  if (linalg::GenericOp epilogue = tfg::findElementwiseEpilogue(op)) {
    // AvgPool's division: each block divided in registers and written
    // once, not a second pass over the output.
    options.tilingOptions.setTileSizes(
        getAsIndexOpFoldResult(context, {1, 1, cols, channels}));
    FailureOr<scf::SCFTileAndFuseResult> fused =
        tfg::tileEpilogueFusingOpAndFill(rewriter, epilogue, op, options);
    if (succeeded(fused)) {
      for (LoopLikeOpInterface loop : fused->loops)
        loop->setAttr(kPeelMark, UnitAttr::get(context));
      for (Operation *tile : fused->tiledAndFusedOps)
        tile->setAttr(kTileMark, UnitAttr::get(context));
      for (auto [original, replacement] : fused->replacements)
        rewriter.replaceAllUsesWith(original, replacement);
      Operation *fill = op.getDpsInitOperand(0)->get().getDefiningOp();
      if (epilogue->use_empty())
        rewriter.eraseOp(epilogue);
      if (op->use_empty())
        rewriter.eraseOp(op);
      if (fill && fill->use_empty())
        rewriter.eraseOp(fill);
      return success();
    }
  }
  options.tilingOptions.setTileSizes(
      getAsIndexOpFoldResult(context, {1, 1, cols, channels, 0, 0}));
  options.setFusionControlFn(
      [](tensor::ExtractSliceOp, OpResult producer,
         bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (isa<linalg::FillOp>(producer.getOwner()))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  for (LoopLikeOpInterface loop : tiled->loops)
    loop->setAttr(kPeelMark, UnitAttr::get(context));
  for (Operation *tile : tiled->tiledAndFusedOps)
    tile->setAttr(kTileMark, UnitAttr::get(context));
  for (auto [original, replacement] : tiled->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  Operation *fill = op.getDpsInitOperand(0)->get().getDefiningOp();
  rewriter.eraseOp(op);
  if (fill && fill->use_empty())
    rewriter.eraseOp(fill);
  return success();
}

struct CPUVectorizePoolingPass
    : tfg::impl::CPUVectorizePoolingBase<CPUVectorizePoolingPass> {
  using CPUVectorizePoolingBase::CPUVectorizePoolingBase;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    // 1. Pieces without the padding copy, then blocks with the fill fused.
    SmallVector<linalg::LinalgOp> candidates;
    func.walk([&](linalg::LinalgOp op) {
      if (isCandidate(op))
        candidates.push_back(op);
    });
    if (candidates.empty())
      return;
    int64_t lanes = tfg::vectorLanes(vectorBits);
    for (linalg::LinalgOp op : candidates)
      for (linalg::LinalgOp piece : splitPadding(rewriter, op))
        (void)tileIntoBlocks(rewriter, piece, lanes); // else left to loop order

    // 2. Peel the block loops a block does not divide (the last columns,
    //    channels not a multiple of the block): full static blocks in the
    //    main loop, one smaller static block after it.
    if (failed(tfg::peelMarkedLoopsToStaticTiles(
            rewriter, func, kPeelMark, [&](RewritePatternSet &patterns) {
              tensor::PadOp::getCanonicalizationPatterns(patterns, context);
            })))
      return signalPassFailure();

    // 3. Each static pooling block one window row at a time (the loop the
    //    accumulators are carried through), then as a 1-D pooling.
    SmallVector<linalg::LinalgOp> blocks, others;
    func.walk([&](linalg::LinalgOp op) {
      if (!op->removeAttr(kTileMark) || op.hasDynamicShape())
        return;
      // The fills and the epilogues (elementwise generics) are vectorized
      // as they are.
      (isa<linalg::PoolingNhwcMaxOp, linalg::PoolingNhwcSumOp>(
           op.getOperation())
           ? blocks
           : others)
          .push_back(op);
    });
    for (linalg::LinalgOp block : blocks) {
      scf::SCFTilingOptions options;
      options.setTileSizes(getAsIndexOpFoldResult(context, {0, 0, 0, 0, 1, 0}));
      rewriter.setInsertionPoint(block);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(block.getOperation()), options);
      if (failed(tiled))
        continue;
      rewriter.replaceOp(block, tiled->replacements);
    }
    {
      RewritePatternSet patterns(context);
      linalg::populateDecomposeConvolutionPatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }

    // 4. Vectorize the 1-D poolings and the fills, accumulators in
    //    registers across the window rows.
    SmallVector<linalg::LinalgOp> toVectorize(others);
    func.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::PoolingNwcMaxOp, linalg::PoolingNwcSumOp>(
              op.getOperation()) &&
          !op.hasDynamicShape())
        toVectorize.push_back(op);
    });
    if (failed(tfg::vectorizeKeepingAccumulatorsInRegisters(rewriter, func,
                                                            toVectorize)))
      return signalPassFailure();

    // 5. The block's first read of what its fill wrote folds to the fill's
    //    constant (the accumulators start in registers), and the epilogue's
    //    read of the block to the block's registers.
    if (failed(tfg::foldBlockTransfers(func)))
      return signalPassFailure();
    // The folds above can leave an accumulator's read/write pair in the
    // form the hoisting looks for only now: hoist again, innermost first.
    SmallVector<LoopLikeOpInterface> loops;
    func.walk([&](LoopLikeOpInterface loop) { loops.push_back(loop); });
    for (LoopLikeOpInterface loop : loops)
      hoistLoopInvariantSubsets(rewriter, loop);
  }
};

} // namespace
