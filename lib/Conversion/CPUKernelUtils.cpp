//===- CPUKernelUtils.cpp - Shared steps of the CPU kernel passes ---------===//

#include "CPUKernelUtils.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;

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
  SmallVector<LoopLikeOpInterface> loops;
  func.walk([&](LoopLikeOpInterface loop) { loops.push_back(loop); });
  for (LoopLikeOpInterface loop : loops) // post-order: innermost first
    hoistLoopInvariantSubsets(rewriter, loop);
  return success();
}
