#!/bin/bash
# Builds TFG's libFuzzer targets (fuzz/, in build-fuzz/) and runs them.
#
#   utils/fuzz.sh TARGET SECONDS [libFuzzer flags...]   one target
#   utils/fuzz.sh all SECONDS [libFuzzer flags...]      each target in turn
#   utils/fuzz.sh repro TARGET FILE...                  run inputs once
#   utils/fuzz.sh minimize TARGET FILE                  shrink a crash input
#   utils/fuzz.sh list                                  the targets
#
# Each run fuzzes with the seeds utils/fuzz_seeds.py collects from the tests
# (and the shared corpus, TFG_CORPUS_DIR or ../shared/corpus) plus what
# earlier runs found, in WORK/TARGET/{seeds,corpus}; crashes, timeouts and
# out-of-memory inputs go to WORK/TARGET/findings/. WORK is
# TFG_FUZZ_WORK_DIR (default build-fuzz/fuzz-work). Prints one line per
# target: executions, executions per second, findings. Exit status 1 when a
# target found something (a crash, a sanitizer report, a broken diagnostics
# contract, a timeout or an out-of-memory), else 0.
#
# Limits (libFuzzer flags given on the command line come after, so win):
# -rss_limit_mb=2048 (and a single malloc over that), -timeout=10 s per
# input, -max_len per target below. TFG_FUZZ_SEED=N fixes libFuzzer's seed (CI
# uses 1: the same mutations in the same order each run). TFG_FUZZ_KEEP_GOING=1 runs in libFuzzer's
# fork mode with -ignore_crashes/-ignore_ooms/-ignore_timeouts: a long run
# then saves every finding and goes on, instead of stopping at the first.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${TFG_FUZZ_BUILD_DIR:-$root/build-fuzz}"
work="${TFG_FUZZ_WORK_DIR:-$build/fuzz-work}"
targets=(graphdef graphdef-text metagraph savedmodel tfjs checkpoint npy
         mlir-passes graph-compare model-cache)
declare -A max_len=(
  [graphdef]=65536 [graphdef-text]=16384 [metagraph]=16384
  [savedmodel]=16384 [tfjs]=32768 [checkpoint]=4096 [npy]=1024
  [mlir-passes]=8192 [graph-compare]=16384 [model-cache]=4096)
limits=(-rss_limit_mb=2048 -timeout=10)

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
known() { [[ " ${targets[*]} " == *" $1 "* ]]; }

build_fuzzers() {
  local log="$build/fuzz-build.log"
  mkdir -p "$build"
  TFG_BUILD_DIR="$build" TFG_CMAKE_ARGS="-DTFG_ENABLE_FUZZERS=ON" \
    bash "$root/utils/build.sh" tfg-fuzzers > "$log" 2>&1 || {
      tail -40 "$log"; echo "fuzz: build failed (full log: $log)" >&2; exit 1; }
}

corpus_dir() {
  local c="${TFG_CORPUS_DIR:-}"
  [ -z "$c" ] && [ -d "$root/../shared/corpus" ] && c="$root/../shared/corpus"
  echo "$c"
}

# fuzz_one TARGET SECONDS [flags...]: prints the summary line, returns 1 on
# findings.
fuzz_one() {
  local target=$1 seconds=$2; shift 2
  local dir="$work/$target" translate=()
  mkdir -p "$dir/corpus" "$dir/findings"
  rm -rf "$dir/seeds"
  [ -x "$root/build/bin/tfg-translate" ] &&
    translate=(--translate "$root/build/bin/tfg-translate")
  python3 "$root/utils/fuzz_seeds.py" "$target" "$dir/seeds" \
    --corpus "$(corpus_dir)" "${translate[@]}" > /dev/null || return 1
  local mode=()
  if [ "${TFG_FUZZ_KEEP_GOING:-0}" = 1 ]; then
    mode=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
  fi
  local before after log="$dir/last-run.log"
  before=$(ls "$dir/findings" | wc -l)
  "$build/bin/tfg-fuzz-$target" "${limits[@]}" -max_len="${max_len[$target]}" \
    -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$dir/findings/" ${TFG_FUZZ_SEED:+-seed="$TFG_FUZZ_SEED"} \
    "${mode[@]}" "$@" \
    "$dir/corpus" "$dir/seeds" > "$log" 2>&1
  local rc=$?
  after=$(ls "$dir/findings" | wc -l)
  # Executions: the final stats, or (fork mode, a crash) the last status line.
  local execs rate
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ -z "$execs" ]; then
    execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    rate=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
  fi
  local found=$((after - before))
  printf 'fuzz %-14s %10s execs %6s exec/s  %3d new finding(s)  corpus %d\n' \
    "$target" "${execs:-?}" "${rate:-?}" "$found" "$(ls "$dir/corpus" | wc -l)"
  if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
    # One line per kind of finding (a sanitizer's summary, libFuzzer's
    # timeout/oom, a broken contract), counted.
    grep -hE '^SUMMARY: |ERROR: libFuzzer: |contract broken|runtime error:' "$log" |
      sed -E 's/0x[0-9a-f]+//g; s/==[0-9]+==//; s/\(malloc\([0-9]+\)\)//;
              s/ after [0-9]+ seconds//; s/^ +//' |
      sort | uniq -c | sort -rn | head -20 | sed 's/^/  /'
    ls -t "$dir/findings" | head -"$((found > 0 ? found : 1))" |
      sed "s|^|  finding: $dir/findings/|"
    echo "  log: $log"
    return 1
  fi
  return 0
}

[ $# -ge 1 ] || usage
case "$1" in
list)
  printf '%s\n' "${targets[@]}"; exit 0 ;;
repro)
  [ $# -ge 3 ] && known "$2" || usage
  build_fuzzers
  target=$2; shift 2
  exec "$build/bin/tfg-fuzz-$target" "${limits[@]}" "$@" ;;
minimize)
  [ $# -eq 3 ] && known "$2" || usage
  build_fuzzers
  out="$3.min"
  "$build/bin/tfg-fuzz-$2" "${limits[@]}" -minimize_crash=1 -runs=20000 \
    -exact_artifact_path="$out" "$3" > "$out.log" 2>&1
  ls -l "$out" && echo "log: $out.log"; exit 0 ;;
all)
  [ $# -ge 2 ] || usage
  seconds=$2; shift 2
  build_fuzzers
  status=0
  for t in "${targets[@]}"; do
    fuzz_one "$t" "$seconds" "$@" || status=1
  done
  exit $status ;;
*)
  [ $# -ge 2 ] && known "$1" || usage
  target=$1 seconds=$2; shift 2
  build_fuzzers
  fuzz_one "$target" "$seconds" "$@" ;;
esac
