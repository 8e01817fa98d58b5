// The core's decimal reader against the platform's strtod/strtof (glibc rounds correctly): random decimals of
// every length and exponent, every kind of midpoint between neighbouring doubles and floats (where the tie rule
// decides) and the numbers just beside them, the ends of the range, and inputs longer than any midpoint.
#include <gtest/gtest.h>

// g++ 12 at -O3 reports string concatenation here as overlapping memcpy (-Wrestrict), falsely (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "core/base/decimal_to_binary.h"

namespace {

using typelattice::detail::nearest_double;
using typelattice::detail::nearest_float;

std::uint64_t next_random(std::uint64_t& s) {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return s;
}

void expect_same_double(const std::string& text) {
  const double want = std::strtod(text.c_str(), nullptr);
  const double got = nearest_double(text);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want)) << text.substr(0, 200);
}

void expect_same_float(const std::string& text) {
  const float want = std::strtof(text.c_str(), nullptr);
  const float got = nearest_float(text);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want)) << text.substr(0, 200);
}

// Exact decimal of a long double (x87: 64-bit significand, so it holds the midpoint of two doubles exactly).
std::string exact(long double v) {
  char buffer[2000];
  std::snprintf(buffer, sizeof buffer, "%.1200Lf", v);
  std::string s = buffer;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// A decimal a hair above / below an exact decimal `d` (digits, maybe a '.'; positive).
std::string just_above(std::string d) {
  if (d.find('.') == std::string::npos) d += '.';
  return d + "000000000000000000001";
}
std::string just_below(std::string d) {
  if (d.find('.') == std::string::npos) d += ".0";
  std::size_t i = d.size();
  while (i-- > 0) {  // subtract one unit in the last place, borrowing through zeros (and past the point)
    if (d[i] == '.') continue;
    if (d[i] != '0') {
      --d[i];
      break;
    }
    d[i] = '9';
  }
  return d + "99999999999999999999";
}

std::string random_decimal(std::uint64_t& s) {
  const int digits = 1 + static_cast<int>(next_random(s) % 25);
  std::string text;
  for (int i = 0; i < digits; ++i) text += static_cast<char>('0' + next_random(s) % 10);
  const std::size_t point = next_random(s) % (text.size() + 1);
  if (point < text.size()) text.insert(point, ".");
  const int exponent = static_cast<int>(next_random(s) % 700) - 360;
  return text + "e" + std::to_string(exponent);
}

TEST(DecimalToBinary, RandomDecimalsOfEveryLengthAndExponent) {
  std::uint64_t s = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 100000; ++i) {
    const std::string text = random_decimal(s);
    expect_same_double(text);
    expect_same_float(text);
  }
}

// Short decimals, which one multiplication or division reads when the digits and the power of ten are exact (up to
// 15 digits and 10^±22 for a double, 7 digits and 10^±10 for a float), and the ones just past those edges, which the
// big-integer division reads.
TEST(DecimalToBinary, ShortDecimalsOnBothSidesOfTheExactProductsEdges) {
  std::uint64_t s = 0x2545f4914f6cdd1du;
  for (int digits = 1; digits <= 18; ++digits) {
    for (int exponent = -26; exponent <= 26; ++exponent) {
      for (int i = 0; i < 40; ++i) {
        std::string text(1, static_cast<char>('1' + next_random(s) % 9));
        while (static_cast<int>(text.size()) < digits) text += static_cast<char>('0' + next_random(s) % 10);
        if (i % 2) text.insert(1 + next_random(s) % text.size(), ".");
        if (text.back() == '.') text.pop_back();
        expect_same_double(text + "e" + std::to_string(exponent));
        expect_same_float(text + "e" + std::to_string(exponent));
      }
    }
  }
  // Ties that the one rounding of the product must break to even: 2^53 + 1 and 2^24 + 1 as decimals.
  expect_same_double("9007199254740993");
  expect_same_float("16777217");
  expect_same_float("1.6777217e7");
}

