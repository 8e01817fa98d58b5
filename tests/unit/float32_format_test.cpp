// float32 as a format of the Bits view: its codes are its bit patterns, its casts are IEEE 754's double ->
// float conversion. Everything is checked against the platform's float (bit patterns, nextafterf, the
// compiler's conversion), an implementation independent of the generic codec.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"
#include "tests/unit/cast_test_inputs.h"

namespace typelattice {
namespace {

constexpr Format kF32 = Format::float32;
using test::kInf;

std::uint32_t bits_of(float x) { return std::bit_cast<std::uint32_t>(x); }
float float_of(std::uint32_t bits) { return std::bit_cast<float>(bits); }

// A stride over all 2^32 codes that still lands in every binade, plus the codes around every special.
std::vector<std::uint32_t> sample_codes() {
  std::vector<std::uint32_t> codes;
  for (std::uint64_t c = 0; c < (std::uint64_t{1} << 32); c += 65537) codes.push_back(static_cast<std::uint32_t>(c));
  for (std::uint32_t sign : {0u, 0x80000000u}) {
    for (std::uint32_t magnitude : {0u, 1u, 2u, 0x007fffffu, 0x00800000u, 0x00800001u, 0x3f7fffffu, 0x3f800000u,
                                    0x3f800001u, 0x7f7ffffeu, 0x7f7fffffu, 0x7f800000u, 0x7f800001u, 0x7fc00000u,
                                    0x7fffffffu}) {
      codes.push_back(sign | magnitude);
    }
  }
  return codes;
}

TEST(Float32Format, IsAFormatButNotAMinifloat) {
  EXPECT_EQ(parse_format("float32").value(), kF32);
  EXPECT_EQ(parse_format("FLOAT").value(), kF32);   // ONNX's TensorProto name
  EXPECT_EQ(parse_format("single").value(), kF32);
  EXPECT_EQ(parse_format("float31").error().suggestions.at(0), "float32");
  const FormatSpec& spec = format_spec(kF32);
  EXPECT_EQ(spec.total_bits(), 32);
  EXPECT_EQ(spec.bias, 127);
  EXPECT_FALSE(is_minifloat(kF32));
  EXPECT_EQ(all_formats().size(), minifloat_formats().size() + 1);
  for (const FormatSpec& s : minifloat_formats()) EXPECT_LE(s.total_bits(), 16) << s.name;
  const FormatRange range = format_range(kF32);
  EXPECT_EQ(range.max, std::numeric_limits<float>::max());
  EXPECT_EQ(range.min_normal, std::numeric_limits<float>::min());
  EXPECT_EQ(range.min_subnormal, std::numeric_limits<float>::denorm_min());
}

TEST(Float32Format, DecodingIsTheBitPattern) {
  for (std::uint32_t code : sample_codes()) {
    const float want = float_of(code);
    const double got = decode_to_float64(kF32, code);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << std::hex << code;
      EXPECT_EQ(std::signbit(got), std::signbit(want)) << std::hex << code;
      continue;
    }
    EXPECT_EQ(got, static_cast<double>(want)) << std::hex << code;
    EXPECT_EQ(std::signbit(got), std::signbit(want)) << std::hex << code;
    EXPECT_EQ(bits_of(decode_to_float32(kF32, code)), code);
  }
}

TEST(Float32Format, LayoutAgreesWithThePlatform) {
  for (std::uint32_t code : sample_codes()) {
    SCOPED_TRACE(code);
    const float x = float_of(code);
    const Layout l = layout(kF32, code);
    ASSERT_EQ(l.fields.size(), 3u);
    EXPECT_EQ(l.fields[0].raw, code >> 31);
    EXPECT_EQ(l.fields[1].raw, (code >> 23) & 0xffu);
    EXPECT_EQ(l.fields[2].raw, code & 0x7fffffu);
    switch (std::fpclassify(x)) {
      case FP_NAN: EXPECT_EQ(l.category, Category::nan); continue;
      case FP_INFINITE: EXPECT_EQ(l.category, Category::infinity); break;
      case FP_ZERO: EXPECT_EQ(l.category, Category::zero); break;
      case FP_SUBNORMAL: EXPECT_EQ(l.category, Category::subnormal); break;
      default: EXPECT_EQ(l.category, Category::normal); break;
    }
    if (std::isfinite(x) && x != 0) {
      EXPECT_EQ(l.unbiased_exponent, std::max(std::ilogb(x), -126));
      EXPECT_EQ(parse_number(l.exact_value).value(), static_cast<double>(x)) << l.exact_value;
    }
    // Neighbours by value, as nextafterf steps (none past ±max; -0 and +0 step to the smallest subnormals).
    const float up = std::nextafter(x, std::numeric_limits<float>::infinity());
    const float down = std::nextafter(x, -std::numeric_limits<float>::infinity());
    if (std::isinf(up) || std::isinf(x)) EXPECT_EQ(l.next_up, x < 0 ? std::optional(bits_of(up)) : std::nullopt);
    else EXPECT_EQ(l.next_up, bits_of(up));
    if (std::isinf(down) || std::isinf(x)) EXPECT_EQ(l.next_down, x > 0 ? std::optional(bits_of(down)) : std::nullopt);
    else EXPECT_EQ(l.next_down, bits_of(down));
  }
  const Layout one = layout(kF32, 0x3f800000u);
  EXPECT_EQ(one.unbiased_exponent, 0);
  EXPECT_EQ(one.significand, "1");
  EXPECT_EQ(one.exact_value, "1");
  EXPECT_EQ(layout(kF32, 0x7f7fffffu).exact_value, "340282346638528859811704183484516925440");
  const std::string tiny = layout(kF32, 1u).exact_value;  // 2^-149: 149 decimal places
  EXPECT_EQ(tiny.size(), 2u + 149u);
  EXPECT_EQ(tiny.substr(tiny.size() - 6), "203125");
}

// Random doubles over float32's range and beyond, and the midpoints between neighbouring float32s with the
// doubles just beside them: encode equals the compiler's conversion (saturating: Inf clipped to ±max).
TEST(Float32Format, EncodeRoundsLikeThePlatform) {
  std::vector<double> inputs = {0.0, -0.0, kInf, -kInf, 1e-50, -1e-50, 1e300, -1e300, 0x1p-150, 0x1.8p-150,
                                0x1.fffffe8p127, 0x1.fffffefffffffp127, 0x1.ffffffp127};
  std::uint64_t x = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 200000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    // Exponents from 2^-160 to 2^140: float32 subnormals, normals and overflow.
    const std::uint64_t exponent = 1023 - 160 + (x >> 55) % 301;
    inputs.push_back(std::bit_cast<double>((x & 0x800fffffffffffffu) | (exponent << 52)));
  }
  for (std::uint64_t c = 0; c < 0x7f800000u; c += 4099) {
    const double low = float_of(static_cast<std::uint32_t>(c)), high = float_of(static_cast<std::uint32_t>(c + 1));
    const double midpoint = (low + high) / 2;  // exact: 25 significant bits
    inputs.insert(inputs.end(), {midpoint, std::nextafter(midpoint, 0.0), std::nextafter(midpoint, kInf)});
  }
  for (bool saturate : {false, true}) {
    const CastOptions o{.saturate = saturate};
    const ReferenceEncoder reference(kF32);
    for (double v : inputs) {
      for (double signed_v : {v, -v}) {
        const float platform = static_cast<float>(signed_v);
        const bool clipped = saturate && std::isinf(platform);  // ±Inf in, or beyond max's rounding range
        const std::uint32_t want =
            clipped ? bits_of(std::copysign(std::numeric_limits<float>::max(), platform)) : bits_of(platform);
        ASSERT_EQ(encode(kF32, signed_v, o), want) << std::hexfloat << signed_v << " saturate " << saturate;
        ASSERT_EQ(reference.encode(signed_v, o), want) << std::hexfloat << signed_v;
        ASSERT_EQ(saturates(kF32, signed_v, o), clipped) << std::hexfloat << signed_v;
      }
    }
    // NaN keeps its sign; the payload is not kept (a cast makes the quiet NaN, as for every other format).
    EXPECT_EQ(encode(kF32, std::numeric_limits<double>::quiet_NaN(), o), 0x7fc00000u);
    EXPECT_EQ(encode(kF32, -std::numeric_limits<double>::quiet_NaN(), o), 0xffc00000u);
  }
  // ONNX Cast's default for float32 is IEEE's: an overflow is Inf.
  EXPECT_FALSE(onnx_default_options(kF32).saturate);
  EXPECT_EQ(encode(kF32, 1e39, onnx_default_options(kF32)), 0x7f800000u);
}

