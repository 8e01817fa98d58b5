// The kernel bodies (cast_body.h, block_body.h, gguf_body.h, bnb_body.h) instantiated for one instruction set.
// cmake/Kernels.cmake compiles this file once per ISA, with that ISA's compiler flags and
// TYPELATTICE_KERNEL_ISA_<NAME> defined; each compilation defines that ISA's entry point (params.h). Where the
// compiler does not target the ISA (no -mavx2 on this machine, no -msimd128 in the plain wasm build) the entry
// point returns nullptr and dispatch.cpp skips it.
#include "core/kernels/params.h"

#if defined(TYPELATTICE_KERNEL_ISA_SCALAR)
#define TYPELATTICE_KERNEL_ENTRY scalar_kernels
#if !defined(TYPELATTICE_KERNEL_SCALAR_UNUSED)  // a build whose best ISA is fixed (wasm SIMD128) leaves it out
#define TYPELATTICE_KERNEL_OPS scalar_isa::Ops
#include "core/kernels/vec_scalar.h"
#endif
#elif defined(TYPELATTICE_KERNEL_ISA_SSE41)
#define TYPELATTICE_KERNEL_ENTRY sse41_kernels
#if defined(__SSE4_1__)
#define TYPELATTICE_KERNEL_OPS sse41_isa::Ops
#include "core/kernels/vec_sse41.h"
#endif
#elif defined(TYPELATTICE_KERNEL_ISA_AVX2)
#define TYPELATTICE_KERNEL_ENTRY avx2_kernels
#if defined(__AVX2__)
#define TYPELATTICE_KERNEL_OPS avx2_isa::Ops
#include "core/kernels/vec_avx2.h"
#endif
#elif defined(TYPELATTICE_KERNEL_ISA_AVX512)
#define TYPELATTICE_KERNEL_ENTRY avx512_kernels
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12's own intrinsics (_mm512_undefined_epi32 inside them) trip -W(maybe-)uninitialized when inlined.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#define TYPELATTICE_KERNEL_OPS avx512_isa::Ops
#include "core/kernels/vec_avx512.h"
#endif
#elif defined(TYPELATTICE_KERNEL_ISA_WASM_SIMD128)
#define TYPELATTICE_KERNEL_ENTRY wasm_simd128_kernels
#if defined(__wasm_simd128__)
#define TYPELATTICE_KERNEL_OPS wasm_isa::Ops
#include "core/kernels/vec_wasm.h"
#endif
#else
#error "compile isa_kernels.cpp through typelattice_add_kernels (cmake/Kernels.cmake), which names the ISA"
#endif

#if defined(TYPELATTICE_KERNEL_OPS)
#include "core/kernels/block_body.h"
#include "core/kernels/bnb_body.h"
#include "core/kernels/cast_body.h"
#include "core/kernels/gguf_body.h"
#endif

namespace typelattice::kernels {

const KernelTable* TYPELATTICE_KERNEL_ENTRY() {
#if defined(TYPELATTICE_KERNEL_OPS)
  static constexpr KernelTable kTable = with_bnb_kernels<TYPELATTICE_KERNEL_OPS>(with_gguf_kernels<TYPELATTICE_KERNEL_OPS>(
      with_block_kernels<TYPELATTICE_KERNEL_OPS>(make_kernel_table<TYPELATTICE_KERNEL_OPS>())));
  return &kTable;
#else
  return nullptr;
#endif
}

}  // namespace typelattice::kernels
