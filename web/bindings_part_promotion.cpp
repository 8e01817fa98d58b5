// The promotion part of the module (typelattice-promotion{,-simd}.wasm): systems, lattices, joins, reasons, tables,
// compare, the design story, user graphs and their JSON, edge routes. bindings_edge_routes.cpp,
// bindings_lattice_json.cpp and bindings_story.cpp register themselves; web/CMakeLists.txt lists the files.
#include <emscripten/bind.h>

#include "typelattice/cast_kernels.h"
#include "web/bindings.h"
#include "web/bindings_promotion.h"

namespace {
// The build's instruction set: in wasm SIMD128 is chosen at build time (the formats part's best_isa() answers the
// same). Asking best_isa() here would link every cast kernel into a part that runs none (23 KB of code).
#ifdef __wasm_simd128__
constexpr typelattice::Isa kBuildIsa = typelattice::Isa::wasm_simd128;
#else
constexpr typelattice::Isa kBuildIsa = typelattice::Isa::scalar;
#endif
}  // namespace

EMSCRIPTEN_BINDINGS(typelattice_promotion_part) {
  using namespace typelattice::web;
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  register_limits();
  emscripten::function("isa", +[] { return js_string(typelattice::isa_name(kBuildIsa)); });
  register_promotion_bindings();
}
