#!/bin/bash
# Sets up, builds and runs every test (lit + FileCheck). Corpus tests run
# when TFG_CORPUS_DIR (or ../shared/corpus) exists, numbers tests when the
# TensorFlow.js oracle can be set up (../shared/tools/tfjs-ref + npm), and
# are reported as UNSUPPORTED otherwise. Then utils/check-downstream.sh (install + a
# downstream build), utils/check-docs.sh (docs/generated/ up to date) and
# utils/check-layers.py (no include circle between a library's files), and
# with TFG_CI_FUZZ_SECONDS=N, N seconds of each fuzz target (utils/fuzz.sh).
# The last line sums them up: "tfg tests: N passed, N failed, N skipped".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${TFG_BUILD_DIR:-$root/build}"
bash "$root/utils/build.sh" || exit 1
ninja -C "$build" tfg-opt tfg-translate tfg-graph-diff TFGPlugin || exit 1
# The TensorFlow.js oracle for the numbers tests: a copy of the shared runner
# with its pinned npm packages (skipped, tests UNSUPPORTED, when unavailable).
shared_tfjs="$root/../shared/tools/tfjs-ref"
if [ -z "${TFG_TFJS_REF_DIR:-}" ] && [ -d "$shared_tfjs" ] && command -v npm >/dev/null; then
  bash "$root/utils/setup-tfjs-oracle.sh" "$shared_tfjs" "$build/tfjs-ref" &&
    export TFG_TFJS_REF_DIR="$build/tfjs-ref"
fi
log=$(mktemp)
/usr/lib/llvm-22/bin/lit -sv "$build/test" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count() { grep -E "^\s*$1\s*:" "$log" | sed -E 's/.*:\s*([0-9]+).*/\1/' | head -1; }
passed=$(count Passed); failed=$(count Failed); unsupported=$(count Unsupported)
rm -f "$log"
passed=${passed:-0}; failed=${failed:-0}
# The installed CMake package and a downstream project built against it,
# the checked-in generated docs against the .td files, and the C++ sources
# against .clang-format: three more tests.
for check in check-downstream check-docs check-format; do
  if bash "$root/utils/$check.sh" "$build"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); status=1
  fi
done
# No include/call circle between the files of each library folder (and the
# check itself finds one where there is one). lib/Dialect/IR is left out:
# its umbrella header TFG.h gathers the dialect's headers (DataType.h among
# them) for the generated op and type classes, which DataType.cpp needs.
layers_ok=true
python3 "$root/utils/check-layers.py" --self-test || layers_ok=false
for folder in Analysis Checkpoint Conversion Conversion/TFGToLinalg ImportExport \
              Pipelines Runner Transforms Transforms/Utils; do
  public=()
  [ -d "$root/include/TFG/$folder" ] && public=(--public "$root/include/TFG/$folder")
  python3 "$root/utils/check-layers.py" "$root/lib/$folder" "${public[@]}" \
    --include-root "$root/include" || layers_ok=false
done
if $layers_ok; then
  passed=$((passed + 1))
else
  failed=$((failed + 1)); status=1
fi
# Fuzzing (docs/robustness.md; CI's .ci/run sets 20): TFG_CI_FUZZ_SECONDS=N
# builds the fuzz targets (build-fuzz/, a second, instrumented build) and
# runs each for N seconds from the tests' seeds; any crash, sanitizer report,
# broken diagnostics contract, timeout or out-of-memory is one failed test.
if [ "${TFG_CI_FUZZ_SECONDS:-0}" -gt 0 ]; then
  # A fixed seed: every run makes the same mutations in the same order, so
  # a run explores a prefix of one sequence (as far as its seconds reach),
  # which a developer can replay, instead of new random inputs that could
  # turn a change's CI red for a bug it did not bring.
  if TFG_FUZZ_SEED="${TFG_FUZZ_SEED:-1}" bash "$root/utils/fuzz.sh" all "$TFG_CI_FUZZ_SECONDS"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); status=1
  fi
fi
echo "tfg tests: $passed passed, $failed failed, ${unsupported:-0} skipped"
exit "$status"
