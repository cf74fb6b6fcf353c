#!/bin/bash
# Copies the TensorFlow.js reference runner to DEST and installs its pinned
# npm dependencies there (the shared copy is read-only). Skips the install
# when DEST already has them.
#   utils/setup-tfjs-oracle.sh SHARED_TFJS_REF_DIR DEST
set -euo pipefail
src=$1 dest=$2
if [ -d "$dest/node_modules/@tensorflow/tfjs-core" ]; then exit 0; fi
mkdir -p "$dest"
cp -r "$src/." "$dest/"
(cd "$dest" && npm ci --no-audit --no-fund > npm.log 2>&1) || {
  echo "setup-tfjs-oracle: npm ci failed (see $dest/npm.log); oracle tests skipped" >&2
  exit 1; }
