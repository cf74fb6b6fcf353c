//===- Passes.h - TFG lowering passes -----------------------------*- C++
//-*-===//

#ifndef TFG_CONVERSION_PASSES_H
#define TFG_CONVERSION_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tfg {

#define GEN_PASS_DECL
#include "TFG/Conversion/Passes.h.inc"

/// The most threads tfg-cpu-parallelize (and --threads) accepts: far more
/// than any CPU's cores, far less than what would make each chunk a few
/// iterations.
inline constexpr unsigned kMaxThreads = 1024;

/// Sets `llvm.emit_c_interface` on a function, for ExecutionEngine's C
/// interface. A step of the CPU lowering pipeline (TFG/Pipelines).
std::unique_ptr<Pass> createEmitCInterfacePass();

/// Rewrites strided memref.copy into linalg.copy (loops LLVM vectorizes)
/// after bufferization. A step of the CPU lowering pipeline.
std::unique_ptr<Pass> createStridedCopyToLoopsPass();

/// On a lowered function with dynamic argument dimensions: what the code
/// assumes about them, for the caller to check before a run (the runner
/// does). An array of [node name, argument a, dimension i, argument b,
/// dimension j] (arg a's dim i equals arg b's dim j: two dynamic
/// dimensions an elementwise op does not broadcast) or [node name, a, i,
/// -1, N] (arg a's dim i is N: a dynamic dimension against a static one).
inline constexpr llvm::StringLiteral kRunTimeDimChecks =
    "tfg.run_time_dim_checks";

/// Registers the conversion passes (the pipelines that use them are
/// registered by TFG/Pipelines' registerTFGPipelines).
void registerTFGConversionPasses();

/// Dialects the lowering creates (for tools that parse lowered IR).
void registerLoweringDialects(DialectRegistry &registry);

} // namespace mlir::tfg

#endif // TFG_CONVERSION_PASSES_H
