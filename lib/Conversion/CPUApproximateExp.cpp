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
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUAPPROXIMATEEXP
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

struct CPUApproximateExpPass
    : tfg::impl::CPUApproximateExpBase<CPUApproximateExpPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Only exp: its approximation (range reduction by ln 2, a polynomial,
    // the exponent put back in the float's bits) is within a few ulp of
    // expf over the normal f32 range, gives 0 below it (denormal results
    // flush to 0) and +inf above, and keeps NaN.
    // The other functions keep their LLVM intrinsics or libm calls.
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      return name == math::ExpOp::getOperationName();
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
