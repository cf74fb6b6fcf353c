# Sanitizer and fuzzer builds (docs/robustness.md).
#
#   TFG_ENABLE_SANITIZERS=ON  everything TFG compiles (libraries, tools,
#                             tests' helpers) with AddressSanitizer and
#                             UndefinedBehaviorSanitizer; any UB report aborts
#                             (-fno-sanitize-recover), so a lit test fails.
#   TFG_ENABLE_FUZZERS=ON     the same, plus libFuzzer's coverage
#                             instrumentation (-fsanitize=fuzzer-no-link) and
#                             the fuzz targets in fuzz/ (linked with
#                             -fsanitize=fuzzer). Checksums of checkpoint
#                             files are not enforced in this build
#                             (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION), so
#                             that mutated inputs get past them.
#
# MLIR and LLVM come from Debian's shared libMLIR.so / libLLVM.so and are not
# instrumented: ASan sees their heap (malloc is intercepted) but not their
# stack or globals, and LLVM's headers must not poison allocator memory
# (TFGSanitizerPrelude.h).
option(TFG_ENABLE_SANITIZERS
  "Build with AddressSanitizer + UndefinedBehaviorSanitizer (clang)" OFF)
option(TFG_ENABLE_FUZZERS
  "Build the libFuzzer targets in fuzz/ (clang; implies the sanitizers)" OFF)

if(TFG_ENABLE_FUZZERS)
  set(TFG_ENABLE_SANITIZERS ON)
endif()

if(TFG_ENABLE_SANITIZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TFG_ENABLE_SANITIZERS / TFG_ENABLE_FUZZERS need "
      "clang (utils/build.sh uses clang++-22), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  # The prelude keeps LLVM's inline allocator code from poisoning memory
  # that uninstrumented libMLIR.so hands out (see the header).
  set(TFG_SANITIZE_FLAGS -fsanitize=address,undefined
    -fno-sanitize-recover=undefined -fno-omit-frame-pointer
    "SHELL:-include ${CMAKE_CURRENT_LIST_DIR}/TFGSanitizerPrelude.h")
  if(TFG_ENABLE_FUZZERS)
    list(APPEND TFG_SANITIZE_FLAGS -fsanitize=fuzzer-no-link)
    add_compile_definitions(FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION)
  endif()
  # The ASan runtime as a shared library: tests preload it into upstream's
  # (uninstrumented) mlir-opt to load the instrumented plugin.
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
    OUTPUT_VARIABLE TFG_ASAN_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  add_compile_options(${TFG_SANITIZE_FLAGS})
  add_link_options(-fsanitize=address,undefined)
  message(STATUS "TFG: sanitizers on: ${TFG_SANITIZE_FLAGS}")
endif()
