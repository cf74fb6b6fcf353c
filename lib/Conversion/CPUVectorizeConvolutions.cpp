//===- CPUVectorizeConvolutions.cpp - Register-blocked convolutions -------===//
//
// The CPU schedule of convolutions: each conv_2d_nhwc_hwcf and
// depthwise_conv_2d_nhwc_hwc is cut into pieces whose output width and
// channels are multiples of a register block chosen from the op's shape,
// each piece tiled into such blocks, decomposed into 1-D convolutions and
// vectorized, with the accumulator block kept in registers across the
// reduction loops. Pointwise (1x1, stride 1) convolutions are first seen
// as one row of H*W pixels, so a block may span output rows.
//
// Before that (tfg-cpu-fold-conv-padding, ahead of tfg-cpu-parallelize), a
// convolution of a zero-padded input is cut into pieces that read the
// unpadded input: the interior, and border pieces whose taps on the padding
// are dropped.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "CPUKernelUtils.h"
#include "CPUPackConvFilters.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/bit.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUFOLDCONVPADDING
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

/// Loop dimensions shared by both convolution kinds (the output's).
enum ConvDim : unsigned { kBatch = 0, kRow = 1, kCol = 2, kChannel = 3 };
/// conv_2d_nhwc_hwcf's input-channel loop.
constexpr unsigned kInChannel = 6;

/// The block along output channels: a power-of-two number of whole
/// vectors, at most `capVectors` (the most such vectors that divide the
/// channels), or all of a channel count below one vector. Without a
/// whole-vector divisor the block stays full and the pass cuts a remainder
/// piece off.
/// Powers of two only: LLVM legalizes a vector<48xf32> row (3 AVX-512
/// registers) by widening it to 64 lanes and shuffling it back element by
/// element; a 1x1 convolution to 96 or 144 channels with 3-vector blocks
/// ran at 35-40 GFLOP/s against 240-255 with 2 or 4 vectors (MoveNet's and
/// the MobileNet v2 models' expansion layers).
int64_t channelBlock(int64_t channels, int64_t capVectors, int64_t lanes) {
  if (channels <= lanes)
    return channels;
  int64_t cap = llvm::bit_floor(static_cast<uint64_t>(
      std::min(capVectors, std::max<int64_t>(1, channels / lanes))));
  for (int64_t v = cap; v >= 1; v /= 2)
    if (channels % (v * lanes) == 0)
      return v * lanes;
  return cap * lanes;
}

/// The register block of one convolution piece: output columns x output
/// channels x (regular convolutions) input channels per step.
struct Block {
  int64_t cols = 1, channels = 1, inChannels = 1;
};

/// The block along output columns: `target` columns, or a divisor of the
/// width of at least 3/4 of that (no remainder piece: 7 of 14 or 28 columns
/// rather than 8 and a remainder of 6 or 4), or all of a narrower width.
int64_t columnBlock(int64_t width, int64_t target) {
  if (width <= target)
    return width;
  int64_t divisor = divisorUpTo(width, target);
  return 4 * divisor >= 3 * target ? divisor : target;
}

/// Input channels per chunk of a regular convolution whose filter block
/// (taps x input channels x block channels) would not fit in the L1 cache
/// (32 KiB assumed): chunks whose filter block does, or 0 for no chunking.
int64_t inChannelChunk(linalg::LinalgOp op, const Block &block) {
  if (isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation()))
    return 0;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t taps = ranges[4] * ranges[5], c = ranges[kInChannel];
  constexpr int64_t kL1Floats = 32 * 1024 / 4;
  int64_t limit = kL1Floats / (taps * block.channels);
  if (c <= limit || limit < 16)
    return 0;
  int64_t chunk = divisorUpTo(c, limit);
  return chunk >= limit / 2 ? chunk : 0;
}

/// A regular convolution's block has up to 4 vectors of output channels
/// and as many columns as make about 3/4 of the registers accumulators
/// (12 of AVX2's 16, 24 of AVX-512's 32): that many independent FMA chains
/// cover the FMA latency times the FMA ports (4 x 2) with margin, and the
/// other registers hold the step's filter vectors and the broadcast input.
/// A strided convolution shuffles its input columns out of wider vectors,
/// which takes registers too: half of them as accumulators (the first
/// layer of MobileNet, 3x3 stride 2 on 3 channels, spilled 43 times with
/// 24 accumulators and ran 2x slower than with 16).
/// A depthwise FMA also loads its input vector (no reuse across channels),
/// so half the registers as accumulators (2 vectors of channels) suffice
/// and the block's filter taps fit beside them without spilling.
Block chooseBlock(linalg::LinalgOp op, const tfg::VectorTarget &target,
                  bool chunked = false) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  Block block;
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  bool strided = llvm::any_of(strides.getValues<int64_t>(),
                              [](int64_t s) { return s != 1; });
  // A piece one output column wide (a border column of a folded padding)
  // has no columns to reuse its loads across: its block spans more
  // channels instead (half the registers), so that the loop overhead of a
  // block is paid once for all of them rather than once per two vectors.
  int64_t capVectors = depthwise ? 2 : 4;
  if (ranges[kCol] == 1)
    capVectors = std::max(capVectors, target.registers / 2);
  block.channels = channelBlock(ranges[kChannel], capVectors, target.lanes);
  int64_t vectors = llvm::divideCeil(block.channels, target.lanes);
  int64_t accumulators =
      depthwise || strided ? target.registers / 2 : target.registers * 3 / 4;
  block.cols =
      columnBlock(ranges[kCol], std::max<int64_t>(1, accumulators / vectors));
  if (!depthwise) {
    int64_t c = ranges[kInChannel];
    // Small depths (the first layer's 3) in one step; otherwise steps of up
    // to 8 input channels, each a broadcast and an FMA per accumulator.
    // A 1x1 convolution takes 16 input channels in steps: in one step
    // MoveNet's 16 -> 96 expansion at 96x96 ran at 90 GFLOP/s, in two at
    // 200 (a 3x3 one is faster in one step: 16 x 9 taps).
    // A 1x1 convolution whose input channels are a multiple of 4 takes
    // steps of 4, half the code of 8 (a step is the kernel's unrolled body,
    // an FMA per accumulator and input channel) at the same speed
    // (movenet-lightning, blazeface-front, facemesh, MobileNet v1's
    // unchunked layers: 0.98-1.00x the run time), and LLVM compiles half the
    // code (movenet-lightning's IR: 47 000 -> 42 000 instructions). Steps of
    // 2 ran 1.15-1.4x slower. A chunk of a deep layer (reduced in
    // input-channel chunks) keeps steps of 8: MobileNet v1's 1024 -> 1024 at
    // 7x7 ran 1.18x slower in steps of 4.
    bool pointwise = ranges[4] * ranges[5] == 1;
    if (pointwise && !chunked && c > 4 && c % 4 == 0)
      block.inChannels = 4;
    else
      block.inChannels = c <= (pointwise ? 8 : 16) ? c : divisorUpTo(c, 8);
    // One output channel (MoveNet's heatmap and centre heads, 96 -> 1): a
    // block of channels is a single float, so the FMAs along the channels
    // are scalar (24 columns x 4 input channels a step, each a lane pulled
    // out of its input vector). Instead each column's dot product runs
    // along its input channels, a whole vector of them a step (the row of a
    // pixel is contiguous), into one vector accumulator per column, summed
    // across the lanes once after the reduction
    // (deferOneChannelReductions). Each FMA loads its own input vector, as
    // a depthwise one does: half the registers as accumulators.
    if (pointwise && !strided && !chunked && ranges[kChannel] == 1 &&
        c % target.lanes == 0) {
      block.inChannels = target.lanes;
      block.cols = columnBlock(ranges[kCol], target.registers / 2);
    }
  }
  // A deep layer (its block's filter does not fit in L1: reduced in
  // input-channel chunks) whose columns leave a remainder: the remainder
  // piece, a column or a few, reads each chunk's whole filter from L2 for
  // few FMAs (MobileNet's 1024 -> 1024 1x1 at 7x7: 48 pixels in blocks of
  // 6, then the 49th). Half the channel vectors and a column count that
  // divides the columns, at least the full block's, leave no remainder:
  // 7 x 2 vectors at 14x14 (512 -> 512: 0.93x the time), 8 x 2 at 28x28
  // (whose 256 input channels then fit in L1 unchunked). Not with fewer
  // than 16 column blocks: each channel block walks the filter's rows
  // (a page apart at 1024 channels), twice as many blocks of half the
  // width walk them twice as often, which only enough columns pay for
  // (7x7, 7 blocks of 7 x 2 vectors: 1.15-1.2x the time of 6 x 4 and a
  // remainder). A chunk of tfg-cpu-parallelize (in an scf.forall) needs 14:
  // the 14x14 layers' chunks at 2 threads, 7 rows (98 pixels), got 16
  // blocks of 6 x 4 vectors and a remainder of 2 pixels, while one thread
  // ran 7 x 2 vectors; with 14 blocks of 7 x 2 a chunk took 0.94x the time
  // (perf, per thread, layer alone: 226 against 240 us; one thread's half:
  // 222), as fast as half the layer on one thread. One thread keeps 16 (its
  // shapes between 14 and 16 blocks were not measured).
  constexpr int64_t kMinColumnBlocks = 16;
  constexpr int64_t kMinChunkColumnBlocks = 14;
  int64_t minColumnBlocks = op->getParentOfType<scf::ForallOp>()
                                ? kMinChunkColumnBlocks
                                : kMinColumnBlocks;
  if (!depthwise && !strided && vectors > 1 && ranges[kCol] > block.cols &&
      ranges[kCol] % block.cols != 0 && inChannelChunk(op, block) != 0) {
    int64_t cols = divisorUpTo(
        ranges[kCol], std::max<int64_t>(1, accumulators / (vectors / 2)));
    int64_t channels = block.channels / 2;
    if (cols >= block.cols && ranges[kCol] / cols >= minColumnBlocks &&
        ranges[kChannel] % channels == 0) {
      block.cols = cols;
      block.channels = channels;
    }
  }
  return block;
}

