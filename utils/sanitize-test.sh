#!/bin/bash
# Builds TFG with AddressSanitizer + UndefinedBehaviorSanitizer in
# build-asan/ (TFG_ENABLE_SANITIZERS=ON) and runs the whole lit suite with
# it: every tool a test runs is the instrumented one, so a heap or stack
# overflow, a use after free, a leak or undefined behaviour fails the test
# that triggered it. The sanitizer options are set by test/lit.cfg.py for
# such a build (docs/robustness.md); corpus and oracle tests run as in
# utils/test.sh when TFG_CORPUS_DIR / TFG_TFJS_REF_DIR say where.
#
#   utils/sanitize-test.sh [lit args...]     (default: the whole suite)
#
# The last line: "tfg sanitizer tests: N passed, N failed, N skipped (S s)".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${TFG_ASAN_BUILD_DIR:-$root/build-asan}"
start=$(date +%s)
mkdir -p "$build"
TFG_BUILD_DIR="$build" TFG_CMAKE_ARGS="-DTFG_ENABLE_SANITIZERS=ON" \
  bash "$root/utils/build.sh" tfg-opt tfg-translate tfg-run tfg-checkpoint \
  tfg-dot tfg-graph-diff tfg-test-import-cases TFGPlugin \
  > "$build/sanitize-build.log" 2>&1 || {
    tail -40 "$build/sanitize-build.log"
    echo "sanitize-test: build failed (log: $build/sanitize-build.log)" >&2
    exit 1
  }
built=$(date +%s)
echo "sanitize-test: built in $((built - start)) s"
args=("$@")
[ ${#args[@]} -eq 0 ] && args=("$build/test")
log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "${args[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count() { grep -E "^\s*$1\s*:" "$log" | sed -E 's/.*:\s*([0-9]+).*/\1/' | head -1; }
passed=$(count Passed); failed=$(count Failed); unsupported=$(count Unsupported)
rm -f "$log"
echo "tfg sanitizer tests: ${passed:-0} passed, ${failed:-0} failed," \
  "${unsupported:-0} skipped ($(($(date +%s) - built)) s)"
exit "$status"
