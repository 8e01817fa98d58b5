// What the Bits view shows beside an exact value: the shortest decimal that casts back to the code, checked for
// every code of every built-in format against printf's roundings; and a cast's two neighbours, with stochastic
// rounding's chance of going away from zero and the expected result.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "tests/unit/sanitizer_sample.h"
#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

bool casts_back(Format f, std::uint32_t code, const std::string& text) {
  const Result<double> v = parse_number(text);
  return v && encode(f, *v, CastOptions{false, RoundMode::nearest_even}) == code;
}

// Digits of the significand without leading or trailing zeros: "450" has 2, "0.002" and "10" have 1.
int significant_digits(const std::string& text) {
  std::string digits;
  for (char c : text) {
    if (c == 'e') break;
    if (c >= '0' && c <= '9') digits += c;
  }
  const std::size_t first = digits.find_first_not_of('0');
  return first == std::string::npos ? 0 : static_cast<int>(digits.find_last_not_of('0') - first + 1);
}

TEST(ShortestDecimal, KnownValues) {
  EXPECT_EQ(shortest_decimal(Format::float8_e4m3fn, 0x01), "0.002");  // 2^-9 = 0.001953125
  EXPECT_EQ(shortest_decimal(Format::float8_e4m3fn, 0x7E), "450");  // 448; its neighbours are 416 and (past max) 480
  EXPECT_EQ(shortest_decimal(Format::float8_e4m3fn, 0xFE), "-450");
  EXPECT_EQ(shortest_decimal(Format::float8_e4m3fn, 0x7F), "");  // NaN
  EXPECT_EQ(shortest_decimal(Format::float8_e4m3fn, 0x80), "-0");
  EXPECT_EQ(shortest_decimal(Format::float16, 0x3C00), "1");
  EXPECT_EQ(shortest_decimal(Format::float16, 0x0001), "6e-8");  // 2^-24 = 5.96e-8
  EXPECT_EQ(shortest_decimal(Format::bfloat16, 0x3DCD), "0.1");  // 0.10009765625
}

// Every finite code casts back from its shortest decimal, and no decimal with fewer significant digits does:
// printf's %.*e gives the nearest such decimal, and the one a unit above or below it is tried too. (A sample of
// the codes in the sanitizer build: sanitizer_sample.h.)
TEST(ShortestDecimal, EveryCodeOfEveryFormatIsShortestAndCastsBack) {
  for (Format f : builtin_formats()) {
    if (!is_minifloat(f)) continue;
    const std::uint32_t codes = 1u << format_spec(f).total_bits();
    for (std::uint32_t code = 0; code < codes; ++code) {
      if (!test::in_sanitizer_sample(code, codes)) continue;
      const double v = decode_to_float64(f, code);
      const std::string got = shortest_decimal(f, code);
      if (!std::isfinite(v)) {
        EXPECT_EQ(got, "") << format_name(f) << " " << code;
        continue;
      }
      ASSERT_TRUE(casts_back(f, code, got)) << format_name(f) << " code " << code << ": " << got;
      if (v == 0) continue;
      const int digits = significant_digits(got);
      for (int p = 1; p < digits; ++p) {
        char text[64];
        std::snprintf(text, sizeof text, "%.*e", p - 1, v);
        const double nearest = std::strtod(text, nullptr);
        const double unit = std::pow(10.0, std::floor(std::log10(std::fabs(nearest))) - (p - 1));
        for (double candidate : {nearest, nearest - unit, nearest + unit}) {
          char again[64];
          std::snprintf(again, sizeof again, "%.*e", p - 1, candidate);
          ASSERT_FALSE(casts_back(f, code, again))
              << format_name(f) << " code " << code << ": " << again << " is shorter than " << got;
        }
      }
    }
  }
}

CastOutcome cast(std::string_view to, std::string_view text, std::optional<std::string_view> round = std::nullopt,
                 std::optional<std::string_view> bits = std::nullopt) {
  CastRequestNames names;
  names.to = to;
  names.round = round;
  names.sr_bits = bits;
  return cast_text(parse_cast_request(names).value(), text).value();
}

TEST(CastNeighbours, TheTwoValuesAroundTheInput) {
  const CastOutcome c = cast("float8_e4m3fn", "-4.1");
  ASSERT_TRUE(c.bracket);
  EXPECT_EQ(c.bracket->toward_zero_code, 0xC8u);  // -4
  EXPECT_EQ(c.bracket->away_code, 0xC9u);         // -4.5
  EXPECT_EQ(c.bracket->toward_zero, -4.0);
  EXPECT_EQ(c.bracket->away, -4.5);
  EXPECT_NEAR(c.bracket->fraction, 0.2, 1e-12);
  const CastOutcome exact = cast("float8_e4m3fn", "448");
  ASSERT_TRUE(exact.bracket);
  EXPECT_EQ(exact.bracket->fraction, 0.0);
  EXPECT_EQ(exact.bracket->away_code, exact.bracket->toward_zero_code);
  EXPECT_FALSE(cast("float8_e4m3fn", "500").bracket);  // beyond max: no value of the format above it
  EXPECT_FALSE(cast("float8_e8m0fnu", "3").bracket);
  EXPECT_FALSE(c.away_probability);  // ties to even: no chance involved
}

// 4.1 lies 0.2 of the way from 4 to 4.5 (as a double, a little less): 0.2 * 256 = 51.2 -> 51 of 256 patterns.
TEST(CastNeighbours, StochasticChanceAndExpectedValue) {
  const CastOutcome c = cast("float8_e4m3fn", "4.1", "stochastic", "0");
  ASSERT_TRUE(c.away_probability);
  EXPECT_EQ(*c.away_probability, 51.0 / 256);
  EXPECT_EQ(*c.expected_value, 4.0 + 51.0 / 256 * 0.5);
  const CastOutcome on_code = cast("float8_e4m3fn", "4.5", "stochastic", "0");
  EXPECT_EQ(*on_code.away_probability, 0.0);
  EXPECT_EQ(*on_code.expected_value, 4.5);
}

}  // namespace
}  // namespace typelattice
