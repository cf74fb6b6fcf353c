#!/bin/bash
# Fails when docs/generated/ is not what mlir-tblgen makes of the current
# .td files (a dialect, op, attribute, type or pass changed and the docs
# were not regenerated).
# Usage: utils/check-docs.sh [BUILD_DIR]   (default: build/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-${TFG_BUILD_DIR:-$root/build}}" && pwd)
ninja -C "$build" tfg-docs > /dev/null
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
cp "$build"/docs/TFG*.md "$fresh/"
if ! diff -ru "$root/docs/generated" "$fresh" > "$build/docs.diff" 2>&1; then
  head -40 "$build/docs.diff"
  echo
  echo "FAIL: docs/generated/ is stale (full diff: $build/docs.diff)."
  echo "      Run utils/update-docs.sh $build and check in docs/generated/."
  exit 1
fi
echo "docs check: OK (docs/generated/ is up to date)"
