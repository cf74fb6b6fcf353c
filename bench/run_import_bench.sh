#!/usr/bin/env bash
# The import/export benchmark: TFG's GraphDef import, export and round trip
# against a plain protobuf parse + serialize of the same file, in the same run.
#
#   bench/run_import_bench.sh [BUILD_DIR] [--nodes N] [--weights-mb M]
#                             [--repeat R] [--import-threads T] [--out DIR]
#                             [--strict]
#
# BUILD_DIR (default: build/) must hold the tools already; this script builds
# nothing. Build them with
#   ninja -C BUILD_DIR tfg-translate tfg-graph-diff tfg-bench-make-graph \
#                      tfg-bench-proto-baseline tfg-bench-phases
#
# Two synthetic graphs are generated into DIR (default bench/out/, ignored by
# git): N nodes (default 1000000) and M MiB of float weights (default 100).
# For each, every action runs R times (default 3, interleaved) under GNU
# /usr/bin/time; the table shows the median wall time, the median CPU time
# (user + system) and the median peak RSS:
#   baseline   tfg-bench-proto-baseline: parse as GraphDef + serialize back
#   import     tfg-bench-phases --import-only: importModelFile, as
#              tfg-translate does it, then the module is destroyed
#   roundtrip  tfg-translate --roundtrip X -o Y.pb: import + export
#   export     roundtrip - import (derived, not run on its own)
# with the ratios to the baseline's wall and CPU times (each the median of
# the per-round ratios: a round's runs are seconds apart, so they share the
# machine's load), peak RSS (MaxRSS), peak RSS / file size, peak RSS /
# the baseline's, and peak RSS / file size less the program's start-up RSS
# (measured on a 10-node graph: shared library pages, ~90 MiB for TFG's
# tools).
# The import and the round trip run with --import-threads T (default 1: the
# 2x target is for one thread, as the baseline has; 0 = one per core).
# Targets (PASS/FAIL lines): roundtrip within 2x of the baseline for both
# graphs, in CPU time with one import thread (on a shared machine the wall
# time counts whatever else ran; both are single-threaded then, so their
# CPU times are the work each does), in wall time with more; peak RSS of
# the round trip within 2x the file size for the weights-heavy graph. The round-trip output is checked once per graph with
# tfg-graph-diff (and whether it is byte-identical is noted).
# Exit status: 0 whatever the outcome; with --strict, 1 if a check FAILs.
# 2 on errors (a tool missing or failing).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_dir=$(dirname "$script_dir")

build_dir=""
nodes=1000000
weights_mb=100
repeat=3
import_threads=1
out_dir="$script_dir/out"
strict=0

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
  exit "${1:-2}"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes=$2; shift 2 ;;
    --nodes=*) nodes=${1#*=}; shift ;;
    --weights-mb) weights_mb=$2; shift 2 ;;
    --weights-mb=*) weights_mb=${1#*=}; shift ;;
    --repeat) repeat=$2; shift 2 ;;
    --repeat=*) repeat=${1#*=}; shift ;;
    --import-threads) import_threads=$2; shift 2 ;;
    --import-threads=*) import_threads=${1#*=}; shift ;;
    --out) out_dir=$2; shift 2 ;;
    --out=*) out_dir=${1#*=}; shift ;;
    --strict) strict=1; shift ;;
    -h|--help) usage 0 ;;
    -*) echo "unknown option: $1" >&2; usage ;;
    *)
      [ -z "$build_dir" ] || { echo "one build directory only" >&2; usage; }
      build_dir=$1; shift ;;
  esac
done
build_dir=${build_dir:-$repo_dir/build}
for v in "$nodes" "$weights_mb" "$repeat" "$import_threads"; do
  [[ "$v" =~ ^[0-9]+$ ]] || { echo "not a number: $v" >&2; usage; }
done
[ "$repeat" -ge 1 ] && [ "$weights_mb" -ge 1 ] || usage

# Tools.
if ! /usr/bin/time --version 2>&1 | grep -q "GNU"; then
  echo "error: GNU time (/usr/bin/time) is needed: apt-get install time" >&2
  exit 2
fi
bin="$build_dir/bin"
missing=()
for tool in tfg-translate tfg-graph-diff tfg-bench-make-graph \
            tfg-bench-proto-baseline tfg-bench-phases; do
  [ -x "$bin/$tool" ] || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "error: not built in $build_dir: ${missing[*]}" >&2
  echo "  ninja -C $build_dir ${missing[*]}" >&2
  exit 2
fi
mkdir -p "$out_dir"
log="$out_dir/bench.log"
: > "$log"

# run_timed FILE CMD...: runs CMD under GNU time, appends
# "wall maxrss_kb cpu" to FILE; the command's output goes to the log.
run_timed() {
  local record=$1; shift
  local t="$out_dir/.time"
  echo "\$ $*" >> "$log"
  if ! /usr/bin/time -f "%e %M %U %S" -o "$t" "$@" >> "$log" 2>&1; then
    echo "error: failed: $*  (see $log)" >&2
    tail -5 "$log" >&2
    exit 2
  fi
  tail -1 "$t" | awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' >> "$record"
}

