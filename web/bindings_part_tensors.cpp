// The tensors part of the module (typelattice-tensors{,-simd}.wasm): checkpoint files' indexes and what each target
// format does to their tensors, the tapered formats, and blocks as their libraries store them. Loaded by the first
// tl.analyze, tl.taperedFormat or tl.storedBlocks call, never by createTypeLattice; web/CMakeLists.txt lists its files.
#include <emscripten/bind.h>

#include "web/bindings.h"
#include "web/bindings_stored_blocks.h"
#include "web/bindings_tapered.h"
#include "web/bindings_tensors.h"

EMSCRIPTEN_BINDINGS(typelattice_tensors_part) {
  using namespace typelattice::web;
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  register_limits();
  register_tensor_bindings();
  register_tapered_bindings();
  register_stored_block_bindings();
}
