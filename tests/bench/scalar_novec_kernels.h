// The scalar kernel body compiled without auto-vectorization (benchmark contrast only).
#pragma once
#include "core/kernels/params.h"

namespace typelattice::bench {
const kernels::KernelTable& scalar_novec_kernels();
}
