// Formats beyond the built-in table: IEEE P3109's family and formats users define by their parameters. Both
// are Format values (minifloat.h) that every scalar function takes: decode, encode in every round mode, the
// reference encoder, rounding intervals, layouts. The bulk kernels stay on the built-in formats; cast_many
// encodes these one value at a time.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "typelattice/minifloat.h"
#include "typelattice/result.h"

namespace typelattice {

// IEEE P3109's K-bit formats of precision P (interim report; graphcore-research/gfloat's format_info_p3109):
// named p3109_k{K}p{P}{s|u}{e|f}, 3 <= K <= 8, 1 <= P < K. Signed formats have one sign bit, K - P exponent
// bits and bias 2^(K-P-1); unsigned ones K - P + 1 exponent bits and bias 2^(K-P). Neither has -0. Signed: NaN
// at the code of -0 (0x80); unsigned: NaN at all ones. The extended domain has ±Inf at the top magnitude code
// (signed; unsigned: +Inf just below the NaN); the finite domain has no Inf. Every format has subnormals.
struct P3109Params {
  int k = 8;          // width in bits
  int p = 3;          // precision in bits: 1 + the mantissa bits
  bool is_signed = true;
  bool extended = true;
};
Result<Format> p3109_format(const P3109Params& params);
std::optional<P3109Params> p3109_params(Format f);  // set for P3109 formats
std::vector<Format> p3109_formats();                 // the whole family: K, then P, then s/u, then e/f
// A P3109 name, any case; an unknown one suggests the closest P3109 names.
Result<Format> parse_p3109_format(std::string_view text);

// A format by its parameters: "e{E}m{M}:{ieee|fn|fnuz|finite}[:bias=B]", e.g. "e3m4:ieee", "e4m3:fn:bias=7".
// parse_format takes a definition only with a part after a colon (a bare "e4m3" is an unknown name, suggesting
// float8_e4m3fn and its kin); parse_defined_format also takes "e4m3" alone, as e4m3:ieee.
// Conventions, as the built-in formats use them:
//   ieee   - Inf and NaNs at the all-ones exponent (needs E >= 2 and M >= 1);
//   fn     - no Inf; only the all-ones exponent and mantissa is NaN;
//   fnuz   - no Inf and no -0; the code of -0 is the single NaN;
//   finite - no Inf and no NaN: every code is a number (as float4_e2m1fn).
// The convention defaults to ieee and the bias to IEEE's 2^(E-1) - 1. One sign bit, 1 <= E <= 8, 0 <= M,
// at most 16 bits in all, and every value a float32 (largest exponent <= 127, least >= -149).
enum class Convention : std::uint8_t { ieee, fn, fnuz, finite };
struct DefinedFormat {
  int exponent_bits = 4;
  int mantissa_bits = 3;
  std::optional<int> bias;  // unset: 2^(E-1) - 1
  Convention convention = Convention::ieee;
};
Result<Format> defined_format(const DefinedFormat& definition);
std::optional<DefinedFormat> defined_params(Format f);  // set for defined formats, bias resolved
// Reads a definition as above. Errors say which part is wrong and what is allowed.
Result<Format> parse_defined_format(std::string_view text);
std::string_view convention_name(Convention c);

}  // namespace typelattice
