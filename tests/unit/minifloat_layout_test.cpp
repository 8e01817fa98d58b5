// Bit layouts, exact decimals and rounding intervals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <limits>

#include "typelattice/minifloat.h"
#include "tests/unit/cast_test_inputs.h"

namespace typelattice {
namespace {

TEST(MinifloatLayout, E4M3FNMaxFieldByField) {
  const Layout l = layout(Format::float8_e4m3fn, 0x7e);
  ASSERT_EQ(l.fields.size(), 3u);
  EXPECT_EQ(l.fields[0].name, "sign");
  EXPECT_EQ(l.fields[0].low_bit, 7);
  EXPECT_EQ(l.fields[0].high_bit, 7);
  EXPECT_EQ(l.fields[0].raw, 0u);
  EXPECT_EQ(l.fields[1].name, "exponent");
  EXPECT_EQ(l.fields[1].low_bit, 3);
  EXPECT_EQ(l.fields[1].high_bit, 6);
  EXPECT_EQ(l.fields[1].raw, 15u);
  EXPECT_EQ(l.fields[2].name, "mantissa");
  EXPECT_EQ(l.fields[2].low_bit, 0);
  EXPECT_EQ(l.fields[2].high_bit, 2);
  EXPECT_EQ(l.fields[2].raw, 6u);
  EXPECT_EQ(l.bias, 7);
  EXPECT_EQ(l.unbiased_exponent, 8);
  EXPECT_EQ(l.significand, "1 + 6/8");
  EXPECT_EQ(l.category, Category::normal);
  EXPECT_EQ(l.exact_value, "448");
  EXPECT_EQ(l.value, 448.0);
  EXPECT_EQ(l.next_up, std::nullopt);
  EXPECT_EQ(l.next_down, 0x7du);
}

TEST(MinifloatLayout, SubnormalsZerosAndSpecials) {
  Layout l = layout(Format::float8_e4m3fn, 0x01);
  EXPECT_EQ(l.category, Category::subnormal);
  EXPECT_EQ(l.unbiased_exponent, -6);
  EXPECT_EQ(l.significand, "1/8");
  EXPECT_EQ(l.exact_value, "0.001953125");  // 2^-9
  EXPECT_EQ(l.next_down, 0x00u);
  EXPECT_EQ(l.next_up, 0x02u);

  l = layout(Format::float8_e4m3fn, 0x80);
  EXPECT_EQ(l.category, Category::zero);
  EXPECT_EQ(l.exact_value, "-0");
  EXPECT_EQ(l.next_up, 0x01u);   // -0 and +0 have the same value: the next value up is +min subnormal
  EXPECT_EQ(l.next_down, 0x81u);

  l = layout(Format::float8_e4m3fn, 0x7f);
  EXPECT_EQ(l.category, Category::nan);
  EXPECT_EQ(l.exact_value, "nan");
  EXPECT_EQ(l.unbiased_exponent, std::nullopt);
  EXPECT_EQ(l.next_up, std::nullopt);
  EXPECT_EQ(l.next_down, std::nullopt);

  l = layout(Format::float8_e5m2, 0xfc);
  EXPECT_EQ(l.category, Category::infinity);
  EXPECT_EQ(l.exact_value, "-inf");
  EXPECT_EQ(l.next_up, 0xfbu);

  EXPECT_EQ(layout(Format::float8_e4m3fnuz, 0x81).next_up, 0x00u);  // 0x80 is NaN, not -0
  EXPECT_EQ(layout(Format::float8_e4m3fnuz, 0x00).next_down, 0x81u);
  EXPECT_EQ(layout(Format::float8_e4m3fnuz, 0x80).category, Category::nan);
  EXPECT_EQ(layout(Format::float8_e5m2, 0x3d).significand, "1 + 1/4");
  EXPECT_EQ(layout(Format::float4_e2m1fn, 0x0).significand, "0");
}

TEST(MinifloatLayout, E8M0HasOnlyAnExponent) {
  Layout l = layout(Format::float8_e8m0fnu, 0x00);
  ASSERT_EQ(l.fields.size(), 1u);
  EXPECT_EQ(l.fields[0].name, "exponent");
  EXPECT_EQ(l.fields[0].high_bit, 7);
  EXPECT_EQ(l.unbiased_exponent, -127);
  EXPECT_EQ(l.category, Category::normal);
  EXPECT_EQ(l.significand, "1");
  EXPECT_EQ(l.next_down, std::nullopt);
  EXPECT_EQ(l.next_up, 0x01u);
  EXPECT_EQ(layout(Format::float8_e8m0fnu, 0xfe).exact_value,
            "170141183460469231731687303715884105728");  // 2^127
  EXPECT_EQ(layout(Format::float8_e8m0fnu, 0xff).category, Category::nan);
}

TEST(MinifloatLayout, ExactDecimal) {
  EXPECT_EQ(exact_decimal(0.5), "0.5");
  EXPECT_EQ(exact_decimal(-57344), "-57344");
  EXPECT_EQ(exact_decimal(0.1), "0.1000000000000000055511151231257827021181583404541015625");
  EXPECT_EQ(exact_decimal(std::ldexp(1.0, 64)), "18446744073709551616");
  EXPECT_EQ(exact_decimal(-0.0), "-0");
  const std::string tiny = exact_decimal(std::numeric_limits<double>::denorm_min());  // 2^-1074
  EXPECT_EQ(tiny.substr(0, 2 + 323 + 16), "0." + std::string(323, '0') + "4940656458412465");
  EXPECT_EQ(tiny.size(), 2u + 1074u);  // 2^-1074 has exactly 1074 decimal places
  // Every value of every minifloat: the string is plain decimal and reads back as the same double.
  for (const FormatSpec& spec : minifloat_formats()) {
    const Format f = parse_format(spec.name).value();
    for (std::uint32_t code = 0; code < (1u << spec.total_bits()); ++code) {
      const double v = decode_to_float64(f, code);
      if (!std::isfinite(v)) continue;
      const std::string text = exact_decimal(v);
      ASSERT_EQ(text.find_first_not_of("-0123456789."), std::string::npos) << text;
      ASSERT_EQ(parse_number(text).value(), v) << text;
    }
  }
}

// The interval of a code, probed at and just beyond its ends with the encoder.
TEST(MinifloatLayout, RoundingIntervalsAgreeWithEncode) {
  for (const FormatSpec& spec : all_formats()) {
    const Format f = parse_format(spec.name).value();
    const std::uint64_t step = spec.total_bits() > 16 ? 999983 : spec.total_bits() > 8 ? 61 : 1;
    for (const CastOptions& o : test::all_cast_modes(f)) {
      for (std::uint64_t wide = 0; wide < (std::uint64_t{1} << spec.total_bits()); wide += step) {
        const auto code = static_cast<std::uint32_t>(wide);
        const auto interval = rounding_interval(f, code, o);
        if (!interval) {
          EXPECT_TRUE(std::isnan(decode_to_float64(f, code)) || std::isinf(decode_to_float64(f, code))) << code;
          continue;
        }
        SCOPED_TRACE(std::string(spec.name) + " code " + std::to_string(code) + " saturate " +
                     std::to_string(o.saturate) + " mode " + std::to_string(static_cast<int>(o.round)));
        const auto [low, high, low_in, high_in] = *interval;
        ASSERT_LE(low, high);
        EXPECT_EQ(encode(f, low, o) == code, low_in) << low;
        EXPECT_EQ(encode(f, high, o) == code, high_in) << high;
        if (low < high) {
          EXPECT_EQ(encode(f, std::nextafter(low, INFINITY), o), code);
          EXPECT_EQ(encode(f, std::nextafter(high, -INFINITY), o), code);
        }
        if (std::isfinite(high)) {
          EXPECT_NE(encode(f, std::nextafter(high, INFINITY), o), code);
        }
        if (std::isfinite(low) && (low != 0 || !spec.is_scale_format())) {  // E8M0 reads -x as x
          EXPECT_NE(encode(f, std::nextafter(low, -INFINITY), o), code);
        }
        const double v = decode_to_float64(f, code);
        // A code's own value rounds to it, except E8M0's 2^-127 under "up": ONNX's reference sees a float32
        // subnormal with a fraction there and rounds it up to 2^-126.
        const bool e8m0_up_quirk = spec.is_scale_format() && code == 0 && o.round == RoundMode::up;
        if (std::isfinite(v) && !e8m0_up_quirk) {
          EXPECT_TRUE(low <= v && v <= high);
        }
      }
    }
  }
}

}  // namespace
}  // namespace typelattice