# median FILE COLUMN: the median of one column (lower middle for even counts).
median() {
  sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c }
    END { print v[int((NR + 1) / 2)] }'
}

size_of() { stat -c %s "$1"; }

# ratio_median A B COLUMN: the median over rounds of A's value / B's (row by
# row: the rounds are in the same order in both files).
ratio_median() {
  paste "$1" "$2" | awk -v c="$3" -v n="$(head -1 "$1" | wc -w)" \
    '{ b = $(n + c); print (b > 0 ? $c / b : 0) }' | sort -g |
    awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] }'
}

# Fixed cost of a process: peak RSS on a 10-node graph (mostly pages of the
# shared libraries: libLLVM, libMLIR, libprotobuf).
"$bin/tfg-bench-make-graph" --kind=nodes --nodes 10 -o "$out_dir/tiny.pb" >> "$log"
: > "$out_dir/tiny.base"; : > "$out_dir/tiny.import"; : > "$out_dir/tiny.rt"
run_timed "$out_dir/tiny.base" "$bin/tfg-bench-proto-baseline" "$out_dir/tiny.pb" "$out_dir/tiny.base.pb"
run_timed "$out_dir/tiny.import" "$bin/tfg-bench-phases" --import-only --import-threads "$import_threads" "$out_dir/tiny.pb"
run_timed "$out_dir/tiny.rt" "$bin/tfg-translate" --import-threads "$import_threads" --roundtrip "$out_dir/tiny.pb" -o "$out_dir/tiny.rt.pb"
startup_base_kb=$(median "$out_dir/tiny.base" 2)
startup_import_kb=$(median "$out_dir/tiny.import" 2)
startup_tfg_kb=$(median "$out_dir/tiny.rt" 2)

fails=0
results=()
verdicts=()

