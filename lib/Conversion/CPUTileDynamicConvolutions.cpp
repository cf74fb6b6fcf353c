//===- CPUTileDynamicConvolutions.cpp - Static tiles of dynamic convs -----===//
//
// tfg-cpu-vectorize-convolutions register-blocks convolutions whose loops
// are static (but for the batch, and the rows of a thread's chunk). With
// --dynamic-shapes a convolution's output height and width are `?`, so it
// would run as generic scalar loops. This pass cuts such a convolution
// into convolutions of static size inside loops over the dynamic rows and
// columns, so that the kernel pass register-blocks each of them: one
// output row a tile, register blocks of columns, the last one ending at
// the row's end (computing some columns twice), and in rows narrower than
// a block tiles of 4 and 1 columns.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "CPUKernelUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUTILEDYNAMICCONVOLUTIONS
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// Loop dimensions shared by both convolution kinds (the output's).
enum ConvDim : unsigned { kBatch = 0, kRow = 1, kCol = 2, kChannel = 3 };

/// The column tile: the output columns of one register block of
/// tfg-cpu-vectorize-convolutions for this convolution (its chooseBlock:
/// up to 4 vectors of output channels, depthwise 2, and as many columns as
/// make 3/4 of the vector registers accumulators, half for a strided or a
/// depthwise convolution), so that a full tile is exactly one block and
/// every remainder tile, being narrower, is one block too. `bits` and
/// `registers` as that pass's options (0: the host's).
int64_t columnTile(linalg::LinalgOp op, int64_t bits, int64_t registers) {
  tfg::VectorTarget target = tfg::vectorTarget(bits, registers);
  int64_t lanes = target.lanes;
  registers = target.registers;

  bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  bool strided = llvm::any_of(strides.getValues<int64_t>(),
                              [](int64_t s) { return s != 1; });
  int64_t channels = op.getStaticLoopRanges()[kChannel];
  int64_t capVectors = depthwise ? 2 : 4;
  int64_t blockChannels = std::min(capVectors * lanes, channels);
  if (channels > lanes) {
    blockChannels = std::min(capVectors * lanes, channels / lanes * lanes);
    for (int64_t v = capVectors; v >= 1; --v)
      if (channels % (v * lanes) == 0) {
        blockChannels = v * lanes;
        break;
      }
  }
  int64_t vectors = llvm::divideCeil(blockChannels, lanes);
  int64_t accumulators =
      depthwise || strided ? registers / 2 : registers * 3 / 4;
  return std::max<int64_t>(1, accumulators / vectors);
}

/// The tile width below a register block for a row narrower than one
/// block (PNet's smallest pyramid levels): 4 independent accumulator
/// chains, then single columns for a row of 1 to 3.
constexpr int64_t kNarrowTile = 4;

/// Whether `op` is a convolution this pass tiles: a regular or depthwise
/// NHWC convolution on tensors whose output width is dynamic, or whose
/// output height is and which is not a thread's chunk (the kernel pass
/// takes the dynamic rows of an scf.forall chunk itself), with everything
/// that sizes a register block static: the filter, the channels.
bool needsStaticTiles(linalg::LinalgOp op) {
  if (!isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(
          op.getOperation()) ||
      !op.hasPureTensorSemantics())
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ArrayRef(ranges).drop_front(kChannel),
                   ShapedType::isDynamic))
    return false;
  bool inChunk = op->getParentOfType<scf::ForallOp>() != nullptr;
  return ShapedType::isDynamic(ranges[kCol]) ||
         (ShapedType::isDynamic(ranges[kRow]) && !inChunk);
}

/// One output tile: batch `n`, row `row`, columns [col, col + cols).
struct Tile {
  Value n, row, col;
  int64_t cols;
};

