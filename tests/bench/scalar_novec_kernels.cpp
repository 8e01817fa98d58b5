// A distinct Ops type, so these instantiations (built with -fno-tree-vectorize) never merge with the
// library's scalar ones at link time.
#include "tests/bench/scalar_novec_kernels.h"

#include "core/kernels/vec_scalar.h"
#include "core/kernels/cast_body.h"

namespace typelattice::bench {
namespace {
struct NovecOps : kernels::scalar_isa::Ops {};
}  // namespace

const kernels::KernelTable& scalar_novec_kernels() {
  static constexpr kernels::KernelTable kTable = kernels::make_kernel_table<NovecOps>();
  return kTable;
}

}  // namespace typelattice::bench
