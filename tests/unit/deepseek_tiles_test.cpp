// DeepSeek's FP8 tiles against a slow reference written here from the rule (docs/formats.md, "DeepSeek FP8 tiles"):
// float8_e4m3fn values decoded from their bits by hand, the nearest one to x / s found by exact comparison over
// all 256 codes (ties to the even code), scales from amax in double and powers of two by search.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "typelattice/deepseek_tiles.h"

namespace typelattice {
namespace {

// float8_e4m3fn: 1 sign, 4 exponent bits (bias 7), 3 fraction bits; S.1111.111 is NaN, there is no Inf.
double e4m3_value(int code) {
  const int exponent = code >> 3 & 0xf, fraction = code & 7;
  if (exponent == 15 && fraction == 7) return NAN;
  const double magnitude = exponent == 0 ? std::ldexp(fraction, -9) : std::ldexp(8 + fraction, exponent - 10);
  return code & 0x80 ? -magnitude : magnitude;
}

bool is_e4m3_nan(int code) { return (code & 0x7f) == 0x7f; }

// The nearest code to q (ties to the even code; zero keeps q's sign); beyond 448 the nearest is 448 (all the cast
// can give for the quotients a tile makes, which stay within a few ulps of 448).
int reference_code(double q) {
  if (std::isnan(q)) return 0x7f;
  int best = -1;
  double best_distance = INFINITY;
  for (int code = 0; code < 256; ++code) {
    if (is_e4m3_nan(code)) continue;
    const double v = e4m3_value(code);
    const double distance = std::fabs(v - q);  // exact: both have few significant bits
    const bool tie = distance == best_distance;
    if (distance < best_distance || (tie && v == 0 && std::signbit(v) == std::signbit(q)) ||
        (tie && v != 0 && (code & 1) == 0)) {
      best = code;
      best_distance = distance;
    }
  }
  return best;
}

float reference_scale(bool ue8m0, float amax) {
  if (std::isnan(amax)) return NAN;
  if (std::isinf(amax)) return INFINITY;
  const double clamped = std::max(static_cast<double>(amax), static_cast<double>(1e-4f));
  const float s = static_cast<float>(clamped / 448.0);  // one rounding of the exact quotient (53 >= 2·24 + 2 bits)
  if (!ue8m0) return s;
  float p = std::ldexp(1.0f, -40);
  while (p < s) p *= 2;
  return p;
}

struct Quantized {
  std::vector<float> scales;
  std::vector<std::uint8_t> codes;
};

Quantized reference_quantize(DsTileType t, DsTileShape shape, const std::vector<float>& x) {
  const DsTileSpec& spec = ds_tile_spec(t);
  const std::size_t tr = static_cast<std::size_t>(spec.tile_rows), tile_rows = (shape.rows + tr - 1) / tr,
                    tile_cols = (shape.cols + 127) / 128;
  Quantized out{std::vector<float>(tile_rows * tile_cols), std::vector<std::uint8_t>(x.size())};
  for (std::size_t i = 0; i < tile_rows; ++i) {
    for (std::size_t j = 0; j < tile_cols; ++j) {
      float amax = 0;
      bool nan = false;
      for (std::size_t r = i * tr; r < std::min(shape.rows, (i + 1) * tr); ++r)
        for (std::size_t c = j * 128; c < std::min(shape.cols, (j + 1) * 128); ++c) {
          nan = nan || std::isnan(x[r * shape.cols + c]);
          amax = std::max(amax, std::fabs(x[r * shape.cols + c]));
        }
      const float s = reference_scale(spec.ue8m0, nan ? NAN : amax);
      out.scales[i * tile_cols + j] = s;
      for (std::size_t r = i * tr; r < std::min(shape.rows, (i + 1) * tr); ++r)
        for (std::size_t c = j * 128; c < std::min(shape.cols, (j + 1) * 128); ++c) {
          const float q = static_cast<float>(static_cast<double>(x[r * shape.cols + c]) / s);
          out.codes[r * shape.cols + c] = static_cast<std::uint8_t>(reference_code(q));
        }
    }
  }
  return out;
}

void expect_matches_reference(DsTileType t, DsTileShape shape, const std::vector<float>& x) {
  const Quantized want = reference_quantize(t, shape, x);
  std::vector<float> scales(ds_scale_count(t, shape));
  std::vector<std::uint8_t> codes(x.size());
  ASSERT_TRUE(quantize_ds_tiles(t, shape, x, scales, codes));
  ASSERT_EQ(scales.size(), want.scales.size());
  for (std::size_t i = 0; i < scales.size(); ++i)
    EXPECT_EQ(std::bit_cast<std::uint32_t>(scales[i]), std::bit_cast<std::uint32_t>(want.scales[i])) << "tile " << i;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    if (is_e4m3_nan(want.codes[i])) EXPECT_TRUE(is_e4m3_nan(codes[i])) << "value " << i << " = " << x[i];
    else EXPECT_EQ(int{codes[i]}, int{want.codes[i]}) << "value " << i << " = " << x[i];
  }
  std::vector<float> back(x.size());
  ASSERT_TRUE(dequantize_ds_tiles(t, shape, scales, codes, back));
  for (std::size_t i = 0; i < back.size(); ++i) {
    const std::size_t tile = i / shape.cols / static_cast<std::size_t>(ds_tile_spec(t).tile_rows) *
                                 ((shape.cols + 127) / 128) + i % shape.cols / 128;
    const float expected = static_cast<float>(e4m3_value(codes[i]) * static_cast<double>(scales[tile]));
    if (std::isnan(expected)) EXPECT_TRUE(std::isnan(back[i])) << i;
    else EXPECT_EQ(back[i], expected) << i;
  }
}

std::vector<float> normal_values(std::size_t n, float sigma, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> d(0.0f, sigma);
  std::vector<float> out(n);
  for (float& v : out) v = d(rng);
  return out;
}

constexpr DsTileType kAll[] = {DsTileType::fp8_1x128, DsTileType::fp8_1x128_ue8m0, DsTileType::fp8_128x128,
                               DsTileType::fp8_128x128_ue8m0};

TEST(DeepseekTiles, RandomTilesWithPartialEdgesMatchTheReference) {
  for (const DsTileType t : kAll) {
    SCOPED_TRACE(std::string(ds_tile_spec(t).name));
    const DsTileShape shape{130, 300};  // 2 × 3 tiles of 128 × 128, the last row and column of tiles partial
    for (const float sigma : {1.0f, 1e-3f, 3e4f}) expect_matches_reference(t, shape, normal_values(130 * 300, sigma, 7));
  }
}

TEST(DeepseekTiles, OutliersZerosTinyValuesNaNAndInfMatchTheReference) {
  for (const DsTileType t : kAll) {
    SCOPED_TRACE(std::string(ds_tile_spec(t).name));
    const DsTileShape shape{129, 257};
    std::vector<float> x = normal_values(129 * 257, 0.5f, 11);
    x[3] = 1e6f;                                           // an outlier in the first tile
    for (std::size_t c = 128; c < 256; ++c) x[c] = 0.0f;   // row 0's second group all zero (1×128)
    for (std::size_t r = 0; r < 129; ++r) x[r * 257 + 256] = 3e-6f * static_cast<float>(r % 5) - 6e-6f;  // amax < 1e-4
    x[128 * 257 + 5] = NAN;                                // the last row of tiles
    x[128 * 257 + 130] = -INFINITY;
    x[128 * 257 + 131] = INFINITY;
    x[140] = -0.0f;
    expect_matches_reference(t, shape, x);
  }
}

TEST(DeepseekTiles, AllZeroTileGetsTheClampedScaleAndZeroCodes) {
  for (const DsTileType t : kAll) {
    const std::vector<float> x(128, 0.0f);
    std::vector<float> scales(1);
    std::vector<std::uint8_t> codes(128, 0xaa);
    ASSERT_TRUE(quantize_ds_tiles(t, {1, 128}, x, scales, codes));
    EXPECT_EQ(scales[0], ds_tile_spec(t).ue8m0 ? std::ldexp(1.0f, -22) : 1e-4f / 448.0f);
    for (const std::uint8_t c : codes) EXPECT_EQ(c, 0);
  }
}

// |x| <= amax: the plain scale puts amax itself on 448 (code 0x7e), never beyond; the ue8m0 scale on at most 448.
TEST(DeepseekTiles, TheLargestValueOfATileLandsOn448AndNothingOverflows) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<std::uint32_t> bits(0x38d1b717u, 0x7f7fffffu);  // 1e-4 to FLT_MAX
  for (int i = 0; i < 100000; ++i) {
    const float amax = std::bit_cast<float>(bits(rng));
    EXPECT_EQ(ds_element_code(amax, ds_tile_scale(false, amax)), 0x7e) << amax;
    EXPECT_EQ(ds_element_code(-amax, ds_tile_scale(false, amax)), 0xfe) << amax;
    const std::uint8_t ue8m0 = ds_element_code(amax, ds_tile_scale(true, amax));
    EXPECT_LE(ue8m0, 0x7e) << amax;
    EXPECT_GE(ue8m0, 0x76) << amax;  // in (224, 448]: the power of two is less than twice amax / 448
  }
}

