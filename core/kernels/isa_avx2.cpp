// The kernel bodies instantiated for AVX2. CMakeLists.txt compiles this file alone with -mavx2;
// dispatch (cast_kernels.cpp) calls it only when the CPU reports the feature. Elsewhere it is empty.
#include "core/kernels/params.h"

#if defined(__AVX2__)
#include "core/kernels/vec_avx2.h"
#include "core/kernels/cast_body.h"
#endif

namespace typelattice::kernels {

const KernelTable* avx2_kernels() {
#if defined(__AVX2__)
  static constexpr KernelTable kTable = make_kernel_table<avx2_isa::Ops>();
  return &kTable;
#else
  return nullptr;
#endif
}

}  // namespace typelattice::kernels