/// `value` cut to [offset, offset + size) along `dim`, whole elsewhere
/// (`offset` a constant or a value computed in a loop).
Value sliceAlong(OpBuilder &b, Location loc, Value value, unsigned dim,
                 OpFoldResult offset, int64_t size) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, value);
  SmallVector<OpFoldResult> offsets(sizes.size(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
  offsets[dim] = offset;
  sizes[dim] = b.getIndexAttr(size);
  return tensor::ExtractSliceOp::create(b, loc, value, offsets, sizes, strides);
}
Value sliceAlong(OpBuilder &b, Location loc, Value value, unsigned dim,
                 int64_t offset, int64_t size) {
  return sliceAlong(b, loc, value, dim, b.getIndexAttr(offset), size);
}

/// `generic` on other operands (same maps, iterators and body).
linalg::GenericOp cloneGeneric(RewriterBase &rewriter,
                               linalg::GenericOp generic, ValueRange inputs,
                               Value init) {
  auto clone = linalg::GenericOp::create(
      rewriter, generic.getLoc(), TypeRange{init.getType()}, inputs,
      ValueRange{init}, generic.getIndexingMaps(), generic.getIteratorTypes(),
      /*doc=*/nullptr, /*libraryCall=*/nullptr);
  rewriter.cloneRegionBefore(generic.getRegion(), clone.getRegion(),
                             clone.getRegion().begin());
  return clone;
}

/// The operand of `generic` cut to loop `dim`'s [offset, offset + size)
/// (unchanged when its map does not read that loop: a broadcast).
Value sliceOperand(RewriterBase &rewriter, linalg::GenericOp generic,
                   OpOperand &operand, unsigned dim, OpFoldResult offset,
                   int64_t size) {
  AffineMap map = generic.getMatchingIndexingMap(&operand);
  for (auto [position, expr] : llvm::enumerate(map.getResults()))
    if (auto d = dyn_cast<AffineDimExpr>(expr); d && d.getPosition() == dim)
      return sliceAlong(rewriter, generic.getLoc(), operand.get(), position,
                        offset, size);
  return operand.get();
}

/// A convolution and the elementwise epilogue the pass fuses into its
/// blocks (null where there is none).
struct ConvUnit {
  linalg::LinalgOp conv;
  linalg::GenericOp epilogue;
  /// A chunk (or a piece of one) of a convolution reduced in input-channel
  /// chunks (chunkInChannels): its block keeps steps of 8 input channels.
  bool chunked = false;
};

/// A convolution of `op`'s kind (regular or depthwise, its strides and
/// dilations) of `in` and `filter` into `out`: a piece of `op`. Given
/// `freshFill` (the piece fuses an epilogue), the piece starts from a
/// zero-filled block of its own instead of `out` (a fill the epilogue's
/// tiling fuses, so the accumulators start in registers), not from a slice
/// of the whole output's fill.
linalg::LinalgOp createConvPiece(RewriterBase &rewriter, linalg::LinalgOp op,
                                 Value in, Value filter, Value out,
                                 linalg::FillOp freshFill) {
  Location loc = op.getLoc();
  if (freshFill) {
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, out),
        getElementTypeOrSelf(out.getType()));
    out = linalg::FillOp::create(rewriter, loc, freshFill.getInputs(), empty)
              .getResult(0);
  }
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  Operation *conv;
  if (isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation()))
    conv = linalg::DepthwiseConv2DNhwcHwcOp::create(
        rewriter, loc, TypeRange{out.getType()}, ValueRange{in, filter},
        ValueRange{out}, strides, dilations);
  else
    conv = linalg::Conv2DNhwcHwcfOp::create(
        rewriter, loc, TypeRange{out.getType()}, ValueRange{in, filter},
        ValueRange{out}, strides, dilations);
  return cast<linalg::LinalgOp>(conv);
}

