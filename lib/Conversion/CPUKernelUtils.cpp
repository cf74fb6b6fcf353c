//===- CPUKernelUtils.cpp - Shared steps of the CPU kernel passes ---------===//

#include "CPUKernelUtils.h"
#include "CPUPackGemv.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

LogicalResult tfg::fuseElementwiseChains(func::FuncOp func) {
  RewritePatternSet patterns(func.getContext());
  linalg::populateElementwiseOpsFusionPatterns(patterns, [](OpOperand *use) {
    Operation *producer = use->get().getDefiningOp();
    auto generic = dyn_cast_or_null<linalg::GenericOp>(producer);
    // Not into a packed GEMV (its one-row input is read once per panel, so
    // nothing is saved): the fused product would be a new generic without
    // the mark, which the register blocking no longer takes, and it ran as
    // scalar code (MobileNet v1's classifier at 2 threads, with the Mean's
    // divide fused in: 0.59 ms a thread against 0.02).
    if (use->getOwner()->hasAttr(kPackedGemvMark))
      return false;
    return generic && producer->hasOneUse() &&
           generic.getNumParallelLoops() == generic.getNumLoops();
  });
  return applyPatternsGreedily(func, std::move(patterns));
}

linalg::GenericOp tfg::findElementwiseEpilogue(linalg::LinalgOp op) {
  if (op->getNumResults() != 1)
    return nullptr;
  Value result = op->getResult(0);
  if (!result.hasOneUse())
    return nullptr;
  auto generic = dyn_cast<linalg::GenericOp>(*result.getUsers().begin());
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!generic || !type || !generic.hasPureTensorSemantics() ||
      generic->getNumResults() != 1 ||
      generic.getNumLoops() != type.getRank() ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      generic.getResult(0).getType() != type)
    return nullptr;
  for (OpOperand &operand : generic->getOpOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation())
      return nullptr;
    if ((operand.get() == result || generic.isDpsInit(&operand)) &&
        !map.isIdentity())
      return nullptr;
  }
  return generic;
}

FailureOr<scf::SCFTileAndFuseResult>
tfg::tileEpilogueFusingOpAndFill(RewriterBase &rewriter,
                                 linalg::GenericOp epilogue, Operation *op,
                                 scf::SCFTileAndFuseOptions fuse) {
  fuse.setFusionControlFn(
      [op](tensor::ExtractSliceOp, OpResult producer,
           bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (producer.getOwner() == op ||
            isa<linalg::FillOp>(producer.getOwner()))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(epilogue);
  return scf::tileConsumerAndFuseProducersUsingSCF(
      rewriter, cast<TilingInterface>(epilogue.getOperation()), fuse);
}

LogicalResult tfg::vectorizeKeepingAccumulatorsInRegisters(
    RewriterBase &rewriter, func::FuncOp func,
    ArrayRef<linalg::LinalgOp> blocks) {
  for (linalg::LinalgOp op : blocks) {
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> result =
        linalg::vectorize(rewriter, op);
    if (succeeded(result))
      rewriter.replaceOp(op, result->replacements);
  }
  RewritePatternSet patterns(func.getContext());
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
  vector::populateVectorReductionToContractPatterns(patterns);
  vector::populateSinkVectorOpsPatterns(patterns);
  if (failed(applyPatternsGreedily(func, std::move(patterns))))
    return failure();
  hoistAccumulatorSubsets(rewriter, func);
  return success();
}

void tfg::hoistAccumulatorSubsets(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<LoopLikeOpInterface> loops;
  func.walk([&](LoopLikeOpInterface loop) { loops.push_back(loop); });
  for (LoopLikeOpInterface loop : loops) // post-order: innermost first
    if (!loop->hasAttr(kKeepSubsetsInLoop))
      hoistLoopInvariantSubsets(rewriter, loop);
}

LogicalResult tfg::foldBlockTransfers(func::FuncOp func) {
  MLIRContext *context = func.getContext();
  RewritePatternSet patterns(context);
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
  vector::TransferReadOp::getCanonicalizationPatterns(patterns, context);
  vector::TransferWriteOp::getCanonicalizationPatterns(patterns, context);
  return applyPatternsGreedily(func, std::move(patterns));
}

LogicalResult tfg::peelMarkedLoopsToStaticTiles(
    RewriterBase &rewriter, func::FuncOp func, StringRef peelMark,
    function_ref<void(RewritePatternSet &)> addPatterns) {
  while (true) {
    scf::ForOp marked;
    func.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(peelMark)) {
        marked = loop;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (!marked)
      break;
    marked->removeAttr(peelMark);
    scf::ForOp partial;
    rewriter.setInsertionPoint(marked);
    if (succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, marked, partial)))
      partial->removeAttr(peelMark);
  }
  MLIRContext *context = func.getContext();
  RewritePatternSet patterns(context);
  scf::ForOp::getCanonicalizationPatterns(patterns, context);
  affine::AffineMinOp::getCanonicalizationPatterns(patterns, context);
  tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, context);
  tensor::InsertSliceOp::getCanonicalizationPatterns(patterns, context);
  tensor::CastOp::getCanonicalizationPatterns(patterns, context);
  addPatterns(patterns);
  context->getLoadedDialect<linalg::LinalgDialect>()
      ->getCanonicalizationPatterns(patterns);
  context->getLoadedDialect<tensor::TensorDialect>()
      ->getCanonicalizationPatterns(patterns);
  return applyPatternsGreedily(func, std::move(patterns));
}

tfg::VectorTarget tfg::vectorTarget(int64_t bits, int64_t registers) {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto has = [&](StringRef name) { return features.lookup(name); };
  if (bits <= 0)
    bits = has("avx512f") ? 512 : has("avx") ? 256 : 128;
  if (registers <= 0)
    registers = has("avx512f") ? 32 : 16;
  return {std::max<int64_t>(1, bits / 32), std::max<int64_t>(4, registers)};
}

int64_t tfg::vectorLanes(int64_t bits) { return vectorTarget(bits, 0).lanes; }

void tfg::keepLoopRolled(Operation *loop) {
  MLIRContext *context = loop->getContext();
  auto unroll = LLVM::LoopUnrollAttr::get(
      context, /*disable=*/BoolAttr::get(context, true), /*count=*/{},
      /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
      /*followupRemainder=*/{}, /*followupAll=*/{});
  auto annotation = LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
      unroll, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
      /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
  // (The discardable attribute scf-to-cf moves to the latch branch.)
  loop->setAttr("llvm.loop_annotation", annotation);
}
