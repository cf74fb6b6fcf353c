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
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/TargetParser/Host.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUVECTORIZECONVOLUTIONS
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// The vector registers the blocks are sized for.
struct VectorTarget {
  int64_t lanes;     // floats in one vector register
  int64_t registers; // vector registers
};

/// The option values, 0 meaning the host's (the JIT compiles for the host).
VectorTarget vectorTarget(int64_t bits, int64_t registers) {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto has = [&](StringRef name) { return features.lookup(name); };
  if (bits <= 0)
    bits = has("avx512f") ? 512 : has("avx") ? 256 : 128;
  if (registers <= 0)
    registers = has("avx512f") ? 32 : 16;
  return {std::max<int64_t>(1, bits / 32), std::max<int64_t>(4, registers)};
}

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

/// The block along output channels: whole vectors, at most `capVectors`
/// (the most vectors that divide the channels), or all of a channel count
/// below one vector. Without a whole-vector divisor the block stays full
/// and the pass cuts a remainder piece off.
int64_t channelBlock(int64_t channels, int64_t capVectors, int64_t lanes) {
  if (channels <= lanes)
    return channels;
  for (int64_t v = capVectors; v >= 1; --v)
    if (channels % (v * lanes) == 0)
      return v * lanes;
  return std::min(capVectors * lanes, channels / lanes * lanes);
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
Block chooseBlock(linalg::LinalgOp op, const VectorTarget &target) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  Block block;
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  bool strided = llvm::any_of(strides.getValues<int64_t>(),
                              [](int64_t s) { return s != 1; });
  block.channels =
      channelBlock(ranges[kChannel], depthwise ? 2 : 4, target.lanes);
  int64_t vectors = llvm::divideCeil(block.channels, target.lanes);
  int64_t accumulators =
      depthwise || strided ? target.registers / 2 : target.registers * 3 / 4;
  block.cols =
      columnBlock(ranges[kCol], std::max<int64_t>(1, accumulators / vectors));
  if (!depthwise) {
    int64_t c = ranges[kInChannel];
    // Small depths (the first layer's 3) in one step; otherwise steps of up
    // to 8 input channels, each a broadcast and an FMA per accumulator.
    block.inChannels = c <= 16 ? c : divisorUpTo(c, 8);
  }
  return block;
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

/// `value` cut to [offset, offset + size) along `dim`, whole elsewhere.
Value sliceAlong(OpBuilder &b, Location loc, Value value, unsigned dim,
                 int64_t offset, int64_t size) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, value);
  SmallVector<OpFoldResult> offsets(sizes.size(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
  offsets[dim] = b.getIndexAttr(offset);
  sizes[dim] = b.getIndexAttr(size);
  return tensor::ExtractSliceOp::create(b, loc, value, offsets, sizes, strides);
}

/// Cuts a convolution in two along output columns or channels at `at`: two
/// convolutions on slices of the operands, inserted into the original
/// output. Returns the two pieces.
std::pair<linalg::LinalgOp, linalg::LinalgOp> splitConv(RewriterBase &rewriter,
                                                        linalg::LinalgOp op,
                                                        ConvDim dim,
                                                        int64_t at) {
  Location loc = op.getLoc();
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  Value input = op.getDpsInputOperand(0)->get();
  Value filter = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  int64_t extent = cast<ShapedType>(init.getType()).getDimSize(dim);
  rewriter.setInsertionPoint(op);
  auto piece = [&](int64_t begin, int64_t end) -> linalg::LinalgOp {
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
    Value out = sliceAlong(rewriter, loc, init, dim, begin, end - begin);
    Operation *conv;
    if (depthwise)
      conv = linalg::DepthwiseConv2DNhwcHwcOp::create(
          rewriter, loc, TypeRange{out.getType()}, ValueRange{in, f},
          ValueRange{out}, strides, dilations);
    else
      conv = linalg::Conv2DNhwcHwcfOp::create(
          rewriter, loc, TypeRange{out.getType()}, ValueRange{in, f},
          ValueRange{out}, strides, dilations);
    return cast<linalg::LinalgOp>(conv);
  };
  linalg::LinalgOp head = piece(0, at), tail = piece(at, extent);
  auto insert = [&](Value part, Value into, int64_t offset) -> Value {
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, part);
    SmallVector<OpFoldResult> offsets(sizes.size(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> unit(sizes.size(), rewriter.getIndexAttr(1));
    offsets[dim] = rewriter.getIndexAttr(offset);
    return tensor::InsertSliceOp::create(rewriter, loc, part, into, offsets,
                                         sizes, unit);
  };
  Value result = insert(head->getResult(0), init, 0);
  result = insert(tail->getResult(0), result, at);
  rewriter.replaceOp(op, result);
  return {head, tail};
}

/// A 1x1 stride-1 convolution as one row of H*W pixels
/// ([N, H, W, C] -> [N, 1, H*W, C], free on contiguous tensors): its column
/// blocks then run across output rows, so a 7x7 layer has 49 columns to
/// block rather than 7, and the remainder is one piece instead of one per
/// row. Returns the new convolution, or null where it does not apply.
linalg::LinalgOp flattenPointwise(RewriterBase &rewriter, linalg::LinalgOp op) {
  auto conv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(op.getOperation());
  if (!conv)
    return nullptr;
  auto filterType =
      cast<ShapedType>(conv.getDpsInputOperand(1)->get().getType());
  auto outType = cast<RankedTensorType>(conv.getResult(0).getType());
  if (filterType.getDimSize(0) != 1 || filterType.getDimSize(1) != 1 ||
      !llvm::all_of(conv.getStrides().getValues<int64_t>(),
                    [](int64_t s) { return s == 1; }) ||
      outType.getDimSize(kRow) == 1)
    return nullptr;
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
  Value init = asRow(conv.getDpsInitOperand(0)->get());
  auto flat = linalg::Conv2DNhwcHwcfOp::create(
      rewriter, loc, TypeRange{init.getType()},
      ValueRange{input, conv.getDpsInputOperand(1)->get()}, ValueRange{init},
      conv.getStrides(), conv.getDilations());
  Value collapsed =
      tensor::CollapseShapeOp::create(rewriter, loc, flat.getResult(0), rows);
  Value result =
      tensor::ExpandShapeOp::create(rewriter, loc, outType, collapsed, rows);
  rewriter.replaceOp(op, result);
  return cast<linalg::LinalgOp>(flat.getOperation());
}

/// Whether the op is a convolution this pass schedules: static but for the
/// batch (tiled by 1, so every tile is static).
bool isScheduled(linalg::LinalgOp op) {
  return isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
             op.getOperation()) &&
         op.hasPureTensorSemantics() && !op.getStaticLoopRanges().empty() &&
         llvm::none_of(ArrayRef(op.getStaticLoopRanges()).drop_front(),
                       ShapedType::isDynamic);
}

/// A loop over chunks of input channels (inChannelChunk) around the
/// convolution of one chunk, which it returns; null where no chunking is
/// needed or the tiling fails.
linalg::LinalgOp chunkInChannels(RewriterBase &rewriter, linalg::LinalgOp op,
                                 const Block &block) {
  int64_t chunk = inChannelChunk(op, block);
  auto tileable = dyn_cast<TilingInterface>(op.getOperation());
  if (!chunk || !tileable)
    return nullptr;
  scf::SCFTilingOptions options;
  options.setTileSizes(
      getAsIndexOpFoldResult(op.getContext(), {0, 0, 0, 0, 0, 0, chunk}));
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, tileable, options);
  if (failed(tiled) || tiled->tiledOps.size() != 1)
    return nullptr;
  rewriter.replaceOp(op, tiled->replacements);
  return dyn_cast<linalg::LinalgOp>(tiled->tiledOps.front());
}