// Values next to an E4M3 midpoint × s, where DeepSeek-V3's x / s (one float32 rounding) and DeepGEMM's x × (1 / s)
// (two) can pick different codes: the core follows x / s, and such values exist.
TEST(DeepseekTiles, ElementsFollowTheQuotientNotTheReciprocalProduct) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> amaxes(0.01f, 1000.0f);
  int differing = 0;
  for (int i = 0; i < 200; ++i) {
    const float amax = amaxes(rng), s = ds_tile_scale(false, amax);
    for (int code = 0x38; code < 0x7e; ++code) {  // midpoints from 1 to 448
      const float mid = static_cast<float>((e4m3_value(code) + e4m3_value(code + 1)) / 2);
      float x = std::nextafter(std::nextafter(std::nextafter(mid * s, 0.0f), 0.0f), 0.0f);
      for (int k = 0; k < 7; ++k, x = std::nextafter(x, INFINITY)) {
        const int by_quotient = reference_code(static_cast<float>(static_cast<double>(x) / s));
        const int by_product = reference_code(x * (1.0f / s));
        if (by_quotient == by_product) continue;
        ++differing;
        std::vector<float> tile{amax, x};
        std::vector<float> scales(1);
        std::vector<std::uint8_t> codes(2);
        ASSERT_TRUE(quantize_ds_tiles(DsTileType::fp8_1x128, {1, 2}, tile, scales, codes));
        EXPECT_EQ(int{codes[1]}, by_quotient) << "amax " << amax << ", x " << x;
        EXPECT_EQ(int{ds_element_code(x, s)}, by_quotient) << "amax " << amax << ", x " << x;
      }
    }
  }
  EXPECT_GT(differing, 0);
}

