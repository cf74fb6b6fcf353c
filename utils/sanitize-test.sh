#!/bin/bash
# Builds TFG with AddressSanitizer + UndefinedBehaviorSanitizer in
# build-asan/ (TFG_ENABLE_SANITIZERS=ON) and runs the whole lit suite with
# it: every tool a test runs is the instrumented one, so a heap or stack
# overflow, a use after free, a leak or undefined behaviour fails the test
# that triggered it. The sanitizer options are set by test/lit.cfg.py for
# such a build (docs/robustness.md); corpus and oracle tests run as in
# utils/test.sh when TFG_CORPUS_DIR / TFG_TFJS_REF_DIR say where.
#
# With --thread: ThreadSanitizer instead, in build-tsan/
# (TFG_ENABLE_SANITIZERS=thread), on the tests that run threads (the
# parallel importer, tfg-run's and tfg-opt's pass-manager threads, OpenMP
# code, the compiled-model cache) unless lit arguments say otherwise; any
# data race fails the test that met it.
#
#   utils/sanitize-test.sh [--thread] [lit args...]  (default: see above)
#
# The last line: "tfg sanitizer tests: N passed, N failed, N skipped (S s)"
# ("tfg thread sanitizer tests: ..." with --thread).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=ON
targets=(tfg-opt tfg-translate tfg-run tfg-checkpoint tfg-dot tfg-graph-diff
  tfg-test-import-cases TFGPlugin)
if [ "${1:-}" = --thread ]; then
  mode=thread
  shift
fi
if [ $mode = thread ]; then
  build="${TFG_TSAN_BUILD_DIR:-$root/build-tsan}"
  targets=(tfg-opt tfg-translate tfg-run tfg-graph-diff)
  label="tfg thread sanitizer tests"
  # The tests whose tools run more than one thread: the importer's chunks
  # (graphs of 8192 nodes or more), OpenMP code (--threads N), and every
  # tfg-run, whose pass manager runs on the context's threads.
  default_tests=("$build/test/Import/parallel-import.test"
    "$build/test/Tools/tfg-run" "$build/test/Conversion/pipelines-memory-plan.mlir")
else
  build="${TFG_ASAN_BUILD_DIR:-$root/build-asan}"
  label="tfg sanitizer tests"
  default_tests=("$build/test")
fi
start=$(date +%s)
mkdir -p "$build"
TFG_BUILD_DIR="$build" TFG_CMAKE_ARGS="-DTFG_ENABLE_SANITIZERS=$mode" \
  bash "$root/utils/build.sh" "${targets[@]}" > "$build/sanitize-build.log" 2>&1 || {
    tail -40 "$build/sanitize-build.log"
    echo "sanitize-test: build failed (log: $build/sanitize-build.log)" >&2
    exit 1
  }
built=$(date +%s)
echo "sanitize-test: built in $((built - start)) s"
args=("$@")
[ ${#args[@]} -eq 0 ] && args=("${default_tests[@]}")
log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "${args[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count() { grep -E "^\s*$1\s*:" "$log" | sed -E 's/.*:\s*([0-9]+).*/\1/' | head -1; }
passed=$(count Passed); failed=$(count Failed); unsupported=$(count Unsupported)
rm -f "$log"
echo "$label: ${passed:-0} passed, ${failed:-0} failed," \
  "${unsupported:-0} skipped ($(($(date +%s) - built)) s)"
exit "$status"
