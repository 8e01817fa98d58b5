// The kernel bodies instantiated for AVX-512. CMakeLists.txt compiles this file alone with -mavx512f
// -mavx512bw -mavx512vl; dispatch (cast_kernels.cpp) calls it only when the CPU has all three.
// Elsewhere it is empty.
#include "core/kernels/params.h"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12's own intrinsics (_mm512_undefined_epi32 inside them) trip -Wmaybe-uninitialized when inlined.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "core/kernels/vec_avx512.h"
#include "core/kernels/cast_body.h"
#endif

namespace typelattice::kernels {

const KernelTable* avx512_kernels() {
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
  static constexpr KernelTable kTable = make_kernel_table<avx512_isa::Ops>();
  return &kTable;
#else
  return nullptr;
#endif
}

}  // namespace typelattice::kernels