/// Cuts a convolution in two along output columns or channels at `at`: two
/// convolutions on slices of the operands, inserted into the original
/// output. Returns the two pieces.
std::pair<ConvUnit, ConvUnit> splitConv(RewriterBase &rewriter, ConvUnit unit,
                                        ConvDim dim, int64_t at) {
  linalg::LinalgOp op = unit.conv;
  linalg::GenericOp epilogue = unit.epilogue;
  Location loc = op.getLoc();
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  Value input = op.getDpsInputOperand(0)->get();
  Value filter = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  int64_t extent = cast<ShapedType>(init.getType()).getDimSize(dim);
  rewriter.setInsertionPoint(op);
  // Inside a chunk of tfg-cpu-parallelize (an scf.forall), the second
  // piece writes into the output the first one was inserted into
  // (destination-passing order), so that bufferization writes both in
  // place. Two slices of one value written in turn look like a conflict to
  // its analysis, which then computes each piece in a temporary and copies
  // it: in a chunk, a malloc per chunk and run in a worker thread's arena,
  // whose trimming gives the pages back to the kernel after every run (the
  // page faults and memset of the next run cost the threads their
  // speed-up). So do the pieces of an input-channel chunk in its loop
  // (chunkInChannels), whose two slices of the loop-carried sums would be
  // copied out and back in every run, and the padding fold's loop of border
  // pieces, where the copies would be made every iteration. One thread
  // keeps its code elsewhere.
  bool chained =
      op->getParentOfType<scf::ForallOp>() || op->getParentOfType<scf::ForOp>();
  auto piece = [&](int64_t begin, int64_t end, Value into) -> linalg::LinalgOp {
    Value in = input, f = filter;
    if (dim == kCol) {
      // Output columns [begin, end) read input columns from begin * stride
      // to the last tap of column end - 1.
      int64_t stride = strides.getValues<int64_t>()[1];
      int64_t dilation = dilations.getValues<int64_t>()[1];
      int64_t taps = cast<ShapedType>(filter.getType()).getDimSize(1);
      int64_t first = begin * stride;
      int64_t last = (end - 1) * stride + (taps - 1) * dilation;
      in = sliceAlong(rewriter, loc, input, 2, first, last - first + 1);
    } else if (depthwise) {
      in = sliceAlong(rewriter, loc, input, 3, begin, end - begin);
      f = sliceAlong(rewriter, loc, filter, 2, begin, end - begin);
    } else {
      f = sliceAlong(rewriter, loc, filter, 3, begin, end - begin);
    }
    Value out = sliceAlong(rewriter, loc, into, dim, begin, end - begin);
    auto fill = init.getDefiningOp<linalg::FillOp>();
    return createConvPiece(rewriter, op, in, f, out,
                           epilogue ? fill : linalg::FillOp());
  };
  auto insert = [&](Value part, Value into, int64_t offset) -> Value {
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, part);
    SmallVector<OpFoldResult> offsets(sizes.size(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> unit(sizes.size(), rewriter.getIndexAttr(1));
    offsets[dim] = rewriter.getIndexAttr(offset);
    return tensor::InsertSliceOp::create(rewriter, loc, part, into, offsets,
                                         sizes, unit);
  };
  linalg::LinalgOp head = piece(0, at, init);
  // Without an epilogue the pieces write the output itself.
  Value headInserted;
  if (chained && !epilogue)
    headInserted = insert(head->getResult(0), init, 0);
  linalg::LinalgOp tail = piece(at, extent, headInserted ? headInserted : init);
  // The epilogue's pieces, on the convolution's and its other operands'
  // slices, each writing into what the previous one made (its init map is
  // the identity), so that bufferization writes both in place; an empty
  // output becomes an alloc_tensor, whose slices the canonicalizer does
  // not turn into empty tensors of their own.
  linalg::GenericOp headEpilogue, tailEpilogue;
  if (epilogue) {
    Value dest = epilogue.getDpsInitOperand(0)->get();
    rewriter.setInsertionPoint(epilogue);
    // (Not in a thread's chunk: there the empty tensor is eliminated
    // into the chunk's output instead.)
    if (auto empty = dest.getDefiningOp<tensor::EmptyOp>(); empty && !chained)
      dest = bufferization::AllocTensorOp::create(
          rewriter, empty.getLoc(), empty.getType(), empty.getDynamicSizes());
    auto epiloguePiece = [&](linalg::LinalgOp conv, int64_t begin,
                             int64_t end) -> linalg::GenericOp {
      SmallVector<Value> inputs;
      for (OpOperand *input : epilogue.getDpsInputOperands())
        inputs.push_back(input->get() == op->getResult(0)
                             ? conv->getResult(0)
                             : sliceOperand(rewriter, epilogue, *input, dim,
                                            rewriter.getIndexAttr(begin),
                                            end - begin));
      Value init = sliceAlong(rewriter, loc, dest, dim, begin, end - begin);
      return cloneGeneric(rewriter, epilogue, inputs, init);
    };
    headEpilogue = epiloguePiece(head, 0, at);
    dest = insert(headEpilogue.getResult(0), dest, 0);
    tailEpilogue = epiloguePiece(tail, at, extent);
    dest = insert(tailEpilogue.getResult(0), dest, at);
    rewriter.replaceOp(epilogue, dest);
    rewriter.eraseOp(op);
  } else {
    Value result = chained ? headInserted : insert(head->getResult(0), init, 0);
    result = insert(tail->getResult(0), result, at);
    rewriter.replaceOp(op, result);
  }
  return {{head, headEpilogue}, {tail, tailEpilogue}};
}

/// The fill whose value every element of `value` holds: the fill itself,
/// a slice of it (of a slice of it, ...), where other pieces may have been
/// inserted elsewhere in between (splitConv's and the padding fold's pieces
/// before this one); null where that is not known (a dynamic or strided
/// slice, a rank change, an insertion that may meet the region).
linalg::FillOp filledBy(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return {};
  // The region of `value` looked at, in the coordinates of `value`.
  SmallVector<int64_t> offsets(type.getRank(), 0);
  SmallVector<int64_t> sizes(type.getShape());
  while (true) {
    if (auto fill = value.getDefiningOp<linalg::FillOp>())
      return fill;
    if (auto extract = value.getDefiningOp<tensor::ExtractSliceOp>()) {
      if (!extract.hasUnitStride() ||
          extract.getSourceType().getRank() != (int64_t)offsets.size() ||
          llvm::any_of(extract.getStaticOffsets(), ShapedType::isDynamic))
        return {};
      for (auto [offset, from] : llvm::zip(offsets, extract.getStaticOffsets()))
        offset += from;
      value = extract.getSource();
      continue;
    }
    if (auto insert = value.getDefiningOp<tensor::InsertSliceOp>()) {
      bool apart = false;
      for (auto [o, n, io, in] :
           llvm::zip(offsets, sizes, insert.getStaticOffsets(),
                     insert.getStaticSizes()))
        if (!ShapedType::isDynamic(io) && !ShapedType::isDynamic(in) &&
            (o + n <= io || io + in <= o))
          apart = true;
      if (!apart)
        return {};
      value = insert.getDest();
      continue;
    }
    return {};
  }
}

/// Whether computing the last column block of a piece again where it
/// overlaps the block before it costs little: at most 1/16 more columns.
bool overlapIsCheap(int64_t extent, int64_t block) {
  return extent > block && 16 * (block - extent % block) <= extent;
}

/// The channel block of a loop of overlapping blocks (overlapTail) for
/// `channels` output channels that are not a multiple of the register
/// block `block`, or 0 where the remainder pieces cost less. A remainder
/// narrower than a vector costs about a whole vector's FMAs per column
/// (MoveNet's 17-channel head: its 1-channel piece took 0.94x the time of
/// the 16-channel one, its 34-channel heads' 2-channel pieces half the
/// time of the 2-vector ones), so `channels` as pieces costs
/// ceil(channels / lanes) vectors: a loop of blocks of v vectors costs
/// ceil(channels / (v * lanes)) * v. The widest power-of-two v up to the
/// block's that costs no more, and at least half the block's vectors
/// (fewer vectors per block load the input more often per FMA: 72
/// channels keep 4 vectors and a remainder of 8). Only for a remainder of
/// at most a quarter of a vector: where a 16-lane block replaced an 8-lane
/// piece (24, 28, 36 channels) the pieces' half-width FMAs were cheaper
/// than the count of vectors says, and blazeface-front, facemesh and
/// handlandmark-lite ran 2-4% slower.
int64_t overlapChannelBlock(int64_t channels, int64_t block, int64_t lanes) {
  if (channels <= block || channels % block == 0 || block % lanes != 0 ||
      4 * (channels % lanes) > lanes)
    return 0;
  int64_t vectors = block / lanes;
  auto blocks = [&](int64_t width) {
    return static_cast<int64_t>(llvm::divideCeil(channels, width));
  };
  for (int64_t v = vectors; v >= 1 && 2 * v >= vectors; v /= 2)
    if (blocks(v * lanes) * v <= blocks(lanes))
      return v * lanes;
  return 0;
}

/// A piece whose output columns (or channels, `dim`) are not a multiple of
/// its block `size` as one loop over blocks of `size`, the last one ending
/// at the piece's last column (starting at min(j * size, extent - size), so
/// it computes again some columns of the block before it), instead of a
/// remainder piece with a narrower block of its own: one kernel instead of
/// two. Each block starts from zeros (the convolution's fill, done per
/// block) and overwrites its part of the output (the epilogue's body does
/// not read its output), so a column computed twice gets the same value
/// twice. Returns the convolution of one block (and its epilogue), inside
/// the loop, or a null convolution where the piece does not start from a
/// fill, or its epilogue reads its output or its loop indices. Whether the
/// overlap pays is the caller's choice (overlapIsCheap,
/// overlapChannelBlock).
ConvUnit overlapTail(RewriterBase &rewriter, ConvUnit unit, ConvDim dim,
                     int64_t size) {
  assert((dim == kCol || dim == kChannel) && "columns or channels");
  linalg::LinalgOp op = unit.conv;
  linalg::GenericOp epilogue = unit.epilogue;
  Value init = op.getDpsInitOperand(0)->get();
  linalg::FillOp fill = filledBy(init);
  auto outType = cast<RankedTensorType>(init.getType());
  int64_t extent = outType.getDimSize(dim);
  if (!fill || ShapedType::isDynamic(extent) || extent <= size)
    return {};
  if (epilogue &&
      (epilogue->getNumResults() != 1 ||
       !epilogue.getBody()->getOps<linalg::IndexOp>().empty() ||
       !epilogue.getMatchingBlockArgument(epilogue.getDpsInitOperand(0))
            .use_empty()))
    return {};
  Location loc = op.getLoc();
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  int64_t stride = strides.getValues<int64_t>()[1];
  int64_t dilation = dilations.getValues<int64_t>()[1];
  Value input = op.getDpsInputOperand(0)->get();
  Value filter = op.getDpsInputOperand(1)->get();
  int64_t taps = cast<ShapedType>(filter.getType()).getDimSize(1);
  bool chained = op->getParentOfType<scf::ForallOp>() != nullptr;

  // The loop carries the output: the epilogue's, or the convolution's
  // (each block fills its own part of it).
  Operation *last = epilogue ? epilogue.getOperation() : op.getOperation();
  Value dest = epilogue ? epilogue.getDpsInitOperand(0)->get() : init;
  rewriter.setInsertionPoint(last);
  // (As splitConv: an empty output becomes an alloc_tensor, which the
  // canonicalizer does not turn into empty tensors per block; in a
  // thread's chunk it is eliminated into the chunk's output instead.)
  if (auto empty = dest.getDefiningOp<tensor::EmptyOp>(); empty && !chained)
    dest = bufferization::AllocTensorOp::create(
        rewriter, empty.getLoc(), empty.getType(), empty.getDynamicSizes());
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  auto loop = scf::ForOp::create(rewriter, loc, index(0),
                                 index(llvm::divideCeil(extent, size)),
                                 index(1), ValueRange{dest});
  tfg::keepLoopRolled(loop);
  rewriter.setInsertionPointToStart(loop.getBody());
  Value into = loop.getRegionIterArgs().front();
  Value begin = arith::MinSIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, loop.getInductionVar(), index(size)),
      index(extent - size));
  Value in = input, blockFilter = filter;
  if (dim == kCol) {
    Value inBegin =
        arith::MulIOp::create(rewriter, loc, begin, index(stride)).getResult();
    in = sliceAlong(rewriter, loc, input, kCol, inBegin,
                    (size - 1) * stride + (taps - 1) * dilation + 1);
  } else if (depthwise) {
    // A depthwise block's channels read the same input channels.
    in = sliceAlong(rewriter, loc, input, 3, begin, size);
    blockFilter = sliceAlong(rewriter, loc, filter, 2, begin, size);
  } else {
    blockFilter = sliceAlong(rewriter, loc, filter, 3, begin, size);
  }
  // The block starts from zeros: a fill of a block of its own, fused into
  // the epilogue's tiles (so the accumulators start as zeros in
  // registers); without an epilogue, a fill of the block's part of the
  // output, which the block then accumulates into (as a piece of a filled
  // output does).
  Value blockOut = sliceAlong(rewriter, loc, into, dim, begin, size);
  Value zeros = blockOut;
  if (epilogue)
    zeros = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, blockOut),
        outType.getElementType());
  Value out = linalg::FillOp::create(rewriter, loc, fill.getInputs(), zeros)
                  .getResult(0);
  linalg::LinalgOp conv =
      createConvPiece(rewriter, op, in, blockFilter, out, linalg::FillOp());
  Value block = conv->getResult(0);
  linalg::GenericOp blockEpilogue;
  if (epilogue) {
    SmallVector<Value> inputs;
    for (OpOperand *operand : epilogue.getDpsInputOperands())
      inputs.push_back(
          operand->get() == op->getResult(0)
              ? block
              : sliceOperand(rewriter, epilogue, *operand, dim, begin, size));
    blockEpilogue = cloneGeneric(rewriter, epilogue, inputs, blockOut);
    block = blockEpilogue.getResult(0);
  }
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, block);
  SmallVector<OpFoldResult> offsets(sizes.size(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> unitStrides(sizes.size(), rewriter.getIndexAttr(1));
  offsets[dim] = begin;
  Value inserted = tensor::InsertSliceOp::create(rewriter, loc, block, into,
                                                 offsets, sizes, unitStrides);
  scf::YieldOp::create(rewriter, loc, inserted);
  rewriter.replaceOp(last, loop.getResult(0));
  if (epilogue)
    rewriter.eraseOp(op);
  return {conv, blockEpilogue};
}

/// The operands (inputs, then init) of a convolution's epilogue for the
/// convolution flattened to one row of H*W pixels: `convResult` replaced by
/// `flatResult`, every other operand that reads rows and columns as one
/// row too (its row and column dimensions adjacent and in that order, so
/// that (h, w) -> h * W + w is its own layout), and one that reads neither
/// (a bias) unchanged. None where an operand reads rows without columns or
/// the reverse (a broadcast along H or W, e.g. a [N, H, 1, C] tensor: after
/// flattening, its pixel index would no longer be a projection of the
/// output point), or reads them transposed or with a dynamic size, or the
/// body asks for its loop indices.
std::optional<SmallVector<Value>>
flattenEpilogueOperands(RewriterBase &rewriter, linalg::GenericOp epilogue,
                        Value convResult, Value flatResult) {
  if (!epilogue.getBody()->getOps<linalg::IndexOp>().empty())
    return std::nullopt;
  struct Plan {
    Value value;
    std::optional<unsigned> rowPosition; // where rows are; columns next
  };
  SmallVector<Plan> plans;
  for (OpOperand &operand : epilogue->getOpOperands()) {
    if (operand.get() == convResult) {
      plans.push_back({flatResult, std::nullopt});
      continue;
    }
    AffineMap map = epilogue.getMatchingIndexingMap(&operand);
    std::optional<unsigned> row =
        map.getResultPosition(getAffineDimExpr(kRow, rewriter.getContext()));
    std::optional<unsigned> col =
        map.getResultPosition(getAffineDimExpr(kCol, rewriter.getContext()));
    if (row.has_value() != col.has_value() || (row && *col != *row + 1))
      return std::nullopt;
    // Pixels of an operand typed with dynamic rows or columns (the loops
    // are static) have no static count to expand to.
    auto type = cast<ShapedType>(operand.get().getType());
    if (row && (type.isDynamicDim(*row) || type.isDynamicDim(*col)))
      return std::nullopt;
    plans.push_back({operand.get(), row});
  }
  SmallVector<Value> operands;
  Location loc = epilogue.getLoc();
  for (Plan &plan : plans) {
    if (!plan.rowPosition) {
      operands.push_back(plan.value);
      continue;
    }
    auto type = cast<RankedTensorType>(plan.value.getType());
    unsigned row = *plan.rowPosition;
    // An empty output (what the elementwise fusion gives an epilogue) is
    // an empty tensor of the flat shape, not a reshape of one: splitConv
    // makes it the alloc_tensor its pieces write into. The canonicalizer
    // would fold a reshape of an empty tensor, and then each piece's slice
    // of it, into empty tensors of their own, which bufferization
    // allocates apart and copies into the output (a memcpy of the whole
    // layer's output per run).
    if (plan.value.getDefiningOp<tensor::EmptyOp>() && type.hasStaticShape()) {
      SmallVector<int64_t> flatShape(type.getShape());
      flatShape[row + 1] *= flatShape[row];
      flatShape[row] = 1;
      operands.push_back(tensor::EmptyOp::create(rewriter, loc, flatShape,
                                                 type.getElementType()));
      continue;
    }
    SmallVector<ReassociationIndices> groups;
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (d == row + 1)
        continue;
      if (d == row) {
        groups.push_back({d, d + 1});
        shape.push_back(type.getDimSize(d) * type.getDimSize(d + 1));
      } else {
        groups.push_back({d});
        shape.push_back(type.getDimSize(d));
      }
    }
    Value collapsed =
        tensor::CollapseShapeOp::create(rewriter, loc, plan.value, groups);
    SmallVector<ReassociationIndices> expand;
    SmallVector<int64_t> flatShape;
    int64_t next = 0;
    for (int64_t d = 0; d < (int64_t)shape.size(); ++d) {
      if (d == row) {
        expand.push_back({next, next + 1});
        flatShape.append({1, shape[d]});
        next += 2;
      } else {
        expand.push_back({next++});
        flatShape.push_back(shape[d]);
      }
    }
    operands.push_back(tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(flatShape, type.getElementType()),
        collapsed, expand));
  }
  return operands;
}

