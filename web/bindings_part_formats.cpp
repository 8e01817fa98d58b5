// The formats part of the module (typelattice-formats{,-simd}.wasm): codecs, casts, rounding, the cast and
// block kernels, block-scaled formats. web/CMakeLists.txt lists its files.
#include <emscripten/bind.h>

#include "web/bindings.h"
#include "web/bindings_blocks.h"
#include "web/bindings_formats.h"

EMSCRIPTEN_BINDINGS(typelattice_formats_part) {
  using namespace typelattice::web;
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  register_limits();
  register_format_bindings();
  register_block_bindings();
}
