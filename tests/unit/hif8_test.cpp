// HiFloat8 against Luo et al., "Ascend HiFloat8 Format for Deep Learning" (arXiv 2409.16626v2). The decoder here
// reads each code through the paper's dot-field table (section 2), written out below as published, and checks the
// counts its abstract states; the encoder is checked against the slowest rule there is: the nearest value by exact
// comparison over every code, ties away from zero (the paper's TA rounding, section 3).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "typelattice/tapered_formats.h"

namespace typelattice {
namespace {

// Section 2, the Dot field: its prefix code, the exponent width D it selects, and the mantissa bits left.
struct DotTableRow {
  const char* prefix;
  int exponent_width;    // D; -1: the denormal mode (DML)
  int mantissa_width;
  int min_abs_exponent, max_abs_exponent;  // normal modes: |E| in this range (E = 0 only for D = 0)
};
constexpr DotTableRow kPaperDotTable[] = {
    {"11", 4, 1, 8, 15}, {"10", 3, 2, 4, 7}, {"01", 2, 3, 2, 3}, {"001", 1, 3, 1, 1}, {"0001", 0, 3, 0, 0},
    {"0000", -1, 3, 0, 0},
};

std::string bits_text(std::uint32_t code) {
  std::string s;
  for (int i = 7; i >= 0; --i) s += ((code >> i) & 1u) ? '1' : '0';
  return s;
}

int bits_value(const std::string& bits) {
  int v = 0;
  for (char c : bits) v = 2 * v + (c == '1');
  return v;
}

// The paper's value definitions: normal X = (−1)^S × 2^E × 1.M with the exponent in sign-magnitude form and an
// implicit leading magnitude bit; denormal X = (−1)^S × 2^(M−23); zero 0b0_0000_000, NaN 0b1_0000_000,
// ±Inf 0bS_11_0111_1.
double paper_value(std::uint32_t code) {
  const std::string bits = bits_text(code);
  const double sign = bits[0] == '1' ? -1.0 : 1.0;
  const std::string rest = bits.substr(1);
  if (rest == "0000000") return bits[0] == '1' ? std::numeric_limits<double>::quiet_NaN() : 0.0;
  if (rest == "1101111") return sign * INFINITY;
  for (const DotTableRow& row : kPaperDotTable) {
    const std::string prefix = row.prefix;
    if (rest.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string after = rest.substr(prefix.size());
    if (row.exponent_width < 0) return sign * std::ldexp(1.0, bits_value(after) - 23);
    int e = 0;
    if (row.exponent_width > 0) {
      const std::string field = after.substr(0, static_cast<std::size_t>(row.exponent_width));
      std::string magnitude_bits = "1";  // the implicit leading 1, then the stored bits
      magnitude_bits.append(field, 1);
      const int magnitude = bits_value(magnitude_bits);
      e = field[0] == '1' ? -magnitude : magnitude;
    }
    const std::string mantissa = after.substr(static_cast<std::size_t>(row.exponent_width));
    EXPECT_EQ(static_cast<int>(mantissa.size()), row.mantissa_width) << bits;
    return sign * std::ldexp(1.0 + bits_value(mantissa) / std::ldexp(1.0, row.mantissa_width), e);
  }
  ADD_FAILURE() << "no dot prefix matches " << bits;
  return 0;
}

TEST(HiF8, EveryCodeDecodesAsThePapersTableSays) {
  for (std::uint32_t c = 0; c < 256; ++c) {
    const double expected = paper_value(c);
    const double got = tapered_decode(TaperedFormat::hif8, c);
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(got)) << c;
    } else {
      EXPECT_EQ(got, expected) << "code 0x" << std::hex << c;
    }
  }
}

TEST(HiF8, ThePapersTableRowsAndItsAbstractsCounts) {
  // Each row's exponent range, as the table gives it.
  for (std::uint32_t c = 1; c < 128; ++c) {
    const double v = tapered_decode(TaperedFormat::hif8, c);
    if (!std::isfinite(v)) continue;
    const TaperedLayout l = tapered_layout(TaperedFormat::hif8, c);
    const std::string prefix = bits_text(c).substr(1);
    for (const DotTableRow& row : kPaperDotTable) {
      if (prefix.compare(0, std::string(row.prefix).size(), row.prefix) != 0 || row.exponent_width < 0) continue;
      const int e = std::ilogb(v);
      EXPECT_GE(std::abs(e), row.min_abs_exponent) << c;
      EXPECT_LE(std::abs(e), row.max_abs_exponent) << c;
      ASSERT_FALSE(l.fields.empty());
      EXPECT_EQ(l.fields.back().high_bit - l.fields.back().low_bit + 1, row.mantissa_width) << c;  // mantissa field
    }
  }
  // Abstract: "7 exponent values with 3-bit mantissa, 8 exponent values with 2-bit mantissa, and 16 exponent
  // values with 1-bit mantissa"; denormals extend "from 31 to 38 binades".
  std::set<int> three, two, one, binades;
  for (std::uint32_t c = 1; c < 128; ++c) {
    const double v = tapered_decode(TaperedFormat::hif8, c);
    if (!std::isfinite(v)) continue;
    binades.insert(std::ilogb(v));
    const TaperedLayout l = tapered_layout(TaperedFormat::hif8, c);
    if (l.category != TaperedCategory::normal) continue;
    const int width = l.fields.back().high_bit - l.fields.back().low_bit + 1;
    (width == 3 ? three : width == 2 ? two : one).insert(std::ilogb(v));
  }
  EXPECT_EQ(three.size(), 7u);
  EXPECT_EQ(two.size(), 8u);
  EXPECT_EQ(one.size(), 16u);
  EXPECT_EQ(binades.size(), 38u);
  EXPECT_EQ(*binades.begin(), -22);
  EXPECT_EQ(*binades.rbegin(), 15);
  // One zero, one NaN, two infinities: every other code is a distinct finite nonzero value.
  std::set<double> finite;
  for (std::uint32_t c = 0; c < 256; ++c) {
    const double v = tapered_decode(TaperedFormat::hif8, c);
    if (std::isfinite(v)) finite.insert(v);
  }
  EXPECT_EQ(finite.size(), 253u);
  EXPECT_EQ(tapered_max(TaperedFormat::hif8), 32768.0);
  EXPECT_EQ(tapered_min_positive(TaperedFormat::hif8), std::ldexp(1.0, -22));
}

// The slow reference: nearest by exact comparison over every finite value, ties away from zero. Past max the
// exponent field would continue with 1.5 × 2^15 (the Inf code's bits): nearer to that than to max is overflow.
std::uint32_t reference_encode(double x, bool saturate) {
  static const std::vector<std::pair<double, std::uint32_t>> values = [] {
    std::vector<std::pair<double, std::uint32_t>> v;
    for (std::uint32_t c = 0; c < 256; ++c) {
      const double d = paper_value(c);
      if (std::isfinite(d)) v.emplace_back(d, c);
    }
    std::sort(v.begin(), v.end());
    return v;
  }();
  if (std::isnan(x)) return 0x80;
  const std::uint32_t sign = x < 0 ? 0x80u : 0u;
  const double beyond = 1.5 * 32768;
  if (std::fabs(x) >= beyond || std::isinf(x)) return sign | (saturate ? 0x6Eu : 0x6Fu);
  // By magnitude (HiF8 is symmetric but for its one zero); the candidates are 0, the positive values and `beyond`.
  const double a = std::fabs(x);
  double best_distance = beyond - a, best_magnitude = beyond;
  std::uint32_t best = sign | (saturate ? 0x6Eu : 0x6Fu);
  for (const auto& [v, c] : values) {
    if (v < 0) continue;
    const double d = std::fabs(a - v);
    if (d < best_distance || (d == best_distance && v > best_magnitude)) {
      best_distance = d;
      best = v == 0 ? 0u : (sign | c);
      best_magnitude = v;
    }
  }
  return best;
}

double float_of_bits(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

TEST(HiF8, EncodeIsTheNearestTiesAwayOnFloat32InputsMidpointsAndValues) {
  for (const bool saturate : {false, true}) {
    auto check = [saturate](double x) {
      ASSERT_EQ(tapered_encode(TaperedFormat::hif8, x, saturate), reference_encode(x, saturate))
          << "input " << x << " saturate " << saturate;
    };
    for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << 32); bits += 65537) {
      check(float_of_bits(static_cast<std::uint32_t>(bits)));
    }
    std::vector<double> values{1.5 * 32768};
    for (std::uint32_t c = 0; c < 256; ++c) {
      const double v = paper_value(c);
      if (std::isfinite(v)) values.push_back(v);
    }
    std::sort(values.begin(), values.end());
    for (std::size_t i = 0; i < values.size(); ++i) {
      for (const double sign : {1.0, -1.0}) {
        const double v = sign * values[i];
        check(v);
        check(std::nextafter(v, -INFINITY));
        check(std::nextafter(v, INFINITY));
        if (i + 1 < values.size()) {
          const double m = sign * (values[i] + values[i + 1]) / 2;
          check(m);
          check(std::nextafter(m, -INFINITY));
          check(std::nextafter(m, INFINITY));
        }
      }
    }
  }
}

