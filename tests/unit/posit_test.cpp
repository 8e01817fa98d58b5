// posit8 and posit16 (es = 2) against the 2022 Standard for Posit Arithmetic, implemented here on its own terms:
// the value from the closed form of section 3 on the code's bits as they are (no two's complement), and the
// rounding of section 4 by its definition (the midpoint of two neighbours is the (n+1)-bit posit "lower code,
// then 1"; a tie goes to the even code; nothing rounds to 0 or NaR).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "typelattice/tapered_formats.h"

namespace typelattice {
namespace {

// Section 3's closed form: value = (1 − 3s + f) × 2^((1 − 2s)(4r + e + s)), r, e and f read from the bits after
// the sign as they stand; exponent bits past the end read as 0.
double closed_form(int n, std::uint64_t code) {
  const std::uint64_t sign_bit = std::uint64_t{1} << (n - 1);
  if (code == 0) return 0;
  if (code == sign_bit) return std::numeric_limits<double>::quiet_NaN();
  const int s = (code & sign_bit) ? 1 : 0;
  int i = n - 2;
  const int first = static_cast<int>((code >> i) & 1u);
  int run = 0;
  while (i >= 0 && static_cast<int>((code >> i) & 1u) == first) {
    ++run;
    --i;
  }
  const int r = first ? run - 1 : -run;
  --i;  // terminator (or nothing left)
  int e = 0;
  for (int k = 0; k < 2; ++k, --i) e = 2 * e + (i >= 0 ? static_cast<int>((code >> i) & 1u) : 0);
  double f = 0, weight = 0.5;
  for (; i >= 0; --i, weight /= 2) f += ((code >> i) & 1u) ? weight : 0;
  return (1 - 3 * s + f) * std::ldexp(1.0, (1 - 2 * s) * (4 * r + e + s));
}

double posit_float_of_bits(std::uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Section 4, literally: every finite code by value; between neighbours u < w the midpoint is the (n+1)-bit
// posit with U's bits and a 1 after them.
class PositReference {
 public:
  explicit PositReference(int n) : n_(n) {
    for (std::uint32_t c = 0; c < (1u << n); ++c) {
      if (c != (1u << (n - 1))) codes_.push_back(c);
    }
    std::sort(codes_.begin(), codes_.end(),
              [n](std::uint32_t a, std::uint32_t b) { return closed_form(n, a) < closed_form(n, b); });
    for (std::uint32_t c : codes_) values_.push_back(closed_form(n, c));
  }
  std::uint32_t encode(double x) const {
    const std::uint32_t nar = 1u << (n_ - 1);
    if (!std::isfinite(x)) return nar;
    if (x == 0) return 0;
    const double maxpos = values_.back(), minpos = closed_form(n_, 1);
    if (x > maxpos) return codes_.back();
    if (x < -maxpos) return codes_.front();
    if (x > 0 && x < minpos) return 1;
    if (x < 0 && x > -minpos) return (1u << n_) - 1u;
    const auto above = std::lower_bound(values_.begin(), values_.end(), x);
    const std::size_t w = static_cast<std::size_t>(above - values_.begin());
    if (values_[w] == x) return codes_[w];
    const std::uint32_t u_code = codes_[w - 1], w_code = codes_[w];
    const double v = midpoint(u_code);
    if (x < v) return u_code;
    if (x > v) return w_code;
    return (u_code & 1u) == 0 ? u_code : w_code;
  }
  double midpoint(std::uint32_t u_code) const { return closed_form(n_ + 1, (std::uint64_t{u_code} << 1) | 1u); }
  const std::vector<std::uint32_t>& codes() const { return codes_; }
  const std::vector<double>& values() const { return values_; }

 private:
  int n_;
  std::vector<std::uint32_t> codes_;
  std::vector<double> values_;
};

TaperedFormat format_of_width(int n) { return n == 8 ? TaperedFormat::posit8 : TaperedFormat::posit16; }

class PositWidths : public ::testing::TestWithParam<int> {};

TEST_P(PositWidths, EveryCodeDecodesToTheClosedForm) {
  const int n = GetParam();
  for (std::uint32_t c = 0; c < (1u << n); ++c) {
    const double expected = closed_form(n, c);
    const double got = tapered_decode(format_of_width(n), c);
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(got)) << c;
    } else {
      ASSERT_EQ(got, expected) << "code " << c;
    }
  }
}

TEST_P(PositWidths, TwosComplementOrderIsValueOrderAndNegationIsTwosComplement) {
  const int n = GetParam();
  const TaperedFormat f = format_of_width(n);
  const std::uint32_t mask = (1u << n) - 1u, nar = 1u << (n - 1);
  double previous = -std::numeric_limits<double>::infinity();
  for (std::uint32_t k = 1; k < (1u << n); ++k) {
    const std::uint32_t c = (nar + k) & mask;  // from the most negative code up to maxpos
    const double v = tapered_decode(f, c);
    ASSERT_GT(v, previous) << c;
    previous = v;
    EXPECT_EQ(tapered_decode(f, (~c + 1u) & mask), -v) << c;
  }
}

TEST_P(PositWidths, EncodeMatchesTheStandardsRoundingOnFloat32Inputs) {
  const int n = GetParam();
  const PositReference reference(n);
  const TaperedFormat f = format_of_width(n);
  std::size_t checked = 0;
  for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << 32); bits += 4099) {
    const double x = posit_float_of_bits(static_cast<std::uint32_t>(bits));
    ASSERT_EQ(tapered_encode(f, x), reference.encode(x)) << "input " << x << " (float32 0x" << std::hex << bits << ")";
    ++checked;
  }
  EXPECT_GT(checked, 1000000u);
}

