#!/bin/bash
# Runs a (rewritten) GraphDef through the TensorFlow.js reference runner on a
# reference folder's inputs and compares its outputs with the reference:
# the independent check that a rewrite kept the numbers.
#
#   utils/tfjs-oracle.sh MODEL.pb REF_DIR WORK_DIR [--rtol R] [-- pb2tfjs options]
#
# TFG_TFJS_REF_DIR: a copy of shared/tools/tfjs-ref with `npm ci` done.
set -euo pipefail
model=$1 ref=$2 work=$3
shift 3
rtol=1e-5
if [ "${1:-}" = "--rtol" ]; then rtol=$2; shift 2; fi
[ "${1:-}" = "--" ] && shift
tfjs=${TFG_TFJS_REF_DIR:?set TFG_TFJS_REF_DIR to a tfjs-ref copy with node_modules}
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work" && mkdir -p "$work"
node "$tfjs/pb2tfjs.mjs" "$model" "$work/tfjs" "$@" > "$work/pb2tfjs.log" 2>&1 || {
  cat "$work/pb2tfjs.log" >&2; exit 1; }
node "$tfjs/run.mjs" "$work/tfjs/model.json" --backend wasm --inputs "$ref" \
  --runs 1 --out "$work/out" > "$work/run.log" 2>&1 || {
  tail -20 "$work/run.log" >&2; exit 1; }
python3 "$root/utils/compare-npy.py" "$ref" "$work/out" --rtol "$rtol"