/// A 1x1 stride-1 convolution as one row of H*W pixels
/// ([N, H, W, C] -> [N, 1, H*W, C], free on contiguous tensors): its column
/// blocks then run across output rows, so a 7x7 layer has 49 columns to
/// block rather than 7, and the remainder is one piece instead of one per
/// row. Its epilogue is flattened alike where its operands allow
/// (flattenEpilogueOperands) and stays after the convolution, unfused,
/// where they do not. Returns the new convolution and epilogue (null where
/// unfused), or a null convolution where flattening does not apply.
ConvUnit flattenPointwise(RewriterBase &rewriter, ConvUnit unit) {
  linalg::LinalgOp op = unit.conv;
  auto conv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(op.getOperation());
  if (!conv)
    return {};
  auto filterType =
      cast<ShapedType>(conv.getDpsInputOperand(1)->get().getType());
  auto outType = cast<RankedTensorType>(conv.getResult(0).getType());
  if (filterType.getDimSize(0) != 1 || filterType.getDimSize(1) != 1 ||
      !llvm::all_of(conv.getStrides().getValues<int64_t>(),
                    [](int64_t s) { return s == 1; }) ||
      outType.getDimSize(kRow) == 1 ||
      // A dynamic row count (an uneven chunk of tfg-cpu-parallelize) has no
      // static number of pixels to block.
      outType.isDynamicDim(kRow))
    return {};
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<ReassociationIndices> rows{{0}, {1, 2}, {3}};
  auto asRow = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    Value collapsed =
        tensor::CollapseShapeOp::create(rewriter, loc, value, rows);
    SmallVector<int64_t> shape{type.getDimSize(0), 1,
                               type.getDimSize(1) * type.getDimSize(2),
                               type.getDimSize(3)};
    return tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
        collapsed, rows);
  };
  Value input = asRow(conv.getDpsInputOperand(0)->get());
  // A zero-filled output stays a fill (of the flattened tensor), which the
  // epilogue's tiling can fuse into each block.
  Value init;
  if (auto fill =
          conv.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>())
    init = linalg::FillOp::create(rewriter, loc, fill.getInputs(),
                                  asRow(fill.getOutputs()[0]))
               .getResult(0);
  else
    init = asRow(conv.getDpsInitOperand(0)->get());
  auto flat = linalg::Conv2DNhwcHwcfOp::create(
      rewriter, loc, TypeRange{init.getType()},
      ValueRange{input, conv.getDpsInputOperand(1)->get()}, ValueRange{init},
      conv.getStrides(), conv.getDilations());
  auto unflatten = [&](Value value) -> Value {
    Value collapsed =
        tensor::CollapseShapeOp::create(rewriter, loc, value, rows);
    return tensor::ExpandShapeOp::create(rewriter, loc, outType, collapsed,
                                         rows);
  };
  linalg::GenericOp epilogue = unit.epilogue;
  std::optional<SmallVector<Value>> flatOperands;
  if (epilogue) {
    rewriter.setInsertionPoint(epilogue);
    flatOperands = flattenEpilogueOperands(rewriter, epilogue, op->getResult(0),
                                           flat.getResult(0));
  }
  if (!flatOperands) {
    // No epilogue, or one that does not flatten: it stays after the
    // convolution, unfused.
    rewriter.replaceOp(op, unflatten(flat.getResult(0)));
    return {cast<linalg::LinalgOp>(flat.getOperation()), nullptr};
  }
  auto flatEpilogue =
      cloneGeneric(rewriter, epilogue, ArrayRef(*flatOperands).drop_back(),
                   flatOperands->back());
  rewriter.replaceOp(epilogue, unflatten(flatEpilogue.getResult(0)));
  rewriter.eraseOp(op);
  return {cast<linalg::LinalgOp>(flat.getOperation()), flatEpilogue};
}

/// Whether the op is a convolution this pass schedules: static but for the
/// batch (tiled by 1, so every tile is static).
bool isScheduled(linalg::LinalgOp op) {
  return isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
             op.getOperation()) &&
         op.hasPureTensorSemantics() && !op.getStaticLoopRanges().empty() &&
         // A dynamic batch is fine: it is tiled by 1, so every tile is
         // static; the other loops size the register blocks. So is a
         // dynamic number of output rows (also tiled by 1) in a chunk of
         // tfg-cpu-parallelize (an scf.forall), its uneven split.
         llvm::none_of(
             ArrayRef(op.getStaticLoopRanges())
                 .drop_front(op->getParentOfType<scf::ForallOp>() ? 2 : 1),
             ShapedType::isDynamic);
}

/// Input-channel chunks (inChannelChunk) of a regular convolution: a loop
/// over every chunk but the last around the convolution of one chunk, which
/// accumulates into the output in memory, then the last chunk's convolution
/// on the loop's sums, which takes `unit`'s epilogue: each of its blocks
/// reads its partial sums, adds the last chunk's products, applies the
/// epilogue in registers and writes the result once, instead of the
/// epilogue being a separate pass over the whole output. The loop is marked
/// tfg::kKeepSubsetsInLoop: its pieces' slices of the sums stay inside it
/// (hoisted out, two pieces written into one tensor look like a conflict to
/// bufferization, which then copies the larger piece out and back in every
/// run). Returns the units to block (the chunk in the loop, without an
/// epilogue, then the last chunk), or none where no chunking is needed or
/// the tiling fails.
SmallVector<ConvUnit> chunkInChannels(RewriterBase &rewriter, ConvUnit unit,
                                      const Block &block) {
  linalg::LinalgOp op = unit.conv;
  int64_t chunk = inChannelChunk(op, block);
  if (!chunk || !isa<TilingInterface>(op.getOperation()))
    return {};
  // Loops (n, oh, ow, f, kh, kw, c); input [n, h, w, c], filter
  // [kh, kw, c, f].
  int64_t channels = op.getStaticLoopRanges()[kInChannel];
  int64_t head = channels - chunk;
  Location loc = op.getLoc();
  Value input = op.getDpsInputOperand(0)->get();
  Value filter = op.getDpsInputOperand(1)->get();
  rewriter.setInsertionPoint(op);
  linalg::LinalgOp first = createConvPiece(
      rewriter, op, sliceAlong(rewriter, loc, input, kChannel, 0, head),
      sliceAlong(rewriter, loc, filter, 2, 0, head),
      op.getDpsInitOperand(0)->get(), linalg::FillOp());
  scf::SCFTilingOptions options;
  options.setTileSizes(
      getAsIndexOpFoldResult(op.getContext(), {0, 0, 0, 0, 0, 0, chunk}));
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(first.getOperation()), options);
  if (failed(tiled) || tiled->tiledOps.size() != 1 || tiled->loops.empty()) {
    rewriter.eraseOp(first); // its slices: dead, the canonicalizer drops them
    return {};
  }
  rewriter.replaceOp(first, tiled->replacements);
  tiled->loops.front()->setAttr(tfg::kKeepSubsetsInLoop,
                                rewriter.getUnitAttr());
  linalg::LinalgOp last = createConvPiece(
      rewriter, op, sliceAlong(rewriter, loc, input, kChannel, head, chunk),
      sliceAlong(rewriter, loc, filter, 2, head, chunk),
      tiled->replacements.front(), linalg::FillOp());
  rewriter.replaceOp(op, last->getResults());
  return {{cast<linalg::LinalgOp>(tiled->tiledOps.front()), nullptr,
           /*chunked=*/true},
          {last, unit.epilogue, /*chunked=*/true}};
}

/// One cut of a tensor: [offset, offset + size) along dimension `dim`.
struct Cut {
  unsigned dim;
  OpFoldResult offset; // a constant, or a value computed in a loop
  int64_t size;
};

