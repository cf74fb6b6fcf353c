//===- CPUParallelize.cpp - One chunk of each heavy op per thread ---------===//
//
// Tiles an outer parallel loop of each heavy linalg op into an scf.forall
// of `threads` chunks. The forall survives bufferization and becomes an
// OpenMP parallel loop later in the pipeline (lib/Pipelines); this pass
// only decides what is split and where.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUPARALLELIZE
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// The ops worth a thread each chunk before the elementwise fusion:
/// convolutions, pooling and contractions in their named form.
bool isNamedHeavyOp(linalg::LinalgOp op) {
  return !isa<linalg::GenericOp>(op.getOperation()) &&
         (isa<linalg::ConvolutionOpInterface>(op.getOperation()) ||
          isa<linalg::ContractionOpInterface>(op.getOperation()));
}

/// Convolutions that tfg-cpu-vectorize-convolutions register-blocks: it
/// tiles the batch and the output rows by one, and needs the other loops
/// static.
bool isRegisterBlockedConv(linalg::LinalgOp op) {
  return isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
      op.getOperation());
}

/// Ops not worth a parallel loop of their own: a fill or a copy is a
/// memset/memcpy, bandwidth-bound, and usually folds into its user.
bool isDataMovement(linalg::LinalgOp op) {
  return isa<linalg::FillOp, linalg::CopyOp>(op.getOperation());
}

/// The iterations of `op`'s loop nest, counting a dynamic loop as one (a
/// lower bound), saturating instead of overflowing.
int64_t staticIterations(linalg::LinalgOp op) {
  int64_t total = 1;
  for (int64_t size : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(size) || size <= 0)
      continue;
    if (total > std::numeric_limits<int64_t>::max() / size)
      return std::numeric_limits<int64_t>::max();
    total *= size;
  }
  return total;
}

/// The tile sizes that split one parallel loop of `op` into `threads`
/// chunks (0: the loop is not tiled), or empty when no loop fits.
SmallVector<int64_t> chunkSizes(linalg::LinalgOp op, int64_t threads) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto splittable = [&](unsigned loop) {
    return iterators[loop] == utils::IteratorType::parallel &&
           !ShapedType::isDynamic(ranges[loop]) && ranges[loop] >= threads;
  };
  // The loop of the output's contiguous dimension is what the vector code
  // runs along: a chunk of it must stay a whole number of vectors (16
  // floats: an AVX-512 register, two AVX2 ones), or each thread would get
  // a narrow, masked or scalar kernel.
  std::optional<unsigned> contiguousLoop;
  if (op->getNumResults() > 0) {
    AffineMap outputMap = op.getIndexingMapMatchingResult(op->getResult(0));
    if (outputMap.getNumResults() > 0)
      if (auto dim = dyn_cast<AffineDimExpr>(outputMap.getResults().back()))
        contiguousLoop = dim.getPosition();
  }
  SmallVector<int64_t> sizes(ranges.size(), 0);
  // Even chunks first: every slice keeps a static shape.
  for (unsigned loop = 0; loop < ranges.size(); ++loop) {
    if (splittable(loop) && ranges[loop] % threads == 0 &&
        (loop != contiguousLoop || (ranges[loop] / threads) % 16 == 0)) {
      sizes[loop] = ranges[loop] / threads;
      return sizes;
    }
  }
  // Then uneven ones (the last chunk is shorter, its slices dynamic); the
  // register blocking of a convolution takes a dynamic size only in the
  // loops it tiles by one.
  unsigned limit = isRegisterBlockedConv(op) ? 2 : ranges.size();
  // Along the contiguous dimension, chunks are rounded up to whole vectors
  // (only the last one is shorter).
  for (unsigned loop = 0; loop < limit; ++loop) {
    if (!splittable(loop))
      continue;
    int64_t chunk = llvm::divideCeil(ranges[loop], threads);
    if (loop == contiguousLoop)
      chunk = llvm::alignTo(chunk, 16);
    if (chunk < ranges[loop]) {
      sizes[loop] = chunk;
      return sizes;
    }
  }
  return {};
}

struct CPUParallelizePass : tfg::impl::CPUParallelizeBase<CPUParallelizePass> {
  using Base::Base;

  void runOnOperation() override {
    if (threads < 1 || threads > tfg::kMaxThreads) {
      getOperation().emitError()
          << "threads must be between 1 and " << tfg::kMaxThreads << ", got "
          << static_cast<unsigned>(threads);
      return signalPassFailure();
    }
    if (threads == 1)
      return; // one thread: today's code, untouched

    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics() || isDataMovement(op) ||
          (!generic && !isNamedHeavyOp(op)) ||
          op->getParentOfType<scf::ForallOp>() ||
          staticIterations(op) < minIterations)
        return;
      candidates.push_back(op);
    });

    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      SmallVector<int64_t> sizes = chunkSizes(op, threads);
      auto tileable = dyn_cast<TilingInterface>(op.getOperation());
      if (sizes.empty() || !tileable)
        continue; // no loop to split: stays serial
      scf::SCFTilingOptions options;
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      options.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled =
          scf::tileUsingSCF(rewriter, tileable, options);
      if (failed(tiled))
        continue; // stays serial: correct, only slower
      rewriter.replaceOp(op, tiled->replacements);
    }
  }
};

} // namespace
