// Posits with es = 2 as the 2022 Standard for Posit Arithmetic defines them (section 3: the format and its
// value; section 4: rounding). A negative posit is the two's complement of its magnitude's code, so decoding
// and encoding work on the magnitude and negate the code.
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/tapered/tapered_detail.h"
#include "typelattice/message.h"
#include "typelattice/minifloat.h"

namespace typelattice::tapered_detail {
namespace {

constexpr int kExponentBits = 2;  // es = 2 for every posit the Standard defines

std::uint32_t mask_of(int n) { return (std::uint32_t{1} << n) - 1u; }
std::uint32_t nar_of(int n) { return std::uint32_t{1} << (n - 1); }
std::uint32_t negated(int n, std::uint32_t code) { return (~code + 1u) & mask_of(n); }

// The fields of a code's bits after the sign, read left to right as section 3 reads them.
struct Fields {
  int run;                  // regime run length (equal bits after the sign)
  bool run_of_ones;
  bool terminated;          // the run ended with an opposite bit before the end of the code
  int regime;               // r: run - 1 for ones, -run for zeros
  int exponent_width;       // exponent bits present (0 to 2)
  std::uint32_t exponent;   // the present bits, shifted left by the cut ones (which read as 0)
  int fraction_width;
  std::uint32_t fraction;
};

Fields read_fields(int n, std::uint32_t code) {
  Fields f{};
  int bit = n - 2;
  const bool first = ((code >> bit) & 1u) != 0;
  while (bit >= 0 && (((code >> bit) & 1u) != 0) == first) {
    ++f.run;
    --bit;
  }
  f.run_of_ones = first;
  f.terminated = bit >= 0;
  if (f.terminated) --bit;  // the terminator
  f.regime = first ? f.run - 1 : -f.run;
  const int left = bit + 1;
  f.exponent_width = left < kExponentBits ? left : kExponentBits;
  const std::uint32_t exponent_raw = f.exponent_width == 0 ? 0u : (code >> (left - f.exponent_width)) & mask_of(f.exponent_width);
  f.exponent = exponent_raw << (kExponentBits - f.exponent_width);
  f.fraction_width = left - f.exponent_width;
  f.fraction = code & mask_of(f.fraction_width);
  return f;
}

}  // namespace

double posit_decode(int n, std::uint32_t code) {
  code &= mask_of(n);
  if (code == 0) return 0.0;
  if (code == nar_of(n)) return std::nan("");
  const bool negative = (code & nar_of(n)) != 0;
  const Fields f = read_fields(n, negative ? negated(n, code) : code);
  const double significand = 1.0 + std::ldexp(static_cast<double>(f.fraction), -f.fraction_width);
  const double magnitude = std::ldexp(significand, 4 * f.regime + static_cast<int>(f.exponent));
  return negative ? -magnitude : magnitude;
}

// Section 4: the exact value's bit string (regime, two exponent bits, the fraction's bits without end) is cut
// after n - 1 bits and rounded to nearest, ties to an even code; the midpoint is thus the (n+1)-bit posit
// "code, then 1", which where exponent bits are cut is not the arithmetic mean of the two neighbours.
std::uint32_t posit_encode(int n, double value) {
  if (!std::isfinite(value)) return nar_of(n);
  if (value == 0) return 0;
  const bool negative = std::signbit(value);
  const double magnitude = std::fabs(value);
  const std::uint32_t max_code = nar_of(n) - 1u;
  std::uint32_t code;
  if (magnitude >= std::ldexp(1.0, 4 * (n - 2))) {
    code = max_code;
  } else if (magnitude <= std::ldexp(1.0, -4 * (n - 2))) {
    code = 1;
  } else {
    int exponent;
    const double significand = std::frexp(magnitude, &exponent);  // [0.5, 1)
    const int scale = exponent - 1;
    const int regime = scale >= 0 ? scale / 4 : -((-scale + 3) / 4);
    const int e = scale - 4 * regime;
    // The bit string, most significant first, in a 64-bit window; the bits past the window only count as sticky.
    std::uint64_t bits = 0;
    int length = 0;
    bool sticky = false;
    auto push = [&](std::uint64_t value_bits, int count) {
      for (int i = count - 1; i >= 0; --i) {
        const bool b = ((value_bits >> i) & 1u) != 0;
        if (length < 64) {
          bits = (bits << 1) | (b ? 1u : 0u);
          ++length;
        } else {
          sticky = sticky || b;
        }
      }
    };
    if (regime >= 0) {
      for (int i = 0; i <= regime; ++i) push(1, 1);
      push(0, 1);
    } else {
      for (int i = 0; i < -regime; ++i) push(0, 1);
      push(1, 1);
    }
    push(static_cast<std::uint64_t>(e), kExponentBits);
    // significand * 2 is in [1, 2): its 52 bits after the leading one.
    const std::uint64_t fraction = static_cast<std::uint64_t>(std::ldexp(significand * 2.0 - 1.0, 52));
    push(fraction, 52);
    const int kept = n - 1;
    const int dropped = length - kept;  // the regime fits in n bits, so length > kept
    code = static_cast<std::uint32_t>(bits >> dropped);
    const bool guard = ((bits >> (dropped - 1)) & 1u) != 0;
    sticky = sticky || (bits & ((std::uint64_t{1} << (dropped - 1)) - 1u)) != 0;
    if (guard && (sticky || (code & 1u) != 0)) ++code;
  }
  return negative ? negated(n, code) : code;
}

void posit_describe(int n, std::uint32_t code, TaperedLayout& out) {
  code &= mask_of(n);
  const std::uint32_t s = code >> (n - 1);
  const bool special = (code & (nar_of(n) - 1u)) == 0;  // 0 and NaR
  out.fields.push_back({"sign", n - 1, n - 1, s,
                        special ? message("s = %1", {std::to_string(s)})
                        : s     ? message("s = 1: negative (the closed form below reads the bits as they are)")
                                : message("s = 0: positive")});
  if (special) {
    out.fields.push_back({"regime", 0, n - 2, 0, message(s ? "all zeros after the sign 1: NaR" : "all zeros: zero")});
    out.category = s ? TaperedCategory::nan : TaperedCategory::zero;
    return;
  }
  out.category = TaperedCategory::normal;
  const Fields f = read_fields(n, code);
  const int regime_bits = f.run + (f.terminated ? 1 : 0);
  int high = n - 2;
  // "1 one", "3 zeros": one pattern per number and bit, so a translation need not build the plural.
  const Message run = message(f.run == 1 ? (f.run_of_ones ? "%1 one" : "%1 zero") : (f.run_of_ones ? "%1 ones" : "%1 zeros"),
                              {std::to_string(f.run)});
  const std::string regime = std::to_string(f.regime);
  out.fields.push_back({"regime", high - regime_bits + 1, high, (code >> (high - regime_bits + 1)) & mask_of(regime_bits),
                        f.terminated ? message("r = %1 (run of %2, then the terminator %3)",
                                               {regime, run, std::string_view(f.run_of_ones ? "0" : "1")})
                                     : message("r = %1 (run of %2 to the end: no terminator)", {regime, run})});
  high -= regime_bits;
  out.truncated_exponent_bits = kExponentBits - f.exponent_width;
  if (f.exponent_width > 0) {
    const std::string e = std::to_string(f.exponent);
    out.fields.push_back({"exponent", high - f.exponent_width + 1, high, f.exponent >> out.truncated_exponent_bits,
                          out.truncated_exponent_bits > 0
                              ? message("e = %1 (its last bit is cut off by the end of the code and reads as 0)", {e})
                              : message("e = %1", {e})});
    high -= f.exponent_width;
  }
  if (f.fraction_width > 0) {
    out.fields.push_back({"fraction", 0, high, f.fraction, message("f = %1", {fraction_text(f.fraction, f.fraction_width)})});
  }
  const double value = posit_decode(n, code);
  out.scale = std::ilogb(value);
  const std::string fr = fraction_text(f.fraction, f.fraction_width);
  const std::string power = "4×" + std::to_string(f.regime) + " + " + std::to_string(f.exponent);
  // The Standard's closed form on the bits as they are: (1 − 3s + f) × 2^((1 − 2s)(4r + e + s)).
  if (s == 0) {
    out.formula = "(1 + " + fr + ") × 2^(" + power + ") = " + exact_decimal(value);
  } else {
    out.formula = "(1 − 3 + " + fr + ") × 2^(−(" + power + " + 1)) = " + exact_decimal(value);
  }
}

}  // namespace typelattice::tapered_detail
