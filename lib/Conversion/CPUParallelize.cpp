//===- CPUParallelize.cpp - One chunk of each heavy op per thread ---------===//
//
// Tiles an outer parallel loop of each heavy linalg op into an scf.forall
// of `threads` chunks. The forall survives bufferization and becomes an
// OpenMP parallel loop later in the pipeline (lib/Pipelines); this pass
// only decides what is split and where.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "CPUKernelUtils.h"
#include "CPUPackGemv.h"

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// The bytes a chunk of `op` split along `loop` into `threads` chunks
/// touches: each operand's share, all of it where its indexing map does not
/// read `loop` (a convolution's filter in a chunk of output rows, its input
/// in a chunk of output channels), 1/threads of it where it does (a halo is
/// not counted). None where an operand's size is not static.
std::optional<int64_t> chunkBytes(linalg::LinalgOp op, unsigned loop,
                                  int64_t threads) {
  int64_t total = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<ShapedType>(operand.get().getType());
    if (!type)
      continue; // a scalar (a fill's value)
    if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
      return std::nullopt;
    int64_t bytes = type.getNumElements() *
                    llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    AffineMap map = op.getMatchingIndexingMap(&operand);
    bool readsLoop = llvm::any_of(map.getResults(), [&](AffineExpr e) {
      return e.isFunctionOfDim(loop);
    });
    total += readsLoop ? bytes / threads : bytes;
  }
  return total;
}

/// How many times fewer bytes a chunk along another loop must touch than a
/// chunk along the outermost evenly splittable loop for that loop to be
/// split instead (at 2 threads: a filter at least 4 times the input). Split
/// by output channels, a convolution's chunk reads half the filter and all
/// the input; by rows, half the input and all the filter. Measured per
/// thread at 2 threads (perf; the layer alone, one thread's time halved in
/// brackets): a 1x1 1024 -> 1024 convolution at 8x8 (4 MiB of filter,
/// 256 KiB of input: 1.79x the bytes by rows) took 315-350 us by channels,
/// 340-360 by rows (320); MobileNet's 512 -> 512 at 14x14 (1.29x) 223 by
/// channels, 226 by rows (222), and its 256 -> 256 at 28x28 (channels read
/// 1.25x the bytes of rows) 240 by channels, 230 by rows (216). In the
/// whole model a split by channels also costs a barrier that a split by
/// rows does not: a band of rows that the depthwise layer before wrote on
/// the same thread needs none (tfg-cpu-merge-parallel-regions), all the
/// input channels do; MobileNet v1's six 14x14 pointwise layers by channels
/// had 6 more barriers a run and more time in libomp than by rows.
constexpr double kFewerBytes = 1.5;

/// A core's L2 cache, assumed (1 MiB on the AVX-512 hosts measured; the
/// register blocking assumes a 32 KiB L1 likewise): a chunk that touches
/// less keeps its data near the core and is bound by its FMAs, not by the
/// bytes it reads, so the outermost loop stays (the corpus's small deep
/// layers, 4x4 to 6x6 pixels with filters of 32-600 KiB).
constexpr int64_t kL2Bytes = 1 << 20;

