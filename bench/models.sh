#!/bin/bash
# TFG against TensorFlow.js (wasm) on every corpus model with a reference
# (the models utils/run-corpus.sh runs): latency, GFLOP/s, compile time and
# the issue 16 targets, interleaved, outputs compared; writes the "models"
# section of bench/results.md. See bench/README.md; `bench/models.sh --help`
# lists the options. The work is in bench/models.mjs; this wrapper only checks
# for Node.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
node=${NODE:-node}
if ! command -v "$node" >/dev/null 2>&1; then
  echo "bench/models: missing prerequisites:" >&2
  echo "  - node (Node.js >= 18) is not on PATH (Debian: apt-get install nodejs)" >&2
  exit 3
fi
exec "$node" "$here/models.mjs" "$@"
