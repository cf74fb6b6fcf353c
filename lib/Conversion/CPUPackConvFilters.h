//===- CPUPackConvFilters.h - Filters laid out for the conv kernels -*- C++
//-*-//
//
// The last step of tfg-cpu-vectorize-convolutions: constant filters whose
// rows the kernels would read far apart, laid out again at compile time so
// that each block of output channels streams its filter contiguously.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_CPUPACKCONVFILTERS_H
#define TFG_LIB_CONVERSION_CPUPACKCONVFILTERS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfg {

/// Packs the constant HWCF filters of `func`'s vectorized convolution
/// kernels whose output channels are at least `minOutChannels`: a filter
/// [KH, KW, C, F] that every use reads in vector blocks of P output
/// channels (or whole multiples of P) at offsets that are multiples of P
/// becomes the constant [F / P, KH, KW, C, P], each block of P channels
/// one contiguous array, and the reads read it there; a read of one block
/// prefetches the same rows of the next block into L2. Filters that are not
/// constants, that something else reads, or that are read otherwise keep
/// their layout.
void packConvFilters(RewriterBase &rewriter, func::FuncOp func,
                     int64_t minOutChannels);

} // namespace mlir::tfg

#endif // TFG_LIB_CONVERSION_CPUPACKCONVFILTERS_H
