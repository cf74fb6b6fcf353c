//===- CPUVectorizeMatmul.cpp - Register-blocked matmuls and GEMVs --------===//
//
// linalg.matmul / linalg.batch_matmul tiled into register blocks, the loops
// a tile does not divide peeled (so every tile is static), each tile one
// vector.contract whose accumulators stay in registers across the
// reduction loop.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "CPUKernelUtils.h"
#include "CPUPackGemv.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUVECTORIZEMATMUL
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// Marks the tile loops this pass made until they are peeled.
constexpr StringLiteral kPeelMark = "tfg.cpu_matmul_peel";
/// Marks the tiles (and their peeled copies) until they are vectorized.
constexpr StringLiteral kTileMark = "tfg.cpu_matmul_tile";

/// Register block shapes for AVX2's 16 vector registers of 8 floats. A
/// one-row product has nothing to reuse along rows: 64 columns (8
/// accumulators) hide the fused multiply-add latency, and the weight rows
/// stream through. Otherwise 6 rows x 16 columns: 12 accumulators, 2
/// registers for the weight row and 1 for the broadcast row element.
constexpr int64_t kGemvColumns = tfg::kGemvPanelColumns;
constexpr int64_t kBlockRows = 6, kBlockColumns = 16;
/// Reduction steps a tile: enough to amortize the loop, few enough that the
/// weight slice read per tile (8 x 64 floats for a GEMV) stays modest.
constexpr int64_t kReductionStep = 8;

/// The tile sizes of (rows, columns, reduction) for an M x N x K product
/// (M dynamic: tiled by one row, every tile static anyway).
SmallVector<int64_t> blockSizes(int64_t m, int64_t n, int64_t k) {
  bool oneRow = m == 1 || ShapedType::isDynamic(m);
  int64_t rows = oneRow ? 1 : std::min(m, kBlockRows);
  int64_t columns = std::min(n, oneRow ? kGemvColumns : kBlockColumns);
  return {rows, columns, std::min(k, kReductionStep)};
}

/// Whether the pass handles `op`: an f32 matmul or batch matmul on tensors
/// whose loops are static but for the rows (and the batch).
bool isCandidate(linalg::LinalgOp op) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()) ||
      !op.hasPureTensorSemantics() || op->getNumResults() != 1)
    return false;
  // Named ops with a user-given indexing map (transposes, broadcasts) are
  // left alone: the tile shapes below assume the default maps.
  if (op.hasUserDefinedMaps())
    return false;
  if (llvm::any_of(op->getOperandTypes(), [](Type t) {
        return !cast<ShapedType>(t).getElementType().isF32();
      }))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  // (m, n, k) or (b, m, n, k): the columns and the reduction are static.
  return !ShapedType::isDynamic(ranges[ranges.size() - 1]) &&
         !ShapedType::isDynamic(ranges[ranges.size() - 2]);
}

/// A product tfg::packConstantGemv made, or a chunk of one.
bool isPackedGemv(linalg::LinalgOp op) {
  return isa<linalg::GenericOp>(op.getOperation()) &&
         op->hasAttr(tfg::kPackedGemvMark) && op.getNumLoops() == 4;
}

/// Tiles `epilogue` into the matmul's register blocks (`sizes`: the
/// parallel loops', then the reduction step) with the matmul and its fill
/// fused into each block, then the fused matmul's reduction into a loop: a
/// block is filled, accumulated and finished (bias, activation) in
/// registers and written once. Marks the loops for peeling and the blocks
/// for vectorization.
LogicalResult tileWithEpilogue(RewriterBase &rewriter, linalg::LinalgOp op,
                               linalg::GenericOp epilogue,
                               ArrayRef<int64_t> sizes) {
  MLIRContext *context = op.getContext();
  scf::SCFTileAndFuseOptions fuse;
  fuse.tilingOptions.setTileSizes(
      getAsIndexOpFoldResult(context, sizes.drop_back()));
  FailureOr<scf::SCFTileAndFuseResult> fused =
      tfg::tileEpilogueFusingOpAndFill(rewriter, epilogue, op, fuse);
  if (failed(fused))
    return failure();
  linalg::LinalgOp matmulTile;
  for (Operation *tile : fused->tiledAndFusedOps) {
    if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(tile))
      matmulTile = cast<linalg::LinalgOp>(tile);
    else
      tile->setAttr(kTileMark, UnitAttr::get(context));
  }
  for (LoopLikeOpInterface loop : fused->loops)
    loop->setAttr(kPeelMark, UnitAttr::get(context));
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  if (epilogue->use_empty())
    rewriter.eraseOp(epilogue);
  if (op->use_empty())
    rewriter.eraseOp(op);
  if (!matmulTile)
    return failure();
  SmallVector<int64_t> reduction(sizes.size(), 0);
  reduction.back() = sizes.back();
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(context, reduction));
  rewriter.setInsertionPoint(matmulTile);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(matmulTile.getOperation()), options);
  if (failed(tiled)) {
    matmulTile->setAttr(kTileMark, UnitAttr::get(context));
    return success();
  }
  for (LoopLikeOpInterface loop : tiled->loops)
    loop->setAttr(kPeelMark, UnitAttr::get(context));
  for (Operation *tile : tiled->tiledOps)
    tile->setAttr(kTileMark, UnitAttr::get(context));
  rewriter.replaceOp(matmulTile, tiled->replacements);
  return success();
}

