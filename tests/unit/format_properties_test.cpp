// Properties every format must have, one typed suite instantiated once per format (the scheme of ml_dtypes'
// float8_test.cc, TYPED_TEST_SUITE over tag types): every code round-trips through its value, codes are ordered
// as their values, neighbours are adjacent values, NaN and Inf sit where the format's special scheme puts them,
// and saturation clips to ±max. Minifloats are checked on every code; float32 on a stride of its 2^32 codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "typelattice/defined_formats.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

template <Format F>
struct FormatTag {
  static Format format() { return F; }
};
template <int K, int P, bool Signed, bool Extended>
struct P3109Tag {
  static Format format() { return p3109_format({K, P, Signed, Extended}).value(); }
};
// A defined format by its definition text (a class template argument cannot be a string: one struct each).
#define TYPELATTICE_DEFINED_TAG(Name, text) \
  struct Name {                             \
    static Format format() { return parse_format(text).value(); } \
  }
TYPELATTICE_DEFINED_TAG(DefinedE3M3Ieee, "e3m3:ieee");
TYPELATTICE_DEFINED_TAG(DefinedE4M3Fn, "e4m3:fn:bias=7");
TYPELATTICE_DEFINED_TAG(DefinedE5M2FnuzBias13, "e5m2:fnuz:bias=13");
TYPELATTICE_DEFINED_TAG(DefinedE2M1Finite, "e2m1:finite:bias=1");
TYPELATTICE_DEFINED_TAG(DefinedE1M3Fn, "e1m3:fn");
#undef TYPELATTICE_DEFINED_TAG

using EveryFormat =
    ::testing::Types<FormatTag<Format::float8_e4m3fn>, FormatTag<Format::float8_e4m3fnuz>,
                     FormatTag<Format::float8_e5m2>, FormatTag<Format::float8_e5m2fnuz>,
                     FormatTag<Format::float8_e4m3b11fnuz>, FormatTag<Format::float8_e3m4>,
                     FormatTag<Format::float8_e4m3>, FormatTag<Format::float8_e8m0fnu>,
                     FormatTag<Format::float6_e2m3fn>, FormatTag<Format::float6_e3m2fn>,
                     FormatTag<Format::float4_e2m1fn>, FormatTag<Format::bfloat16>, FormatTag<Format::float16>,
                     FormatTag<Format::float32>, P3109Tag<8, 3, true, true>, P3109Tag<8, 4, true, true>,
                     P3109Tag<8, 1, true, true>, P3109Tag<8, 1, false, true>, P3109Tag<8, 3, false, false>,
                     P3109Tag<8, 4, true, false>, P3109Tag<3, 2, true, false>, P3109Tag<6, 3, false, true>,
                     DefinedE3M3Ieee, DefinedE4M3Fn, DefinedE5M2FnuzBias13, DefinedE2M1Finite, DefinedE1M3Fn>;

struct FormatName {
  template <class T>
  static std::string GetName(int) {
    std::string name = format_name(T::format());
    for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';  // a test name: no ':' or '='
    return name;
  }
};

template <class T>
class FormatProperties : public ::testing::Test {
 protected:
  const Format kFormat = T::format();
  const FormatSpec spec_ = format_spec(kFormat);
  const int bits = spec_.total_bits();
  const std::uint32_t sign_bit = spec_.has_sign ? 1u << (bits - 1) : 0u;
  const std::uint32_t exponent_mask = ((1u << spec_.exponent_bits) - 1u) << spec_.mantissa_bits;
  const std::uint32_t mantissa_mask = (1u << spec_.mantissa_bits) - 1u;