/// Builds the loops of one convolution (and its epilogue) and the static
/// tiles inside them.
class DynamicConvTiler {
public:
  DynamicConvTiler(RewriterBase &rewriter, linalg::LinalgOp conv,
                   linalg::GenericOp epilogue, int64_t tileCols,
                   bool parallelRows)
      : rewriter(rewriter), conv(conv), epilogue(epilogue), tileCols(tileCols),
        parallelRows(parallelRows), loc(conv.getLoc()) {
    // A tile computed twice writes the same values twice where it starts
    // from zeros of its own and reads nothing of the output: the
    // convolution's output is a fill and its epilogue does not read its
    // own output operand.
    overlap =
        conv.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>() &&
        (!epilogue ||
         !epilogue.payloadUsesValueFromOperand(epilogue.getDpsInitOperand(0)));
  }

  /// Replaces the convolution (and its epilogue) by the loops.
  void run() {
    Value init = conv.getDpsInitOperand(0)->get();
    // The tiles cover the output: a zero fill of the whole (each tile fills
    // its own) would be a memset for nothing.
    Value dest = epilogue ? epilogue.getDpsInitOperand(0)->get() : init;
    if (auto fill = dest.getDefiningOp<linalg::FillOp>(); fill && !epilogue)
      dest = fill.getOutputs()[0];
    rewriter.setInsertionPoint(epilogue ? epilogue.getOperation()
                                        : conv.getOperation());
    Value batch = dimOf(dest, kBatch), rows = dimOf(dest, kRow);
    Value width = dimOf(dest, kCol);
    int64_t staticWidth = cast<ShapedType>(dest.getType()).getDimSize(kCol);
    Value zero = constant(0), one = constant(1);
    auto batchLoop = scf::ForOp::create(
        rewriter, loc, zero, batch, one, ValueRange{dest},
        [&](OpBuilder &, Location, Value n, ValueRange args) {
          Value result =
              parallelRows
                  ? rowsForall(n, rows, width, staticWidth, args.front())
                  : rowsFor(n, rows, width, staticWidth, args.front());
          scf::YieldOp::create(rewriter, loc, result);
        });
    Operation *replaced =
        epilogue ? epilogue.getOperation() : conv.getOperation();
    rewriter.replaceOp(replaced, batchLoop.getResults());
    if (epilogue)
      rewriter.eraseOp(conv);
  }

private:
  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  }
  Value dimOf(Value tensor, int64_t dim) {
    return tensor::DimOp::create(rewriter, loc, tensor, dim);
  }
  SmallVector<OpFoldResult> indices(ArrayRef<int64_t> values) {
    return getAsIndexOpFoldResult(rewriter.getContext(), values);
  }

  /// Rows one after the other, each tile inserted into `acc` itself.
  Value rowsFor(Value n, Value rows, Value width, int64_t staticWidth,
                Value acc) {
    auto loop = scf::ForOp::create(
        rewriter, loc, constant(0), rows, constant(1), ValueRange{acc},
        [&](OpBuilder &, Location, Value row, ValueRange args) {
          scf::YieldOp::create(rewriter, loc,
                               computeRow(n, row, width, staticWidth,
                                          args.front(), /*accIsRow=*/false));
        });
    return loop.getResult(0);
  }

  /// Rows on the threads: an scf.forall (OpenMP after bufferization), each
  /// iteration writing its own row.
  Value rowsForall(Value n, Value rows, Value width, int64_t staticWidth,
                   Value acc) {
    auto forall =
        scf::ForallOp::create(rewriter, loc, ArrayRef<OpFoldResult>{rows},
                              ValueRange{acc}, std::nullopt);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(forall.getTerminator());
    Value row = forall.getInductionVars().front();
    Value shared = forall.getRegionIterArgs().front();
    Value rowAcc = rowSlice(shared, n, row, width);
    Value done =
        computeRow(n, row, width, staticWidth, rowAcc, /*accIsRow=*/true);
    rewriter.setInsertionPointToEnd(forall.getTerminator().getBody());
    tensor::ParallelInsertSliceOp::create(
        rewriter, loc, done, shared,
        ArrayRef<OpFoldResult>{n, row, rewriter.getIndexAttr(0),
                               rewriter.getIndexAttr(0)},
        rowSizes(width), indices({1, 1, 1, 1}));
    return forall.getResult(0);
  }

  SmallVector<OpFoldResult> rowSizes(Value width) {
    int64_t channels =
        cast<ShapedType>(conv->getResult(0).getType()).getDimSize(kChannel);
    return {rewriter.getIndexAttr(1), rewriter.getIndexAttr(1),
            getAsOpFoldResult(width), rewriter.getIndexAttr(channels)};
  }
  /// Row `row` of batch `n` of `acc`: [1, 1, width, channels].
  Value rowSlice(Value acc, Value n, Value row, Value width) {
    return tensor::ExtractSliceOp::create(
        rewriter, loc, acc,
        ArrayRef<OpFoldResult>{n, row, rewriter.getIndexAttr(0),
                               rewriter.getIndexAttr(0)},
        rowSizes(width), indices({1, 1, 1, 1}));
  }
  /// One output row into `acc` (the whole output, or with `accIsRow` that
  /// row of it: [1, 1, width, channels]): a static width in one tile
  /// (the kernel pass blocks it), a dynamic one by coverColumns.
  Value computeRow(Value n, Value row, Value width, int64_t staticWidth,
                   Value acc, bool accIsRow) {
    if (!ShapedType::isDynamic(staticWidth))
      return staticWidth == 0 ? acc
                              : computeTile({n, row, constant(0), staticWidth},
                                            acc, accIsRow);
    SmallVector<int64_t> sizes{tileCols};
    for (int64_t size : {kNarrowTile, int64_t(1)})
      if (size < sizes.back())
        sizes.push_back(size);
    return coverColumns(n, row, width, constant(0), sizes, acc, accIsRow);
  }

  /// Columns [start, width) of the row, tiles of `sizes[0]` columns first.
  /// With `overlap` (start is 0): where the row has at least that many
  /// columns, a loop of tiles at min(col, width - size), so that the last
  /// one ends at the row's end and computes some columns of the one
  /// before it a second time, with the same values (one instance of the
  /// tile's code covers the row); a narrower row takes the next size.
  /// Without: full tiles in a loop, then the next size from where it
  /// stopped. The last size is 1: every width is covered by at most three
  /// tile instances.
  Value coverColumns(Value n, Value row, Value width, Value start,
                     ArrayRef<int64_t> sizes, Value acc, bool accIsRow) {
    int64_t size = sizes.front();
    Value step = constant(size);
    auto tileLoop = [&](Value end, bool clampToEnd) {
      return scf::ForOp::create(
                 rewriter, loc, start, end, step, ValueRange{acc},
                 [&](OpBuilder &, Location, Value col, ValueRange args) {
                   if (clampToEnd)
                     col = arith::MinUIOp::create(
                         rewriter, loc, col,
                         arith::SubIOp::create(rewriter, loc, width, step));
                   scf::YieldOp::create(rewriter, loc,
                                        computeTile({n, row, col, size},
                                                    args.front(), accIsRow));
                 })
          .getResult(0);
    };
    if (sizes.size() == 1)
      return tileLoop(width, /*clampToEnd=*/false);
    if (!overlap) {
      Value left = arith::SubIOp::create(rewriter, loc, width, start);
      Value end = arith::AddIOp::create(
          rewriter, loc, start,
          arith::MulIOp::create(
              rewriter, loc, arith::DivUIOp::create(rewriter, loc, left, step),
              step));
      acc = tileLoop(end, /*clampToEnd=*/false);
      return coverColumns(n, row, width, end, sizes.drop_front(), acc,
                          accIsRow);
    }
    Value wide = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge,
                                       width, step);
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{acc.getType()}, wide,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(rewriter, loc, tileLoop(width, /*clampToEnd=*/true));
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(
        rewriter, loc,
        coverColumns(n, row, width, start, sizes.drop_front(), acc, accIsRow));
    return ifOp.getResult(0);
  }

  /// The convolution (and epilogue) of one tile, inserted into `acc` (see
  /// computeRow).
  Value computeTile(const Tile &tile, Value acc, bool accIsRow) {
    bool depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(conv.getOperation());
    auto strides = conv->getAttrOfType<DenseIntElementsAttr>("strides");
    auto dilations = conv->getAttrOfType<DenseIntElementsAttr>("dilations");
    SmallVector<int64_t> stride(strides.getValues<int64_t>());
    SmallVector<int64_t> dilation(dilations.getValues<int64_t>());
    Value input = conv.getDpsInputOperand(0)->get();
    Value filter = conv.getDpsInputOperand(1)->get();
    Value init = conv.getDpsInitOperand(0)->get();
    auto filterType = cast<ShapedType>(filter.getType());
    auto outType = cast<ShapedType>(conv->getResult(0).getType());
    int64_t channels = outType.getDimSize(kChannel);
    int64_t inChannels = cast<ShapedType>(input.getType()).getDimSize(3);
    int64_t tapsH = filterType.getDimSize(0), tapsW = filterType.getDimSize(1);
    MLIRContext *context = rewriter.getContext();

    // The input window of the tile: output (row, col) reads input rows
    // from row * stride over (taps - 1) * dilation + 1 rows, and columns
    // from col * stride to the last tap of column col + cols - 1.
    AffineExpr d0 = getAffineDimExpr(0, context);
    Value inRow = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, d0 * stride[0]), tile.row);
    Value inCol = affine::AffineApplyOp::create(
        rewriter, loc, AffineMap::get(1, 0, d0 * stride[1]), tile.col);
    int64_t inRows = (tapsH - 1) * dilation[0] + 1;
    int64_t inCols =
        (tile.cols - 1) * stride[1] + (tapsW - 1) * dilation[1] + 1;
    Value window = tensor::ExtractSliceOp::create(
        rewriter, loc, input,
        ArrayRef<OpFoldResult>{tile.n, inRow, inCol, rewriter.getIndexAttr(0)},
        indices({1, inRows, inCols, inChannels}), indices({1, 1, 1, 1}));

    SmallVector<OpFoldResult> tileOffsets{tile.n, tile.row, tile.col,
                                          rewriter.getIndexAttr(0)};
    SmallVector<OpFoldResult> accOffsets = tileOffsets;
    if (accIsRow)
      accOffsets[kBatch] = accOffsets[kRow] = rewriter.getIndexAttr(0);
    SmallVector<OpFoldResult> tileSizes = indices({1, 1, tile.cols, channels});
    SmallVector<OpFoldResult> unit = indices({1, 1, 1, 1});
    auto tileType = RankedTensorType::get({1, 1, tile.cols, channels},
                                          outType.getElementType());

    // A zero-filled output: each tile starts from its own zero fill (which
    // the kernel pass fuses, so that the accumulators start in registers).
    Value out;
    if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
      Value empty = tensor::EmptyOp::create(rewriter, loc, tileType.getShape(),
                                            tileType.getElementType());
      out = linalg::FillOp::create(rewriter, loc, fill.getInputs(), empty)
                .getResult(0);
    } else if (epilogue) {
      out = tensor::ExtractSliceOp::create(rewriter, loc, tileType, init,
                                           tileOffsets, tileSizes, unit);
    } else {
      out = tensor::ExtractSliceOp::create(rewriter, loc, tileType, acc,
                                           accOffsets, tileSizes, unit);
    }
    Operation *tileConv;
    if (depthwise)
      tileConv = linalg::DepthwiseConv2DNhwcHwcOp::create(
          rewriter, loc, TypeRange{tileType}, ValueRange{window, filter},
          ValueRange{out}, strides, dilations);
    else
      tileConv = linalg::Conv2DNhwcHwcfOp::create(
          rewriter, loc, TypeRange{tileType}, ValueRange{window, filter},
          ValueRange{out}, strides, dilations);
    Value result = tileConv->getResult(0);

    if (epilogue) {
      // The epilogue on the tile: the convolution's tile for its result,
      // the other operands cut to the tile along the loops they read (a
      // bias, read along channels only, whole).
      auto sliceOperand = [&](OpOperand &operand) -> Value {
        AffineMap map = epilogue.getMatchingIndexingMap(&operand);
        SmallVector<OpFoldResult> offsets, sizes;
        SmallVector<int64_t> shape;
        for (AffineExpr expr : map.getResults()) {
          unsigned loop = cast<AffineDimExpr>(expr).getPosition();
          offsets.push_back(tileOffsets[loop]);
          sizes.push_back(tileSizes[loop]);
          shape.push_back(*getConstantIntValue(tileSizes[loop]));
        }
        auto type = cast<ShapedType>(operand.get().getType());
        if (type.hasStaticShape() && type.getShape() == ArrayRef(shape))
          return operand.get();
        return tensor::ExtractSliceOp::create(
            rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
            operand.get(), offsets, sizes,
            SmallVector<OpFoldResult>(shape.size(), rewriter.getIndexAttr(1)));
      };
      SmallVector<Value> inputs;
      for (OpOperand *operand : epilogue.getDpsInputOperands())
        inputs.push_back(operand->get() == conv->getResult(0)
                             ? result
                             : sliceOperand(*operand));
      Value epilogueInit = tensor::ExtractSliceOp::create(
          rewriter, loc, tileType, acc, accOffsets, tileSizes, unit);
      auto clone = linalg::GenericOp::create(
          rewriter, epilogue.getLoc(), TypeRange{tileType}, inputs,
          ValueRange{epilogueInit}, epilogue.getIndexingMaps(),
          epilogue.getIteratorTypes(), /*doc=*/nullptr,
          /*libraryCall=*/nullptr);
      IRMapping mapping;
      epilogue.getRegion().cloneInto(&clone.getRegion(), mapping);
      result = clone.getResult(0);
    }
    return tensor::InsertSliceOp::create(rewriter, loc, result, acc, accOffsets,
                                         tileSizes, unit);
  }

  RewriterBase &rewriter;
  linalg::LinalgOp conv;
  linalg::GenericOp epilogue;
  int64_t tileCols;
  bool parallelRows;
  bool overlap;
  Location loc;
};

