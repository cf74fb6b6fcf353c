#!/bin/bash
# Round-trips every model file in a folder through TFG and checks the
# contract: import -> export equals the input (tfg-graph-diff), and a second
# round trip reproduces the first byte for byte.
# Usage: roundtrip-all.sh <folder> <glob> <scratch dir>
set -u
dir=$1; glob=$2; out=$3
mkdir -p "$out"
status=0; count=0
for f in "$dir"/$glob; do
  name=$(basename "$f")
  count=$((count + 1))
  if ! tfg-translate --roundtrip "$f" -o "$out/$name.1.pb"; then
    echo "FAIL import/export: $name"; status=1; continue
  fi
  if ! tfg-translate --roundtrip "$out/$name.1.pb" -o "$out/$name.2.pb"; then
    echo "FAIL second round trip: $name"; status=1; continue
  fi
  if ! cmp -s "$out/$name.1.pb" "$out/$name.2.pb"; then
    echo "FAIL not a fixed point: $name"; status=1; continue
  fi
  # A meta graph or tfjs model compares through its exported GraphDef only.
  case "$name" in
    *.pb|*.pbtxt)
      if ! tfg-graph-diff "$f" "$out/$name.1.pb" > "$out/$name.diff"; then
        echo "FAIL differs from the input: $name"; cat "$out/$name.diff"
        status=1; continue
      fi;;
  esac
  echo "OK $name"
done
echo "checked $count files"
exit $status