struct CPUVectorizeMatmulPass
    : tfg::impl::CPUVectorizeMatmulBase<CPUVectorizeMatmulPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    // 0. A matmul's elementwise successors (BiasAdd, Relu as separate
    //    nodes) as one generic, the epilogue fused below.
    if (failed(tfg::fuseElementwiseChains(func)))
      return signalPassFailure();

    // 1. Tile into register blocks; loops (rows, columns, reduction), the
    //    reduction innermost.
    SmallVector<linalg::LinalgOp> candidates;
    func.walk([&](linalg::LinalgOp op) {
      // A product packed by tfg-cpu-parallelize (or a thread's chunk of
      // one) is register-blocked like one packed here.
      if (isCandidate(op) || (isPackedGemv(op) && op.hasPureTensorSemantics()))
        candidates.push_back(op);
    });
    if (candidates.empty())
      return;
    bool fusedEpilogue = false;
    for (linalg::LinalgOp op : candidates) {
      SmallVector<int64_t> sizes;
      if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation()))
        if (linalg::GenericOp packed = tfg::packConstantGemv(rewriter, matmul))
          op = packed;
      // (panel, row, column, reduction): one panel a tile.
      if (isPackedGemv(op))
        sizes = {1, 1, kGemvColumns, kReductionStep};
      if (sizes.empty()) {
        SmallVector<int64_t> ranges = op.getStaticLoopRanges();
        ArrayRef<int64_t> mnk = ArrayRef(ranges).take_back(3);
        // A one-row product whose rows are wider than a tile and not
        // packed (run-time weights): column tiles would read a strided
        // window of every weight row, which streams worse than the
        // loop-order pass's row-by-row multiply-add into the output.
        // Run-time rows are tiled one by one: the same holds.
        if ((mnk[0] == 1 || ShapedType::isDynamic(mnk[0])) &&
            mnk[1] > kGemvColumns)
          continue;
        sizes = blockSizes(mnk[0], mnk[1], mnk[2]);
        if (ranges.size() == 4) // batch_matmul: one matrix a tile
          sizes.insert(sizes.begin(), 1);
        // Bias and activation on the blocks in registers, where there is
        // such an epilogue (else the product alone, below).
        if (linalg::GenericOp epilogue = tfg::findElementwiseEpilogue(op)) {
          if (succeeded(tileWithEpilogue(rewriter, op, epilogue, sizes))) {
            fusedEpilogue = true;
            continue;
          }
        }
      }
      scf::SCFTilingOptions options;
      options.setTileSizes(getAsIndexOpFoldResult(context, sizes));
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled))
        continue; // left to the loop-order pass
      for (LoopLikeOpInterface loop : tiled->loops)
        loop->setAttr(kPeelMark, UnitAttr::get(context));
      for (Operation *tile : tiled->tiledOps)
        tile->setAttr(kTileMark, UnitAttr::get(context));
      rewriter.replaceOp(op, tiled->replacements);
    }

    // 2. Peel the loops whose step does not divide their range: the main
    //    loop then has full static tiles, the last iteration a smaller
    //    static one. Peeling an outer loop clones the (still marked) inner
    //    loops into its last iteration; they are peeled in turn.
    //    The peeled iterations' bounds are constants then, folded into the
    //    slice types, so that each tile is a static op.
    if (failed(tfg::peelMarkedLoopsToStaticTiles(
            rewriter, func, kPeelMark, [&](RewritePatternSet &patterns) {
              linalg::MatmulOp::getCanonicalizationPatterns(patterns, context);
              linalg::BatchMatmulOp::getCanonicalizationPatterns(patterns,
                                                                 context);
            })))
      return signalPassFailure();

    // 3. The static tiles (a batch matmul or packed GEMV tile has batch or
    //    panel 1).
    SmallVector<linalg::LinalgOp> tiles;
    func.walk([&](linalg::LinalgOp op) {
      if (op->removeAttr(kTileMark) && !op.hasDynamicShape())
        tiles.push_back(op);
    });
    // 4. Vectorize them and keep the accumulators in registers across the
    //    reduction loop.
    if (failed(tfg::vectorizeKeepingAccumulatorsInRegisters(rewriter, func,
                                                            tiles)))
      return signalPassFailure();
    // 5. A fused block's reads of what its fill and its product just wrote
    //    fold: the accumulators start as zeros and the epilogue takes them
    //    from registers.
    if (fusedEpilogue) {
      if (failed(tfg::foldBlockTransfers(func)))
        return signalPassFailure();
      // The folds above can leave an accumulator's read/write pair in the
      // form the hoisting looks for only now (the block's slices folded
      // into the transfers): hoist again, innermost loops first.
      tfg::hoistAccumulatorSubsets(rewriter, func);
    }
  }
};

} // namespace