struct CPUTileDynamicConvolutionsPass
    : tfg::impl::CPUTileDynamicConvolutionsBase<
          CPUTileDynamicConvolutionsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    auto anyDynamic = [&] {
      return func
          ->walk([](linalg::LinalgOp op) {
            return needsStaticTiles(op) ? WalkResult::interrupt()
                                        : WalkResult::advance();
          })
          .wasInterrupted();
    };
    if (!anyDynamic())
      return; // static code: untouched

    // A convolution's elementwise successors (BiasAdd, an activation) as
    // one generic, as the kernel pass fuses them first, so that each tile
    // takes its part of them as its epilogue.
    if (failed(tfg::fuseElementwiseChains(func)))
      return signalPassFailure();

    SmallVector<linalg::LinalgOp> convs;
    func.walk([&](linalg::LinalgOp op) {
      if (needsStaticTiles(op))
        convs.push_back(op);
    });
    IRRewriter rewriter(context);
    for (linalg::LinalgOp conv : convs) {
      linalg::GenericOp epilogue = tfg::findElementwiseEpilogue(conv);
      bool parallelRows =
          threads > 1 && !conv->getParentOfType<scf::ForallOp>();
      DynamicConvTiler(rewriter, conv, epilogue,
                       columnTile(conv, vectorBits, vectorRegisters),
                       parallelRows)
          .run();
    }
  }
};

} // namespace
