// The portable instantiation of the kernel bodies (one lane at a time), the reference the SIMD ones equal.
#include "core/kernels/vec_scalar.h"
#include "core/kernels/cast_body.h"

namespace typelattice::kernels {

const KernelTable* scalar_kernels() {
  static constexpr KernelTable kTable = make_kernel_table<scalar_isa::Ops>();
  return &kTable;
}

}  // namespace typelattice::kernels
