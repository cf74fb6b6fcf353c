#!/bin/bash
# Code generation for the host: how much faster is tfg-run when LLVM
# optimizes and generates code for this machine's CPU (vector width, FMA
# contraction) than for LLVM's generic target, the setting before
# CompileOptions::hostTarget? See bench/README.md ("Codegen benchmark").
#
#   bench/run_codegen_bench.sh BUILD_DIR CORPUS_DIR [--rounds 3] [--runs 20]
#       [--models mobileface,posenet,...]
#
# Each round runs every model twice, generic then host, back to back (these
# machines drift within seconds, so only ratios taken side by side count),
# each run checking its outputs against the model's TensorFlow.js reference
# (--compare: a faster but wrong model fails the bench). Prints the median
# latency of each setting over the rounds, their ratio (generic / host: > 1
# means the host target is faster), and the geometric mean of the ratios.
set -euo pipefail
build=${1:?usage: run_codegen_bench.sh BUILD_DIR CORPUS_DIR [options]}
corpus=${2:?usage: run_codegen_bench.sh BUILD_DIR CORPUS_DIR [options]}
shift 2
rounds=3
runs=20
models=mobileface,posenet,selfie,movenet-lightning,iris,emotion,age
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --models) models=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
run="$build/bin/tfg-run"
[ -x "$run" ] || { echo "run_codegen_bench: $run not built" >&2; exit 1; }

# One tfg-run: prints the median latency in ms, or fails.
latency() {
  local out
  out=$("$run" "$corpus/tfjs/$1.json" --compare "$corpus/tfjs-ref/$1" \
        --runs "$runs" "${@:2}" 2>&1) || { echo "$out" >&2; return 1; }
  echo "$out" | sed -n 's/^latency: median \([0-9.]*\) ms.*/\1/p'
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

printf '%-20s %12s %12s %8s\n' model generic_ms host_ms ratio
logsum=0; count=0
for model in ${models//,/ }; do
  generic=(); host=()
  for ((r = 0; r < rounds; r++)); do
    generic+=("$(latency "$model" --generic-target)")
    host+=("$(latency "$model")")
  done
  g=$(printf '%s\n' "${generic[@]}" | median)
  h=$(printf '%s\n' "${host[@]}" | median)
  ratio=$(awk -v g="$g" -v h="$h" 'BEGIN {printf "%.2f", g / h}')
  printf '%-20s %12s %12s %8s\n' "$model" "$g" "$h" "$ratio"
  logsum=$(awk -v s="$logsum" -v g="$g" -v h="$h" 'BEGIN {print s + log(g / h)}')
  count=$((count + 1))
done
awk -v s="$logsum" -v n="$count" 'BEGIN {printf "geometric mean generic/host: %.2f\n", exp(s / n)}'