/// `value` cut along each of `cuts`, whole elsewhere.
Value sliceAt(OpBuilder &b, Location loc, Value value, ArrayRef<Cut> cuts) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, value);
  SmallVector<OpFoldResult> offsets(sizes.size(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
  for (const Cut &cut : cuts) {
    offsets[cut.dim] = cut.offset;
    sizes[cut.dim] = b.getIndexAttr(cut.size);
  }
  return tensor::ExtractSliceOp::create(b, loc, value, offsets, sizes, strides);
}

/// A run of a convolution's outputs along one spatial dimension that all
/// see the same taps inside the unpadded input, and the input they read.
struct Segment {
  int64_t outBegin, outEnd; // outputs [outBegin, outEnd)
  int64_t tapBegin, tapEnd; // filter taps [tapBegin, tapEnd)
  int64_t inBegin, inSize;  // input [inBegin, inBegin + inSize)
};

/// The outputs of one spatial dimension cut into runs of equal in-bounds
/// taps: output o's tap k reads input o * stride - padBefore + k *
/// dilation, in bounds for a contiguous range of k. None where an output
/// sees only padding (it would have no taps at all).
std::optional<SmallVector<Segment>>
segmentsAlong(int64_t inSize, int64_t padBefore, int64_t outSize, int64_t taps,
              int64_t stride, int64_t dilation) {
  SmallVector<Segment> segments;
  for (int64_t o = 0; o < outSize; ++o) {
    int64_t first = o * stride - padBefore; // what tap 0 reads
    int64_t begin = first >= 0 ? 0 : llvm::divideCeil(-first, dilation);
    int64_t end = first > inSize - 1
                      ? 0
                      : std::min(taps, (inSize - 1 - first) / dilation + 1);
    if (begin >= end)
      return std::nullopt;
    if (!segments.empty() && segments.back().tapBegin == begin &&
        segments.back().tapEnd == end) {
      segments.back().outEnd = o + 1;
      continue;
    }
    segments.push_back({o, o + 1, begin, end, 0, 0});
  }
  for (Segment &s : segments) {
    s.inBegin = s.outBegin * stride - padBefore + s.tapBegin * dilation;
    s.inSize = (s.outEnd - 1 - s.outBegin) * stride +
               (s.tapEnd - s.tapBegin - 1) * dilation + 1;
  }
  return segments;
}

/// The operand of `generic` cut to the output rows and columns of a piece
/// (along the operand dimensions its map reads those loops at; a broadcast
/// along them is left whole).
Value slicePixels(RewriterBase &rewriter, linalg::GenericOp generic,
                  OpOperand &operand, ArrayRef<Cut> pixels) {
  AffineMap map = generic.getMatchingIndexingMap(&operand);
  SmallVector<Cut> cuts;
  for (auto [position, expr] : llvm::enumerate(map.getResults()))
    if (auto d = dyn_cast<AffineDimExpr>(expr))
      for (const Cut &pixel : pixels)
        if (d.getPosition() == pixel.dim)
          cuts.push_back({(unsigned)position, pixel.offset, pixel.size});
  if (cuts.empty())
    return operand.get();
  return sliceAt(rewriter, generic.getLoc(), operand.get(), cuts);
}

/// Cuts a convolution of a zero-padded input (a tensor.pad of zeros along
/// rows and columns, static amounts and sizes) into pieces on the unpadded
/// input: per spatial dimension, the runs of outputs that see the same
/// in-bounds taps (segmentsAlong: the border outputs before and after the
/// interior, and the interior), one piece per run of rows times run of
/// columns, each a convolution of a slice of the input with the slice of
/// the filter holding its in-bounds taps. A dropped tap would only have
/// added zeros times a weight, so the sums are the same (up to the order
/// of additions, which is unchanged: the taps that remain are summed in
/// their order). The epilogue is cut into the same pieces. Returns whether
/// it folded; it does not where the padding is not of that form, an output
/// sees only padding, or there would be more than `maxPieces` pieces.
bool foldPadding(RewriterBase &rewriter, ConvUnit unit, int64_t maxPieces) {
  linalg::LinalgOp op = unit.conv;
  if (!isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
          op.getOperation()) ||
      !op.hasPureTensorSemantics())
    return false;
  auto pad = op.getDpsInputOperand(0)->get().getDefiningOp<tensor::PadOp>();
  if (!pad)
    return false;
  Value padValue = pad.getConstantPaddingValue();
  if (!padValue || !matchPattern(padValue, m_AnyZeroFloat()))
    return false;
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  if (llvm::any_of(low, ShapedType::isDynamic) ||
      llvm::any_of(high, ShapedType::isDynamic) || low[0] || high[0] ||
      low[3] || high[3])
    return false;
  Value input = pad.getSource();
  Value filter = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  auto inType = cast<RankedTensorType>(input.getType());
  auto outType = cast<RankedTensorType>(init.getType());
  auto filterType = cast<RankedTensorType>(filter.getType());
  if (!filterType.hasStaticShape())
    return false;
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  SmallVector<Segment> segments[2];
  for (unsigned i = 0; i < 2; ++i) {
    unsigned dim = kRow + i;
    if (inType.isDynamicDim(dim) || outType.isDynamicDim(dim))
      return false;
    std::optional<SmallVector<Segment>> along =
        segmentsAlong(inType.getDimSize(dim), low[dim], outType.getDimSize(dim),
                      filterType.getDimSize(i), strides.getValues<int64_t>()[i],
                      dilations.getValues<int64_t>()[i]);
    if (!along)
      return false;
    segments[i] = std::move(*along);
  }
  // Rows are not cut (a full-width piece per run of border rows would
  // cost as much code as the interior; the kernel pass skips their taps in
  // its row loop instead, skipPaddedRows): each piece reads its columns of
  // the input padded along rows only, a tensor.pad that is never
  // materialized where the kernel pass tiles the piece.
  if ((int64_t)segments[1].size() > maxPieces)
    return false;
  segments[0] = {Segment{0, outType.getDimSize(kRow), 0,
                         filterType.getDimSize(0), 0, inType.getDimSize(kRow)}};

  Location loc = op.getLoc();
  linalg::GenericOp epilogue = unit.epilogue;
  auto fill = init.getDefiningOp<linalg::FillOp>();
  Value result = epilogue ? epilogue.getDpsInitOperand(0)->get() : init;
  // The pieces are inserted into one output. Where it starts as a
  // tensor.empty (directly, or filled), the canonicalizer would turn each
  // piece's slice of it into an empty tensor of its own, which
  // bufferization then allocates, writes and copies into the output: an
  // alloc_tensor instead keeps the pieces' slices slices of one buffer.
  auto keepBuffer = [&](Value value) -> Value {
    auto empty = value.getDefiningOp<tensor::EmptyOp>();
    if (!empty)
      return value;
    rewriter.setInsertionPoint(empty);
    return bufferization::AllocTensorOp::create(
        rewriter, empty.getLoc(), empty.getType(), empty.getDynamicSizes());
  };
  if (epilogue) {
    result = keepBuffer(result);
  } else if (fill) {
    Value buffer = keepBuffer(fill.getOutputs()[0]);
    if (buffer != fill.getOutputs()[0]) {
      rewriter.setInsertionPoint(op);
      result = linalg::FillOp::create(rewriter, loc, fill.getInputs(), buffer)
                   .getResult(0);
    }
  }
  // One piece: the outputs of `rows` times the `cols.outEnd -
  // cols.outBegin` columns from `colOut`, which read the input columns from
  // `colIn` with the filter columns from `colTap` (each a constant, or a
  // value of the loop over a group of border runs below), inserted into
  // `into`. Returns what it was inserted into.
  auto buildPiece = [&](const Segment &rows, const Segment &cols,
                        OpFoldResult colOut, OpFoldResult colTap,
                        OpFoldResult colIn, Value into) -> Value {
    int64_t outRows = rows.outEnd - rows.outBegin,
            outCols = cols.outEnd - cols.outBegin;
    Value in = sliceAt(rewriter, loc, input, {{kCol, colIn, cols.inSize}});
    if (low[kRow] || high[kRow]) {
      auto sliceType = cast<RankedTensorType>(in.getType());
      SmallVector<int64_t> paddedShape(sliceType.getShape());
      paddedShape[kRow] += low[kRow] + high[kRow];
      SmallVector<OpFoldResult> padLow(4, rewriter.getIndexAttr(0)),
          padHigh(4, rewriter.getIndexAttr(0));
      padLow[kRow] = rewriter.getIndexAttr(low[kRow]);
      padHigh[kRow] = rewriter.getIndexAttr(high[kRow]);
      Value zero = arith::ConstantOp::create(
          rewriter, loc, rewriter.getZeroAttr(sliceType.getElementType()));
      in = tensor::PadOp::create(
          rewriter, loc,
          RankedTensorType::get(paddedShape, sliceType.getElementType()), in,
          padLow, padHigh, zero);
    }
    Value f = sliceAt(
        rewriter, loc, filter,
        {{0, rewriter.getIndexAttr(rows.tapBegin), rows.tapEnd - rows.tapBegin},
         {1, colTap, cols.tapEnd - cols.tapBegin}});
    // Each piece's blocks are cut from what the previous pieces made
    // (not from the original output), so that bufferization writes
    // every piece in place into one output buffer.
    SmallVector<Cut> pixels{
        {kRow, rewriter.getIndexAttr(rows.outBegin), outRows},
        {kCol, colOut, outCols}};
    Value out = sliceAt(rewriter, loc, epilogue ? init : into, pixels);
    Value piece = createConvPiece(rewriter, op, in, f, out,
                                  epilogue ? fill : linalg::FillOp())
                      ->getResult(0);
    if (epilogue) {
      SmallVector<Value> inputs;
      for (OpOperand *operand : epilogue.getDpsInputOperands())
        inputs.push_back(
            operand->get() == op->getResult(0)
                ? piece
                : slicePixels(rewriter, epilogue, *operand, pixels));
      Value pieceInit = sliceAt(rewriter, loc, into, pixels);
      piece = cloneGeneric(rewriter, epilogue, inputs, pieceInit).getResult(0);
    }
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, piece);
    SmallVector<OpFoldResult> offsets(4, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> unitStrides(4, rewriter.getIndexAttr(1));
    offsets[kRow] = rewriter.getIndexAttr(rows.outBegin);
    offsets[kCol] = colOut;
    return tensor::InsertSliceOp::create(rewriter, loc, piece, into, offsets,
                                         sizes, unitStrides);
  };
  // Border runs of the same shape (as many columns, taps and input
  // columns: a 3x3 SAME convolution's first and last column, which see
  // taps 1-2 and 0-1) are one piece in a loop over the runs, which reads
  // where each run starts from the loop's variable: one kernel for all of
  // them rather than one each.
  // (The runs of their own first: a piece's output cut from the loop's
  // result would hide from overlapTail that it is still a fill.)
  SmallVector<SmallVector<const Segment *>> groups;
  for (const Segment &cols : segments[1]) {
    auto sameShape = [&](ArrayRef<const Segment *> group) {
      const Segment &other = *group.front();
      return other.outEnd - other.outBegin == cols.outEnd - cols.outBegin &&
             other.tapEnd - other.tapBegin == cols.tapEnd - cols.tapBegin &&
             other.inSize == cols.inSize;
    };
    auto group = llvm::find_if(groups, sameShape);
    if (group == groups.end())
      groups.push_back({&cols});
    else
      group->push_back(&cols);
  }
  SmallVector<SmallVector<const Segment *>> ordered;
  for (bool single : {true, false})
    for (ArrayRef<const Segment *> group : groups)
      if ((group.size() == 1) == single)
        ordered.emplace_back(group);
  groups = std::move(ordered);
  // The pieces go where the epilogue is (where the convolution is, without
  // one): the epilogue's other operands are defined before it.
  rewriter.setInsertionPoint(epilogue ? epilogue.getOperation()
                                      : op.getOperation());
  for (const Segment &rows : segments[0]) {
    for (ArrayRef<const Segment *> group : groups) {
      const Segment &first = *group.front();
      if (group.size() == 1) {
        result = buildPiece(rows, first, rewriter.getIndexAttr(first.outBegin),
                            rewriter.getIndexAttr(first.tapBegin),
                            rewriter.getIndexAttr(first.inBegin), result);
        continue;
      }
      auto index = [&](int64_t v) -> Value {
        return arith::ConstantIndexOp::create(rewriter, loc, v);
      };
      auto loop =
          scf::ForOp::create(rewriter, loc, index(0), index(group.size()),
                             index(1), ValueRange{result});
      // (Rolled: LLVM's full unroller would copy the piece's kernel once
      // per run, the code the loop is there to share.)
      tfg::keepLoopRolled(loop);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value run = loop.getInductionVar();
      // A field of run `run`: a chain of selects over the group's runs.
      SmallVector<Value> isRun{nullptr};
      for (int64_t i = 1, e = group.size(); i < e; ++i)
        isRun.push_back(arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, run, index(i)));
      auto ofRun = [&](int64_t Segment::*field) -> OpFoldResult {
        Value value = index(group.front()->*field);
        for (int64_t i = 1, e = group.size(); i < e; ++i)
          value = arith::SelectOp::create(rewriter, loc, isRun[i],
                                          index(group[i]->*field), value);
        return value;
      };
      OpFoldResult colOut = ofRun(&Segment::outBegin);
      OpFoldResult colTap = ofRun(&Segment::tapBegin);
      OpFoldResult colIn = ofRun(&Segment::inBegin);
      Value inserted = buildPiece(rows, first, colOut, colTap, colIn,
                                  loop.getRegionIterArgs().front());
      scf::YieldOp::create(rewriter, loc, inserted);
      rewriter.setInsertionPointAfter(loop);
      result = loop.getResult(0);
    }
  }
  if (epilogue) {
    rewriter.replaceOp(epilogue, result);
    rewriter.eraseOp(op);
  } else {
    rewriter.replaceOp(op, result);
  }
  if (pad->use_empty())
    rewriter.eraseOp(pad);
  return true;
}

/// Gives back their place in the output to the epilogue pieces of a cut
/// convolution: the elementwise fusion patterns replace an output operand
/// the body does not read by a tensor.empty, so that a piece inserted into
/// the output would be computed into a buffer of its own and copied. An
/// epilogue whose only use is an insertion into a tensor defined before it
/// writes into that tensor's slice again.
void restoreInsertedOutputs(RewriterBase &rewriter, func::FuncOp func) {
  DominanceInfo dominance(func);
  func.walk([&](linalg::GenericOp generic) {
    if (generic->getNumResults() != 1 || !generic->hasOneUse())
      return;
    auto insert = dyn_cast<tensor::InsertSliceOp>(*generic->getUsers().begin());
    OpOperand *init = generic.getDpsInitOperand(0);
    if (!insert || insert.getSource() != generic->getResult(0) ||
        !init->get().getDefiningOp<tensor::EmptyOp>() ||
        !dominance.properlyDominates(insert.getDest(), generic))
      return;
    rewriter.setInsertionPoint(generic);
    Value slice = tensor::ExtractSliceOp::create(
        rewriter, generic.getLoc(), insert.getSourceType(), insert.getDest(),
        insert.getMixedOffsets(), insert.getMixedSizes(),
        insert.getMixedStrides());
    rewriter.modifyOpInPlace(generic, [&] { init->set(slice); });
  });
}

/// The convolutions of `func` this pass schedules, each with the epilogue
/// it fuses (an epilogue that adds two convolutions' results goes with the
/// first one only).
SmallVector<ConvUnit> collectUnits(func::FuncOp func,
                                   function_ref<bool(linalg::LinalgOp)> keep) {
  SmallVector<ConvUnit> units;
  llvm::SmallPtrSet<Operation *, 8> claimed;
  func.walk([&](linalg::LinalgOp op) {
    if (!keep(op))
      return;
    linalg::GenericOp epilogue = tfg::findElementwiseEpilogue(op);
    if (epilogue && !claimed.insert(epilogue).second)
      epilogue = nullptr;
    units.push_back({op, epilogue});
  });
  return units;
}

/// Marks the tiles of an epilogue and its fill for vectorization.
constexpr StringLiteral kVectorizeMark = "tfg.vectorize_tile";

