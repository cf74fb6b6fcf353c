#!/bin/bash
# Checks that the C++ sources are formatted with the repo's .clang-format
# (LLVM style), as clang-format-22 writes them. Lists the files that are not.
#   utils/check-format.sh          check
#   utils/check-format.sh --fix    reformat them in place
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
format=clang-format-22
command -v "$format" >/dev/null || format=/usr/lib/llvm-22/bin/clang-format
if ! command -v "$format" >/dev/null; then
  echo "check-format: clang-format-22 not found (utils/setup-debian.sh installs it)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files '*.cpp' '*.h' ':!:test/**')
if [ "${1:-}" = "--fix" ]; then
  "$format" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$format" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -ne 0 ]; then
  echo "check-format: ${#bad[@]} file(s) not formatted (run utils/check-format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
