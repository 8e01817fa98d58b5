// The kernels' per-format constants, derived from FormatSpec and the scalar codecs (minifloat.h) once, on
// first use, and read-only afterwards.
#pragma once
#include "core/kernels/params.h"
#include "typelattice/minifloat.h"

namespace typelattice::kernels {

const EncodeParams& encode_params(Format f, const CastOptions& options);
const DecodeParams& decode_params(Format f);

}  // namespace typelattice::kernels
