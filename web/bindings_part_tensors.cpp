// The tensors part of the module (typelattice-tensors{,-simd}.wasm): checkpoint files' indexes and what each target
// format does to their tensors. Loaded by the first tl.analyze call, never by createTypeLattice; web/CMakeLists.txt
// lists its files.
#include <emscripten/bind.h>

#include "web/bindings.h"
#include "web/bindings_tensors.h"

EMSCRIPTEN_BINDINGS(typelattice_tensors_part) {
  using namespace typelattice::web;
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  register_limits();
  register_tensor_bindings();
  register_tensor_summary_bindings();
}
