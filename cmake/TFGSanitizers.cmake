# Sanitizer and fuzzer builds (docs/robustness.md).
#
#   TFG_ENABLE_SANITIZERS=ON  everything TFG compiles (libraries, tools,
#                             tests' helpers) with AddressSanitizer and
#                             UndefinedBehaviorSanitizer; any UB report aborts
#                             (-fno-sanitize-recover), so a lit test fails.
#   TFG_ENABLE_SANITIZERS=thread
#                             everything TFG compiles with ThreadSanitizer
#                             instead (it cannot be combined with ASan): the
#                             importer's worker threads, the pass manager's
#                             threads in tfg-run and tfg-opt
#                             (utils/sanitize-test.sh --thread).
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
set(TFG_ENABLE_SANITIZERS OFF CACHE STRING
  "Build with sanitizers (clang): ON (AddressSanitizer + \
UndefinedBehaviorSanitizer), thread (ThreadSanitizer) or OFF")
option(TFG_ENABLE_FUZZERS
  "Build the libFuzzer targets in fuzz/ (clang; implies the sanitizers)" OFF)

if(TFG_ENABLE_FUZZERS)
  set(TFG_ENABLE_SANITIZERS ON)
endif()

# TFG_SANITIZER_MODE: "address" (ASan + UBSan), "thread" or empty; the
# tests' configuration reads it (test/lit.site.cfg.py.in).
string(TOLOWER "${TFG_ENABLE_SANITIZERS}" tfg_sanitizers_value)
if(tfg_sanitizers_value STREQUAL "thread")
  if(TFG_ENABLE_FUZZERS)
    message(FATAL_ERROR "TFG_ENABLE_FUZZERS needs TFG_ENABLE_SANITIZERS=ON "
      "(AddressSanitizer), not thread")
  endif()
  set(TFG_SANITIZER_MODE thread)
elseif(tfg_sanitizers_value MATCHES "^(address|on|true|yes|1)$")
  set(TFG_SANITIZER_MODE address)
elseif(tfg_sanitizers_value MATCHES "^(off|false|no|0|)$")
  set(TFG_SANITIZER_MODE "")
else()
  message(FATAL_ERROR "TFG_ENABLE_SANITIZERS must be ON, thread or OFF, not "
    "'${TFG_ENABLE_SANITIZERS}'")
endif()

if(TFG_SANITIZER_MODE)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TFG_ENABLE_SANITIZERS / TFG_ENABLE_FUZZERS need "
      "clang (utils/build.sh uses clang++-22), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  if(TFG_SANITIZER_MODE STREQUAL "thread")
    set(TFG_SANITIZE_KINDS thread)
    # Protobuf's map_field.h gives MapFieldBase two more fields when it sees
    # __SANITIZE_THREAD__ (which clang defines with -fsanitize=thread),
    # while Debian's libprotobuf.so was built without them: the generated
    # code and the library then disagree on the layout, and parsing any
    # NodeDef's attr map crashes. Undefined, the headers match the library.
    set(TFG_SANITIZE_FLAGS -fsanitize=thread -fno-omit-frame-pointer
      -U__SANITIZE_THREAD__)
    set(tfg_sanitizer_runtime_name libclang_rt.tsan-x86_64.so)
  else()
    # The prelude keeps LLVM's inline allocator code from poisoning memory
    # that uninstrumented libMLIR.so hands out (see the header).
    set(TFG_SANITIZE_KINDS address,undefined)
    set(TFG_SANITIZE_FLAGS -fsanitize=address,undefined
      -fno-sanitize-recover=undefined -fno-omit-frame-pointer
      "SHELL:-include ${CMAKE_CURRENT_LIST_DIR}/TFGSanitizerPrelude.h")
    set(tfg_sanitizer_runtime_name libclang_rt.asan-x86_64.so)
  endif()
  if(TFG_ENABLE_FUZZERS)
    list(APPEND TFG_SANITIZE_FLAGS -fsanitize=fuzzer-no-link)
    add_compile_definitions(FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION)
  endif()
  # The sanitizer's runtime as a shared library: tests preload it into
  # upstream's (uninstrumented) mlir-opt to load the instrumented plugin.
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${tfg_sanitizer_runtime_name}
    OUTPUT_VARIABLE TFG_SANITIZER_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  add_compile_options(${TFG_SANITIZE_FLAGS})
  add_link_options(-fsanitize=${TFG_SANITIZE_KINDS})
  message(STATUS "TFG: sanitizers on: ${TFG_SANITIZE_FLAGS}")
endif()
