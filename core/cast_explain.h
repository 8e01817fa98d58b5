// One cast explained: the code a value becomes, whether it was clipped, and the range of inputs that give the
// same code (what the playground shows next to a typed-in value).
#pragma once
#include <cstdint>
#include <string>

#include "core/minifloat.h"

namespace typelattice {

struct CastExplanation {
  std::string input;           // the value that was encoded, exact ("nan", "inf", "-inf" for the specials)
  std::uint32_t code;
  bool saturated;              // |input| exceeded the largest finite value and was clipped to it
  std::string interval_low;    // the rounding boundaries around the code's value, as exact decimals
  std::string interval_high;   //   ("-inf" / "inf" at the clipped ends, "nan" for a NaN result)
};

// `value` is encoded with `encode(f, value, options)`; the boundaries follow the same rounding rule
// (nearest-even: midpoints to the neighbouring values; E8M0 up / down: the neighbouring values themselves).
CastExplanation explain_cast(Format f, double value, const CastOptions& options = {});

}  // namespace typelattice
