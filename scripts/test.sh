#!/usr/bin/env bash
# Runs every test: unit + CLI tests, the exhaustive sweeps with a stride (TYPELATTICE_STRIDE=1 for the full
# 2^32), the sanitizer build, the wasm module under node, the browser tests in Chromium, the native app under
# Xvfb, and a short fuzzing pass. Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test-tools
jobs=$(nproc)
export TYPELATTICE_STRIDE=${TYPELATTICE_STRIDE:-389}

step() { printf '\n==== %s (at %d s) ====\n' "$*" "$SECONDS"; }

# The test fixtures' npm packages download while the builds compile; the tests wait for them.
npm_log=$(mktemp)
scripts/install-deps.sh test-npm >"$npm_log" 2>&1 &
npm_pid=$!
# A failed build ends the script early: stop the install and remove its log.
trap 'kill "$npm_pid" 2>/dev/null || true; rm -f "$npm_log"' EXIT
step "native build"
cmake --preset native >/dev/null
cmake --build --preset native -j "$jobs"
step "wasm build"
NODE_PATH=/usr/share/nodejs cmake --preset wasm >/dev/null
NODE_PATH=/usr/share/nodejs cmake --build --preset wasm -j "$jobs"
step "the test fixtures' npm packages"
npm_status=0
wait "$npm_pid" || npm_status=$?
cat "$npm_log"; rm -f "$npm_log"
[ "$npm_status" -eq 0 ] || { echo "scripts/install-deps.sh test-npm failed ($npm_status)" >&2; exit 1; }
step "native tests (unit, CLI, exhaustive with stride $TYPELATTICE_STRIDE, wasm, browser, app)"
ctest --preset native -j "$jobs" --timeout 3000
step "sanitizer build (ASan + UBSan) and unit tests"
cmake --preset debug >/dev/null
cmake --build --preset debug -j "$jobs"
ctest --preset debug -L unit -j "$jobs"
if [ -f tests/fuzz/CMakeLists.txt ]; then
  step "fuzz targets (short run)"
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz -j "$jobs"
  ctest --test-dir build/fuzz -L fuzz --output-on-failure -j "$jobs"  # each target fuzzes on one core
fi
step "done"
