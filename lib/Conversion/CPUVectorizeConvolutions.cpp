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

#include "CPUKernelUtils.h"

#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
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
                   OpOperand &operand, unsigned dim, int64_t offset,
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
};

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
  // speed-up). One thread keeps its code.
  bool chained = op->getParentOfType<scf::ForallOp>() != nullptr;
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
    // With an epilogue, each piece starts from its own zero-filled block
    // (a fill the epilogue's tiling fuses, so the accumulators start in
    // registers), not from a slice of the whole output's fill.
    auto fill = init.getDefiningOp<linalg::FillOp>();
    if (epilogue && fill) {
      Value empty = tensor::EmptyOp::create(
          rewriter, loc, tensor::getMixedSizes(rewriter, loc, out),
          getElementTypeOrSelf(out.getType()));
      out = linalg::FillOp::create(rewriter, loc, fill.getInputs(), empty)
                .getResult(0);
    }
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
  // slices.
  auto epiloguePiece = [&](linalg::LinalgOp conv, int64_t begin, int64_t end,
                           Value into) -> linalg::GenericOp {
    SmallVector<Value> inputs;
    for (OpOperand *input : epilogue.getDpsInputOperands())
      inputs.push_back(input->get() == op->getResult(0)
                           ? conv->getResult(0)
                           : sliceOperand(rewriter, epilogue, *input, dim,
                                          begin, end - begin));
    // The init's map is the identity (findElementwiseEpilogue).
    Value init = sliceAlong(rewriter, loc, into, dim, begin, end - begin);
    return cloneGeneric(rewriter, epilogue, inputs, init);
  };
  linalg::GenericOp headEpilogue, tailEpilogue;
  if (epilogue) {
    rewriter.setInsertionPoint(epilogue);
    Value whole = epilogue.getDpsInitOperand(0)->get();
    headEpilogue = epiloguePiece(head, 0, at, whole);
    Value result =
        chained ? insert(headEpilogue.getResult(0), whole, 0) : Value();
    tailEpilogue = epiloguePiece(tail, at, extent, chained ? result : whole);
    if (!chained)
      result = insert(headEpilogue.getResult(0), whole, 0);
    result = insert(tailEpilogue.getResult(0), result, at);
    rewriter.replaceOp(epilogue, result);
    rewriter.eraseOp(op);
  } else {
    Value result = chained ? headInserted : insert(head->getResult(0), init, 0);
    result = insert(tail->getResult(0), result, at);
    rewriter.replaceOp(op, result);
  }
  return {{head, headEpilogue}, {tail, tailEpilogue}};
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
  Operation *conv = unit.conv.getOperation();
  fuse.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (producer.getOwner() == conv ||
            isa<linalg::FillOp>(producer.getOwner()))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(unit.epilogue);
  FailureOr<scf::SCFTileAndFuseResult> fused =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(unit.epilogue.getOperation()), fuse);
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
  if (conv->use_empty())
    rewriter.eraseOp(conv);
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
/// for all pixels instead of once per column block.
bool filterOutermost(linalg::LinalgOp op) {
  if (isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation()))
    return false;
  auto inType = cast<ShapedType>(op.getDpsInputOperand(0)->get().getType());
  auto fType = cast<ShapedType>(op.getDpsInputOperand(1)->get().getType());
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
    VectorTarget target = vectorTarget(vectorBits, vectorRegisters);
    SmallVector<ConvUnit> worklist;
    // An epilogue that adds two convolutions' results is fused into the
    // first one's blocks only.
    llvm::SmallPtrSet<Operation *, 8> claimed;
    func.walk([&](linalg::LinalgOp op) {
      if (!isScheduled(op))
        return;
      linalg::GenericOp epilogue = tfg::findElementwiseEpilogue(op);
      if (epilogue && !claimed.insert(epilogue).second)
        epilogue = nullptr;
      worklist.push_back({op, epilogue});
    });
    for (ConvUnit &unit : worklist) {
      if (ConvUnit flat = flattenPointwise(rewriter, unit); flat.conv)
        unit = flat;
      // The epilogue of a chunked convolution stays outside the chunk loop:
      // it needs the whole reduction.
      if (linalg::LinalgOp chunk = chunkInChannels(
              rewriter, unit.conv, chooseBlock(unit.conv, target)))
        unit = {chunk, nullptr};
    }
    while (!worklist.empty()) {
      ConvUnit unit = worklist.pop_back_val();
      SmallVector<int64_t> ranges = unit.conv.getStaticLoopRanges();
      Block block = chooseBlock(unit.conv, target);
      bool split = false;
      for (auto [dim, size] :
           {std::pair{kChannel, block.channels}, std::pair{kCol, block.cols}}) {
        int64_t extent = ranges[dim];
        if (extent <= size || extent % size == 0)
          continue;
        auto [head, tail] =
            splitConv(rewriter, unit, dim, extent - extent % size);
        worklist.push_back(head);
        worklist.push_back(tail);
        split = true;
        break;
      }
      if (!split) // else left to tfg-cpu-loop-order
        (void)tilePiece(rewriter, unit, block);
    }

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
    {
      RewritePatternSet patterns(context);
      vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
      tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
      vector::TransferReadOp::getCanonicalizationPatterns(patterns, context);
      vector::TransferWriteOp::getCanonicalizationPatterns(patterns, context);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }

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
  }
};

} // namespace

bool tfg::reducesInInputChannelChunks(linalg::LinalgOp op) {
  return isScheduled(op) &&
         inChannelChunk(op, chooseBlock(op, vectorTarget(0, 0))) != 0;
}
