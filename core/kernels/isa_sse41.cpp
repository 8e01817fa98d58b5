// The kernel bodies instantiated for SSE4.1. CMakeLists.txt compiles this file alone with -msse4.1;
// dispatch (cast_kernels.cpp) calls it only when the CPU reports the feature. Elsewhere it is empty.
#include "core/kernels/params.h"

#if defined(__SSE4_1__)
#include "core/kernels/vec_sse41.h"
#include "core/kernels/cast_body.h"
#endif

namespace typelattice::kernels {

const KernelTable* sse41_kernels() {
#if defined(__SSE4_1__)
  static constexpr KernelTable kTable = make_kernel_table<sse41_isa::Ops>();
  return &kTable;
#else
  return nullptr;
#endif
}

}  // namespace typelattice::kernels
