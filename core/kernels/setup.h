// The kernels' per-format constants, derived from FormatSpec and the scalar codecs (minifloat.h) once, on
// first use, and read-only afterwards.
#pragma once
#include "core/kernels/params.h"
#include "typelattice/minifloat.h"

namespace typelattice::kernels {

const EncodeParams& encode_params(Format f, const CastOptions& options);
const DecodeParams& decode_params(Format f);
// A stochastic variant's parameters for one call: `table` (encode_params) with the options' bits, or with the
// seeded stream's key and first index. A seeded span must not cross a multiple of 2^32 in the stream (the key
// changes there); dispatch.cpp splits spans so.
EncodeParams stochastic_params(const EncodeParams& table, const StochasticBits& bits, std::uint64_t first_index);

}  // namespace typelattice::kernels
