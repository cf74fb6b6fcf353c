#!/bin/bash
# Sets up, builds and runs every test (lit + FileCheck). Corpus tests run
# when TFG_CORPUS_DIR (or ../shared/corpus) exists, and are reported as
# UNSUPPORTED otherwise.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${TFG_BUILD_DIR:-$root/build}"
bash "$root/utils/build.sh" || exit 1
ninja -C "$build" tfg-opt tfg-translate tfg-graph-diff || exit 1
log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "$build/test" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count() { grep -E "^\s*$1\s*:" "$log" | sed -E 's/.*:\s*([0-9]+).*/\1/' | head -1; }
passed=$(count Passed); failed=$(count Failed); unsupported=$(count Unsupported)
echo "tfg tests: ${passed:-0} passed, ${failed:-0} failed, ${unsupported:-0} skipped"
rm -f "$log"
exit "$status"
