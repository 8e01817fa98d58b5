// Decoding every code of every format against value formulas written out here, independently of the codec:
// the bit-sum formulas of ONNX's float8 notes (https://onnx.ai/onnx/technical/float8.html) for its four formats,
// and the IEEE-style formula with each format's published parameters (ml_dtypes, OCP MX v1.0) for the rest.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

int bit(std::uint32_t code, int i) { return static_cast<int>((code >> i) & 1u); }

// ONNX's float8 notes: E4M3FN / E4M3FNUZ, exponent = sum_{i=3}^{6} b_i 2^{i-3}, mantissa = sum_{i=0}^{2} b_i 2^{i-3}.
double onnx_e4m3(std::uint32_t code, int bias) {
  const double sign = bit(code, 7) ? -1.0 : 1.0;
  int exponent = 0;
  for (int i = 3; i <= 6; ++i) exponent += bit(code, i) << (i - 3);
  double fraction = 0;
  for (int i = 0; i <= 2; ++i) fraction += bit(code, i) * std::pow(2.0, i - 3);
  if (exponent != 0) return sign * std::pow(2.0, exponent - bias) * (1 + fraction);
  return sign * std::pow(2.0, 1 - bias) * fraction;  // 2^-6 (bias 7), 2^-7 (bias 8)
}

// ONNX's float8 notes: E5M2 / E5M2FNUZ, exponent = sum_{i=2}^{6} b_i 2^{i-2}, mantissa = sum_{i=0}^{1} b_i 2^{i-2}.
double onnx_e5m2(std::uint32_t code, int bias) {
  const double sign = bit(code, 7) ? -1.0 : 1.0;
  int exponent = 0;
  for (int i = 2; i <= 6; ++i) exponent += bit(code, i) << (i - 2);
  double fraction = 0;
  for (int i = 0; i <= 1; ++i) fraction += bit(code, i) * std::pow(2.0, i - 2);
  if (exponent != 0) return sign * std::pow(2.0, exponent - bias) * (1 + fraction);
  return sign * std::pow(2.0, 1 - bias) * fraction;  // 2^-14 (bias 15), 2^-15 (bias 16)
}

// Generic sign / exponent / mantissa formula with explicit parameters (not read from the code under test).
double ieee_like(std::uint32_t code, int e, int m, int bias) {
  const double sign = bit(code, e + m) ? -1.0 : 1.0;
  const int exponent = static_cast<int>((code >> m) & ((1u << e) - 1));
  const double fraction = static_cast<double>(code & ((1u << m) - 1)) / std::pow(2.0, m);
  if (exponent != 0) return sign * std::pow(2.0, exponent - bias) * (1 + fraction);
  return sign * std::pow(2.0, 1 - bias) * fraction;
}

struct Expected {
  Format format;
  int e, m, bias;
  std::set<std::uint32_t> nan_codes, inf_codes;
  double (*onnx_formula)(std::uint32_t, int);
};

std::set<std::uint32_t> range(std::uint32_t from, std::uint32_t to) {  // inclusive
  std::set<std::uint32_t> out;
  for (std::uint32_t c = from; c <= to; ++c) out.insert(c);
  return out;
}

std::vector<Expected> expectations() {
  std::set<std::uint32_t> e5m2_nan = range(0x7d, 0x7f), e3m4_nan = range(0x71, 0x7f), e4m3_nan = range(0x79, 0x7f);
  for (auto* s : {&e5m2_nan, &e3m4_nan, &e4m3_nan}) {
    for (auto c : std::set<std::uint32_t>(*s)) s->insert(c | 0x80);
  }
  std::set<std::uint32_t> bf16_nan = range(0x7f81, 0x7fff), f16_nan = range(0x7c01, 0x7fff);
  for (auto* s : {&bf16_nan, &f16_nan}) {
    for (auto c : std::set<std::uint32_t>(*s)) s->insert(c | 0x8000);
  }
  return {
      {Format::float8_e4m3fn, 4, 3, 7, {0x7f, 0xff}, {}, onnx_e4m3},
      {Format::float8_e4m3fnuz, 4, 3, 8, {0x80}, {}, onnx_e4m3},
      {Format::float8_e5m2, 5, 2, 15, e5m2_nan, {0x7c, 0xfc}, onnx_e5m2},
      {Format::float8_e5m2fnuz, 5, 2, 16, {0x80}, {}, onnx_e5m2},
      {Format::float8_e4m3b11fnuz, 4, 3, 11, {0x80}, {}, nullptr},
      {Format::float8_e3m4, 3, 4, 3, e3m4_nan, {0x70, 0xf0}, nullptr},
      {Format::float8_e4m3, 4, 3, 7, e4m3_nan, {0x78, 0xf8}, nullptr},
      {Format::float6_e2m3fn, 2, 3, 1, {}, {}, nullptr},
      {Format::float6_e3m2fn, 3, 2, 3, {}, {}, nullptr},
      {Format::float4_e2m1fn, 2, 1, 1, {}, {}, nullptr},
      {Format::bfloat16, 8, 7, 127, bf16_nan, {0x7f80, 0xff80}, nullptr},
      {Format::float16, 5, 10, 15, f16_nan, {0x7c00, 0xfc00}, nullptr},
  };
}

