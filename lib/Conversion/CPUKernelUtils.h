//===- CPUKernelUtils.h - Shared steps of the CPU kernel passes -*- C++ -*-===//
//
// The register-blocking passes (tfg-cpu-vectorize-convolutions,
// tfg-cpu-vectorize-matmul) tile their ops into static blocks their own way,
// then end the same way: each block vectorized, and its accumulators kept in
// registers across the reduction loops.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_CPUKERNELUTILS_H
#define TFG_LIB_CONVERSION_CPUKERNELUTILS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfg {

/// Vectorizes `blocks` (a block that does not vectorize stays as it is),
/// folds the vector transfers into `vector.contract`s where the vectorizer
/// wrote a broadcast product and a reduction (the LLVM lowering turns a
/// contraction into outer products: one fused multiply-add a reduction step
/// and accumulator, in the order of the reduction index), and hoists each
/// accumulator's read/write pair out of the loops of `func`, innermost
/// first, so the accumulators stay in registers.
LogicalResult
vectorizeKeepingAccumulatorsInRegisters(RewriterBase &rewriter,
                                        func::FuncOp func,
                                        ArrayRef<linalg::LinalgOp> blocks);

} // namespace mlir::tfg

#endif // TFG_LIB_CONVERSION_CPUKERNELUTILS_H