// Midpoints between neighbouring doubles: exactly there, ties go to the even code; a hair above or below decides.
TEST(DecimalToBinary, MidpointsBetweenDoublesAndTheirNeighbours) {
  std::uint64_t s = 12345;
  std::vector<double> samples = {std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
                                 1.0, 0.1, 9007199254740992.0, std::numeric_limits<double>::max() / 2};
  for (int i = 0; i < 3000; ++i) {
    const double x = std::bit_cast<double>(next_random(s) & 0x7fefffffffffffffu);
    if (std::isfinite(x)) samples.push_back(x);
  }
  for (const double x : samples) {
    const double up = std::nextafter(x, std::numeric_limits<double>::infinity());
    if (!std::isfinite(up)) continue;
    const std::string mid = exact((static_cast<long double>(x) + static_cast<long double>(up)) / 2);
    expect_same_double(mid);
    const double even = (std::bit_cast<std::uint64_t>(x) & 1) == 0 ? x : up;
    EXPECT_EQ(nearest_double(mid), even) << mid.substr(0, 80);
    EXPECT_EQ(nearest_double(just_above(mid)), up) << mid.substr(0, 80);
    EXPECT_EQ(nearest_double(just_below(mid)), x) << mid.substr(0, 80);
  }
}

TEST(DecimalToBinary, MidpointsBetweenFloats) {
  std::uint64_t s = 777;
  for (int i = 0; i < 20000; ++i) {
    const float x = std::bit_cast<float>(static_cast<std::uint32_t>(next_random(s)) & 0x7f7fffffu);
    const float up = std::nextafter(x, std::numeric_limits<float>::infinity());
    if (!std::isfinite(up)) continue;
    const std::string mid = exact((static_cast<long double>(x) + static_cast<long double>(up)) / 2);
    expect_same_float(mid);
    EXPECT_EQ(nearest_float(mid), (std::bit_cast<std::uint32_t>(x) & 1) == 0 ? x : up) << mid.substr(0, 80);
    expect_same_float(just_above(mid));
    expect_same_float(just_below(mid));
  }
}

TEST(DecimalToBinary, TheEndsOfTheRange) {
  for (const char* text : {"0", "0.000", "000.0e5", "1e-400", "1e400", "4.9406564584124654e-324",
                           "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
                           "2.2250738585072014e-308", "1.7976931348623157e308", "1.7976931348623158e308",
                           "1.797693134862315807e308", "1.7976931348623159e308", "1e309", "3.4028235e38",
                           "3.40282356779733661637539395458142568448e38", "3.4028236e38", "1.4e-45", "7e-46",
                           "7.1e-46", "1.17549435e-38", "1e99999999999999999999", "1e-99999999999999999999",
                           "123456789012345678901234567890", "0.30000000000000004", "1.", ".5", "5e-1"}) {
    expect_same_double(text);
    expect_same_float(text);
  }
}

// Longer than any midpoint needs: digits past the 800th only break ties, and nothing is read slowly.
TEST(DecimalToBinary, VeryLongInputs) {
  expect_same_double("0." + std::string(1000, '0') + "1");
  expect_same_double(std::string(1000, '9'));
  expect_same_double("1" + std::string(1999, '0') + "e-1999");
  const std::string one_ulp_half = exact((1.0L + static_cast<long double>(std::nextafter(1.0, 2.0))) / 2);
  for (const std::string& tail : {std::string(5000, '0'), std::string(5000, '0') + "1"}) {
    expect_same_double(one_ulp_half + tail);
    expect_same_float(one_ulp_half + tail);
  }
  std::uint64_t s = 99;
  for (int i = 0; i < 200; ++i) {
    std::string text;
    for (int k = 0; k < 900; ++k) text += static_cast<char>('0' + next_random(s) % 10);
    text.insert(next_random(s) % 900, ".");
    expect_same_double(text + "e-" + std::to_string(next_random(s) % 600));
    expect_same_float(text + "e-" + std::to_string(next_random(s) % 600));
  }
}

}  // namespace