TEST(MinifloatDecode, EveryCodeOfEverySignedFormatMatchesItsFormula) {
  for (const Expected& x : expectations()) {
    const FormatSpec& spec = format_spec(x.format);
    SCOPED_TRACE(std::string(spec.name));
    ASSERT_EQ(spec.exponent_bits, x.e);
    ASSERT_EQ(spec.mantissa_bits, x.m);
    ASSERT_EQ(spec.bias, x.bias);
    for (std::uint32_t code = 0; code < (1u << (1 + x.e + x.m)); ++code) {
      const double got = decode_to_float64(x.format, code);
      const float got32 = decode_to_float32(x.format, code);
      if (x.nan_codes.count(code)) {
        EXPECT_TRUE(std::isnan(got) && std::isnan(got32)) << std::hex << code;
      } else if (x.inf_codes.count(code)) {
        EXPECT_TRUE(std::isinf(got)) << std::hex << code;
        EXPECT_EQ(got, (code >> (x.e + x.m)) ? -INFINITY : INFINITY) << std::hex << code;
        EXPECT_EQ(static_cast<double>(got32), got);
      } else {
        const double want = x.onnx_formula ? x.onnx_formula(code, x.bias) : ieee_like(code, x.e, x.m, x.bias);
        EXPECT_EQ(got, want) << std::hex << "code 0x" << code;
        EXPECT_EQ(static_cast<double>(got32), want) << std::hex << "code 0x" << code;
        EXPECT_EQ(std::signbit(got), bit(code, x.e + x.m) == 1) << std::hex << code;  // -0 stays -0
        if (x.onnx_formula) {
          EXPECT_EQ(want, ieee_like(code, x.e, x.m, x.bias));  // the two formulas agree
        }
      }
    }
  }
}

TEST(MinifloatDecode, FormatRange) {
  EXPECT_EQ(format_range(Format::float8_e4m3fn).max, 448);
  EXPECT_EQ(format_range(Format::float8_e4m3fn).min_normal, std::ldexp(1.0, -6));
  EXPECT_EQ(format_range(Format::float8_e4m3fn).min_subnormal, std::ldexp(1.0, -9));
  EXPECT_EQ(format_range(Format::float8_e5m2fnuz).min_subnormal, std::ldexp(1.0, -17));
  EXPECT_EQ(format_range(Format::float4_e2m1fn).min_normal, 1.0);
  EXPECT_EQ(format_range(Format::float8_e8m0fnu).max, std::ldexp(1.0, 127));
  EXPECT_EQ(format_range(Format::float8_e8m0fnu).min_normal, std::ldexp(1.0, -127));
  EXPECT_EQ(format_range(Format::float8_e8m0fnu).min_subnormal, std::nullopt);
  EXPECT_EQ(format_range(Format::bfloat16).min_subnormal, std::ldexp(1.0, -133));
}

TEST(MinifloatDecode, E8M0IsTwoToTheCodeMinus127AndFFIsNaN) {
  for (std::uint32_t code = 0; code < 0xff; ++code) {
    EXPECT_EQ(decode_to_float64(Format::float8_e8m0fnu, code), std::pow(2.0, static_cast<int>(code) - 127)) << code;
    EXPECT_EQ(static_cast<double>(decode_to_float32(Format::float8_e8m0fnu, code)),
              std::pow(2.0, static_cast<int>(code) - 127));
  }
  EXPECT_TRUE(std::isnan(decode_to_float64(Format::float8_e8m0fnu, 0xff)));
  EXPECT_EQ(decode_to_float64(Format::float8_e8m0fnu, 0x00), std::ldexp(1.0, -127));
  EXPECT_EQ(decode_to_float64(Format::float8_e8m0fnu, 0xfe), std::ldexp(1.0, 127));
}

// Known values from ONNX's float8 notes and ml_dtypes' documentation.
TEST(MinifloatDecode, KnownMaximaAndMinimumSubnormals) {
  struct Known {
    Format f;
    std::uint32_t max_code;
    double max;
    std::uint32_t min_sub_code;
    double min_subnormal;
  };
  const Known known[] = {
      {Format::float8_e4m3fn, 0x7e, 448, 0x01, std::ldexp(1.0, -9)},
      {Format::float8_e5m2, 0x7b, 57344, 0x01, std::ldexp(1.0, -16)},
      {Format::float8_e4m3fnuz, 0x7f, 240, 0x01, std::ldexp(1.0, -10)},
      {Format::float8_e5m2fnuz, 0x7f, 57344, 0x01, std::ldexp(1.0, -17)},
      {Format::float8_e4m3b11fnuz, 0x7f, 30, 0x01, std::ldexp(1.0, -13)},
      {Format::float8_e3m4, 0x6f, 15.5, 0x01, std::ldexp(1.0, -6)},
      {Format::float8_e4m3, 0x77, 240, 0x01, std::ldexp(1.0, -9)},
      {Format::float6_e2m3fn, 0x1f, 7.5, 0x01, 0.125},
      {Format::float6_e3m2fn, 0x1f, 28, 0x01, 0.0625},
      {Format::float4_e2m1fn, 0x7, 6, 0x1, 0.5},
      {Format::bfloat16, 0x7f7f, 0x1.fep127, 0x0001, std::ldexp(1.0, -133)},
      {Format::float16, 0x7bff, 65504, 0x0001, std::ldexp(1.0, -24)},
  };
  for (const Known& k : known) {
    SCOPED_TRACE(std::string(format_spec(k.f).name));
    EXPECT_EQ(decode_to_float64(k.f, k.max_code), k.max);
    EXPECT_EQ(decode_to_float64(k.f, k.min_sub_code), k.min_subnormal);
    // max is the largest finite value of all codes
    double largest = 0;
    for (std::uint32_t c = 0; c < (1u << format_spec(k.f).total_bits()); ++c) {
      const double v = decode_to_float64(k.f, c);
      if (std::isfinite(v)) largest = std::max(largest, v);
    }
    EXPECT_EQ(largest, k.max);
  }
}

}  // namespace
}  // namespace typelattice
