//===- CPUApproximateExp.cpp - Vectorizable f32 exponentials --------------===//
//
// math.exp on f32 (scalars and vectors) as MLIR's polynomial approximation:
// LLVM has no vector exp for x86 without a vector math library, so each
// lane of an llvm.exp.v16f32 became a call to libm's expf. Softmax and
// Sigmoid (exp of every element) then ran at one call a lane.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUAPPROXIMATEEXP
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

struct CPUApproximateExpPass
    : tfg::impl::CPUApproximateExpBase<CPUApproximateExpPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    // Only exp: its approximation (range reduction by ln 2, a polynomial,
    // the exponent put back in the float's bits) is within a few ulp of
    // expf over the normal f32 range, gives 0 below it (denormal results
    // flush to 0) and +inf above, and keeps NaN.
    // The other functions keep their LLVM intrinsics or libm calls.
    populateMathPolynomialApproximationPatterns(set, [](StringRef name) {
      return name == math::ExpOp::getOperationName();
    });
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    // The exps themselves, not a greedy driver over the whole operation: a
    // model has few of them (Softmax, Sigmoid), and a driver that visits,
    // folds and simplifies every op of a function (of the module: it ran
    // module-wide) cost 8 % of a model's compile to change nothing.
    SmallVector<Operation *> exps;
    getOperation()->walk([&](math::ExpOp exp) {
      if (getElementTypeOrSelf(exp.getType()).isF32())
        exps.push_back(exp);
    });
    // Nothing changed: nothing to verify again either.
    if (exps.empty())
      return markAllAnalysesPreserved();
    // The new ops too: the approximation's constants fold as they did.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(exps, patterns, config)))
      return signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
