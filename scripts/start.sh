#!/usr/bin/env bash
# Builds everything (native CLI + app, the wasm module) and serves the playground on http://127.0.0.1:8000.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
jobs=$(nproc)
cmake --preset native >/dev/null
cmake --build --preset native -j "$jobs"
NODE_PATH=/usr/share/nodejs cmake --preset wasm >/dev/null
NODE_PATH=/usr/share/nodejs cmake --build --preset wasm -j "$jobs"
echo "CLI: build/native/app/typelattice   app: build/native/app/gui/typelattice-app"
exec python3 scripts/serve.py --port "${PORT:-8000}"
