// The extreme finite values of a minifloat format (what format listings show next to the bit widths).
#pragma once
#include "core/minifloat.h"

namespace typelattice {

struct FormatLimits {
  double max;            // largest finite value
  double min_normal;     // smallest positive normal value
  double min_subnormal;  // smallest positive value (equals min_normal when the format has no subnormals)
};

// Found by decoding the format's codes, so it follows the format data (specials, bias) and nothing else.
FormatLimits format_limits(Format f);

}  // namespace typelattice
