#!/bin/bash
# Compile time of tfg-run for every corpus model (the models under
# CORPUS/tfjs and CORPUS/frozen with a reference folder), optionally against
# a second tfg-run (BASE, e.g. one built from an older commit), with the
# run latency of each. See bench/README.md ("Compile-time benchmark") and
# docs/design.md ("Compile time").
#
#   bench/compile_time.sh [BUILD_DIR] [CORPUS_DIR] [--base TFG_RUN]
#       [--rounds 3] [--runs 10] [--models iris,posenet,...]
#
# Each round compiles (and runs, --runs times, checking the outputs against
# the reference: a fast compile of wrong code fails) every model with each
# binary back to back (new, base, new, base, ...: the machine drifts, only
# ratios taken side by side count). The table has, per model, the median
# over the rounds of: the compile time (wall, what tfg-run prints: import
# to callable code), its CPU time (user + system of the whole process: the
# compile dominates it, and it moves less than wall time on a loaded
# machine), the median run latency; with --base, the same for the base and
# the ratios base / new (> 1: the new one is faster). The last line says
# whether every model compiled in at most 2 s (the target of issue 16).
# Every compile is cold: the compiled-model cache starts empty each time.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
corpus=${TFG_CORPUS_DIR:-$root/../shared/corpus}
[ $# -gt 0 ] && [ "${1#--}" = "$1" ] && { build=$1; shift; }
[ $# -gt 0 ] && [ "${1#--}" = "$1" ] && { corpus=$1; shift; }
base=""
rounds=3
runs=10
only=""
while [ $# -gt 0 ]; do
  case $1 in
    --base) base=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --models) only=$2; shift 2 ;;
    *) echo "compile_time: unknown option $1" >&2; exit 2 ;;
  esac
done
run="$build/bin/tfg-run"
[ -x "$run" ] || { echo "compile_time: $run not built" >&2; exit 2; }
[ -z "$base" ] || [ -x "$base" ] || { echo "compile_time: $base not executable" >&2; exit 2; }
[ -d "$corpus/tfjs" ] || { echo "compile_time: no corpus at $corpus" >&2; exit 2; }

# name|model|reference folder|TFG pipeline (as utils/run-corpus.sh)
specs=()
for json in "$corpus"/tfjs/*.json; do
  name=$(basename "$json" .json)
  [ -d "$corpus/tfjs-ref/$name" ] && specs+=("$name|$json|$corpus/tfjs-ref/$name|")
done
for pb in "$corpus"/frozen/*.pb; do
  name=$(basename "$pb" .pb)
  [ -d "$corpus/frozen-ref/$name" ] || continue
  case $name in
    tf_study) specs+=("$name|$pb|$corpus/frozen-ref/$name|tfg-bind-placeholders{bindings=training=false},tfg-eliminate-switch-merge") ;;
    *) specs+=("$name|$pb|$corpus/frozen-ref/$name|") ;;
  esac
done

median() { sort -g | awk '{v[NR]=$1} END {if (NR) print v[int((NR+1)/2)]; else print "-"}'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
# One measurement: compile s, CPU s, latency ms into $tmp/<name>.<tag>.
measure() { # tag binary name model ref pipeline
  local out="$tmp/log"
  # A cold compile: an empty compiled-model cache each time (an environment
  # variable, not --no-cache, which an older BASE does not know; storing the
  # entry is part of a cold compile).
  rm -rf "$tmp/cache"
  XDG_CACHE_HOME="$tmp/cache" /usr/bin/time -f "cpu %U %S" "$2" "$4" \
    --compare "$5" --runs "$runs" ${6:+--pipeline "$6"} > "$out" 2>&1
  local status=$?
  if [ $status -ne 0 ]; then
    echo "compile_time: $3 failed with $2:" >&2
    grep -E "error|FAIL" "$out" | head -3 >&2
    failed=1
    return
  fi
  local compile cpu latency
  compile=$(grep -oE "^compile: [0-9.]+" "$out" | cut -d' ' -f2)
  cpu=$(awk '/^cpu /{print $2 + $3}' "$out")
  latency=$(grep -oE "median [0-9.]+ ms" "$out" | cut -d' ' -f2)
  echo "$compile $cpu $latency" >> "$tmp/$3.$1"
}
for ((round = 0; round < rounds; ++round)); do
  for spec in "${specs[@]}"; do
    IFS='|' read -r name model ref pipeline <<< "$spec"
    [ -z "$only" ] || [[ ",$only," == *",$name,"* ]] || continue
    measure new "$run" "$name" "$model" "$ref" "$pipeline"
    [ -z "$base" ] || measure base "$base" "$name" "$model" "$ref" "$pipeline"
  done
done

col() { [ -f "$1" ] && awk -v c="$2" '{print $c}' "$1" | median || echo -; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a > 0 && b > 0) printf "%.2f", a / b; else print "-"}'; }
if [ -z "$base" ]; then
  printf "%-20s %10s %8s %11s\n" model compile cpu latency
else
  printf "%-20s %10s %10s %6s %8s %8s %6s %11s %11s %6s\n" model compile "base" ratio \
    cpu "base" ratio latency "base" ratio
fi
over=0
for spec in "${specs[@]}"; do
  IFS='|' read -r name _ <<< "$spec"
  [ -z "$only" ] || [[ ",$only," == *",$name,"* ]] || continue
  c=$(col "$tmp/$name.new" 1); u=$(col "$tmp/$name.new" 2); l=$(col "$tmp/$name.new" 3)
  awk -v c="$c" 'BEGIN {exit !(c == "-" || c > 2)}' && over=1
  if [ -z "$base" ]; then
    printf "%-20s %9ss %7ss %8s ms\n" "$name" "$c" "$u" "$l"
  else
    bc=$(col "$tmp/$name.base" 1); bu=$(col "$tmp/$name.base" 2); bl=$(col "$tmp/$name.base" 3)
    printf "%-20s %9ss %9ss %6s %7ss %7ss %6s %8s ms %8s ms %6s\n" "$name" "$c" "$bc" \
      "$(ratio "$bc" "$c")" "$u" "$bu" "$(ratio "$bu" "$u")" "$l" "$bl" "$(ratio "$bl" "$l")"
  fi
done
if [ $over -eq 0 ]; then
  echo "compile time: every model at most 2 s"
else
  echo "compile time: some model over 2 s (or failed)"
fi
exit $failed
