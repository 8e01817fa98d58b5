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
build_pid=
build_log=$(mktemp)
# A failed build ends the script early: stop the install and the builds in the background, remove their logs.
trap 'kill "$npm_pid" 2>/dev/null || true; [ -z "$build_pid" ] || kill -- -"$build_pid" 2>/dev/null || kill "$build_pid" 2>/dev/null || true
      rm -f "$npm_log" "$build_log"' EXIT
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
# The sanitizer and fuzz builds compile while the native tests run, at the lowest CPU priority: they take the time
# the tests leave idle (browsers and the app waiting on each other) and yield whenever a test wants the CPU. In a
# session of their own (so that a failure can stop them all), whose scheduler group (Linux's autogroup) gets the
# lowest priority too: a new session is a new group, and a group at the default weight would take half the CPU.
cmake --preset debug >/dev/null
[ ! -f tests/fuzz/CMakeLists.txt ] || cmake --preset fuzz >/dev/null
setsid --wait bash -c 'set -e
  echo 19 2>/dev/null >/proc/self/autogroup || true
  nice -n 19 cmake --build --preset debug -j "$1"
  [ ! -f tests/fuzz/CMakeLists.txt ] || nice -n 19 cmake --build --preset fuzz -j "$1"' _ "$jobs" >"$build_log" 2>&1 &
build_pid=$!
step "native tests (unit, CLI, exhaustive with stride $TYPELATTICE_STRIDE, wasm, browser, app), sanitizer and fuzz builds alongside"
ctest --preset native -j "$jobs" --timeout 3000
step "sanitizer build (ASan + UBSan; what is left of it) and unit tests"
build_status=0
wait "$build_pid" || build_status=$?
build_pid=
cat "$build_log"
[ "$build_status" -eq 0 ] || { echo "the sanitizer or fuzz build failed ($build_status)" >&2; exit 1; }
ctest --preset debug -L unit -j "$jobs"
if [ -f tests/fuzz/CMakeLists.txt ]; then
  step "fuzz targets (short run)"
  ctest --test-dir build/fuzz -L fuzz --output-on-failure -j "$jobs"  # each target fuzzes on one core
fi
step "done"
