//===- TFGSanitizerPrelude.h - Sanitizer builds' first include --*- C++ -*-===//
//
// MLIR and LLVM are Debian's shared libraries, built without ASan. Their
// headers, compiled into TFG with ASan on, would poison and unpoison the
// memory of llvm::BumpPtrAllocator (and Recycler, ArrayRecycler) in inline
// code, while the same allocators' uninstrumented code in libMLIR.so hands
// that memory out without unpoisoning it: every attribute MLIR allocates
// after a slab TFG's inline code opened reads as "use-after-poison". So the
// sanitizer builds (cmake/TFGSanitizers.cmake, -include) make LLVM's headers
// believe ASan is off; ASan still checks every access TFG's code makes.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SANITIZER_PRELUDE_H
#define TFG_SANITIZER_PRELUDE_H

#ifdef __cplusplus
#include "llvm/Support/Compiler.h"

#undef LLVM_ADDRESS_SANITIZER_BUILD
#define LLVM_ADDRESS_SANITIZER_BUILD 0
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))
#define __asan_unpoison_memory_region(p, size) ((void)(p), (void)(size))
#endif

#endif // TFG_SANITIZER_PRELUDE_H
