#!/usr/bin/env bash
# Builds the wasm module and serves the playground on http://127.0.0.1:8000. The playground needs only web/dist,
# so it is served as soon as the module is built; the CLI and the native app build alongside (their log:
# build/native-frontends.log). Tests and benchmarks are left to scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
jobs=$(nproc)
NODE_PATH=/usr/share/nodejs cmake --preset wasm >/dev/null
NODE_PATH=/usr/share/nodejs cmake --build --preset wasm -j "$jobs"
mkdir -p build
(
  if cmake --preset native >build/native-frontends.log 2>&1 &&
     cmake --build --preset native -j "$jobs" --target typelattice typelattice-app >>build/native-frontends.log 2>&1; then
    echo "built: CLI build/native/app/typelattice, app build/native/app/gui/typelattice-app"
  else
    echo "the CLI/app build failed: see build/native-frontends.log" >&2
  fi
) &
exec python3 scripts/serve.py --port "${PORT:-8000}"
