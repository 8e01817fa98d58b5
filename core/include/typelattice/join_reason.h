// Why a system promotes two dtypes to their join, in one sentence built from what the types hold (integer
// ranges, floating precision and range) and from the system's rule: the CLI's `promote --explain`, the
// playground, the <type-lattice> element and the app all show this sentence.
#pragma once
#include <string>

#include "typelattice/dtype.h"
#include "typelattice/message.h"
#include "typelattice/promotion.h"

namespace typelattice {

// The sentence for promote_types(a, b, options) == join, e.g. for JAX's int8 and uint8:
// "int16: the smallest type in JAX's lattice that holds every int8 value (−128…127) and every uint8 value (0…255)".
// A weak result also says which concrete type it becomes with x64 on and off.
std::string join_reason(Dtype a, Dtype b, Dtype join, const PromotionOptions& options);
// The same sentence as a message (message.h), for a front end that translates it.
Message join_reason_message(Dtype a, Dtype b, Dtype join, const PromotionOptions& options);

// Whether every finite value of `x` is also a value of `into` (false for weak types, which stand for Python's
// unbounded int, float and complex).
bool holds_every_value(Dtype into, Dtype x);

// What a weak type becomes in JAX: i* int64 (int32 with x64 off), f* float64 (float32), c* complex128 (complex64);
// any other dtype is itself.
Dtype concrete_type(Dtype d, bool x64);

}  // namespace typelattice
