// The kernel bodies instantiated for WebAssembly SIMD128. CMakeLists.txt compiles this file with -msimd128
// in the SIMD wasm build; in every other build it is empty and the wasm module runs the scalar bodies.
#include "core/kernels/params.h"

#if defined(__wasm_simd128__)
#include "core/kernels/vec_wasm.h"
#include "core/kernels/cast_body.h"
#endif

namespace typelattice::kernels {

const KernelTable* wasm_simd128_kernels() {
#if defined(__wasm_simd128__)
  static constexpr KernelTable kTable = make_kernel_table<wasm_isa::Ops>();
  return &kTable;
#else
  return nullptr;
#endif
}

}  // namespace typelattice::kernels