/// Tiles one piece whose columns and channels are multiples of its block.
LogicalResult tilePiece(RewriterBase &rewriter, linalg::LinalgOp op,
                        const Block &block) {
  MLIRContext *context = op.getContext();
  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  SmallVector<int64_t> sizes;
  scf::SCFTilingOptions options;
  if (depthwise) {
    // Loops (n, oh, ow, c, kh, kw).
    sizes = {1, 1, block.cols, block.channels, 1, 1};
  } else {
    // Loops (n, oh, ow, f, kh, kw, c). Where the filter outweighs one
    // image's input (the deep 1x1 layers: 4 MiB of weights against 200 KiB
    // of activations at 7x7x1024), the output-channel blocks go outermost,
    // so each block's filter columns are read from cache once for all
    // pixels instead of once per column block.
    sizes = {1, 1, block.cols, block.channels, 1, 1, block.inChannels};
    auto inType = cast<ShapedType>(op.getDpsInputOperand(0)->get().getType());
    auto fType = cast<ShapedType>(op.getDpsInputOperand(1)->get().getType());
    int64_t image =
        inType.getDimSize(1) * inType.getDimSize(2) * inType.getDimSize(3);
    if (fType.getNumElements() > image)
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

struct CPUVectorizeConvolutionsPass
    : tfg::impl::CPUVectorizeConvolutionsBase<CPUVectorizeConvolutionsPass> {
  using CPUVectorizeConvolutionsBase::CPUVectorizeConvolutionsBase;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    // 1. Cut every convolution into pieces whose output columns and
    //    channels are multiples of the piece's register block (the
    //    remainder of each is a piece with its own, smaller block), and
    //    tile each piece into its blocks.
    VectorTarget target = vectorTarget(vectorBits, vectorRegisters);
    SmallVector<linalg::LinalgOp> worklist;
    func.walk([&](linalg::LinalgOp op) {
      if (isScheduled(op))
        worklist.push_back(op);
    });
    for (linalg::LinalgOp &op : worklist) {
      if (linalg::LinalgOp flat = flattenPointwise(rewriter, op))
        op = flat;
      if (linalg::LinalgOp chunk =
              chunkInChannels(rewriter, op, chooseBlock(op, target)))
        op = chunk;
    }
    while (!worklist.empty()) {
      linalg::LinalgOp op = worklist.pop_back_val();
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      Block block = chooseBlock(op, target);
      bool split = false;
      for (auto [dim, size] :
           {std::pair{kChannel, block.channels}, std::pair{kCol, block.cols}}) {
        int64_t extent = ranges[dim];
        if (extent <= size || extent % size == 0)
          continue;
        auto [head, tail] =
            splitConv(rewriter, op, dim, extent - extent % size);
        worklist.push_back(head);
        worklist.push_back(tail);
        split = true;
        break;
      }
      if (!split)
        (void)tilePiece(rewriter, op, block); // else left to tfg-cpu-loop-order
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
