// The codecs part of the module (typelattice-codecs{,-simd}.wasm): the formats beyond the minifloats, the tapered
// formats and blocks as their libraries store them. Loaded by the first tl.taperedFormat or tl.storedBlocks call,
// never by createTypeLattice; web/CMakeLists.txt lists its files.
#include <emscripten/bind.h>

#include "web/bindings.h"
#include "web/bindings_stored_blocks.h"
#include "web/bindings_tapered.h"

EMSCRIPTEN_BINDINGS(typelattice_codecs_part) {
  using namespace typelattice::web;
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  register_limits();
  register_tapered_bindings();
  register_stored_block_bindings();
}
