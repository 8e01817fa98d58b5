// Encoding: the two cast tables of ONNX's float8 notes (onnx.ai/onnx/technical/float8.html) row by row, E8M0's
// round modes, double rounding, and the fast encoder against the reference encoder on a stride of float32 inputs
// (the exhaustive test does every binade).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "typelattice/minifloat.h"
#include "tests/unit/cast_test_inputs.h"

namespace typelattice {
namespace {

using test::kInf;
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// One column of those tables, with the codes written out by hand from the notes' encodings.
struct Column {
  Format f;
  std::uint32_t max, neg_max;      // S.1111.110 (E4M3FN), S.1111.111 (FNUZ), S.11110.11 (E5M2) ...
  std::uint32_t nan, neg_nan;      // what NaN / -NaN become
  std::uint32_t inf, neg_inf;      // non-saturating: what ±Inf and ±out-of-range become
  std::uint32_t neg_zero;          // what -0 becomes
  std::uint32_t one;               // RNE sample: 1.0
  double above_max;                // a value with [x] > FLT_MAX
};

const Column kColumns[] = {
    {Format::float8_e4m3fn, 0x7e, 0xfe, 0x7f, 0xff, 0x7f, 0xff, 0x80, 0x38, 480},
    {Format::float8_e4m3fnuz, 0x7f, 0xff, 0x80, 0x80, 0x80, 0x80, 0x00, 0x40, 256},
    {Format::float8_e5m2, 0x7b, 0xfb, 0x7e, 0xfe, 0x7c, 0xfc, 0x80, 0x3c, 65536},
    {Format::float8_e5m2fnuz, 0x7f, 0xff, 0x80, 0x80, 0x80, 0x80, 0x00, 0x40, 65536},
};

TEST(MinifloatEncode, SeedSaturatingTableRowByRow) {
  const CastOptions sat{.saturate = true};
  for (const Column& c : kColumns) {
    SCOPED_TRACE(std::string(format_spec(c.f).name));
    EXPECT_EQ(encode(c.f, 0.0, sat), 0x00u);                 // 0 -> 0
    EXPECT_EQ(encode(c.f, -0.0, sat), c.neg_zero);           // -0 -> -0, or 0 on UZ formats
    EXPECT_EQ(encode(c.f, kNaN, sat), c.nan);                // NaN -> NaN
    // Inf -> FLT_MAX. The notes' table says NaN for the two FNUZ columns; ONNX's reference implementation and
    // backend test data clip to FLT_MAX for every format, and so do we (docs/formats.md).
    EXPECT_EQ(encode(c.f, kInf, sat), c.max);
    EXPECT_EQ(encode(c.f, -kInf, sat), c.neg_max);
    EXPECT_EQ(encode(c.f, c.above_max, sat), c.max);         // [x] > FLT_MAX -> FLT_MAX
    EXPECT_EQ(encode(c.f, 1e30, sat), c.max);
    EXPECT_EQ(encode(c.f, -c.above_max, sat), c.neg_max);    // [x] < -FLT_MAX -> -FLT_MAX
    EXPECT_EQ(encode(c.f, 1.0, sat), c.one);                 // else RNE
    EXPECT_EQ(encode(c.f, -1.0, sat), c.one | 0x80);
  }
}

TEST(MinifloatEncode, SeedNonSaturatingTableRowByRow) {
  const CastOptions nosat{.saturate = false};
  for (const Column& c : kColumns) {
    SCOPED_TRACE(std::string(format_spec(c.f).name));
    EXPECT_EQ(encode(c.f, 0.0, nosat), 0x00u);
    EXPECT_EQ(encode(c.f, -0.0, nosat), c.neg_zero);
    EXPECT_EQ(encode(c.f, kNaN, nosat), c.nan);
    EXPECT_EQ(encode(c.f, -kNaN, nosat), c.neg_nan);         // -NaN -> -NaN, or the single NaN on FNUZ
    EXPECT_EQ(encode(c.f, kInf, nosat), c.inf);              // Inf -> NaN (FN, FNUZ) or Inf (E5M2)
    EXPECT_EQ(encode(c.f, -kInf, nosat), c.neg_inf);
    EXPECT_EQ(encode(c.f, c.above_max, nosat), c.inf);       // [x] > FLT_MAX
    EXPECT_EQ(encode(c.f, -c.above_max, nosat), c.neg_inf);  // [x] < -FLT_MAX
    EXPECT_EQ(encode(c.f, 1.0, nosat), c.one);
  }
}

// [x] is x rounded to the mantissa width: values just above max that round down to it stay finite.
TEST(MinifloatEncode, OverflowIsDecidedAfterRounding) {
  const CastOptions nosat{.saturate = false};
  EXPECT_EQ(encode(Format::float8_e4m3fn, 464.0, nosat), 0x7eu);   // tie between 448 (even) and 480: 448
  EXPECT_EQ(encode(Format::float8_e4m3fn, 464.5, nosat), 0x7fu);   // nearer 480: not representable -> NaN
  EXPECT_EQ(encode(Format::float8_e5m2, 61439.0, nosat), 0x7bu);   // below the midpoint 61440
  EXPECT_EQ(encode(Format::float8_e5m2, 61440.0, nosat), 0x7cu);   // tie; 57344 is odd: to 65536 = Inf
  EXPECT_EQ(encode(Format::float8_e4m3fnuz, 248.0, nosat), 0x80u); // tie between 240 (odd) and 256: NaN
  EXPECT_EQ(encode(Format::float8_e4m3fnuz, 247.9, nosat), 0x7fu);
  EXPECT_EQ(encode(Format::float16, 65520.0, nosat), 0x7c00u);     // IEEE half: 65520 rounds to Inf
  EXPECT_EQ(encode(Format::float16, 65519.99, nosat), 0x7bffu);
}

TEST(MinifloatEncode, SaturatesReportsClipping) {
  EXPECT_TRUE(saturates(Format::float8_e4m3fn, 1000.0));
  EXPECT_TRUE(saturates(Format::float8_e4m3fn, -kInf));
  EXPECT_FALSE(saturates(Format::float8_e4m3fn, 464.0));           // rounds to max: no clipping
  EXPECT_FALSE(saturates(Format::float8_e4m3fn, 1000.0, {.saturate = false}));  // overflows to NaN instead
  EXPECT_FALSE(saturates(Format::float8_e4m3fn, kNaN));
  EXPECT_TRUE(saturates(Format::float4_e2m1fn, 100.0, {.saturate = false}));    // no Inf/NaN: always clips
  EXPECT_TRUE(saturates(Format::float8_e8m0fnu, 0x1.8p127));                    // up past 2^127
}

// FP4/FP6 have no Inf and no NaN: out of range always clips; NaN goes where ONNX's float4 test data send it
// (ml_dtypes' quiet_NaN() is the code of -0; a negative NaN negates it).
TEST(MinifloatEncode, FormatsWithoutSpecials) {
  for (const CastOptions& o : {CastOptions{.saturate = true}, CastOptions{.saturate = false}}) {
    EXPECT_EQ(encode(Format::float4_e2m1fn, kInf, o), 0x7u);
    EXPECT_EQ(encode(Format::float4_e2m1fn, -kInf, o), 0xfu);
    EXPECT_EQ(encode(Format::float4_e2m1fn, 1e6, o), 0x7u);
    EXPECT_EQ(encode(Format::float4_e2m1fn, kNaN, o), 0x8u);
    EXPECT_EQ(encode(Format::float4_e2m1fn, -kNaN, o), 0x0u);
    EXPECT_EQ(encode(Format::float6_e2m3fn, 8.0, o), 0x1fu);
    EXPECT_EQ(encode(Format::float6_e3m2fn, -30.0, o), 0x3fu);
    EXPECT_EQ(encode(Format::float6_e3m2fn, kNaN, o), 0x20u);
  }
  EXPECT_EQ(encode(Format::float4_e2m1fn, -0.0), 0x8u);  // -0 exists
  EXPECT_EQ(encode(Format::float4_e2m1fn, 0.25), 0x0u);  // tie between 0 and 0.5: to even 0
  EXPECT_EQ(encode(Format::float4_e2m1fn, 0.75), 0x2u);  // tie between 0.5 and 1: to even 1.0 (0b010)
  EXPECT_EQ(encode(Format::float4_e2m1fn, 5.0), 0x6u);   // tie between 4 and 6: to even 4 (0b110)
}

// ONNX Cast round_mode for float8_e8m0fnu, following numpy_helper.to_float8e8m0.
TEST(MinifloatEncode, E8M0RoundModes) {
  const Format f = Format::float8_e8m0fnu;
  auto with = [](RoundMode r, bool saturate = true) { return CastOptions{.saturate = saturate, .round = r}; };
  const CastOptions up = with(RoundMode::up), down = with(RoundMode::down), nearest = with(RoundMode::nearest);
  EXPECT_EQ(encode(f, 1.0, up), 0x7fu);
  EXPECT_EQ(encode(f, 1.1, up), 0x80u);     // away from zero: 2
  EXPECT_EQ(encode(f, 1.9, down), 0x7fu);   // toward zero: 1
  EXPECT_EQ(encode(f, 1.5, nearest), 0x80u);        // tie rounds up
  EXPECT_EQ(encode(f, 1.4999999, nearest), 0x7fu);
  EXPECT_EQ(encode(f, 0.124, up), 0x7cu);   // ONNX's backend test: 0.124 -> 0.125
  EXPECT_EQ(encode(f, -2.0, up), 0x80u);    // the reference ignores the sign
  for (const CastOptions& o : {up, down, nearest}) {
    EXPECT_EQ(encode(f, 0.0, o), 0x00u);    // no zero: 0 becomes the smallest code
    EXPECT_EQ(encode(f, kNaN, o), 0xffu);
    EXPECT_EQ(encode(f, 0x1p127, o), 0xfeu);
  }
  // Below 2^-126 (float32 subnormals): the reference's biased exponent is 0.
  EXPECT_EQ(encode(f, 0x1p-140, up), 0x01u);
  EXPECT_EQ(encode(f, 0x1p-140, down), 0x00u);
  EXPECT_EQ(encode(f, 0x1p-140, nearest), 0x00u);
  EXPECT_EQ(encode(f, 0x1.4p-127, nearest), 0x01u);
  EXPECT_EQ(encode(f, 0x1p-127, nearest), 0x00u);
  // Saturation at 2^127; Inf saturates to max as in ONNX's spec table (saturate + up: Inf -> E8M0_MAX).
  EXPECT_EQ(encode(f, 0x1.2p127, up), 0xfeu);
  EXPECT_EQ(encode(f, 0x1.2p127, with(RoundMode::up, false)), 0xffu);
  EXPECT_EQ(encode(f, 0x1.8p127, with(RoundMode::nearest, false)), 0xffu);
  EXPECT_EQ(encode(f, 0x1.2p127, with(RoundMode::nearest, false)), 0xfeu);
  EXPECT_EQ(encode(f, kInf, up), 0xfeu);
  EXPECT_EQ(encode(f, kInf, with(RoundMode::up, false)), 0xffu);
  EXPECT_EQ(encode(f, 1e300, with(RoundMode::down, false)), 0xfeu);  // toward zero never overflows
}

// float64 -> format rounds once. x is a hair above (below) a midpoint; through float32 it would become the
// midpoint itself and tie to even.
TEST(MinifloatEncode, Float64InputIsNotRoundedTwice) {
  for (const FormatSpec& spec : minifloat_formats()) {  // float32 itself: float32_format_test.cpp
    const Format f = parse_format(spec.name).value();
    if (spec.is_scale_format()) continue;
    SCOPED_TRACE(std::string(spec.name));
    const double one = 1.0, next = 1.0 + std::ldexp(1.0, -spec.mantissa_bits);
    const double midpoint = (one + next) / 2, hair = std::ldexp(1.0, -40);
    ASSERT_EQ(static_cast<double>(static_cast<float>(midpoint + hair)), midpoint);
    EXPECT_EQ(decode_to_float64(f, encode(f, midpoint + hair)), next);
    EXPECT_EQ(decode_to_float64(f, encode(f, midpoint - hair)), one);
    EXPECT_EQ(decode_to_float64(f, encode(f, static_cast<float>(midpoint + hair))), one);  // the tie, to even
    EXPECT_EQ(encode_reference(f, midpoint + hair), encode(f, midpoint + hair));
  }
}

// encode(float) and encode(double) agree on float inputs; both agree with the reference on a stride over all
// float32 bit patterns, for every format and mode.
TEST(MinifloatEncode, MatchesReferenceOnAStrideOfFloat32) {
  for (const FormatSpec& spec : all_formats()) {
    const Format f = parse_format(spec.name).value();
    const ReferenceEncoder reference(f);
    for (const CastOptions& o : test::all_cast_modes(f)) {
      for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << 32); bits += 999983) {
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        ASSERT_EQ(encode(f, x, o), reference.encode(x, o)) << spec.name << std::hexfloat << " x=" << x;
        ASSERT_EQ(encode(f, x, o), encode(f, static_cast<double>(x), o));
      }
      for (float x : {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1e-45f, -1e-45f, 3.4028235e38f}) {
        ASSERT_EQ(encode(f, x, o), reference.encode(x, o)) << spec.name << " x=" << x;
      }
    }
  }
}

}  // namespace
}  // namespace typelattice
