#!/usr/bin/env bash
# Measures what a page downloads for the wasm module, gzipped (gzip -9): the wrapper + one build's glue + its
# .wasm, for the SIMD128 and the plain build. Fails when a build exceeds the budget (default 120 KB).
# Usage: scripts/wasm-size.sh [DIST_DIR] [BUDGET_BYTES]
set -euo pipefail
dist=${1:-"$(cd "$(dirname "$0")/.." && pwd)/web/dist"}
budget=${2:-$((120 * 1024))}
gz() { gzip -9 -c "$1" | wc -c; }
status=0
printf '%-24s %10s %10s %10s %10s\n' build wrapper glue wasm total
for build in typelattice-core-simd typelattice-core; do
  for f in typelattice.mjs "$build.mjs" "$build.wasm"; do
    [ -f "$dist/$f" ] || { echo "missing $dist/$f: build with cmake --preset wasm && cmake --build --preset wasm" >&2; exit 1; }
  done
  wrapper=$(gz "$dist/typelattice.mjs"); glue=$(gz "$dist/$build.mjs"); wasm=$(gz "$dist/$build.wasm")
  total=$((wrapper + glue + wasm))
  printf '%-24s %10d %10d %10d %10d (%d.%d KB)\n' "$build" "$wrapper" "$glue" "$wasm" "$total" \
         $((total / 1024)) $(((total % 1024) * 10 / 1024))
  if [ "$total" -gt "$budget" ]; then
    echo "$build: $total bytes gzipped is over the budget of $budget bytes" >&2
    status=1
  fi
done
exit $status
