#!/usr/bin/env bash
# Measures what a page downloads from web/dist, gzipped (gzip -9), for the SIMD128 and the plain build:
#   api      the wrapper + the whole module's glue and .wasm           (a page that calls createTypeLattice())
#   element  the <type-lattice> element (type-lattice.mjs) + the wrapper + the promotion part's glue and .wasm
#            (a page with a lattice or table figure: the element loads only that part)
#   bits     the element + the wrapper + the formats part's glue and .wasm (a page with <type-lattice view="bits">)
# and the single-file build (typelattice.single.mjs: wrapper, the whole module's plain glue and .wasm in one file).
# Fails when a page is over its budget (defaults: api 115 KB, element 118 KB, bits 80 KB, single 138 KB;
# docs/wasm.md, "Size").
# scripts/page-weight.mjs measures the same pages as Chromium fetches them.
# Usage: scripts/wasm-size.sh [DIST_DIR] [API_BUDGET_BYTES] [ELEMENT_BUDGET_BYTES] [SINGLE_BUDGET_BYTES]
set -euo pipefail
dist=${1:-"$(cd "$(dirname "$0")/.." && pwd)/web/dist"}
api_budget=${2:-$((115 * 1024))}
element_budget=${3:-$((118 * 1024))}
single_budget=${4:-$((138 * 1024))}
bits_budget=$((80 * 1024))
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
part() {  # build file stem -> gzipped glue + .wasm
  for f in "$1.mjs" "$1.wasm"; do
    [ -f "$dist/$f" ] || { echo "missing $dist/$f" >&2; exit 1; }
  done
  echo $(($(gz "$dist/$1.mjs") + $(gz "$dist/$1.wasm")))
}
wrapper=$(gz "$dist/typelattice.mjs"); element=$(gz "$dist/type-lattice.mjs")
printf '%-8s %8s %8s %10s %8s %8s %10s %12s %10s\n' build wrapper whole promotion formats element 'api page' \
       'element page' 'bits page'
for build in simd plain; do
  suffix=$([ $build = simd ] && echo -simd || true)
  whole=$(part "typelattice-core$suffix")
  promotion=$(part "typelattice-promotion$suffix"); formats=$(part "typelattice-formats$suffix")
  api=$((wrapper + whole)); page=$((wrapper + promotion + element)); bits=$((wrapper + formats + element))
  printf '%-8s %8d %8d %10d %8d %8d %10s %12s %10s\n' "$build" "$wrapper" "$whole" "$promotion" "$formats" "$element" \
         "$(kb $api)" "$(kb $page)" "$(kb $bits)"
  check "$build api page" "$api" "$api_budget"
  check "$build element page" "$page" "$element_budget"
  check "$build bits page" "$bits" "$bits_budget"
done
single=$(gz "$dist/typelattice.single.mjs")
printf '%-8s %56s\n' single "$(kb "$single") (the API, plain builds, one file: typelattice.single.mjs)"
check "typelattice.single.mjs" "$single" "$single_budget"
exit $status