TEST(Float32Format, RoundingIntervalOfOne) {
  const auto one = rounding_interval(kF32, 0x3f800000u).value();  // 1.0 has an even code: both ends are its own
  EXPECT_EQ(one.low, 1 - 0x1p-25);
  EXPECT_EQ(one.high, 1 + 0x1p-24);
  EXPECT_TRUE(one.low_inclusive && one.high_inclusive);
  const auto next = rounding_interval(kF32, 0x3f800001u).value();
  EXPECT_EQ(next.low, 1 + 0x1p-24);
  EXPECT_FALSE(next.low_inclusive || next.high_inclusive);
  const auto max = rounding_interval(kF32, 0x7f7fffffu, {.saturate = false}).value();
  EXPECT_EQ(max.high, 0x1.ffffffp127);  // halfway to 2^128: from there on a cast gives Inf
  EXPECT_FALSE(max.high_inclusive);
  EXPECT_EQ(rounding_interval(kF32, 0x7f7fffffu, {.saturate = true}).value().high, kInf);
}

TEST(Float32Format, CodesFromText) {
  EXPECT_EQ(parse_code(kF32, "0xffffffff").value(), 0xffffffffu);
  EXPECT_EQ(parse_code(kF32, "0x3f800000").value(), 0x3f800000u);
  const auto wide = parse_code(kF32, "0x100000000");
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().message.find("32 bits: 0x0 to 0xffffffff"), std::string::npos) << wide.error().message;
}

// The bulk kernels are float32 <-> minifloat; asking them for float32 converts nothing and writes nothing.
TEST(Float32Format, KernelsRefuseIt) {
  const std::vector<float> in = {1.0f, 2.0f};
  std::vector<std::uint16_t> out16 = {7, 7};
  std::vector<std::uint8_t> out8 = {7, 7};
  std::vector<float> decoded = {7, 7};
  EXPECT_EQ(cast_from_float32(kF32, in, std::span(out16)), 0u);
  EXPECT_EQ(cast_from_float32(kF32, in, std::span(out8)), 0u);
  EXPECT_EQ(cast_to_float32(kF32, std::span<const std::uint16_t>(out16), std::span(decoded)), 0u);
  EXPECT_EQ(out16, (std::vector<std::uint16_t>{7, 7}));
  EXPECT_EQ(out8, (std::vector<std::uint8_t>{7, 7}));
  EXPECT_EQ(decoded, (std::vector<float>{7, 7}));
}

}  // namespace
}  // namespace typelattice
