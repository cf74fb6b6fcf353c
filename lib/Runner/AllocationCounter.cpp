//===- AllocationCounter.cpp - Count the compiled code's allocations ------===//

#include "AllocationCounter.h"

#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"

#include <atomic>
#include <cstdlib>
#include <malloc.h>

using namespace mlir;
using namespace mlir::tfg;

namespace {

// OpenMP's worker threads allocate too (a parallel chunk's buffers): the
// counts are atomic. Relaxed order is enough: a run's reader sees its
// threads' updates through the join at the end of each parallel region.
std::atomic<uint64_t> allocationCount{0};
std::atomic<int64_t> liveCount{0};
std::atomic<int64_t> liveBytes{0};

/// Bytes are what the allocator gave (malloc_usable_size): the same number
/// when the buffer is made and when it is freed, which the requested size
/// would not be for realloc and free (free is not told the size).
void noteMade(void *buffer) {
  allocationCount.fetch_add(1, std::memory_order_relaxed);
  liveCount.fetch_add(1, std::memory_order_relaxed);
  liveBytes.fetch_add(malloc_usable_size(buffer), std::memory_order_relaxed);
}

void noteFreed(void *buffer) {
  liveCount.fetch_sub(1, std::memory_order_relaxed);
  liveBytes.fetch_sub(malloc_usable_size(buffer), std::memory_order_relaxed);
}

void *tfgCountingMalloc(size_t size) {
  void *buffer = std::malloc(size);
  if (buffer)
    noteMade(buffer);
  return buffer;
}

void *tfgCountingCalloc(size_t count, size_t size) {
  void *buffer = std::calloc(count, size);
  if (buffer)
    noteMade(buffer);
  return buffer;
}

void *tfgCountingAlignedAlloc(size_t alignment, size_t size) {
  void *buffer = std::aligned_alloc(alignment, size);
  if (buffer)
    noteMade(buffer);
  return buffer;
}

int tfgCountingPosixMemalign(void **result, size_t alignment, size_t size) {
  int error = posix_memalign(result, alignment, size);
  if (!error && *result)
    noteMade(*result);
  return error;
}

/// realloc(nullptr, n) makes a buffer; realloc(p, n) moves one (the old is
/// freed only when the new one was made); glibc's realloc(p, 0) frees p.
void *tfgCountingRealloc(void *old, size_t size) {
  if (!old)
    return tfgCountingMalloc(size);
  int64_t oldBytes = malloc_usable_size(old);
  void *buffer = std::realloc(old, size);
  if (buffer) {
    liveBytes.fetch_add((int64_t)malloc_usable_size(buffer) - oldBytes,
                        std::memory_order_relaxed);
  } else if (size == 0) {
    liveCount.fetch_sub(1, std::memory_order_relaxed);
    liveBytes.fetch_sub(oldBytes, std::memory_order_relaxed);
  }
  return buffer;
}

void tfgCountingFree(void *buffer) {
  if (buffer)
    noteFreed(buffer);
  std::free(buffer);
}
} // namespace

llvm::Error mlir::tfg::defineCountingAllocator(llvm::orc::LLJIT &jit) {
  auto flags = llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable;
  auto symbol = [&](auto *function) {
    return llvm::orc::ExecutorSymbolDef(
        llvm::orc::ExecutorAddr::fromPtr(function), flags);
  };
  llvm::orc::SymbolMap wrappers{
      {jit.mangleAndIntern("malloc"), symbol(&tfgCountingMalloc)},
      {jit.mangleAndIntern("calloc"), symbol(&tfgCountingCalloc)},
      {jit.mangleAndIntern("realloc"), symbol(&tfgCountingRealloc)},
      {jit.mangleAndIntern("aligned_alloc"), symbol(&tfgCountingAlignedAlloc)},
      {jit.mangleAndIntern("posix_memalign"),
       symbol(&tfgCountingPosixMemalign)},
      {jit.mangleAndIntern("free"), symbol(&tfgCountingFree)},
  };
  return jit.getMainJITDylib().define(
      llvm::orc::absoluteSymbols(std::move(wrappers)));
}

AllocationCounts mlir::tfg::currentAllocationCounts() {
  return {allocationCount.load(std::memory_order_relaxed),
          liveCount.load(std::memory_order_relaxed),
          liveBytes.load(std::memory_order_relaxed)};
}

void mlir::tfg::countedFree(void *buffer) { tfgCountingFree(buffer); }
