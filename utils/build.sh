#!/bin/bash
# Sets up (Debian packages), configures and builds TFG into build/.
# Usage: utils/build.sh [ninja targets...]   (default: all tools)
# TFG_BUILD_DIR picks the build folder (default build/), TFG_CMAKE_ARGS adds
# CMake options (utils/fuzz.sh and utils/sanitize-test.sh use both).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/utils/setup-debian.sh"
build="${TFG_BUILD_DIR:-$root/build}"
corpus="${TFG_CORPUS_DIR:-}"
if [ -z "$corpus" ] && [ -d "$root/../shared/corpus" ]; then
  corpus=$(cd "$root/../shared/corpus" && pwd)
fi
# ccache, when installed, makes rebuilds in extra worktrees cheap; optional.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
mkdir -p "$build"
cmake -G Ninja -S "$root" -B "$build" "${launcher[@]}" \
  -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
  -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLLVM_USE_LINKER=lld \
  -DTFG_CORPUS_DIR="$corpus" ${TFG_CMAKE_ARGS:-} > "$build/configure.log" 2>&1 || {
    cat "$build/configure.log"; exit 1; }
ninja -C "$build" "$@"