bench_graph() {
  local label=$1 kind=$2 arg=$3
  local pb="$out_dir/$label.pb"
  echo "== $label: generating ($kind $arg)" >&2
  "$bin/tfg-bench-make-graph" --kind="$kind" "$arg" -o "$pb" | tee -a "$log" >&2
  local size; size=$(size_of "$pb")
  local rec_base="$out_dir/$label.baseline" rec_imp="$out_dir/$label.import"
  local rec_rt="$out_dir/$label.roundtrip"
  : > "$rec_base"; : > "$rec_imp"; : > "$rec_rt"
  for ((i = 1; i <= repeat; ++i)); do
    echo "== $label: run $i/$repeat" >&2
    run_timed "$rec_base" "$bin/tfg-bench-proto-baseline" "$pb" "$out_dir/$label.base.pb"
    run_timed "$rec_imp" "$bin/tfg-bench-phases" --import-only --import-threads "$import_threads" "$pb"
    run_timed "$rec_rt" "$bin/tfg-translate" --import-threads "$import_threads" --roundtrip "$pb" -o "$out_dir/$label.rt.pb"
  done
  echo "== $label: checking the round trip with tfg-graph-diff" >&2
  local diff_out
  if diff_out=$("$bin/tfg-graph-diff" "$out_dir/$label.rt.pb" "$pb" 2>&1); then
    verdicts+=("PASS  $label: round trip equals the input ($diff_out)")
  else
    verdicts+=("FAIL  $label: round trip differs from the input: $(echo "$diff_out" | head -5)")
    fails=$((fails + 1))
  fi
  if cmp -s "$out_dir/$label.rt.pb" "$pb"; then
    verdicts+=("info  $label: the round trip is byte-identical to the input")
  else
    verdicts+=("info  $label: the round trip is not byte-identical to the input (tfg-graph-diff decides)")
  fi
  local tb ti tr mb mi mr cb ci cr
  tb=$(median "$rec_base" 1); mb=$(median "$rec_base" 2); cb=$(median "$rec_base" 3)
  ti=$(median "$rec_imp" 1); mi=$(median "$rec_imp" 2); ci=$(median "$rec_imp" 3)
  tr=$(median "$rec_rt" 1); mr=$(median "$rec_rt" 2); cr=$(median "$rec_rt" 3)
  local wi wr ui ur
  wi=$(ratio_median "$rec_imp" "$rec_base" 1); wr=$(ratio_median "$rec_rt" "$rec_base" 1)
  ui=$(ratio_median "$rec_imp" "$rec_base" 3); ur=$(ratio_median "$rec_rt" "$rec_base" 3)
  results+=("$label $size $tb $mb $cb $ti $mi $ci $wi $ui $tr $mr $cr $wr $ur")

  local ratio basis
  if [ "$import_threads" = 1 ]; then ratio=$ur; basis="CPU time"; else ratio=$wr; basis="wall time"; fi
  local range
  range=$(paste "$rec_rt" "$rec_base" | awk -v c="$([ "$import_threads" = 1 ] && echo 3 || echo 1)" \
    '{ r = $(3 + c) > 0 ? $c / $(3 + c) : 0; lo = (NR == 1 || r < lo) ? r : lo; hi = r > hi ? r : hi }
     END { printf "%.2f-%.2f", lo, hi }')
  if awk -v r="$ratio" 'BEGIN { exit !(r <= 2.0) }'; then
    verdicts+=("PASS  $label: roundtrip / baseline = $ratio <= 2.0 ($basis, median of $repeat rounds, range $range)")
  else
    verdicts+=("FAIL  $label: roundtrip / baseline = $ratio > 2.0 ($basis, median of $repeat rounds, range $range)")
    fails=$((fails + 1))
  fi
  verdicts+=("info  $label: roundtrip peak RSS = $(awk -v m="$mr" -v b="$mb" 'BEGIN { printf "%.2f", m / b }')x the baseline's, $(awk -v m="$mr" -v s="$size" 'BEGIN { printf "%.2f", m * 1024 / s }')x the file (the baseline: $(awk -v m="$mb" -v s="$size" 'BEGIN { printf "%.2f", m * 1024 / s }')x)")
  if [ "$kind" = weights ]; then
    local mratio net
    mratio=$(awk -v m="$mr" -v s="$size" 'BEGIN { printf "%.2f", m * 1024 / s }')
    net=$(awk -v m="$mr" -v b="$startup_tfg_kb" -v s="$size" 'BEGIN { printf "%.2f", (m - b) * 1024 / s }')
    if awk -v r="$mratio" 'BEGIN { exit !(r <= 2.0) }'; then
      verdicts+=("PASS  $label: roundtrip peak RSS / file size = $mratio <= 2.0 ($net without the start-up RSS)")
    else
      verdicts+=("FAIL  $label: roundtrip peak RSS / file size = $mratio > 2.0 ($net without the start-up RSS)")
      fails=$((fails + 1))
    fi
  fi
}

start=$SECONDS
bench_graph nodes nodes "--nodes=$nodes"
bench_graph weights weights "--weights-mb=$weights_mb"

echo
echo "TFG import/export benchmark: median of $repeat runs, --import-threads $import_threads, $(nproc) CPUs, $(date -u +%F)"
echo
printf "%-8s %9s  %-10s %8s %7s %8s %7s %9s %8s %8s %8s\n" graph "file MiB" action "wall s" ratio "CPU s" ratio "peak MiB" "RSS/base" "RSS/file" "net/file"
for r in "${results[@]}"; do
  # shellcheck disable=SC2086
  set -- $r
  awk -v g="$1" -v s="$2" -v tb="$3" -v mb="$4" -v cb="$5" -v ti="$6" -v mi="$7" \
      -v ci="$8" -v wi="$9" -v ui="${10}" -v tr="${11}" -v mr="${12}" -v cr="${13}" \
      -v wr="${14}" -v ur="${15}" -v sb="$startup_base_kb" -v si="$startup_import_kb" \
      -v st="$startup_tfg_kb" 'BEGIN {
    f = s / 1048576
    row(g, sprintf("%.1f", f), "baseline", tb, 1, cb, 1, mb, sb)
    row("", "", "import", ti, wi, ci, ui, mi, si)
    row("", "", "export", tr - ti, (tr - ti) / tb, cr - ci, (cr - ci) / cb, "", 0)
    row("", "", "roundtrip", tr, wr, cr, ur, mr, st)
  }
  function row(g, fs, a, t, tratio, c, cratio, m, base) {
    printf "%-8s %9s  %-10s %8.2f %6.2fx %8.2f %6.2fx %9s %8s %8s %8s\n", g, fs, a,
      t, tratio, c, cratio,
      (m == "" ? "-" : sprintf("%.0f", m / 1024)),
      (m == "" ? "-" : sprintf("%.2fx", m / mb)),
      (m == "" ? "-" : sprintf("%.2fx", m * 1024 / s)),
      (m == "" ? "-" : sprintf("%.2fx", (m - base) * 1024 / s))
  }'
done
echo
awk -v b="$startup_base_kb" -v i="$startup_import_kb" -v t="$startup_tfg_kb" 'BEGIN {
  printf "net/file: peak RSS less the start-up RSS of the same program on a 10-node\n"
  printf "graph (shared library pages): %.0f MiB for the baseline, %.0f MiB for\n", b / 1024, i / 1024
  printf "tfg-bench-phases (import), %.0f MiB for tfg-translate.\n", t / 1024 }'
echo "export = roundtrip - import (of the medians). The import and roundtrip ratios are"
echo "medians of the per-round ratios. Logs and files: $out_dir (took $((SECONDS - start)) s)"
echo
for v in "${verdicts[@]}"; do echo "$v"; done
if [ "$strict" = 1 ] && [ "$fails" -gt 0 ]; then
  exit 1
fi
exit 0
