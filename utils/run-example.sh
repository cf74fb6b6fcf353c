#!/bin/bash
# The main job on the shipped example: import a TF1 training graph, strip
# what inference does not need, export it, and show the before/after
# summary and what changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${TFG_BUILD_DIR:-$root/build}"
bash "$root/utils/build.sh" tfg-opt tfg-translate tfg-graph-diff
bin="$build/bin"
model="$root/examples/training_graph.pbtxt"
out="$build/example"
mkdir -p "$out"
echo "== import $model"
"$bin/tfg-translate" --import-graphdef "$model" -o "$out/imported.mlir"
echo "== optimize: strip everything the output 'output' does not need"
"$bin/tfg-opt" "$out/imported.mlir" \
  --tfg-summarize="title=before to-stdout=true" \
  --tfg-strip-unused-nodes="outputs=output" \
  --tfg-summarize="title=after to-stdout=true" \
  -o "$out/optimized.mlir"
echo "== export"
"$bin/tfg-translate" --export-graphdef "$out/optimized.mlir" -o "$out/optimized.pb"
"$bin/tfg-translate" --export-graphdef "$out/optimized.mlir" -o "$out/optimized.pbtxt"
echo "wrote $out/optimized.pb ($(stat -c %s "$out/optimized.pb") bytes) and optimized.pbtxt"
echo "== what changed (tfg-graph-diff input output)"
"$bin/tfg-graph-diff" --max-differences=50 "$model" "$out/optimized.pb" || true