TEST_P(PositWidths, EncodeMatchesAtEveryMidpointAndValueAndOneUlpAround) {
  const int n = GetParam();
  const PositReference reference(n);
  const TaperedFormat f = format_of_width(n);
  const auto& values = reference.values();
  auto check = [&](double x) { ASSERT_EQ(tapered_encode(f, x), reference.encode(x)) << "input " << x; };
  for (std::size_t i = 0; i < values.size(); ++i) {
    check(values[i]);
    check(std::nextafter(values[i], -INFINITY));
    check(std::nextafter(values[i], INFINITY));
    if (i + 1 < values.size()) {
      const double m = reference.midpoint(reference.codes()[i]);
      ASSERT_GT(m, values[i]);
      ASSERT_LT(m, values[i + 1]);
      check(m);
      check(std::nextafter(m, -INFINITY));
      check(std::nextafter(m, INFINITY));
    }
  }
}

TEST_P(PositWidths, NeverRoundsToZeroOrNaRAndSpecialsGoToNaR) {
  const int n = GetParam();
  const TaperedFormat f = format_of_width(n);
  const std::uint32_t nar = 1u << (n - 1), maxpos = nar - 1u, mask = (1u << n) - 1u;
  EXPECT_EQ(tapered_encode(f, std::numeric_limits<double>::denorm_min()), 1u);
  EXPECT_EQ(tapered_encode(f, -std::numeric_limits<double>::denorm_min()), mask);  // -minpos
  EXPECT_EQ(tapered_encode(f, 1e300), maxpos);
  EXPECT_EQ(tapered_encode(f, -1e300), nar + 1u);  // -maxpos
  EXPECT_EQ(tapered_encode(f, INFINITY), nar);
  EXPECT_EQ(tapered_encode(f, -INFINITY), nar);
  EXPECT_EQ(tapered_encode(f, std::nan("")), nar);
  EXPECT_EQ(tapered_encode(f, 0.0), 0u);
  EXPECT_EQ(tapered_encode(f, -0.0), 0u);
}

INSTANTIATE_TEST_SUITE_P(Posit, PositWidths, ::testing::Values(8, 16));

