//===- AllocationCounts.h - A run's allocations -----------------*- C++ -*-===//
//
// CompiledModel::run's report of the compiled code's allocations, when the
// model was compiled with CompileOptions::countAllocations (the counting
// itself: lib/Runner/AllocationCounter.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_RUNNER_ALLOCATIONCOUNTS_H
#define TFG_RUNNER_ALLOCATIONCOUNTS_H

#include <cstdint>

namespace mlir::tfg {

/// What a run's compiled code allocated, when it was compiled with
/// CompileOptions::countAllocations.
struct AllocationCounts {
  /// The buffers it made (malloc, calloc, aligned_alloc, posix_memalign,
  /// realloc of nothing).
  uint64_t allocations = 0;
  /// Of those, the ones it had not freed when run() returned (its outputs,
  /// which run() copies and frees, are freed by then): each is a leak.
  int64_t live = 0;
  /// Their bytes, as the allocator gave them (malloc_usable_size).
  int64_t liveBytes = 0;
};

} // namespace mlir::tfg

#endif // TFG_RUNNER_ALLOCATIONCOUNTS_H
