// The bit layout of a code (what the bit views draw) and exact decimal expansion of doubles.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "typelattice/minifloat.h"
#include "core/formats/geometry.h"

namespace typelattice {
namespace {

using minifloat_detail::Geometry;

// A non-negative integer in base 10^9, least significant limb first; only what exact_decimal needs.
class Decimal {
 public:
  explicit Decimal(std::uint64_t v) {
    do {
      limbs_.push_back(static_cast<std::uint32_t>(v % kBase));
      v /= kBase;
    } while (v != 0);
  }
  void multiply(std::uint32_t factor) {
    std::uint64_t carry = 0;
    for (std::uint32_t& limb : limbs_) {
      const std::uint64_t product = std::uint64_t{limb} * factor + carry;
      limb = static_cast<std::uint32_t>(product % kBase);
      carry = product / kBase;
    }
    while (carry != 0) {
      limbs_.push_back(static_cast<std::uint32_t>(carry % kBase));
      carry /= kBase;
    }
  }
  void multiply_power(std::uint32_t base, int count, std::uint32_t chunk, int chunk_count) {
    for (; count >= chunk_count; count -= chunk_count) multiply(chunk);
    for (; count > 0; --count) multiply(base);
  }
  std::string digits() const {
    std::string out = std::to_string(limbs_.back());
    for (std::size_t i = limbs_.size() - 1; i-- > 0;) {
      const std::string part = std::to_string(limbs_[i]);
      out += std::string(9 - part.size(), '0') + part;
    }
    return out;
  }

 private:
  static constexpr std::uint64_t kBase = 1000000000;
  std::vector<std::uint32_t> limbs_;
};

std::string significand_text(const Geometry& g, std::uint32_t biased, std::uint32_t mantissa) {
  if (g.spec.is_scale_format()) return "1";
  const std::string fraction = std::to_string(mantissa) + "/" + std::to_string(1u << g.m);
  if (biased == 0) return mantissa == 0 ? "0" : fraction;
  return mantissa == 0 ? "1" : "1 + " + fraction;
}

}  // namespace

std::string exact_decimal(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  const std::string sign = std::signbit(value) ? "-" : "";
  const std::uint64_t bits = minifloat_detail::bit_cast<std::uint64_t>(value) & ~(std::uint64_t{1} << 63);
  if (bits == 0) return sign + "0";
  // |value| = significand * 2^exponent, with the significand made odd so the expansion has no trailing zeros.
  std::uint64_t significand = bits & ((std::uint64_t{1} << 52) - 1);
  int exponent = -1074;
  if ((bits >> 52) != 0) {
    significand |= std::uint64_t{1} << 52;
    exponent = static_cast<int>(bits >> 52) - 1075;
  }
  while ((significand & 1) == 0) {
    significand >>= 1;
    ++exponent;
  }
  Decimal number(significand);
  if (exponent >= 0) {
    number.multiply_power(2, exponent, 1u << 29, 29);
    return sign + number.digits();
  }
  // significand / 2^k = significand * 5^k / 10^k
  const int k = -exponent;
  number.multiply_power(5, k, 1220703125u, 13);  // 5^13 fits in 32 bits
  std::string digits = number.digits();
  if (digits.size() <= static_cast<std::size_t>(k)) digits.insert(0, static_cast<std::size_t>(k) + 1 - digits.size(), '0');
  const std::size_t point = digits.size() - static_cast<std::size_t>(k);
  return sign + digits.substr(0, point) + "." + digits.substr(point);
}

Layout layout(Format f, std::uint32_t code) {
  const Geometry g = minifloat_detail::geometry(f);
  const FormatSpec& spec = g.spec;
  Layout out{};
  out.format = f;
  out.code = code;
  out.bias = spec.bias;
  const int field_bits = spec.exponent_bits + spec.mantissa_bits;
  const std::uint32_t magnitude = code & g.magnitude_mask;
  const std::uint32_t biased = magnitude >> g.m;
  const std::uint32_t mantissa = magnitude & ((1u << g.m) - 1u);
  if (spec.has_sign) out.fields.push_back({"sign", field_bits, field_bits, (code >> field_bits) & 1u});
  out.fields.push_back({"exponent", g.m, field_bits - 1, biased});
  if (g.m > 0) out.fields.push_back({"mantissa", 0, g.m - 1, mantissa});

  out.value = decode_to_float64(f, code);
  out.exact_value = exact_decimal(out.value);
  const bool negative = (code & g.sign_bit) != 0;
  if (minifloat_detail::is_nan_code(g, code)) {
    out.category = Category::nan;
    out.exact_value = "nan";
    return out;
  }
  if (minifloat_detail::is_inf_code(g, code)) {
    out.category = Category::infinity;
    if (negative) out.next_up = g.sign_bit | g.max_magnitude;
    else out.next_down = g.max_magnitude;
    return out;
  }
  if (spec.is_scale_format()) {
    out.category = Category::normal;
    out.unbiased_exponent = static_cast<int>(biased) - spec.bias;
  } else if (biased == 0) {
    out.category = mantissa == 0 ? Category::zero : Category::subnormal;
    out.unbiased_exponent = g.min_normal_exponent;
  } else {
    out.category = Category::normal;
    out.unbiased_exponent = static_cast<int>(biased) - spec.bias;
  }
  out.significand = significand_text(g, biased, mantissa);
  // The exponent field as the formula reads it: a subnormal's 0 counts as 1 (the smallest normal exponent).
  const std::uint32_t exponent_read = biased == 0 && !spec.is_scale_format() ? 1u : biased;
  if (spec.has_sign) out.formula = (negative ? "(−1)^1 × " : "(−1)^0 × ");
  out.formula += "2^(" + std::to_string(exponent_read) + "−" + std::to_string(spec.bias) + ")";
  if (!spec.is_scale_format())
    out.formula += out.significand.find('+') != std::string::npos ? " × (" + out.significand + ")" : " × " + out.significand;
  out.formula += " = " + out.exact_value;

  // Neighbours by value: away from zero is magnitude + 1; toward zero is magnitude - 1, and from a zero the
  // next code is the smallest value of the other sign (the other zero has the same value).
  const std::uint32_t sign = negative ? g.sign_bit : 0u;
  std::optional<std::uint32_t> away, toward;
  if (magnitude < g.max_magnitude) away = sign | (magnitude + 1);
  if (magnitude > 1 || (magnitude == 1 && (negative ? spec.has_negative_zero() : true))) {
    toward = sign | (magnitude - 1);
  } else if (magnitude == 1) {
    toward = 0u;  // -min subnormal of a UZ format: the only zero
  } else if (spec.has_sign) {
    toward = (negative ? 0u : g.sign_bit) | 1u;
  }
  out.next_up = negative ? toward : away;
  out.next_down = negative ? away : toward;
  return out;
}

}  // namespace typelattice
