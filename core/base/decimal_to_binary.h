// Reading a decimal number as the nearest double or float (ties to even), exactly: a short number with a small
// exponent by one correctly rounded multiplication or division, any other by comparing the value with the
// candidates in big-integer arithmetic, so the result is the one IEEE 754 prescribes for any number of digits.
// The core's own reader rather than strtod/strtof, whose musl implementation in the wasm module brings 128-bit
// soft-float along (7.5 KB of the gzipped module); tests check it against the platform's strtod.
#pragma once
#include <string_view>

namespace typelattice::detail {

// `decimal` is digits with an optional '.', optionally followed by e or E, an optional sign and digits, and
// at least one significand digit (callers check the syntax; no sign, spaces, inf or nan here). Values beyond the
// type's range give +inf; values nearer to 0 than half the smallest subnormal give +0.
double nearest_double(std::string_view decimal);
float nearest_float(std::string_view decimal);

}  // namespace typelattice::detail
