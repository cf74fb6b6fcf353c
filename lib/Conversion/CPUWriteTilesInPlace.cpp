//===- CPUWriteTilesInPlace.cpp - Vectors written where a tile goes -------===//
//
// A register block written into a fresh tile (a vector.transfer_write into
// a tensor.empty) that is then inserted into a larger tensor
// (tensor.insert_slice) becomes one transfer_write into the larger tensor
// at the slice's offsets. Otherwise bufferization gives every such tile a
// buffer of its own and a copy: one malloc, a copy and a free a block.
// tfg-cpu-tile-dynamic-convolutions' tiles end this way after the kernel
// pass (their epilogue's output is a fresh tile: the elementwise fusion
// drops an output operand the body does not read).
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUWRITETILESINPLACE
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// Whether `write` overwrites all of its tensor: at offset zero, in bounds,
/// unmasked, the vector's dimensions the tensor's innermost ones in order
/// (a minor identity map) and the tensor's outer dimensions all 1.
bool writesWholeTensor(vector::TransferWriteOp write) {
  auto tensorType = dyn_cast<RankedTensorType>(write.getBase().getType());
  if (!tensorType || !tensorType.hasStaticShape() || write.getMask() ||
      write.hasOutOfBoundsDim() || !write.getPermutationMap().isMinorIdentity())
    return false;
  if (!llvm::all_of(write.getIndices(),
                    [](Value index) { return isZeroInteger(index); }))
    return false;
  ArrayRef<int64_t> vectorShape = write.getVectorType().getShape();
  ArrayRef<int64_t> shape = tensorType.getShape();
  size_t outer = shape.size() - vectorShape.size();
  return shape.drop_front(outer) == vectorShape &&
         llvm::all_of(shape.take_front(outer),
                      [](int64_t size) { return size == 1; });
}

/// insert_slice(transfer_write(v, empty[0, ...]), dest[offsets]) with the
/// write covering the whole tile -> transfer_write(v, dest[offsets]).
struct WriteTileInPlace : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    auto write = insert.getSource().getDefiningOp<vector::TransferWriteOp>();
    if (!write || !write->hasOneUse() ||
        !write.getBase().getDefiningOp<tensor::EmptyOp>() ||
        !writesWholeTensor(write))
      return rewriter.notifyMatchFailure(insert, "not a whole fresh tile");
    // Not rank-reducing and unit strides: tile dimension i is dimension i
    // of the destination.
    if (insert.getSourceType().getRank() != insert.getDestType().getRank() ||
        !insert.hasUnitStride())
      return rewriter.notifyMatchFailure(insert, "strided or rank-reducing");
    SmallVector<Value> indices = getValueOrCreateConstantIndexOp(
        rewriter, insert.getLoc(), insert.getMixedOffsets());
    int64_t rank = insert.getDestType().getRank();
    int64_t vectorRank = write.getVectorType().getRank();
    AffineMap map =
        AffineMap::getMinorIdentityMap(rank, vectorRank, rewriter.getContext());
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(
        insert, write.getVector(), insert.getDest(), indices, map,
        SmallVector<bool>(vectorRank, true));
    return success();
  }
};

struct CPUWriteTilesInPlacePass
    : tfg::impl::CPUWriteTilesInPlaceBase<CPUWriteTilesInPlacePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WriteTileInPlace>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