/// Tiles an epilogue into the piece's blocks, with the convolution and its
/// zero fill fused into each (so a block is filled, accumulated and
/// finished in registers, and written once), then the fused convolution's
/// reduction (filter taps, input-channel steps) into loops.
LogicalResult tileWithEpilogue(RewriterBase &rewriter, ConvUnit unit,
                               const Block &block, bool filterOuter) {
  MLIRContext *context = unit.conv.getContext();
  bool depthwise =
      isa<linalg::DepthwiseConv2DNhwcHwcOp>(unit.conv.getOperation());
  scf::SCFTileAndFuseOptions fuse;
  fuse.tilingOptions.setTileSizes(
      getAsIndexOpFoldResult(context, {1, 1, block.cols, block.channels}));
  if (filterOuter)
    fuse.tilingOptions.setInterchange({0, 3, 1, 2});
  FailureOr<scf::SCFTileAndFuseResult> fused = tfg::tileEpilogueFusingOpAndFill(
      rewriter, unit.epilogue, unit.conv, fuse);
  if (failed(fused))
    return failure();
  linalg::LinalgOp convTile;
  for (Operation *tile : fused->tiledAndFusedOps) {
    if (isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(tile))
      convTile = cast<linalg::LinalgOp>(tile);
    else if (isa<linalg::GenericOp, linalg::FillOp>(tile))
      tile->setAttr(kVectorizeMark, UnitAttr::get(context));
  }
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  if (unit.epilogue->use_empty())
    rewriter.eraseOp(unit.epilogue);
  if (unit.conv->use_empty())
    rewriter.eraseOp(unit.conv);
  if (!convTile)
    return failure();
  SmallVector<int64_t> sizes{0, 0, 0, 0, 1, 1};
  if (!depthwise)
    sizes.push_back(block.inChannels);
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(context, sizes));
  rewriter.setInsertionPoint(convTile);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(convTile.getOperation()), options);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(convTile, tiled->replacements);
  return success();
}

/// Whether a regular convolution's output-channel blocks go outside its
/// column blocks: where the filter outweighs one image's input (the deep
/// 1x1 layers: 4 MiB of weights against 200 KiB of activations at
/// 7x7x1024), so that each block's filter columns are read from cache once
/// for all pixels instead of once per column block. A thread's share of the
/// rows (tfg-cpu-parallelize) has no static image size: its filter goes
/// outside, as it did when this multiplied the dynamic size's sentinel
/// (signed overflow, which wrapped to 0 or INT64_MIN; UBSan).
bool filterOutermost(linalg::LinalgOp op) {
  if (isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation()))
    return false;
  auto inType = cast<ShapedType>(op.getDpsInputOperand(0)->get().getType());
  auto fType = cast<ShapedType>(op.getDpsInputOperand(1)->get().getType());
  if (!fType.hasStaticShape())
    return false;
  if (ShapedType::isDynamicShape(inType.getShape().slice(1, 3)))
    return true;
  int64_t image =
      inType.getDimSize(1) * inType.getDimSize(2) * inType.getDimSize(3);
  return fType.getNumElements() > image;
}

/// Tiles one piece whose columns and channels are multiples of its block.
LogicalResult tilePiece(RewriterBase &rewriter, ConvUnit unit,
                        const Block &block) {
  if (unit.epilogue && succeeded(tileWithEpilogue(rewriter, unit, block,
                                                  filterOutermost(unit.conv))))
    return success();
  linalg::LinalgOp op = unit.conv;
  MLIRContext *context = op.getContext();
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  SmallVector<int64_t> sizes;
  scf::SCFTilingOptions options;
  if (depthwise) {
    // Loops (n, oh, ow, c, kh, kw).
    sizes = {1, 1, block.cols, block.channels, 1, 1};
  } else {
    // Loops (n, oh, ow, f, kh, kw, c).
    sizes = {1, 1, block.cols, block.channels, 1, 1, block.inChannels};
    if (filterOutermost(op))
      options.setInterchange({0, 3, 1, 2, 4, 5, 6});
  }
  options.setTileSizes(getAsIndexOpFoldResult(context, sizes));
  auto tileable = dyn_cast<TilingInterface>(op.getOperation());
  if (!tileable)
    return failure();
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, tileable, options);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  return success();
}

/// The value of `value` (computed inside `loop`) with the loop's induction
/// variable at its lower bound `at`, computed before the loop; null where
/// it depends on anything else defined in the loop (an inner loop's
/// variable) or on an op that is not pure.
Value valueBeforeLoop(RewriterBase &rewriter, Value value, scf::ForOp loop,
                      Value at) {
  if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
    return value;
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.filter = [&](Operation *op) { return loop->isProperAncestor(op); };
  if (failed(getBackwardSlice(value, &slice, options)))
    return nullptr;
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), at);
  for (Operation *op : slice) {
    if (!isPure(op) || op->getNumRegions())
      return nullptr;
    for (Value operand : op->getOperands())
      if (!mapping.contains(operand) &&
          loop->isAncestor(operand.getParentRegion()->getParentOp()) &&
          !slice.contains(operand.getDefiningOp()))
        return nullptr;
  }
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg == loop.getInductionVar() ? at : nullptr;
  rewriter.setInsertionPoint(loop);
  for (Operation *op : slice)
    rewriter.clone(*op, mapping);
  return mapping.lookupOrNull(value);
}

/// Where a convolution tile of one output row and one filter row (what
/// tilePiece and tileWithEpilogue make) reads an input padded with zeros
/// along rows only (through slices: tfg-cpu-fold-conv-padding's pieces,
/// maybe chunked by tfg-cpu-parallelize), it reads the unpadded input
/// instead, and the loop over filter rows around it runs only over the taps
/// whose input row exists: from max(0, ceil((pad - r) / dilation)) to
/// min(taps, floor((rows - 1 + pad - r) / dilation) + 1), r the padded row
/// of tap 0. The others would add zeros. The padded tensor is then read by
/// nothing, and never made.
void skipPaddedRows(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<linalg::LinalgOp> tiles;
  func.walk([&](linalg::LinalgOp op) {
    if (isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
            op.getOperation()) &&
        op.hasPureTensorSemantics())
      tiles.push_back(op);
  });
  for (linalg::LinalgOp tile : tiles) {
    Value filter = tile.getDpsInputOperand(1)->get();
    auto filterSlice = filter.getDefiningOp<tensor::ExtractSliceOp>();
    if (!filterSlice || cast<ShapedType>(filter.getType()).getDimSize(0) != 1 ||
        cast<ShapedType>(tile->getResult(0).getType()).getDimSize(kRow) != 1)
      continue;
    // The loop over filter rows: the filter slice starts at its variable.
    auto kh = dyn_cast_if_present<BlockArgument>(
        dyn_cast<Value>(filterSlice.getMixedOffsets()[0]));
    auto loop =
        kh ? dyn_cast<scf::ForOp>(kh.getOwner()->getParentOp()) : nullptr;
    if (!loop || loop.getInductionVar() != kh ||
        getConstantIntValue(loop.getLowerBound()) != 0 ||
        getConstantIntValue(loop.getStep()) != 1)
      continue;
    std::optional<int64_t> taps = getConstantIntValue(loop.getUpperBound());
    // The slices from the padded tensor to the tile's input.
    SmallVector<tensor::ExtractSliceOp> chain;
    Value source = tile.getDpsInputOperand(0)->get();
    while (auto slice = source.getDefiningOp<tensor::ExtractSliceOp>()) {
      if (!slice.hasUnitStride() || slice.getSourceType().getRank() != 4 ||
          slice.getType().getRank() != 4)
        break;
      chain.push_back(slice);
      source = slice.getSource();
    }
    auto pad = source.getDefiningOp<tensor::PadOp>();
    if (!taps || chain.empty() || !pad)
      continue;
    Value padValue = pad.getConstantPaddingValue();
    ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
    auto unpadded = cast<RankedTensorType>(pad.getSourceType());
    bool rowsOnly = llvm::all_of(llvm::seq<unsigned>(0, 4), [&](unsigned d) {
      return d == kRow || (low[d] == 0 && high[d] == 0);
    });
    if (!padValue || !matchPattern(padValue, m_AnyZeroFloat()) || !rowsOnly ||
        ShapedType::isDynamic(low[kRow]) || unpadded.isDynamicDim(kRow))
      continue;
    int64_t dilation = tile->getAttrOfType<DenseIntElementsAttr>("dilations")
                           .getValues<int64_t>()[0];
    // The tile's input offsets in the padded tensor: the chain's summed.
    Location loc = tile.getLoc();
    tensor::ExtractSliceOp inner = chain.front();
    rewriter.setInsertionPoint(inner);
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    SmallVector<Value> offsets(4, index(0));
    for (tensor::ExtractSliceOp slice : chain)
      for (auto [d, offset] : llvm::enumerate(slice.getMixedOffsets()))
        offsets[d] = arith::AddIOp::create(
            rewriter, loc, offsets[d],
            getValueOrCreateConstantIndexOp(rewriter, loc, offset));
    Value first =
        valueBeforeLoop(rewriter, offsets[kRow], loop, loop.getLowerBound());
    if (!first)
      continue; // the offsets stay, unused: the canonicalizer drops them
    rewriter.setInsertionPoint(loop);
    Value padBefore = index(low[kRow]);
    Value d = index(dilation);
    Value before = arith::SubIOp::create(rewriter, loc, padBefore, first);
    Value lo = arith::MaxSIOp::create(
        rewriter, loc, index(0),
        arith::CeilDivSIOp::create(rewriter, loc, before, d));
    Value last = arith::AddIOp::create(rewriter, loc, before,
                                       index(unpadded.getDimSize(kRow) - 1));
    Value hi = arith::MinSIOp::create(
        rewriter, loc, index(*taps),
        arith::AddIOp::create(
            rewriter, loc, arith::FloorDivSIOp::create(rewriter, loc, last, d),
            index(1)));
    rewriter.modifyOpInPlace(loop, [&] {
      loop.setLowerBound(lo);
      loop.setUpperBound(hi);
    });
    rewriter.setInsertionPoint(tile);
    offsets[kRow] =
        arith::SubIOp::create(rewriter, loc, offsets[kRow], padBefore);
    SmallVector<OpFoldResult> unit(4, rewriter.getIndexAttr(1));
    Value read = tensor::ExtractSliceOp::create(
        rewriter, loc, inner.getType(), pad.getSource(),
        getAsOpFoldResult(offsets), inner.getMixedSizes(), unit);
    rewriter.modifyOpInPlace(tile,
                             [&] { tile.getDpsInputOperand(0)->set(read); });
  }
}

/// Replaces each empty tensor that ends up inserted into a slice of
/// another tensor (a chunk's output) by that slice, as bufferization's
/// empty-tensor elimination does, with the options of the pipeline's
/// bufferization.
LogicalResult eliminateEmptyTensorsInChunks(RewriterBase &rewriter,
                                            func::FuncOp func) {
  bufferization::OneShotBufferizationOptions options;
  options.allowReturnAllocsFromLoops = true;
  bufferization::OneShotAnalysisState state(func, options);
  if (failed(bufferization::analyzeOp(func, state)))
    return failure();
  return bufferization::eliminateEmptyTensors(rewriter, func, state);
}

/// Whether `contract` is one step of a one-output-channel block's dot
/// products: [B, K] inputs x [K, 1] filter into [B, 1] sums (B columns, K
/// input channels, a power of two and a multiple of the vector), as the
/// 1-D convolution's vectorization writes it.
bool isOneChannelStep(vector::ContractionOp contract, int64_t lanes) {
  VectorType lhs = contract.getLhsType(), rhs = contract.getRhsType();
  auto acc = dyn_cast<VectorType>(contract.getAccType());
  if (!acc || lhs.getRank() != 2 || rhs.getRank() != 2 || acc.getRank() != 2 ||
      !lhs.getElementType().isF32() || !rhs.getElementType().isF32() ||
      !acc.getElementType().isF32() ||
      contract.getKind() != vector::CombiningKind::ADD)
    return false;
  int64_t k = rhs.getDimSize(0);
  if (rhs.getDimSize(1) != 1 || k % lanes != 0 || !llvm::isPowerOf2_64(k) ||
      lhs.getDimSize(1) != k || acc.getDimSize(0) != lhs.getDimSize(0) ||
      acc.getDimSize(1) != 1)
    return false;
  MLIRContext *context = contract.getContext();
  AffineExpr b, f, r;
  bindDims(context, b, f, r);
  SmallVector<AffineMap> expected{AffineMap::get(3, 0, {b, r}, context),
                                  AffineMap::get(3, 0, {r, f}, context),
                                  AffineMap::get(3, 0, {b, f}, context)};
  return contract.getIndexingMapsArray() == expected;
}

