// HiFloat8 as Luo et al. define it ("Ascend HiFloat8 Format for Deep Learning", arXiv 2409.16626, section 2):
// sign, a prefix-coded dot field giving the exponent's width D (11: 4, 10: 3, 01: 2, 001: 1, 0001: 0; 0000:
// denormal), a D-bit exponent in sign-magnitude form whose leading magnitude bit is implicit (E = ±(2^(D−1) + m)),
// and the mantissa in the bits left (1 to 3). Normal values are (−1)^S × 2^E × 1.M, denormals (−1)^S × 2^(M−23).
// 0x00 is the only zero, 0x80 the NaN, 0x6F and 0xEF are ±Inf. Encoding rounds as the paper's TA: to nearest,
// ties away from zero.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/tapered/tapered_detail.h"
#include "typelattice/message.h"
#include "typelattice/minifloat.h"

namespace typelattice::tapered_detail {
namespace {

constexpr std::uint32_t kNaN = 0x80, kInf = 0x6F, kMax = 0x6E;

// One row of the dot field's prefix code.
struct DotRow {
  std::uint32_t prefix;
  int prefix_bits;
  int exponent_bits;  // D; -1 for the denormal row
};
constexpr DotRow kDots[] = {{0b11, 2, 4}, {0b10, 2, 3}, {0b01, 2, 2}, {0b001, 3, 1}, {0b0001, 4, 0}, {0b0000, 4, -1}};

const DotRow& dot_of(std::uint32_t magnitude_bits) {
  for (const DotRow& row : kDots) {
    if ((magnitude_bits >> (7 - row.prefix_bits)) == row.prefix) return row;
  }
  return kDots[5];
}

struct Parts {
  const DotRow* dot;
  int exponent;              // E (normal) or M − 23 (denormal)
  std::uint32_t exponent_raw;
  int mantissa_bits;
  std::uint32_t mantissa;
};

Parts parts_of(std::uint32_t code) {
  const std::uint32_t bits = code & 0x7Fu;
  const DotRow& dot = dot_of(bits);
  Parts p{&dot, 0, 0, 7 - dot.prefix_bits, 0};
  if (dot.exponent_bits < 0) {
    p.mantissa = bits & 7u;
    p.exponent = static_cast<int>(p.mantissa) - 23;
    return p;
  }
  p.mantissa_bits = 7 - dot.prefix_bits - dot.exponent_bits;
  p.mantissa = bits & ((1u << p.mantissa_bits) - 1u);
  p.exponent_raw = (bits >> p.mantissa_bits) & ((1u << dot.exponent_bits) - 1u);
  if (dot.exponent_bits > 0) {
    const int d = dot.exponent_bits;
    const bool negative = (p.exponent_raw >> (d - 1)) != 0;
    const int magnitude = (1 << (d - 1)) + static_cast<int>(p.exponent_raw & ((1u << (d - 1)) - 1u));
    p.exponent = negative ? -magnitude : magnitude;
  }
  return p;
}

// The code of 2^e × (1 + mantissa / 2^bits) for a normal exponent e (|e| ≤ 15), `bits` being e's mantissa width.
std::uint32_t normal_code(int e, std::uint32_t mantissa) {
  const int a = std::abs(e);
  const std::uint32_t sign = e < 0 ? 1u : 0u;
  if (a == 0) return 0x08u | mantissa;
  if (a == 1) return 0x10u | (sign << 3) | mantissa;
  if (a <= 3) return 0x20u | (((sign << 1) | static_cast<std::uint32_t>(a - 2)) << 3) | mantissa;
  if (a <= 7) return 0x40u | (((sign << 2) | static_cast<std::uint32_t>(a - 4)) << 2) | mantissa;
  return 0x60u | (((sign << 3) | static_cast<std::uint32_t>(a - 8)) << 1) | mantissa;
}

int mantissa_bits_of(int e) {
  const int a = std::abs(e);
  return a <= 3 ? 3 : a <= 7 ? 2 : 1;
}

}  // namespace

double hif8_decode(std::uint32_t code) {
  code &= 0xFFu;
  if (code == kNaN) return std::nan("");
  if (code == 0) return 0.0;
  const double sign = (code & 0x80u) != 0 ? -1.0 : 1.0;
  if ((code & 0x7Fu) == kInf) return sign * INFINITY;
  const Parts p = parts_of(code);
  if (p.dot->exponent_bits < 0) return sign * std::ldexp(1.0, p.exponent);
  return sign * std::ldexp(1.0 + std::ldexp(static_cast<double>(p.mantissa), -p.mantissa_bits), p.exponent);
}

std::uint32_t hif8_encode(double value, bool saturate) {
  if (std::isnan(value)) return kNaN;
  const std::uint32_t sign = std::signbit(value) ? 0x80u : 0u;
  const double magnitude = std::fabs(value);
  if (magnitude >= 1.25 * 32768.0) return sign | (saturate ? kMax : kInf);  // includes ±Inf
  if (magnitude < std::ldexp(1.0, -23)) return 0;                         // the single zero, for either sign
  int exponent;
  const double significand = std::frexp(magnitude, &exponent);  // [0.5, 1)
  int e = exponent - 1;
  if (e < -15) {
    // Denormals are the powers of two 2^-22 … 2^-16: no mantissa, so 1.5 × 2^e is the midpoint up.
    // [2^-23, 2^-22) lies above the midpoint between 0 and 2^-22 (or on it: away from zero).
    if (e < -22 || significand * 2.0 >= 1.5) ++e;
    if (e >= -15) return sign | normal_code(-15, 0);
    return sign | static_cast<std::uint32_t>(e + 23);
  }
  const int bits = mantissa_bits_of(e);
  // Round half away from zero on the mantissa: q counts units of 2^(e − bits) in [2^bits, 2^(bits+1)].
  const double scaled = std::ldexp(significand * 2.0, bits);
  std::uint32_t q = static_cast<std::uint32_t>(std::floor(scaled));
  if (scaled - std::floor(scaled) >= 0.5) ++q;
  if (q == (2u << bits)) return sign | normal_code(e + 1, 0);  // carried into the next binade: 2^(e+1)
  return sign | normal_code(e, q - (1u << bits));
}

void hif8_describe(std::uint32_t code, TaperedLayout& out) {
  code &= 0xFFu;
  const std::uint32_t s = code >> 7;
  out.fields.push_back({"sign", 7, 7, s, message(s ? "negative" : "positive")});
  const Parts p = parts_of(code);
  const int dot_high = 6, dot_low = 7 - p.dot->prefix_bits;
  const int d = p.dot->exponent_bits;
  out.fields.push_back({"dot", dot_low, dot_high, p.dot->prefix,
                        d < 0 ? message("0000: denormal (or zero / NaN)")
                              : message("D = %1: a %1-bit exponent", {std::to_string(d)})});
  const int mantissa_high = dot_low - 1 - (d > 0 ? d : 0);
  if (d > 0) {
    out.fields.push_back({"exponent", mantissa_high + 1, dot_low - 1, p.exponent_raw,
                          message("E = %1(2^%2 + %3) = %4 (sign bit, then the magnitude after its implicit leading 1)",
                                  {std::string_view(p.exponent < 0 ? "−" : "+"), std::to_string(d - 1),
                                   std::to_string(p.exponent_raw & ((1u << (d - 1)) - 1u)), std::to_string(p.exponent)})});
  }
  const int mantissa_bits = mantissa_high + 1;
  out.fields.push_back({"mantissa", 0, mantissa_high, p.mantissa,
                        d < 0 ? (p.mantissa == 0 ? message("M = 0 after dot 0000: zero (sign 0) or NaN (sign 1)")
                                                 : message("M = %1: the exponent M − 23", {std::to_string(p.mantissa)}))
                              : message("1.M = 1 + %1", {fraction_text(p.mantissa, mantissa_bits)})});
  const double value = hif8_decode(code);
  if (code == 0) {
    out.category = TaperedCategory::zero;
  } else if (code == kNaN) {
    out.category = TaperedCategory::nan;
  } else if ((code & 0x7Fu) == kInf) {
    out.category = TaperedCategory::infinity;
  } else {
    out.category = d < 0 ? TaperedCategory::denormal : TaperedCategory::normal;
    out.scale = p.exponent;
    const std::string sign_text = s ? "−" : "";
    out.formula = d < 0 ? sign_text + "2^(" + std::to_string(p.mantissa) + " − 23) = " + exact_decimal(value)
                        : sign_text + "2^" + std::to_string(p.exponent) + " × (1 + " +
                              fraction_text(p.mantissa, mantissa_bits) + ") = " + exact_decimal(value);
  }
}

}  // namespace typelattice::tapered_detail
