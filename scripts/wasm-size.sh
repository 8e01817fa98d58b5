#!/usr/bin/env bash
# Measures what a page downloads from web/dist, gzipped (gzip -9), for the SIMD128 and the plain build:
#   api      the wrapper + that build's glue + its .wasm             (a page that calls createTypeLattice)
#   element  the same + the <type-lattice> element (type-lattice.mjs) (a page with the figure)
# and the single-file build (typelattice.single.mjs: wrapper, plain glue and .wasm in one file). Fails when a
# page is over its budget (defaults: api 109 KB, element 118 KB, single 138 KB; docs/wasm.md, "Size", says why).
# Usage: scripts/wasm-size.sh [DIST_DIR] [API_BUDGET_BYTES] [ELEMENT_BUDGET_BYTES] [SINGLE_BUDGET_BYTES]
set -euo pipefail
dist=${1:-"$(cd "$(dirname "$0")/.." && pwd)/web/dist"}
api_budget=${2:-$((109 * 1024))}
element_budget=${3:-$((118 * 1024))}
single_budget=${4:-$((138 * 1024))}
gz() { gzip -9 -c "$1" | wc -c; }
kb() { printf '%d.%d KB' $(($1 / 1024)) $((($1 % 1024) * 10 / 1024)); }
status=0
check() {  # name bytes budget
  if [ "$2" -gt "$3" ]; then
    echo "$1: $2 bytes gzipped is over the budget of $3 bytes" >&2
    status=1
  fi
}
for f in typelattice.mjs type-lattice.mjs typelattice.single.mjs; do
  [ -f "$dist/$f" ] || { echo "missing $dist/$f: build with cmake --preset wasm && cmake --build --preset wasm" >&2; exit 1; }
done
wrapper=$(gz "$dist/typelattice.mjs"); element=$(gz "$dist/type-lattice.mjs")
printf '%-22s %8s %8s %8s %8s %10s %12s\n' build wrapper glue wasm element 'api page' 'element page'
for build in typelattice-core-simd typelattice-core; do
  for f in "$build.mjs" "$build.wasm"; do
    [ -f "$dist/$f" ] || { echo "missing $dist/$f" >&2; exit 1; }
  done
  glue=$(gz "$dist/$build.mjs"); wasm=$(gz "$dist/$build.wasm")
  api=$((wrapper + glue + wasm)); page=$((api + element))
  printf '%-22s %8d %8d %8d %8d %10s %12s\n' "$build" "$wrapper" "$glue" "$wasm" "$element" "$(kb $api)" "$(kb $page)"
  check "$build api page" "$api" "$api_budget"
  check "$build element page" "$page" "$element_budget"
done
single=$(gz "$dist/typelattice.single.mjs")
printf '%-22s %47s\n' typelattice.single.mjs "$(kb "$single") (the API, plain build, one file)"
check "typelattice.single.mjs" "$single" "$single_budget"
exit $status