// Values the Standard states (section 3, "posit format" table): maxpos = 2^(4n−8), minpos its reciprocal.
TEST(Posit, StandardsExtremesAndOne) {
  EXPECT_EQ(tapered_decode(TaperedFormat::posit8, 0x7F), 16777216.0);  // 2^24
  EXPECT_EQ(tapered_decode(TaperedFormat::posit8, 0x01), std::ldexp(1.0, -24));
  EXPECT_EQ(tapered_decode(TaperedFormat::posit16, 0x7FFF), std::ldexp(1.0, 56));
  EXPECT_EQ(tapered_decode(TaperedFormat::posit16, 0x0001), std::ldexp(1.0, -56));
  EXPECT_EQ(tapered_decode(TaperedFormat::posit8, 0x40), 1.0);
  EXPECT_EQ(tapered_decode(TaperedFormat::posit8, 0xC0), -1.0);
  EXPECT_EQ(tapered_decode(TaperedFormat::posit16, 0x4000), 1.0);
  EXPECT_TRUE(std::isnan(tapered_decode(TaperedFormat::posit8, 0x80)));
  EXPECT_TRUE(std::isnan(tapered_decode(TaperedFormat::posit16, 0x8000)));
  EXPECT_EQ(tapered_max(TaperedFormat::posit16), std::ldexp(1.0, 56));
  EXPECT_EQ(tapered_min_positive(TaperedFormat::posit8), std::ldexp(1.0, -24));
}

// Where the exponent is cut, the bit-string midpoint is not the arithmetic one: between 2^20 (0x7E) and 2^24
// (0x7F) it is the 9-bit posit 0b011111101 = 2^22, so 2^23 rounds up (arithmetically it is nearer 2^20).
TEST(Posit, RoundsOnTheBitStringWhereTheExponentIsCut) {
  EXPECT_EQ(tapered_decode(TaperedFormat::posit8, 0x7E), std::ldexp(1.0, 20));
  EXPECT_EQ(tapered_encode(TaperedFormat::posit8, std::ldexp(1.0, 23)), 0x7Fu);
  EXPECT_EQ(tapered_encode(TaperedFormat::posit8, std::ldexp(1.0, 22)), 0x7Eu);  // the tie: 0x7E is even
  EXPECT_EQ(tapered_encode(TaperedFormat::posit8, std::nextafter(std::ldexp(1.0, 22), INFINITY)), 0x7Fu);
  EXPECT_EQ(tapered_encode(TaperedFormat::posit8, -std::ldexp(1.0, 23)), 0x81u);
  // Ties in the fraction: 1 + 1/16 lies halfway between 1 (0x40, even) and 1.125 (0x41).
  EXPECT_EQ(tapered_encode(TaperedFormat::posit8, 1.0625), 0x40u);
  EXPECT_EQ(tapered_encode(TaperedFormat::posit8, 1.1875), 0x42u);  // between 0x41 and 0x42: even 0x42
}

std::vector<std::string> field_names(const TaperedLayout& l) {
  std::vector<std::string> out;
  for (const TaperedField& f : l.fields) out.emplace_back(f.name);
  return out;
}

TEST(Posit, FieldsOfAFullCode) {
  // 0x5B = 0 10 11 011: regime "10" (r = 0), exponent 11 (e = 3), fraction 011 (3/8): 1.375 × 2^3 = 11.
  const TaperedLayout l = tapered_layout(TaperedFormat::posit8, 0x5B);
  ASSERT_EQ(field_names(l), (std::vector<std::string>{"sign", "regime", "exponent", "fraction"}));
  EXPECT_EQ(l.fields[0].high_bit, 7);
  EXPECT_EQ(l.fields[1].high_bit, 6);
  EXPECT_EQ(l.fields[1].low_bit, 5);
  EXPECT_EQ(l.fields[1].raw, 0b10u);
  EXPECT_EQ(l.fields[2].high_bit, 4);
  EXPECT_EQ(l.fields[2].low_bit, 3);
  EXPECT_EQ(l.fields[2].raw, 3u);
  EXPECT_EQ(l.fields[3].high_bit, 2);
  EXPECT_EQ(l.fields[3].low_bit, 0);
  EXPECT_EQ(l.fields[3].raw, 3u);
  EXPECT_EQ(l.truncated_exponent_bits, 0);
  EXPECT_EQ(l.exact_value, "11");
  EXPECT_EQ(l.scale, 3);
  EXPECT_EQ(l.category, TaperedCategory::normal);
  EXPECT_EQ(l.next_up, 0x5Cu);
  EXPECT_EQ(l.next_down, 0x5Au);
}