TEST(HiF8, SpecialValuesAndRoundingAtTheEnds) {
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, std::nan("")), 0x80u);
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, INFINITY), 0x6Fu);
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, -INFINITY), 0xEFu);
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, -INFINITY, true), 0xEEu);
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, -0.0), 0x00u);  // one zero: never the NaN code
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, -1e-30), 0x00u);
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, std::ldexp(1.0, -23)), 0x01u);   // the tie goes away from zero
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, 40960.0), 0x6Fu);                // 1.25 × 2^15: away, to Inf
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, 40959.99), 0x6Eu);
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, 1.0625), 0x09u);                 // 1 + 1/16: away, 1.125
  EXPECT_EQ(tapered_encode(TaperedFormat::hif8, -1.0625), 0x89u);
}

TEST(HiF8, FieldsFollowTheDotField) {
  // 0x2B = 0 01 01 011: dot 01 (D = 2), exponent 01 (sign +, magnitude 2 + 1 = 3), mantissa 011: 1.375 × 8 = 11.
  TaperedLayout l = tapered_layout(TaperedFormat::hif8, 0x2B);
  ASSERT_EQ(l.fields.size(), 4u);
  EXPECT_EQ(l.fields[1].name, "dot");
  EXPECT_EQ(l.fields[1].high_bit, 6);
  EXPECT_EQ(l.fields[1].low_bit, 5);
  EXPECT_EQ(l.fields[2].name, "exponent");
  EXPECT_EQ(l.fields[2].high_bit, 4);
  EXPECT_EQ(l.fields[2].low_bit, 3);
  EXPECT_EQ(l.fields[3].name, "mantissa");
  EXPECT_EQ(l.fields[3].high_bit, 2);
  EXPECT_EQ(l.fields[3].raw, 3u);
  EXPECT_EQ(l.exact_value, "11");
  EXPECT_EQ(l.scale, 3);
  // 0x0B = 0 0001 011: D = 0 has no exponent field.
  l = tapered_layout(TaperedFormat::hif8, 0x0B);
  ASSERT_EQ(l.fields.size(), 3u);
  EXPECT_EQ(l.fields[1].low_bit, 3);
  EXPECT_EQ(l.value, 1.375);
  // 0x85 = 1 0000 101: denormal −2^(5−23).
  l = tapered_layout(TaperedFormat::hif8, 0x85);
  EXPECT_EQ(l.category, TaperedCategory::denormal);
  EXPECT_EQ(l.value, -std::ldexp(1.0, -18));
  EXPECT_EQ(tapered_layout(TaperedFormat::hif8, 0xEF).category, TaperedCategory::infinity);
  EXPECT_EQ(tapered_layout(TaperedFormat::hif8, 0x80).category, TaperedCategory::nan);
  // Neighbours by value: max's next up is none, zero's next down is −2^-22.
  EXPECT_FALSE(tapered_layout(TaperedFormat::hif8, 0x6E).next_up.has_value());
  EXPECT_EQ(tapered_layout(TaperedFormat::hif8, 0x00).next_down, 0x81u);
}

}  // namespace
}  // namespace typelattice
