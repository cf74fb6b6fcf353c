//===- CPUKernelUtils.h - Shared steps of the CPU kernel passes -*- C++ -*-===//
//
// The register-blocking passes (tfg-cpu-vectorize-convolutions,
// tfg-cpu-vectorize-matmul, tfg-cpu-vectorize-pooling) tile their ops into
// blocks their own way (matmul and pooling peel their remainder loops into
// static blocks the same way), then end the same way: each block vectorized,
// and its accumulators kept in registers across the reduction loops. They and
// tfg-cpu-parallelize find a heavy op's elementwise epilogue the same way.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_CPUKERNELUTILS_H
#define TFG_LIB_CONVERSION_CPUKERNELUTILS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfg {

/// The vector registers the kernels' blocks are sized for.
struct VectorTarget {
  int64_t lanes;     // floats in one vector register
  int64_t registers; // vector registers
};

/// The kernel passes' option values, 0 meaning the host's (the JIT compiles
/// for the host): `bits` per vector register and their number.
VectorTarget vectorTarget(int64_t bits, int64_t registers);

/// Floats in one vector register: of `bits`, or of the host's for 0.
int64_t vectorLanes(int64_t bits);

/// Fuses chains of elementwise linalg.generics (all loops parallel) whose
/// producer has one use, so that what follows a heavy op (BiasAdd, Relu,
/// a residual Add as separate nodes) is one generic: the epilogue the
/// kernel passes fuse into the heavy op's blocks, and tfg-cpu-parallelize
/// into its chunks.
LogicalResult fuseElementwiseChains(func::FuncOp func);

/// The elementwise linalg.generic that is `op`'s only user and can run on
/// its output block by block (bias, activation, residual add: what
/// tfg-convert-to-linalg and elementwise fusion leave after a convolution):
/// all loops parallel, as many as `op`'s result has dimensions, `op`'s
/// result read and the output written at the same point (identity maps),
/// the other operands read at projections of it (a bias along channels, a
/// residual tensor). Null otherwise.
linalg::GenericOp findElementwiseEpilogue(linalg::LinalgOp op);

/// Tiles `epilogue` (findElementwiseEpilogue of `op`) with `fuse`'s tiling
/// options, fusing into each tile `op` and the linalg.fill producers (its
/// zero fill) and nothing else: the heavy op's block is filled, computed
/// and finished by the epilogue in one tile. Sets `fuse`'s fusion control.
FailureOr<scf::SCFTileAndFuseResult>
tileEpilogueFusingOpAndFill(RewriterBase &rewriter, linalg::GenericOp epilogue,
                            Operation *op, scf::SCFTileAndFuseOptions fuse);

/// Whether tfg-cpu-vectorize-convolutions (for the host's vector
/// registers) cuts convolution `op` into chunks of input channels, each
/// accumulating into the whole output in memory, its epilogue then fused
/// into the last chunk's blocks.
bool reducesInInputChannelChunks(linalg::LinalgOp op);

/// A unit attr on an scf.for whose loop-carried tensors' slices
/// hoistAccumulatorSubsets leaves inside it: a loop that accumulates a
/// whole output in memory, piece by piece (tfg-cpu-vectorize-convolutions'
/// input-channel chunks), where the slices hoisted out would be two pieces
/// inserted into one tensor after the loop, which bufferization copies out
/// and back in. The mark stays (every kernel pass hoists over the whole
/// function); scf-to-cf drops it with the loop.
constexpr llvm::StringLiteral kKeepSubsetsInLoop = "tfg.keep_subsets_in_loop";

/// Hoists the loop-invariant slice read/write pairs (an accumulator's)
/// out of every loop of `func` but those marked kKeepSubsetsInLoop,
/// innermost loops first.
void hoistAccumulatorSubsets(RewriterBase &rewriter, func::FuncOp func);

/// Vectorizes `blocks` (a block that does not vectorize stays as it is),
/// folds the vector transfers into `vector.contract`s where the vectorizer
/// wrote a broadcast product and a reduction (the LLVM lowering turns a
/// contraction into outer products: one fused multiply-add a reduction step
/// and accumulator, in the order of the reduction index), and hoists each
/// accumulator's read/write pair out of the loops of `func`, innermost
/// first, so the accumulators stay in registers (hoistAccumulatorSubsets).
LogicalResult
vectorizeKeepingAccumulatorsInRegisters(RewriterBase &rewriter,
                                        func::FuncOp func,
                                        ArrayRef<linalg::LinalgOp> blocks);

/// Folds a register block's vector reads of what was just written to the
/// same block (a fill's constant, a product the epilogue finishes): one
/// form for the block's transfers (leading unit dims cast away, tensor
/// slices folded into the transfers), then the transfers' own folds. The
/// accumulators then start as constants and the epilogue takes them from
/// registers.
LogicalResult foldBlockTransfers(func::FuncOp func);

/// Peels every scf.for of `func` marked with the unit attr `peelMark` (and
/// removes the mark): the main loop keeps full blocks, the last iteration a
/// smaller one; peeling an outer loop clones the still-marked inner loops
/// into its last iteration, and they are peeled in turn. Then canonicalizes
/// the loops, affine.min, slices and casts, plus what `addPatterns` adds
/// (the kernel's own op), so that the peeled iterations' constant bounds
/// become static tile sizes.
LogicalResult peelMarkedLoopsToStaticTiles(
    RewriterBase &rewriter, func::FuncOp func, StringRef peelMark,
    function_ref<void(RewritePatternSet &)> addPatterns);

/// Marks `loop` (an scf.for) so that LLVM does not unroll it: a kernel's
/// loop of a few big iterations (blocks of a piece) that its full
/// unroller would copy once per iteration, for no run time (each
/// iteration is a whole kernel) and compile time per copy. The mark
/// (llvm.loop_annotation) goes to the loop's latch branch in scf-to-cf and
/// becomes llvm.loop.unroll.disable metadata.
void keepLoopRolled(Operation *loop);

} // namespace mlir::tfg

#endif // TFG_LIB_CONVERSION_CPUKERNELUTILS_H
