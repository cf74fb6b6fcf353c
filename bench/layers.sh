#!/bin/bash
# TFG against ONNX Runtime on the five workloads of issue 16 (conv 3x3, conv 1x1,
# depthwise, MatMul, MobileNet v1) at 1 and 2 threads, interleaved, outputs
# compared, and every MobileNet v1 layer alone; writes the "layers" section of
# bench/results.md. See bench/README.md; `bench/layers.sh --help` lists the
# options. The work is in bench/layers.mjs; this wrapper only checks for Node.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
node=${NODE:-node}
if ! command -v "$node" >/dev/null 2>&1; then
  echo "bench/layers: missing prerequisites:" >&2
  echo "  - node (Node.js >= 18) is not on PATH (Debian: apt-get install nodejs)" >&2
  exit 3
fi
exec "$node" "$here/layers.mjs" "$@"
