#!/bin/bash
# Checks that TFG works as an installed CMake package: installs BUILD into a
# temporary prefix, configures and builds examples/downstream against it
# (find_package(TFG)), and runs the result (the Runner API checks the
# example's numbers against examples/training_graph-ref), the installed tools
# and the installed plugin on examples/training_graph.pbtxt.
# Usage: utils/check-downstream.sh [BUILD_DIR]   (default: build/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-${TFG_BUILD_DIR:-$root/build}}" && pwd)
llvm=/usr/lib/llvm-22
filecheck=$llvm/bin/FileCheck
model="$root/examples/training_graph.pbtxt"

work=$(mktemp -d "${TMPDIR:-/tmp}/tfg-downstream.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'echo "FAIL: utils/check-downstream.sh line $LINENO: $BASH_COMMAND" >&2' ERR
prefix="$work/prefix"

echo "== build and install TFG into $prefix"
ninja -C "$build" TFGDialect TFGImportExport TFGProto TFGTransforms TFGConversion \
  TFGPipelines TFGRunner TFGPlugin tfg-opt tfg-translate tfg-graph-diff tfg-run > "$work/build.log" 2>&1 || {
    cat "$work/build.log"; exit 1; }
cmake --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1 || {
  cat "$work/install.log"; exit 1; }
for f in lib/cmake/tfg/TFGConfig.cmake lib/cmake/tfg/TFGTargets.cmake \
         lib/libTFGDialect.a lib/libTFGImportExport.a lib/libTFGTransforms.a \
         lib/libTFGConversion.a bin/tfg-run include/TFG/Conversion/Passes.h \
         lib/libTFGRunner.a include/TFG/Runner/CompiledModel.h \
         lib/libTFGPipelines.a include/TFG/Pipelines/Pipelines.h \
         include/TFG/Pipelines/Passes.h.inc \
         lib/libTFGProto.a lib/libTFGPlugin.so bin/tfg-opt bin/tfg-translate \
         bin/tfg-graph-diff include/TFG/Dialect/IR/TFG.h \
         include/TFG/Dialect/IR/TFGOps.h.inc include/TFG/ImportExport/Import.h \
         include/TFG/Transforms/Passes.h.inc; do
  [ -e "$prefix/$f" ] || { echo "FAIL: install lacks $f"; exit 1; }
done
if [ -e "$prefix/include/TFG/ImportExport/NodeConversion.h" ] ||
   [ -e "$prefix/include/TFG/ImportExport/proto" ]; then
  echo "FAIL: a private header was installed"; exit 1
fi

echo "== configure and build examples/downstream against it"
cmake -G Ninja -S "$root/examples/downstream" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld > "$work/configure.log" 2>&1 || {
    cat "$work/configure.log"; exit 1; }
ninja -C "$work/build" -j"${TFG_JOBS:-2}" > "$work/build-downstream.log" 2>&1 || {
  cat "$work/build-downstream.log"; exit 1; }

echo "== run it"
# Import + one pass through the C++ API.
"$work/build/downstream-strip" "$model" output > "$work/stripped.mlir" \
  2> "$work/counts.txt"
"$filecheck" --input-file="$work/counts.txt" /dev/stdin <<'CHECKS'
CHECK: imported: 54 nodes
CHECK-NEXT: stripped: {{[0-9]+}} nodes
CHECKS
"$filecheck" --input-file="$work/stripped.mlir" /dev/stdin <<'CHECKS'
CHECK: tfg.graph
CHECK: name("output")
CHECK-NOT: name("summary/loss")
CHECKS
# The Runner API: a graph built in memory, and the example after the
# bindings of its reference against the reference's outputs.
"$work/build/downstream-run" "$model" "$root/examples/training_graph-ref" \
  "tfg-bind-placeholders{bindings=training=false,dropout/keep_prob=1},tfg-eliminate-switch-merge" \
  > "$work/run.txt" 2>&1 || { cat "$work/run.txt"; exit 1; }
"$filecheck" --input-file="$work/run.txt" /dev/stdin <<'CHECKS'
CHECK: tiny: x -> y = 3 5 -5
CHECK: reference: {{.*}}training_graph-ref
CHECK-NEXT: output:0{{ +}}ok   max_abs={{.*}} rel_l2=
CHECK: runner: OK
CHECKS
# The downstream mlir-opt: TFG's dialect and passes.
"$work/build/downstream-opt" "$work/stripped.mlir" \
  --tfg-summarize="title=downstream to-stdout=true" 2>&1 |
  sed -n '/^=== /,$p' > "$work/summary.txt"
"$filecheck" --input-file="$work/summary.txt" /dev/stdin <<'CHECKS'
CHECK: === downstream: {{[0-9]+}} nodes
CHECK: outputs: output (Softmax)
CHECK: tfg.graph
CHECKS
# The installed tools and plugin.
"$prefix/bin/tfg-translate" --import-graphdef "$model" -o "$work/imported.mlir"
"$prefix/bin/tfg-opt" "$work/imported.mlir" --tfg-summarize -o "$work/opt.mlir" 2> "$work/opt.log"
"$llvm/bin/mlir-opt" "$work/imported.mlir" \
  --load-dialect-plugin="$prefix/lib/libTFGPlugin.so" \
  --load-pass-plugin="$prefix/lib/libTFGPlugin.so" \
  --pass-pipeline='builtin.module(tfg-strip-unused-nodes{outputs=output},tfg-summarize{title=plugin to-stdout=true})' \
  > "$work/plugin.txt" 2>&1
grep -q '^=== plugin: .* nodes' "$work/plugin.txt" &&
  grep -q '^outputs: output (Softmax)$' "$work/plugin.txt" || {
    echo "FAIL: the installed plugin did not run"; exit 1; }
echo "downstream check: OK (installed package, example build, runner, tools, plugin)"
