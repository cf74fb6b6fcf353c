//===- AllocationCounter.h - Count the code's allocations -------*- C++ -*-===//
//
// CompileOptions::countAllocations: the JIT links the compiled code's
// malloc, calloc, realloc, aligned_alloc, posix_memalign and free to
// wrappers that call the C library's and count the buffers made and still
// live (docs/robustness.md, "Leaks of the compiled code"). The code itself
// is the same (a cached entry links either way); only the symbols it is
// linked to differ. The counts are the process's: every counting model's
// code adds to them, so CompiledModel::run reports the difference over its
// call, exact unless counting models run at the same time.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_RUNNER_ALLOCATIONCOUNTER_H
#define TFG_LIB_RUNNER_ALLOCATIONCOUNTER_H

#include "TFG/Runner/AllocationCounts.h"

#include "llvm/Support/Error.h"

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace mlir::tfg {

/// Defines the allocation functions in `jit`'s main library as the counting
/// wrappers (before its objects are linked: a definition there wins over
/// the process's symbols).
llvm::Error defineCountingAllocator(llvm::orc::LLJIT &jit);

/// The counts so far: allocations made, buffers and bytes live.
AllocationCounts currentAllocationCounts();

/// Frees a buffer the counting code allocated (the outputs it returns),
/// counted as its own free would be.
void countedFree(void *buffer);

} // namespace mlir::tfg

#endif // TFG_LIB_RUNNER_ALLOCATIONCOUNTER_H
