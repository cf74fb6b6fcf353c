#!/bin/bash
# Regenerates the dialect/op/attr/type/pass reference (mlir-tblgen, target
# tfg-docs) and copies it into docs/generated/, which is checked in.
# Usage: utils/update-docs.sh [BUILD_DIR]   (default: build/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-${TFG_BUILD_DIR:-$root/build}}" && pwd)
ninja -C "$build" tfg-docs > /dev/null
mkdir -p "$root/docs/generated"
rm -f "$root"/docs/generated/*.md
cp "$build"/docs/TFG*.md "$root/docs/generated/"
echo "updated docs/generated/ from $build/docs: $(cd "$root/docs/generated" && ls | tr '\n' ' ')"