/// The widest register block along output channels, 4 vectors of 16 floats
/// (tfg-cpu-vectorize-convolutions' channelBlock).
constexpr int64_t kWidestBlockFloats = 64;

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
  // Even chunks first: every slice keeps a static shape. The outermost
  // such loop, unless another one's chunk reads far fewer bytes
  // (chunkBytes, kFewerBytes).
  std::optional<unsigned> chosen;
  int64_t chosenBytes = 0;
  for (unsigned loop = 0; loop < ranges.size(); ++loop) {
    if (!splittable(loop) || ranges[loop] % threads != 0 ||
        (loop == contiguousLoop && (ranges[loop] / threads) % 16 != 0))
      continue;
    std::optional<int64_t> bytes = chunkBytes(op, loop, threads);
    if (!chosen) {
      chosen = loop;
      chosenBytes = bytes.value_or(0);
      if (!bytes)
        break; // a dynamic operand: nothing to compare, the outermost loop
      continue;
    }
    // Another loop only where the outermost one's chunk does not stay in
    // a core's L2 (there the bytes are what the kernels wait on), and,
    // along the output's contiguous dimension, only in chunks of whole
    // widest register blocks: a chunk of 80 or 480 channels would get
    // blocks of 1 or 2 vectors where the layer's 160 or 960 get 2 or 4.
    if (bytes && chosenBytes > kL2Bytes &&
        (loop != contiguousLoop ||
         (ranges[loop] / threads) % kWidestBlockFloats == 0) &&
        static_cast<double>(*bytes) * kFewerBytes <= chosenBytes) {
      chosen = loop;
      chosenBytes = *bytes;
    }
  }
  if (chosen) {
    sizes[*chosen] = ranges[*chosen] / threads;
    return sizes;
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

/// Splits a heavy op that has an elementwise epilogue
/// (tfg::findElementwiseEpilogue) into chunks that each run the op's part,
/// its zero fill and the epilogue's part: the epilogue tiled into `threads`
/// chunks along the loops `sizes` splits (the op's output loops, which the
/// epilogue's identity-mapped output shares), the op and its fill fused into
/// each. In the chunk the register blocking then fuses the epilogue into
/// the op's blocks as with one thread (a convolution block is filled,
/// accumulated and finished in registers, written once), and nothing runs
/// serially between the chunks of the op and those of its epilogue: no
/// whole-tensor fill before, no second parallel loop after. Fails, leaving
/// the IR as it is, where there is no epilogue or the op's output is not
/// its first loops in order, or where the op is a convolution reduced in
/// input-channel chunks.
LogicalResult chunkWithEpilogue(RewriterBase &rewriter, linalg::LinalgOp op,
                                ArrayRef<int64_t> sizes) {
  linalg::GenericOp epilogue = tfg::findElementwiseEpilogue(op);
  // A convolution reduced in input-channel chunks accumulates its whole
  // output in memory before its epilogue: in a chunk, in a temporary of the
  // chunk (a malloc per chunk and run); alone, in its slice of the output.
  if (!epilogue || op.getNumDpsInits() != 1 ||
      tfg::reducesInInputChannelChunks(op))
    return failure();
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  unsigned rank = outputMap.getNumResults();
  for (unsigned loop = 0; loop < sizes.size(); ++loop) {
    bool isOutputLoop =
        loop < rank && outputMap.getResult(loop) ==
                           getAffineDimExpr(loop, rewriter.getContext());
    if (!isOutputLoop && (loop < rank || sizes[loop] != 0))
      return failure();
  }
  scf::SCFTileAndFuseOptions fuse;
  fuse.tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  fuse.tilingOptions.setTileSizes(
      getAsIndexOpFoldResult(rewriter.getContext(), sizes.take_front(rank)));
  FailureOr<scf::SCFTileAndFuseResult> fused =
      tfg::tileEpilogueFusingOpAndFill(rewriter, epilogue, op, fuse);
  if (failed(fused))
    return failure();
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  // The whole op, its fill and the slices the fusion took of them are dead
  // now: erased, or the kernel passes would schedule the whole convolution
  // for nothing.
  SmallVector<Operation *> worklist(op->getUsers());
  worklist.push_back(op);
  llvm::SmallPtrSet<Operation *, 8> erased;
  while (!worklist.empty()) {
    Operation *dead = worklist.pop_back_val();
    if (erased.contains(dead) || !isOpTriviallyDead(dead))
      continue;
    erased.insert(dead);
    for (Value operand : dead->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        worklist.push_back(producer);
    rewriter.eraseOp(dead);
  }
  return success();
}

/// Splits a heavy op whose output starts as a linalg.fill (its zero fill)
/// used by it alone into chunks that each fill their part before
/// computing it (the fill fused into the chunk through the op's
/// destination): no whole-tensor memset before the chunks, run by one
/// thread. Fails, leaving the IR as it is, where the op's output is not
/// such a fill.
LogicalResult chunkWithFill(RewriterBase &rewriter, linalg::LinalgOp op,
                            ArrayRef<int64_t> sizes) {
  if (op.getNumDpsInits() != 1 || op->getNumResults() != 1)
    return failure();
  auto fill = op.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>();
  if (!fill || !fill->hasOneUse())
    return failure();
  scf::SCFTileAndFuseOptions fuse;
  fuse.tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  fuse.tilingOptions.setTileSizes(
      getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  Operation *fillOp = fill;
  fuse.setFusionControlFn(
      [fillOp](tensor::ExtractSliceOp, OpResult producer, bool)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (producer.getOwner() == fillOp)
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> fused =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), fuse);
  if (failed(fused))
    return failure();
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  if (isOpTriviallyDead(op))
    rewriter.eraseOp(op);
  if (isOpTriviallyDead(fillOp))
    rewriter.eraseOp(fillOp);
  return success();
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

    // What follows a heavy op elementwise (bias, activation, residual add)
    // as one generic, which each chunk then computes after its part of the
    // heavy op (chunkWithEpilogue), as the kernel passes expect.
    if (!generic && failed(tfg::fuseElementwiseChains(getOperation())))
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    // A one-row product with constant weights is split by its weight
    // panels, packed here as the register blocking would pack them: each
    // thread streams its own contiguous panels with the one-thread kernel.
    if (!generic) {
      SmallVector<linalg::MatmulOp> products;
      getOperation().walk([&](linalg::MatmulOp op) {
        // Splat weights (every weight the same) stay unpacked: the column
        // chunks' vector code then folds the weights' loads away, which the
        // packed chunks' did not (2 threads: 0.003 against 0.12 ms for a
        // 512x512 splat).
        auto splat = op.getInputs()[1].getDefiningOp<arith::ConstantOp>();
        if (splat && isa<SplatElementsAttr>(splat.getValue()))
          return;
        if (!op->getParentOfType<scf::ForallOp>() &&
            staticIterations(op) >= minIterations)
          products.push_back(op);
      });
      for (linalg::MatmulOp op : products)
        (void)tfg::packConstantGemv(rewriter, op);
    }

    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics() || isDataMovement(op) ||
          (!generic && !isNamedHeavyOp(op) &&
           !op->hasAttr(tfg::kPackedGemvMark)) ||
          op->getParentOfType<scf::ForallOp>() ||
          staticIterations(op) < minIterations)
        return;
      candidates.push_back(op);
    });

    for (linalg::LinalgOp op : candidates) {
      SmallVector<int64_t> sizes = chunkSizes(op, threads);
      // A packed GEMV by whole panels, unevenly where the threads do not
      // divide them (a panel's columns split would give every thread half
      // of each panel's rows to stream).
      if (op->hasAttr(tfg::kPackedGemvMark)) {
        int64_t panels = op.getStaticLoopRanges()[0];
        sizes.assign(op.getNumLoops(), 0);
        sizes[0] = llvm::divideCeil(panels, threads);
      }
      if (sizes.empty() || !isa<TilingInterface>(op.getOperation()))
        continue; // no loop to split: stays serial
      if (!generic && (succeeded(chunkWithEpilogue(rewriter, op, sizes)) ||
                       succeeded(chunkWithFill(rewriter, op, sizes))))
        continue;
      scf::SCFTilingOptions options;
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      options.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled))
        continue; // stays serial: correct, only slower
      rewriter.replaceOp(op, tiled->replacements);
    }
  }
};

} // namespace