TEST(Posit, FieldsWithACutExponentAndWithoutTerminator) {
  // 0x7D = 0 111110 1: a run of five ones and its terminator, then one exponent bit (1, the cut bit reads 0).
  TaperedLayout l = tapered_layout(TaperedFormat::posit8, 0x7D);
  ASSERT_EQ(field_names(l), (std::vector<std::string>{"sign", "regime", "exponent"}));
  EXPECT_EQ(l.fields[1].low_bit, 1);
  EXPECT_EQ(l.fields[2].low_bit, 0);
  EXPECT_EQ(l.fields[2].high_bit, 0);
  EXPECT_EQ(l.truncated_exponent_bits, 1);
  EXPECT_EQ(l.value, std::ldexp(1.0, 18));
  // posit16 maxpos 0x7FFF: fifteen ones, no terminator, no exponent, no fraction.
  l = tapered_layout(TaperedFormat::posit16, 0x7FFF);
  ASSERT_EQ(field_names(l), (std::vector<std::string>{"sign", "regime"}));
  EXPECT_EQ(l.fields[1].low_bit, 0);
  EXPECT_EQ(l.fields[1].high_bit, 14);
  EXPECT_EQ(l.truncated_exponent_bits, 2);
  EXPECT_FALSE(l.next_up.has_value());
  EXPECT_EQ(l.next_down, 0x7FFEu);
  // Negative codes show their own bits; the formula is the Standard's closed form.
  l = tapered_layout(TaperedFormat::posit8, 0xC0);
  EXPECT_EQ(l.value, -1.0);
  EXPECT_NE(l.formula.find("= -1"), std::string::npos) << l.formula;
  l = tapered_layout(TaperedFormat::posit8, 0x80);
  EXPECT_EQ(l.category, TaperedCategory::nan);
  EXPECT_EQ(l.exact_value, "nan");
}

TEST(Posit, NamesAndCodes) {
  EXPECT_EQ(find_tapered_format("POSIT16"), TaperedFormat::posit16);
  EXPECT_FALSE(find_tapered_format("posit32").has_value());
  EXPECT_EQ(tapered_cast_line(TaperedFormat::posit16, 0x4000), "0x4000 1");
  EXPECT_EQ(tapered_cast_line(TaperedFormat::posit8, 0x80), "0x80 nan");
  EXPECT_EQ(*parse_tapered_code(TaperedFormat::posit8, "0b01000000"), 0x40u);
  const auto bad = parse_tapered_code(TaperedFormat::posit8, "0x100");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("posit8"), std::string::npos);
}

TEST(TaperedFormatNames, EveryNameAnAliasOrASuggestion) {
  for (const TaperedFormat f : tapered_formats()) {
    const Result<TaperedFormat> r = parse_tapered_format(tapered_format_name(f));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, f);
  }
  EXPECT_EQ(parse_tapered_format("HiFloat8").value(), TaperedFormat::hif8);
  const Result<TaperedFormat> typo = parse_tapered_format("posit9");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::unknown_name);
  ASSERT_FALSE(typo.error().suggestions.empty());
  EXPECT_EQ(typo.error().suggestions.front(), "posit8");
  // A minifloat is a format, but not this kind: said so, not "unknown".
  const Result<TaperedFormat> minifloat = parse_tapered_format("float8_e4m3fn");
  ASSERT_FALSE(minifloat.ok());
  EXPECT_EQ(minifloat.error().kind, ErrorKind::bad_value);
  EXPECT_NE(minifloat.error().message.find("minifloat"), std::string::npos) << minifloat.error().message;
}

}  // namespace
}  // namespace typelattice
