// The whole module (typelattice-core{,-simd}.wasm): the promotion and the formats parts' bindings in one build,
// for callers that want everything (createTypeLattice() without parts, the single-file build). The instruction
// set (isa) comes with the format bindings. web/CMakeLists.txt lists the files.
#include <emscripten/bind.h>

#include "web/bindings.h"
#include "web/bindings_blocks.h"
#include "web/bindings_formats.h"
#include "web/bindings_promotion.h"

EMSCRIPTEN_BINDINGS(typelattice_whole) {
  using namespace typelattice::web;
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  register_limits();
  register_promotion_bindings();
  register_format_bindings();
  register_block_bindings();
}