  // Every code of a minifloat; for float32 a stride over its codes plus the codes around every special.
  std::vector<std::uint32_t> codes() const {
    std::vector<std::uint32_t> out;
    const std::uint64_t count = std::uint64_t{1} << bits, step = bits > 16 ? 65537 : 1;
    for (std::uint64_t c = 0; c < count; c += step) out.push_back(static_cast<std::uint32_t>(c));
    if (bits > 16) {
      for (std::uint32_t c : {0x00000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu, 0x7f800000u, 0x7f800001u,
                              0x7fc00000u, 0x7fffffffu, 0x80000000u, 0xff800000u, 0xffffffffu})
        out.push_back(c);
    }
    return out;
  }
  double value(std::uint32_t code) const { return decode_to_float64(kFormat, code); }
  // The largest finite positive code: the one below the first positive non-finite code, else the top positive.
  std::uint32_t max_code() const {
    std::uint32_t top = (sign_bit ? sign_bit : 1u << bits) - 1u;
    while (!std::isfinite(value(top))) --top;
    return top;
  }
};

TYPED_TEST_SUITE(FormatProperties, EveryFormat, FormatName);

TYPED_TEST(FormatProperties, EveryCodeRoundTripsThroughItsValue) {
  const Format f = TypeParam::format();
  for (std::uint32_t code : this->codes()) {
    const double v = this->value(code);
    ASSERT_EQ(std::isnan(v), std::isnan(static_cast<double>(decode_to_float32(f, code)))) << code;
    if (std::isnan(v)) {
      EXPECT_TRUE(std::isnan(this->value(encode(f, v)))) << code;
      continue;
    }
    EXPECT_EQ(static_cast<double>(decode_to_float32(f, code)), v) << code;  // every format fits in float32
    // E8M0 rounds to nearest here: under ONNX's default `up`, its code 0 (2^-127, a float32 subnormal) becomes
    // 2^-126, as ONNX's reference does (docs/formats.md, E8M0).
    const CastOptions exact{.saturate = false, .round = RoundMode::nearest};
    EXPECT_EQ(encode(f, v, exact), code) << code;
    if (!std::isinf(v)) {
      EXPECT_EQ(encode(f, v, CastOptions{.saturate = true, .round = RoundMode::nearest}), code) << code;
      EXPECT_EQ(encode(f, static_cast<float>(v), exact), code) << code;
    }
  }
}

TYPED_TEST(FormatProperties, CodesAreOrderedAsTheirValues) {
  const std::uint32_t top = this->max_code();
  double previous = -std::numeric_limits<double>::infinity();
  for (std::uint32_t code : this->codes()) {
    if (code > top) break;  // the positive finite codes, in ascending code order
    const double v = this->value(code);
    EXPECT_GT(v, previous) << code;
    previous = v;
    if (this->sign_bit != 0 && !std::isnan(this->value(code | this->sign_bit))) {
      EXPECT_EQ(this->value(code | this->sign_bit), -v) << code;  // sign-magnitude
      EXPECT_TRUE(std::signbit(this->value(code | this->sign_bit))) << code;
    }
  }
}

TYPED_TEST(FormatProperties, NeighboursAreTheAdjacentValues) {
  const Format f = TypeParam::format();
  std::vector<double> sorted;  // every distinct finite value
  if (this->bits <= 16) {
    for (std::uint32_t code : this->codes())
      if (std::isfinite(this->value(code))) sorted.push_back(this->value(code));
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());  // +0 and -0 are one value
  }
  for (std::uint32_t code : this->codes()) {
    const double v = this->value(code);
    if (!std::isfinite(v)) continue;
    const Layout l = layout(f, code);
    double up = 0, down = 0;
    if (this->bits <= 16) {
      const auto at = std::lower_bound(sorted.begin(), sorted.end(), v);
      up = at + 1 == sorted.end() ? INFINITY : at[1];
      down = at == sorted.begin() ? -INFINITY : at[-1];
    } else {
      up = std::nextafter(static_cast<float>(v), INFINITY);
      down = std::nextafter(static_cast<float>(v), -INFINITY);
    }
    if (std::isinf(up)) {
      EXPECT_EQ(l.next_up, std::nullopt) << code;
    } else {
      ASSERT_TRUE(l.next_up.has_value()) << code;
      EXPECT_EQ(this->value(*l.next_up), up) << code;
    }
    if (std::isinf(down)) {
      EXPECT_EQ(l.next_down, std::nullopt) << code;
    } else {
      ASSERT_TRUE(l.next_down.has_value()) << code;
      EXPECT_EQ(this->value(*l.next_down), down) << code;
    }
  }
}