/// The single use of `value` through ops that only add or drop unit
/// dimensions (the accumulator's leading unit dims, cast away and put
/// back), collected into `chain`, until `isEnd` holds for a user; null where
/// the value has other uses or other ops in between.
Operation *followUnitReshapes(Value value, SmallVectorImpl<Operation *> &chain,
                              function_ref<bool(Operation *)> isEnd) {
  while (value.hasOneUse()) {
    Operation *user = *value.getUsers().begin();
    if (isEnd(user))
      return user;
    auto from = dyn_cast<VectorType>(value.getType());
    if (!isa<vector::ExtractOp, vector::BroadcastOp, vector::ShapeCastOp>(
            user) ||
        user->getNumResults() != 1 || !from)
      return nullptr;
    auto to = dyn_cast<VectorType>(user->getResult(0).getType());
    if (!to || to.getNumElements() != from.getNumElements())
      return nullptr;
    if (auto extract = dyn_cast<vector::ExtractOp>(user);
        extract && !extract.getDynamicPosition().empty())
      return nullptr;
    chain.push_back(user);
    value = user->getResult(0);
  }
  return nullptr;
}

/// The lanes of `rows` (each a vector<K>) summed, one sum a row, as one
/// vector<B>: pairs of vectors are shuffled into their rows' lower and upper
/// halves and added, so each stage halves both the vectors and the lanes a
/// row spans (16 rows of 16 lanes: 8 + 4 + 2 + 1 adds and twice as many
/// shuffles, against 4 adds and 8 shuffles a row reduced alone). An odd
/// vector out is paired with zeros.
Value sumRowsTransposed(OpBuilder &b, Location loc, SmallVector<Value> rows,
                        int64_t k) {
  VectorType type = cast<VectorType>(rows.front().getType());
  Value zeros = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  int64_t numRows = rows.size();
  // Each vector holds k / width rows of `width` lanes, row-major.
  for (int64_t width = k; width > 1; width /= 2) {
    int64_t perVector = k / width, half = width / 2;
    SmallVector<Value> next;
    for (size_t i = 0; i < rows.size(); i += 2) {
      Value a = rows[i], c = i + 1 < rows.size() ? rows[i + 1] : zeros;
      SmallVector<int64_t> lo, hi;
      for (int64_t src = 0; src < 2; ++src)
        for (int64_t row = 0; row < perVector; ++row)
          for (int64_t lane = 0; lane < half; ++lane) {
            lo.push_back(src * k + row * width + lane);
            hi.push_back(src * k + row * width + half + lane);
          }
      Value low = vector::ShuffleOp::create(b, loc, a, c, lo);
      Value high = vector::ShuffleOp::create(b, loc, a, c, hi);
      next.push_back(arith::AddFOp::create(b, loc, low, high));
    }
    rows = std::move(next);
  }
  // ceil(B / k) vectors of k sums, in row order.
  Value sums = rows.front();
  if (rows.size() > 1) {
    auto all = VectorType::get({static_cast<int64_t>(rows.size()) * k},
                               type.getElementType());
    sums = arith::ConstantOp::create(b, loc, b.getZeroAttr(all));
    for (auto [i, row] : llvm::enumerate(rows))
      sums = vector::InsertStridedSliceOp::create(
          b, loc, row, sums, ArrayRef<int64_t>{static_cast<int64_t>(i) * k},
          ArrayRef<int64_t>{1});
  }
  if (cast<VectorType>(sums.getType()).getNumElements() != numRows)
    sums = vector::ExtractStridedSliceOp::create(
        b, loc, sums, ArrayRef<int64_t>{0}, ArrayRef<int64_t>{numRows},
        ArrayRef<int64_t>{1});
  return sums;
}

/// Whether `value` is a constant of zeros.
bool isZeroConstant(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return false;
  auto element = dyn_cast<FloatAttr>(attr.getSplatValue<Attribute>());
  return element && element.getValue().isZero();
}

/// A one-output-channel block's reduction loop, carrying its B sums (a
/// vector of B x 1 floats, one register a float in LLVM's lowering of the
/// trailing unit dimension), made to carry a vector<B x K> of partial sums
/// instead: each step one vector FMA a column (its K input channels times
/// the filter's K, broadcast), the lanes summed once after the loop
/// (sumRowsTransposed). Returns the sums (of the loop's result type), or
/// null where the loop is not of that form.
Value deferOneChannelReduction(RewriterBase &rewriter, scf::ForOp loop,
                               unsigned index, vector::ContractionOp contract) {
  Location loc = contract.getLoc();
  VectorType lhsType = contract.getLhsType();
  int64_t cols = lhsType.getDimSize(0), k = lhsType.getDimSize(1);
  auto partialType = VectorType::get({cols, k}, lhsType.getElementType());
  auto rowType = VectorType::get({k}, lhsType.getElementType());
  auto sumsType = VectorType::get({cols}, lhsType.getElementType());
  Value init = loop.getInitArgs()[index];
  Type carried = init.getType();

  SmallVector<Operation *> accChain, resultChain;
  BlockArgument arg = loop.getRegionIterArgs()[index];
  if (followUnitReshapes(arg, accChain, [&](Operation *op) {
        return op == contract.getOperation() &&
               contract.getAcc() != contract.getLhs() &&
               contract.getAcc() != contract.getRhs();
      }) != contract.getOperation())
    return nullptr;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (followUnitReshapes(contract.getResult(), resultChain,
                         [&](Operation *op) { return op == yield; }) !=
          yield.getOperation() ||
      yield.getOperand(index) != (resultChain.empty()
                                      ? contract.getResult()
                                      : resultChain.back()->getResult(0)))
    return nullptr;
  // The loop argument (through the chain) is the contraction's accumulator,
  // not one of its factors.
  Value reached = accChain.empty() ? Value(arg) : accChain.back()->getResult(0);
  if (reached != contract.getAcc())
    return nullptr;

  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits(loop.getInitArgs());
  inits[index] = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getZeroAttr(partialType));
  auto newLoop =
      scf::ForOp::create(rewriter, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  if (mlir::Block *made = newLoop.getBody(); !made->empty())
    rewriter.eraseOp(made->getTerminator());
  BlockArgument partial = newLoop.getRegionIterArgs()[index];
  // The old argument's users (the accumulator chain) go away below.
  rewriter.mergeBlocks(loop.getBody(), newLoop.getBody(),
                       newLoop.getBody()->getArguments());
  rewriter.setInsertionPoint(contract);
  Value filter =
      vector::ShapeCastOp::create(rewriter, loc, rowType, contract.getRhs());
  Value broadcast =
      vector::BroadcastOp::create(rewriter, loc, partialType, filter);
  Value fma = vector::FMAOp::create(rewriter, loc, contract.getLhs(), broadcast,
                                    partial);
  rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(index, fma); });
  for (Operation *op : llvm::reverse(resultChain))
    rewriter.eraseOp(op);
  rewriter.eraseOp(contract);
  for (Operation *op : llvm::reverse(accChain))
    rewriter.eraseOp(op);

  rewriter.setInsertionPointAfter(newLoop);
  Value partials = newLoop.getResult(index);
  SmallVector<Value> rows;
  for (int64_t col = 0; col < cols; ++col)
    rows.push_back(vector::ExtractOp::create(rewriter, loc, partials,
                                             ArrayRef<int64_t>{col}));
  Value sums = sumRowsTransposed(rewriter, loc, rows, k);
  if (!isZeroConstant(init))
    sums = arith::AddFOp::create(
        rewriter, loc,
        vector::ShapeCastOp::create(rewriter, loc, sumsType, init), sums);
  Value result = vector::ShapeCastOp::create(rewriter, loc, carried, sums);
  SmallVector<Value> results(newLoop.getResults());
  results[index] = result;
  rewriter.replaceOp(loop, results);
  return result;
}

/// Whether `transfer` moves a vector<... x 1> at index 0 of a tensor's last
/// dimension, of static size 1 (unmasked, in bounds, minor identity): what
/// the DropTrailingUnitDimOfTensor patterns rewrite.
bool isTrailingUnitTransfer(VectorTransferOpInterface transfer) {
  auto tensor = dyn_cast<RankedTensorType>(transfer.getBase().getType());
  VectorType type = transfer.getVectorType();
  return tensor && tensor.getRank() >= 2 && type.getRank() >= 2 &&
         tensor.getShape().back() == 1 && type.getShape().back() == 1 &&
         !transfer.getMask() &&
         transfer.getPermutationMap().isMinorIdentity() &&
         isZeroInteger(transfer.getIndices().back()) &&
         llvm::all_of(transfer.getInBoundsValues(), [](bool b) { return b; });
}

/// The reassociation that collapses a tensor of `rank` along its last two
/// dimensions (the last of size 1).
SmallVector<ReassociationIndices> trailingUnitGroups(int64_t rank) {
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d + 2 < rank; ++d)
    groups.push_back({d});
  groups.push_back({rank - 2, rank - 1});
  return groups;
}

/// A transfer of a vector<... x 1> at index 0 of a tensor's last dimension,
/// of static size 1, as a transfer of vector<...> of the tensor collapsed
/// along it: in LLVM's lowering a trailing unit dimension makes each
/// element a vector<1> of its own, read or written alone.
struct DropTrailingUnitDimOfTensorRead
    : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    if (!isTrailingUnitTransfer(read))
      return failure();
    Location loc = read.getLoc();
    VectorType type = read.getVectorType();
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, loc, read.getBase(),
        trailingUnitGroups(read.getBase().getType().getRank()));
    auto flat =
        VectorType::get(type.getShape().drop_back(), type.getElementType());
    SmallVector<bool> inBounds(flat.getRank(), true);
    Value flatRead = vector::TransferReadOp::create(
        rewriter, loc, flat, collapsed, read.getIndices().drop_back(),
        read.getPadding(), inBounds);
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(read, type, flatRead);
    return success();
  }
};

struct DropTrailingUnitDimOfTensorWrite
    : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    if (!isTrailingUnitTransfer(write))
      return failure();
    Location loc = write.getLoc();
    auto dest = cast<RankedTensorType>(write.getBase().getType());
    VectorType type = write.getVectorType();
    SmallVector<ReassociationIndices> groups =
        trailingUnitGroups(dest.getRank());
    Value collapsed =
        tensor::CollapseShapeOp::create(rewriter, loc, write.getBase(), groups);
    auto flat =
        VectorType::get(type.getShape().drop_back(), type.getElementType());
    Value flatVector =
        vector::ShapeCastOp::create(rewriter, loc, flat, write.getVector());
    SmallVector<bool> inBounds(flat.getRank(), true);
    Value written = vector::TransferWriteOp::create(
                        rewriter, loc, flatVector, collapsed,
                        write.getIndices().drop_back(), inBounds)
                        .getResult();
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(write, dest, written,
                                                       groups);
    return success();
  }
};

