#!/bin/bash
# The main job on the shipped example: import a frozen TF1 training graph,
# run the inference surgery (bind the training flag and the dropout keep
# probability, eliminate Switch/Merge, remove dropout and Identity nodes,
# fold the batch norms and constants), export it, show the before/after
# summary and what changed, and check that it still computes what the
# original computes: tfg-run compiles it for the CPU and compares its
# outputs with the TensorFlow.js reference outputs shipped in
# examples/training_graph-ref (always), and the TensorFlow.js oracle runs it
# too when it can be set up (../shared/tools/tfjs-ref and npm).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${TFG_BUILD_DIR:-$root/build}"
bash "$root/utils/build.sh" tfg-opt tfg-translate tfg-graph-diff tfg-dot tfg-run
bin="$build/bin"
model="$root/examples/training_graph.pbtxt"
out="$build/example"
mkdir -p "$out"
echo "== import $model"
"$bin/tfg-translate" --import-graphdef "$model" -o "$out/imported.mlir"
echo "== optimize for inference (outputs=output, training=false, keep_prob=1)"
"$bin/tfg-opt" "$out/imported.mlir" \
  --tfg-summarize="title=before to-stdout=true" \
  --tfg-optimize-for-inference="inputs=input outputs=output bind=training=false,dropout/keep_prob=1 print-pipeline=true" \
  --tfg-summarize="title=after to-stdout=true" \
  -o "$out/optimized.mlir"
echo "== export"
"$bin/tfg-translate" --export-graphdef "$out/optimized.mlir" -o "$out/optimized.pb"
"$bin/tfg-translate" --export-graphdef "$out/optimized.mlir" -o "$out/optimized.pbtxt"
echo "wrote $out/optimized.pb ($(stat -c %s "$out/optimized.pb") bytes) and optimized.pbtxt"
"$bin/tfg-dot" "$out/optimized.pb" --diff-against="$model" -o "$out/diff.dot"
echo "wrote $out/diff.dot (render: dot -Tpng $out/diff.dot -o diff.png)"
echo "== what changed (tfg-graph-diff input output)"
"$bin/tfg-graph-diff" --max-differences=50 "$model" "$out/optimized.pb" || true
echo "== numbers: the optimized graph on the reference inputs"
# Compiled for the CPU by tfg-run, compared with the reference outputs
# shipped in the repository (so the numbers are checked on any clone).
ref="$root/examples/training_graph-ref"
if ! "$bin/tfg-run" "$out/optimized.pb" --compare "$ref" --rtol 1e-5 \
    --output-dir "$out/outputs"; then
  echo "numbers: FAIL, the optimized graph's outputs differ from $ref"
  exit 1
fi
echo "numbers: OK, the optimized graph's outputs match $ref" \
  "(max abs error and relative L2 above, rtol 1e-5)"
shared_tfjs="$root/../shared/tools/tfjs-ref"
if [ -z "${TFG_TFJS_REF_DIR:-}" ] && [ -d "$shared_tfjs" ] && command -v npm >/dev/null; then
  bash "$root/utils/setup-tfjs-oracle.sh" "$shared_tfjs" "$build/tfjs-ref" &&
    export TFG_TFJS_REF_DIR="$build/tfjs-ref"
fi
if [ -n "${TFG_TFJS_REF_DIR:-}" ]; then
  echo "== numbers, again: the TensorFlow.js oracle runs the optimized graph"
  bash "$root/utils/tfjs-oracle.sh" "$out/optimized.pb" "$ref" "$out/oracle"
else
  echo "(the TensorFlow.js oracle, an extra check, needs ../shared/tools/tfjs-ref and npm)"
fi
