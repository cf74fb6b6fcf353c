#!/bin/bash
# Corpus conformance of the CPU lowering: every TensorFlow.js model in
# CORPUS/tfjs and the loop-free frozen models, JIT-compiled by tfg-run and
# run on the reference inputs of CORPUS/*-ref/<model>/, compared with the
# reference outputs (relative L2 <= 1e-4 per float output, ints exact).
# Prints one table row per model; exits 1 when a model fails.
# Usage: utils/run-corpus.sh [BUILD_DIR] [CORPUS_DIR]
#   (defaults: build/, then $TFG_CORPUS_DIR or ../shared/corpus)
#        utils/run-corpus.sh --list [BUILD_DIR] [CORPUS_DIR]
#   prints the models, one `model|reference|pipeline|label|pass-or-blocked`
#   line each, and runs nothing (bench/models.sh times the same models).
#   TFG_RUN_EXTRA="--threads 2": extra tfg-run flags for every model run.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list=false
if [ "${1:-}" = --list ]; then list=true; shift; fi
build="${1:-${TFG_BUILD_DIR:-$root/build}}"
corpus="${2:-${TFG_CORPUS_DIR:-$root/../shared/corpus}}"
run="$build/bin/tfg-run"
$list || [ -x "$run" ] || { echo "run-corpus: $run not built (ninja -C $build tfg-run)"; exit 1; }
[ -d "$corpus/tfjs" ] || { echo "run-corpus: no corpus at $corpus"; exit 1; }

# model file | reference folder | TFG pipeline run before lowering | label
models=()
for json in "$corpus"/tfjs/*.json; do
  name=$(basename "$json" .json)
  models+=("$json|$corpus/tfjs-ref/$name|")
done
models+=("$corpus/tfjs/selfie.json|$corpus/tfjs-ref/selfie-photo|")
models+=("$corpus/frozen/puzzle15.pb|$corpus/frozen-ref/puzzle15|")
models+=("$corpus/frozen/poets_retrained.pb|$corpus/frozen-ref/poets_retrained|")
models+=("$corpus/frozen/mobilenet_v2_loc.pb|$corpus/frozen-ref/mobilenet_v2_loc|")
# tf_study's reference binds training=false (its BINDINGS.md): the same
# binding, then the dead tf.cond branches go.
models+=("$corpus/frozen/tf_study.pb|$corpus/frozen-ref/tf_study|tfg-bind-placeholders{bindings=training=false},tfg-eliminate-switch-merge")
# The same frozen models after the whole inference surgery (the rewritten
# graph must still compute the reference; 4th field: the row's label).
models+=("$corpus/frozen/puzzle15.pb|$corpus/frozen-ref/puzzle15|tfg-optimize-for-inference{outputs=result}|puzzle15 +surgery")
models+=("$corpus/frozen/poets_retrained.pb|$corpus/frozen-ref/poets_retrained|tfg-optimize-for-inference{inputs=input outputs=final_result}|poets +surgery")
models+=("$corpus/frozen/mobilenet_v2_loc.pb|$corpus/frozen-ref/mobilenet_v2_loc|tfg-optimize-for-inference{outputs=keypoints_pred}|mobilenet_v2 +surgery")
models+=("$corpus/frozen/tf_study.pb|$corpus/frozen-ref/tf_study|tfg-optimize-for-inference{outputs=final bind=training=false}|tf_study +surgery")
# mtcnn: its v1 scale loop and conds are raised to While/If (the first step
# of the lowering); the image size changes in every iteration, its
# TensorArrays grow by a data-dependent number of boxes (dynamic_size) and
# its branches return as many boxes as were kept.
models+=("$corpus/frozen/mtcnn.pb|$corpus/frozen-ref/mtcnn|")
if $list; then
  for spec in "${models[@]}"; do IFS='|' read -r m r p l <<< "$spec"; echo "$m|$r|$p|$l|pass"; done
  exit 0
fi

printf "%-22s %-8s %7s %10s %10s %9s %11s\n" model status outputs "rel L2" "max abs" "compile" "latency"
printf "%-22s %-8s %7s %10s %10s %9s %11s\n" ---------------------- -------- ------- ---------- ---------- --------- -----------
failed=0
row() { # spec
  IFS='|' read -r model ref pipeline label <<< "$1"
  name=${label:-$(basename "$ref")}
  log=$(mktemp)
  # shellcheck disable=SC2086 # TFG_RUN_EXTRA: extra tfg-run flags, split
  "$run" "$model" --compare "$ref" --runs "${TFG_CORPUS_RUNS:-3}" ${pipeline:+--pipeline "$pipeline"} ${TFG_RUN_EXTRA:-} > "$log" 2>&1
  status=$?
  outputs=$(grep -cE "^  .* (ok  |FAIL) max_abs=" "$log")
  worst_rel=$(grep -oE "rel_l2=[0-9.e+-]+" "$log" | cut -d= -f2 | sort -g | tail -1)
  worst_abs=$(grep -oE "max_abs=[0-9.e+-]+" "$log" | cut -d= -f2 | sort -g | tail -1)
  compile=$(grep -oE "^compile: [0-9.]+" "$log" | cut -d' ' -f2)
  latency=$(grep -oE "median [0-9.]+ ms" "$log" | cut -d' ' -f2)
  if [ $status -eq 0 ]; then verdict=ok; else verdict=FAIL; failed=1; fi
  printf "%-22s %-8s %7s %10s %10s %8ss %8s ms\n" "$name" "$verdict" "${outputs:-0}" \
    "${worst_rel:--}" "${worst_abs:--}" "${compile:--}" "${latency:--}"
  [ $status -eq 0 ] || grep -E "error|FAIL" "$log" | head -3 | sed 's/^/    /'
  rm -f "$log"
}
for spec in "${models[@]}"; do row "$spec"; done
if [ $failed -ne 0 ]; then
  echo "corpus conformance: FAIL"
  exit 1
fi
echo "corpus conformance: all models match their references"