/// Step 8: every one-output-channel block (chooseBlock's steps of whole
/// vectors of input channels) reduced in vector partial sums
/// (deferOneChannelReduction), and its epilogue, which the vectorizer wrote
/// on vector<B x 1> (as many scalar copies of each op as columns, sigmoid's
/// exponential too), on the vector<B> of sums: unit dimensions dropped from
/// its elementwise ops and from its reads and writes of tensors whose last
/// dimension is the single channel.
LogicalResult deferOneChannelReductions(RewriterBase &rewriter,
                                        func::FuncOp func, int64_t lanes) {
  SmallVector<vector::ContractionOp> steps;
  func.walk([&](vector::ContractionOp contract) {
    if (isOneChannelStep(contract, lanes))
      steps.push_back(contract);
  });
  if (steps.empty())
    return success();
  MLIRContext *context = func.getContext();
  // The tiling's loops of one iteration (the filter's 1x1 taps) folded
  // first, so the input-channel loop carries the sums itself.
  {
    RewritePatternSet patterns(context);
    scf::ForOp::getCanonicalizationPatterns(patterns, context);
    vector::ExtractOp::getCanonicalizationPatterns(patterns, context);
    vector::BroadcastOp::getCanonicalizationPatterns(patterns, context);
    vector::ShapeCastOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return failure();
  }
  steps.clear();
  func.walk([&](vector::ContractionOp contract) {
    if (isOneChannelStep(contract, lanes))
      steps.push_back(contract);
  });
  SmallVector<Operation *> epilogues;
  for (vector::ContractionOp contract : steps) {
    auto loop = dyn_cast<scf::ForOp>(contract->getParentOp());
    if (!loop)
      continue;
    // The loop-carried value the contraction accumulates.
    std::optional<unsigned> index;
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      SmallVector<Operation *> chain;
      if (followUnitReshapes(arg, chain, [&](Operation *op) {
            return op == contract.getOperation();
          }) == contract.getOperation())
        index = i;
    }
    if (!index)
      continue;
    Value sums = deferOneChannelReduction(rewriter, loop, *index, contract);
    if (!sums)
      continue;
    // The epilogue: what uses the sums, and the reads and broadcasts of its
    // other operands; and the reduction loop's own reads (the filter's
    // vector<K x 1>).
    SetVector<Operation *> slice;
    getForwardSlice(sums, &slice);
    SmallVector<Operation *> stack(slice.begin(), slice.end());
    while (!stack.empty()) {
      Operation *op = stack.pop_back_val();
      epilogues.push_back(op);
      for (Value operand : op->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (def && !slice.contains(def) &&
            isa<vector::TransferReadOp, vector::BroadcastOp, vector::ExtractOp,
                vector::ShapeCastOp>(def)) {
          slice.insert(def);
          stack.push_back(def);
        }
      }
    }
    if (auto reduction = sums.getDefiningOp())
      for (Operation *op = reduction; op; op = op->getPrevNode())
        if (auto newLoop = dyn_cast<scf::ForOp>(op)) {
          newLoop.getBody()->walk(
              [&](Operation *inner) { epilogues.push_back(inner); });
          break;
        }
  }
  if (epilogues.empty())
    return success();
  RewritePatternSet patterns(context);
  vector::populateDropUnitDimWithShapeCastPatterns(patterns);
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  patterns
      .add<DropTrailingUnitDimOfTensorRead, DropTrailingUnitDimOfTensorWrite>(
          context);
  vector::ShapeCastOp::getCanonicalizationPatterns(patterns, context);
  vector::BroadcastOp::getCanonicalizationPatterns(patterns, context);
  vector::ExtractOp::getCanonicalizationPatterns(patterns, context);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  return applyOpPatternsGreedily(epilogues, std::move(patterns), config);
}

struct CPUVectorizeConvolutionsPass
    : tfg::impl::CPUVectorizeConvolutionsBase<CPUVectorizeConvolutionsPass> {
  using CPUVectorizeConvolutionsBase::CPUVectorizeConvolutionsBase;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    // 0. A convolution's elementwise successors (BiasAdd, Relu, a residual
    //    Add as separate nodes) as one generic, the epilogue fused below.
    if (failed(tfg::fuseElementwiseChains(func)))
      return signalPassFailure();
    restoreInsertedOutputs(rewriter, func);

    //    In chunks of tfg-cpu-parallelize (scf.forall, threads > 1), the
    //    epilogue then writes into the chunk's slice of the output, not into
    //    the empty tensor the fusion gave it (its body does not read its
    //    output): the pieces below take slices of that output and, chained,
    //    bufferize in place. From an empty tensor, bufferization would
    //    allocate a temporary in each chunk (a malloc per chunk and run in a
    //    worker thread, whose pages the allocator returns to the kernel and
    //    faults in again every run) and copy it out, a flattened 1x1
    //    convolution's through its reshapes too. One thread (no forall)
    //    keeps its code.
    bool chunked =
        func->walk([](scf::ForallOp) { return WalkResult::interrupt(); })
            .wasInterrupted();
    if (chunked && failed(eliminateEmptyTensorsInChunks(rewriter, func)))
      return signalPassFailure();

    // 1. Cut every convolution into pieces whose output columns and
    //    channels are multiples of the piece's register block (the
    //    remainder of each is a piece with its own, smaller block), and
    //    tile each piece into its blocks, with its epilogue where it has
    //    one.
    tfg::VectorTarget target = tfg::vectorTarget(vectorBits, vectorRegisters);
    SmallVector<ConvUnit> worklist;
    for (ConvUnit unit : collectUnits(func, isScheduled)) {
      if (ConvUnit flat = flattenPointwise(rewriter, unit); flat.conv)
        unit = flat;
      // A chunked convolution's epilogue goes with its last chunk: it needs
      // the whole reduction.
      SmallVector<ConvUnit> chunks =
          chunkInChannels(rewriter, unit, chooseBlock(unit.conv, target));
      if (chunks.empty())
        worklist.push_back(unit);
      else
        worklist.append(chunks);
    }
    while (!worklist.empty()) {
      ConvUnit unit = worklist.pop_back_val();
      SmallVector<int64_t> ranges = unit.conv.getStaticLoopRanges();
      Block block = chooseBlock(unit.conv, target, unit.chunked);
      bool split = false;
      for (auto [dim, size] :
           {std::pair{kChannel, block.channels}, std::pair{kCol, block.cols}}) {
        int64_t extent = ranges[dim];
        if (extent <= size || extent % size == 0)
          continue;
        // One kernel for the whole extent where overlapping blocks cost
        // about what a remainder piece would: less code for LLVM to
        // compile (a remainder piece is a kernel as big as a block's).
        int64_t overlap = 0;
        if (dim == kCol && overlapIsCheap(extent, size))
          overlap = size;
        // Channels only with an epilogue: its fused fill starts each block
        // as zeros in registers, where a block of a bare convolution fills
        // its channels of the output in memory first (a memset of every
        // pixel's block, read back by the tiles).
        else if (dim == kChannel && unit.epilogue)
          overlap = overlapChannelBlock(extent, size, target.lanes);
        if (overlap) {
          if (ConvUnit block = overlapTail(rewriter, unit, dim, overlap);
              block.conv) {
            block.chunked = unit.chunked;
            worklist.push_back(block);
            split = true;
            break;
          }
        }
        auto [head, tail] =
            splitConv(rewriter, unit, dim, extent - extent % size);
        head.chunked = tail.chunked = unit.chunked;
        worklist.push_back(head);
        worklist.push_back(tail);
        split = true;
        break;
      }
      if (!split) // else left to tfg-cpu-loop-order
        (void)tilePiece(rewriter, unit, block);
    }

    // 1b. Tiles of a piece padded along rows read the unpadded input, their
    //     filter-row loops bounded to the rows that exist.
    skipPaddedRows(rewriter, func);

    // 2. The tiles have one output row and one filter row: 1-D convolutions.
    {
      RewritePatternSet patterns(context);
      linalg::populateDecomposeConvolutionPatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }

    // 3. The 1-D convolutions, and the fused epilogues' blocks and their
    //    fills.
    SmallVector<linalg::LinalgOp> oneD;
    func.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::Conv1DNwcWcfOp, linalg::DepthwiseConv1DNwcWcOp>(
              op.getOperation()) ||
          op->removeAttr(kVectorizeMark))
        oneD.push_back(op);
    });
    // 4. Vectorize them and keep each accumulator block in registers
    //    across the reduction loops.
    if (failed(
            tfg::vectorizeKeepingAccumulatorsInRegisters(rewriter, func, oneD)))
      return signalPassFailure();

    // 5. One form for the accumulator block's reads and writes outside the
    //    loops (the 1-D convolution's rank-reduced slices, the fused fill's
    //    and epilogue's 4-D tiles), so that a read of what a write just
    //    wrote folds: the accumulators start as zeros and the epilogue
    //    takes them from registers.
    if (failed(tfg::foldBlockTransfers(func)))
      return signalPassFailure();

    // 6. In chunks again: the pieces' own slices. The elimination takes the
    //    innermost insertion first, which can leave a piece a slice of an
    //    empty tensor it has just made a slice of the output: slices of
    //    empty tensors become empty tensors and the elimination runs again,
    //    until nothing changes (a round per level of pieces, a few).
    for (int round = 0; chunked && round < 8; ++round) {
      OperationFingerPrint before(func);
      RewritePatternSet patterns(context);
      tensor::populateFoldTensorEmptyPatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))) ||
          failed(eliminateEmptyTensorsInChunks(rewriter, func)))
        return signalPassFailure();
      if (OperationFingerPrint(func) == before)
        break;
    }

    // 7. Wide filters in blocks of the kernels' output channels
    //    (tfg::packConvFilters): from pack-min-out-channels (512) output
    //    channels, whose rows are 2 KiB or more apart. MobileNet v1's 1x1
    //    layers alone at 1 thread, packed against not: 1024 channels 0.90x (512
    //    -> 1024 at 7x7) and 0.91x (1024 -> 1024), 512 channels at 14x14
    //    0.95-0.99x; 128 and 256 channels (rows 0.5-1 KiB apart) within noise,
    //    so left as they are.
    tfg::packConvFilters(rewriter, func, packMinOutChannels);

    // 8. One-output-channel blocks summed in vectors along their input
    //    channels, their epilogues on 1-D vectors of the columns' sums.
    if (failed(deferOneChannelReductions(rewriter, func, target.lanes)))
      return signalPassFailure();
  }
};

struct CPUFoldConvPaddingPass
    : tfg::impl::CPUFoldConvPaddingBase<CPUFoldConvPaddingPass> {
  using CPUFoldConvPaddingBase::CPUFoldConvPaddingBase;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // The epilogue first, so that it is cut with the convolution and the
    // kernel pass still finds one epilogue per piece.
    if (failed(tfg::fuseElementwiseChains(func)))
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (ConvUnit &unit : collectUnits(func, [](linalg::LinalgOp op) {
           return isa<linalg::Conv2DNhwcHwcfOp,
                      linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
         }))
      (void)foldPadding(rewriter, unit, maxPieces);
  }
};

} // namespace

bool tfg::reducesInInputChannelChunks(linalg::LinalgOp op) {
  return isScheduled(op) &&
         inChannelChunk(op, chooseBlock(op, tfg::vectorTarget(0, 0))) != 0;
}