// Where NaN and Inf live, written from the scheme's definition (minifloat.h's SpecialValues), code by code.
TYPED_TEST(FormatProperties, NanAndInfSitWhereTheSchemePutsThem) {
  const FormatSpec& spec = format_spec(TypeParam::format());
  const std::uint32_t magnitude_mask = this->exponent_mask | this->mantissa_mask;
  for (std::uint32_t code : this->codes()) {
    const std::uint32_t exponent = code & this->exponent_mask, mantissa = code & this->mantissa_mask;
    const bool exponent_all_ones = exponent == this->exponent_mask;
    bool nan = false, inf = false;
    switch (spec.specials) {
      case SpecialValues::ieee:
        nan = exponent_all_ones && mantissa != 0;
        inf = exponent_all_ones && mantissa == 0;
        break;
      case SpecialValues::nan_all_ones: nan = (code & magnitude_mask) == magnitude_mask; break;
      case SpecialValues::nan_negative_zero: nan = code == this->sign_bit; break;
      case SpecialValues::none: break;
      case SpecialValues::nan_all_ones_unsigned: nan = code == magnitude_mask; break;
      case SpecialValues::inf_top_nan_negative_zero:
        nan = code == this->sign_bit;
        inf = (code & magnitude_mask) == magnitude_mask;
        break;
      case SpecialValues::inf_below_nan_all_ones:
        nan = code == magnitude_mask;
        inf = code == magnitude_mask - 1;
        break;
    }
    EXPECT_EQ(std::isnan(this->value(code)), nan) << code;
    EXPECT_EQ(std::isinf(this->value(code)), inf) << code;
    if (inf) {
      EXPECT_EQ(std::signbit(this->value(code)), (code & this->sign_bit) != 0) << code;
    }
  }
  EXPECT_EQ(spec.has_inf(), spec.specials == SpecialValues::ieee ||
                                spec.specials == SpecialValues::inf_top_nan_negative_zero ||
                                spec.specials == SpecialValues::inf_below_nan_all_ones);
  EXPECT_EQ(spec.has_nan(), spec.specials != SpecialValues::none);
}

TYPED_TEST(FormatProperties, SaturationClipsToMaxAndOtherwiseOverflowsToInfOrNan) {
  const Format f = TypeParam::format();
  const FormatSpec& spec = format_spec(TypeParam::format());
  const std::uint32_t max = this->max_code();
  const double max_value = this->value(max);
  const CastOptions saturate{.saturate = true}, overflow{.saturate = false};
  for (double beyond : {max_value * 4, static_cast<double>(INFINITY)}) {
    EXPECT_EQ(encode(f, beyond, saturate), max) << beyond;
    if (spec.has_sign) {
      EXPECT_EQ(encode(f, -beyond, saturate), max | this->sign_bit) << beyond;
    }
    const double overflowed = this->value(encode(f, beyond, overflow));
    if (spec.has_inf()) {
      EXPECT_EQ(overflowed, INFINITY) << beyond;
    } else if (spec.has_nan()) {
      EXPECT_TRUE(std::isnan(overflowed)) << beyond;
    } else {
      EXPECT_EQ(overflowed, max_value) << beyond;  // no Inf, no NaN: the format clips (ONNX's FP4/FP6)
    }
  }
  EXPECT_EQ(format_range(f).max, max_value);
}

}  // namespace
}  // namespace typelattice