// Every 2^12th float32 bit pattern as amax, both scale formats.
TEST(DeepseekTiles, ScalesMatchTheReferenceAcrossFloat32) {
  for (std::uint64_t b = 0; b <= 0xffffffffu; b += 0x1000) {
    const float amax = std::fabs(std::bit_cast<float>(static_cast<std::uint32_t>(b)));
    for (const bool ue8m0 : {false, true}) {
      const float got = ds_tile_scale(ue8m0, amax), want = reference_scale(ue8m0, amax);
      if (std::isnan(want)) EXPECT_TRUE(std::isnan(got));
      else ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want)) << amax << " " << ue8m0;
    }
  }
}

// Exhaustive over the rounding boundaries: every float8_e4m3fn value's neighbours, and each midpoint between two
// adjacent values with the float32s on either side, as quotients (s = 1).
TEST(DeepseekTiles, ElementCodesMatchTheReferenceAtEveryRoundingBoundary) {
  std::vector<float> quotients;
  for (int code = 0; code < 0x7e; ++code) {  // up to 448 (0x7f is NaN)
    const float v = static_cast<float>(e4m3_value(code)), next = static_cast<float>(e4m3_value(code + 1));
    const float mid = (v + next) / 2;  // exact in float32
    for (const float q : {v, std::nextafter(v, INFINITY), mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1e9f)})
      quotients.insert(quotients.end(), {q, -q});
  }
  quotients.insert(quotients.end(), {448.0f, 464.0f, std::nextafter(464.0f, 0.0f), 0.0f, -0.0f, 1e-30f, -1e-30f});
  for (const float q : quotients) EXPECT_EQ(int{ds_element_code(q, 1.0f)}, reference_code(q)) << q;
}

TEST(DeepseekTiles, ElementValuesAreCodeTimesScaleInFloat32) {
  const float s = 1.0f / 3.0f;
  for (int code = 0; code < 256; ++code) {
    const float got = ds_element_value(static_cast<std::uint8_t>(code), s);
    if (is_e4m3_nan(code)) EXPECT_TRUE(std::isnan(got));
    else EXPECT_EQ(got, static_cast<float>(e4m3_value(code) * static_cast<double>(s))) << code;
  }
}

TEST(DeepseekTiles, WrongLengthsAndUnknownNamesAreErrors) {
  std::vector<float> x(10), scales(1), back(10);
  std::vector<std::uint8_t> codes(10);
  EXPECT_FALSE(quantize_ds_tiles(DsTileType::fp8_1x128, {2, 6}, x, scales, codes));  // 12 values wanted
  EXPECT_FALSE(quantize_ds_tiles(DsTileType::fp8_1x128, {2, 5}, x, scales, codes));  // 2 scales wanted
  EXPECT_TRUE(quantize_ds_tiles(DsTileType::fp8_128x128, {2, 5}, x, scales, codes));
  EXPECT_FALSE(dequantize_ds_tiles(DsTileType::fp8_128x128, {0, 5}, scales, codes, back));
  const Result<DsTileType> wrong = parse_ds_tile_type("ds_fp8_1x128_e8m0");
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("did you mean ds_fp8_1x128_ue8m0"), std::string::npos) << wrong.error().message;
  EXPECT_EQ(*parse_ds_tile_type("DS_FP8_128x128"), DsTileType::fp8_128x128);
}

}  // namespace
}  // namespace typelattice