// The formula under the bits evaluates to the code's value: read its numbers back and compute
// (−1)^s × 2^(E − bias) × (int + num/den) exactly in double, for every code of every minifloat.
namespace formula_check {

double evaluate(const std::string& formula) {
  std::string_view f = formula;
  double sign = 1;
  if (f.rfind("(−1)^", 0) == 0) {
    sign = f[std::string_view("(−1)^").size()] == '1' ? -1 : 1;
    f.remove_prefix(f.find("× ") + std::string_view("× ").size());
  }
  int e = 0, bias = 0;
  std::sscanf(std::string(f).c_str(), "2^(%d", &e);
  bias = std::atoi(std::string(f.substr(f.find("−") + std::string_view("−").size())).c_str());
  f.remove_prefix(f.find(')') + 1);
  double significand = 1;
  if (f.rfind(" × ", 0) == 0) {
    f.remove_prefix(std::string_view(" × ").size());
    const bool grouped = f.front() == '(';
    if (grouped) f.remove_prefix(1);
    long whole = 0, num = 0, den = 1;
    if (std::sscanf(std::string(f).c_str(), "%ld + %ld/%ld", &whole, &num, &den) == 3) {
      significand = static_cast<double>(whole) + static_cast<double>(num) / static_cast<double>(den);
    } else if (std::sscanf(std::string(f).c_str(), "%ld/%ld", &num, &den) == 2) {
      significand = static_cast<double>(num) / static_cast<double>(den);
    } else {
      significand = static_cast<double>(std::atol(std::string(f).c_str()));
    }
  }
  return sign * std::ldexp(significand, e - bias);
}

TEST(LayoutFormula, EvaluatesToTheValueForEveryCodeOfEveryMinifloat) {
  for (const typelattice::FormatSpec& spec : typelattice::minifloat_formats()) {
    const auto f = *typelattice::format_of(*spec.dtype);
    for (std::uint32_t code = 0; code < (1u << spec.total_bits()); ++code) {
      const typelattice::Layout l = typelattice::layout(f, code);
      const double v = typelattice::decode_to_float64(f, code);
      if (!std::isfinite(v)) {
        EXPECT_EQ(l.formula, "") << spec.name << " " << code;
        continue;
      }
      ASSERT_FALSE(l.formula.empty()) << spec.name << " " << code;
      EXPECT_EQ(evaluate(l.formula), v) << spec.name << " " << code << ": " << l.formula;
      EXPECT_TRUE(l.formula.ends_with(" = " + l.exact_value)) << l.formula;
    }
  }
  EXPECT_EQ(typelattice::layout(typelattice::Format::float8_e4m3fn, 0x1d).formula,
            "(−1)^0 × 2^(3−7) × (1 + 5/8) = 0.1015625");
}

}  // namespace formula_check
