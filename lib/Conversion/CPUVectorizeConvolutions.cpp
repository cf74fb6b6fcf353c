//===- CPUVectorizeConvolutions.cpp - Register-blocked convolutions -------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUVECTORIZECONVOLUTIONS
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// The largest divisor of `size` that is at most `limit`.
int64_t divisorUpTo(int64_t size, int64_t limit) {
  for (int64_t t = std::min(size, limit); t > 1; --t)
    if (size % t == 0)
      return t;
  return 1;
}

struct CPUVectorizeConvolutionsPass
    : tfg::impl::CPUVectorizeConvolutionsBase<CPUVectorizeConvolutionsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    // 1. Tile: loops of conv_2d_nhwc_hwcf are (n, oh, ow, f, kh, kw, c),
    //    of depthwise_conv_2d_nhwc_hwc (n, oh, ow, c, kh, kw).
    SmallVector<linalg::LinalgOp> convs;
    func.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
              op.getOperation()) &&
          op.hasPureTensorSemantics() && op.getStaticLoopRanges().size() &&
          // A dynamic batch is fine: it is tiled by 1, so every tile is
          // static; the other loops size the register blocks. So is a
          // dynamic number of output rows (also tiled by 1) in a chunk of
          // tfg-cpu-parallelize (an scf.forall), its uneven split.
          llvm::none_of(
              ArrayRef(op.getStaticLoopRanges())
                  .drop_front(op->getParentOfType<scf::ForallOp>() ? 2 : 1),
              ShapedType::isDynamic))
        convs.push_back(op);
    });
    for (linalg::LinalgOp op : convs) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      SmallVector<int64_t> sizes;
      if (isa<linalg::Conv2DNhwcHwcfOp>(op.getOperation()))
        sizes = {1, 1, divisorUpTo(ranges[2], 4), divisorUpTo(ranges[3], 16),
                 1, 1, divisorUpTo(ranges[6], 8)};
      else
        sizes = {1, 1, divisorUpTo(ranges[2], 4), divisorUpTo(ranges[3], 32),
                 1, 1};
      scf::SCFTilingOptions options;
      options.setTileSizes(getAsIndexOpFoldResult(context, sizes));
      auto tileable = dyn_cast<TilingInterface>(op.getOperation());
      if (!tileable)
        continue; // no tiling model registered: left to the loop-order pass
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled =
          scf::tileUsingSCF(rewriter, tileable, options);
      if (failed(tiled))
        continue; // left to the loop-order pass
      rewriter.replaceOp(op, tiled->replacements);
    }

    // 2. The tiles have one output row and one filter row: 1-D convolutions.
    {
      RewritePatternSet patterns(context);
      linalg::populateDecomposeConvolutionPatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }

    // 3. Vectorize the 1-D convolutions.
    SmallVector<linalg::LinalgOp> oneD;
    func.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::Conv1DNwcWcfOp, linalg::DepthwiseConv1DNwcWcOp>(
              op.getOperation()))
        oneD.push_back(op);
    });
    for (linalg::LinalgOp op : oneD) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op);
      if (succeeded(result))
        rewriter.replaceOp(op, result->replacements);
    }

    // 4. Keep the accumulator block in registers across the reduction
    //    loops: hoist its read/write pair out of them, innermost first.
    {
      RewritePatternSet patterns(context);
      vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
      vector::populateVectorReductionToContractPatterns(patterns);
      vector::populateSinkVectorOpsPatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
    SmallVector<LoopLikeOpInterface> loops;
    func.walk([&](LoopLikeOpInterface loop) { loops.push_back(loop); });
    for (LoopLikeOpInterface loop : loops) // post-order: innermost first
      hoistLoopInvariantSubsets(rewriter, loop);
  }
};

} // namespace
