#!/bin/bash
# Where a compiled model spends its time, per layer and per thread: runs
# tfg-run under `perf record` with the JIT's perf listener, maps each
# function of the compiled code (one per outermost loop nest:
# tfg-cpu-outline-loop-nests) to the graph nodes it comes from (tfg-run
# --dump-nests), and prints a markdown table of milliseconds per run on
# each thread, the OpenMP runtime (barrier waits and spinning), libc and
# the kernel. See bench/README.md ("Profiles").
#
#   bench/profile.sh [--build DIR] [--tfg PATH] [--threads N] [--runs N]
#       [--freq HZ] [--top N] [--keep DIR] MODEL [-- TFG_RUN_ARGS...]
#
# Without TFG_RUN_ARGS the model runs on random inputs (--random-inputs).
# Exit status: 0 a table was printed, 1 tfg-run or perf failed, 2 bad
# options, 3 prerequisites missing (perf, python3, the perf event access).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
tfg=""
threads=1
runs=500
freq=4000
top=40
keep=""
model=""
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --tfg) tfg=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --freq) freq=$2; shift 2 ;;
    --top) top=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --help|-h) usage; exit 0 ;;
    --) shift; break ;;
    -*) echo "profile: unknown option $1" >&2; exit 2 ;;
    *) [ -z "$model" ] || { echo "profile: one model, got $model and $1" >&2; exit 2; }
       model=$1; shift ;;
  esac
done
extra=("$@")
[ -n "$model" ] || { usage >&2; exit 2; }
for n in "$threads" "$runs" "$freq" "$top"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "profile: '$n' is not a positive integer" >&2; exit 2; }
done
[ -n "$tfg" ] || tfg=$build/bin/tfg-run
[ -x "$tfg" ] || { echo "profile: $tfg is not built" >&2; exit 3; }
command -v perf >/dev/null || { echo "profile: needs perf (Debian package linux-perf)" >&2; exit 3; }
command -v python3 >/dev/null || { echo "profile: needs python3" >&2; exit 3; }
[ -e "$model" ] || { echo "profile: no model at $model" >&2; exit 2; }
[ ${#extra[@]} -gt 0 ] || extra=(--random-inputs)

work=$(mktemp -d "${TMPDIR:-/tmp}/tfg-profile.XXXXXX") || exit 1
cleanup() { [ -n "$keep" ] || rm -rf "$work"; }
trap cleanup EXIT
if [ -n "$keep" ]; then mkdir -p "$keep" && rm -rf "$work" && work=$keep; fi

# -k 1: the monotonic clock, which the JIT's jitdump records use.
if ! JITDUMPDIR=$work perf record -q -k 1 -F "$freq" -o "$work/perf.data" -- \
    "$tfg" "$model" "${extra[@]}" --threads "$threads" --runs "$runs" --no-cache \
    --dump-nests "$work/nests.tsv" >"$work/run.log" 2>&1; then
  if grep -q 'perf_event_paranoid\|Permission denied\|No permission' "$work/run.log"; then
    echo "profile: perf may not record here (kernel.perf_event_paranoid is $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null)):" >&2
    tail -5 "$work/run.log" >&2
    exit 3
  fi
  echo "profile: tfg-run under perf failed:" >&2
  tail -20 "$work/run.log" >&2
  exit 1
fi
perf inject --jit -i "$work/perf.data" -o "$work/perf.jit.data" 2>>"$work/run.log" ||
  { echo "profile: perf inject --jit failed (see $work/run.log)" >&2; exit 1; }

latency=$(grep -o 'latency: median [0-9.]* ms' "$work/run.log" | head -1)
echo "Profile of $(basename "$model"): --threads $threads, $runs runs, ${latency:-latency not printed}, perf at $freq Hz"
echo
perf script -i "$work/perf.jit.data" -F tid,time,ip,sym,dso 2>/dev/null |
  python3 "$root/bench/lib/profile_table.py" --nests "$work/nests.tsv" \
    --runs "$runs" --freq "$freq" --top "$top"
