//===- CPULoopOrder.cpp - Contiguous innermost loops for the CPU ----------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPULOOPORDER
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// The loop order with the output's last dimension moved innermost, or
/// empty when it is innermost already (or not a plain loop dimension).
SmallVector<unsigned> innermostOutputOrder(linalg::LinalgOp op) {
  AffineMap outputMap = op.getIndexingMapMatchingResult(op->getResult(0));
  if (outputMap.getNumResults() == 0)
    return {};
  auto last = dyn_cast<AffineDimExpr>(outputMap.getResults().back());
  unsigned loops = op.getNumLoops();
  if (!last || last.getPosition() == loops - 1)
    return {};
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < loops; ++d)
    if (d != last.getPosition())
      order.push_back(d);
  order.push_back(last.getPosition());
  return order;
}

struct CPULoopOrderPass : tfg::impl::CPULoopOrderBase<CPULoopOrderPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp,
              linalg::DepthwiseConv2DNhwcHwcmOp, linalg::MatmulOp,
              linalg::BatchMatmulOp, linalg::PoolingNhwcMaxOp,
              linalg::PoolingNhwcSumOp>(op.getOperation()) &&
          op->getNumResults() == 1)
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      SmallVector<unsigned> order = innermostOutputOrder(op);
      if (order.empty())
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generic) ||
          failed(linalg::interchangeGenericOp(rewriter, *generic, order)))
        return signalPassFailure();
    }
  }
};

} // namespace
