// Every rounding mode of every format but E8M0 (ties to even and away, toward zero, +Inf and -Inf, to odd),
// saturating or not: the fast encoder against the slow reference on every value, tie and boundary (as doubles
// between floats too), IEEE 754 §7.4's overflow rule, hand-worked examples, and what each mode promises.
#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cast_test_inputs.h"
#include "tests/unit/sanitizer_sample.h"
#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

constexpr RoundMode kIeeeModes[] = {RoundMode::nearest_even, RoundMode::ties_to_away, RoundMode::toward_zero,
                                    RoundMode::toward_positive, RoundMode::toward_negative, RoundMode::to_odd};

std::string describe(Format f, RoundMode r, bool saturate) {
  return std::string(format_spec(f).name) + " " + std::string(round_mode_name(r)) + (saturate ? " sat" : " nosat");
}

// The example: 4.25 lies halfway between 4 (0x48, even) and 4.5 (0x49, odd) in float8_e4m3fn.
TEST(RoundingModes, FourAndAQuarterInE4M3FN) {
  const Format f = Format::float8_e4m3fn;
  const auto code = [&](double x, RoundMode r) { return encode(f, x, CastOptions{true, r}); };
  EXPECT_EQ(code(4.25, RoundMode::nearest_even), 0x48u);
  EXPECT_EQ(code(4.25, RoundMode::ties_to_away), 0x49u);
  EXPECT_EQ(code(4.25, RoundMode::toward_zero), 0x48u);
  EXPECT_EQ(code(4.25, RoundMode::toward_positive), 0x49u);
  EXPECT_EQ(code(4.25, RoundMode::toward_negative), 0x48u);
  EXPECT_EQ(code(4.25, RoundMode::to_odd), 0x49u);
  EXPECT_EQ(code(-4.25, RoundMode::toward_positive), 0xC8u);  // -4: toward +Inf is toward zero here
  EXPECT_EQ(code(-4.25, RoundMode::toward_negative), 0xC9u);  // -4.5
  EXPECT_EQ(code(4.3, RoundMode::ties_to_away), 0x49u);       // not a tie: nearest
  EXPECT_EQ(code(4.2, RoundMode::ties_to_away), 0x48u);
  EXPECT_EQ(code(4.5, RoundMode::to_odd), 0x49u);             // exact stays, odd or not
  EXPECT_EQ(code(4.0, RoundMode::to_odd), 0x48u);
  EXPECT_EQ(code(4.1, RoundMode::to_odd), 0x49u);             // inexact: the odd one of 4 and 4.5
}

// IEEE 754 §7.4: without saturation, past max gives ±max where the mode rounds toward zero, else Inf (NaN in a
// format without Inf). Saturation always clips. Inf itself is exact: it stays Inf.
TEST(RoundingModes, OverflowFollowsTheDirection) {
  const auto code = [](Format f, double x, RoundMode r, bool saturate) { return encode(f, x, CastOptions{saturate, r}); };
  const Format fn = Format::float8_e4m3fn;  // max 448 = 0x7E, NaN 0x7F / 0xFF, no Inf
  EXPECT_EQ(code(fn, 500, RoundMode::nearest_even, false), 0x7Fu);
  EXPECT_EQ(code(fn, 500, RoundMode::toward_zero, false), 0x7Eu);
  EXPECT_EQ(code(fn, 500, RoundMode::toward_positive, false), 0x7Fu);
  EXPECT_EQ(code(fn, 500, RoundMode::toward_negative, false), 0x7Eu);
  EXPECT_EQ(code(fn, -500, RoundMode::toward_positive, false), 0xFEu);
  EXPECT_EQ(code(fn, -500, RoundMode::toward_negative, false), 0xFFu);
  EXPECT_EQ(code(fn, 460, RoundMode::to_odd, false), 0x7Fu);  // between 448 (even) and the 480 past max: overflow
  EXPECT_EQ(code(fn, 464, RoundMode::ties_to_away, false), 0x7Fu);  // the overflow tie goes away from zero
  EXPECT_EQ(code(fn, 464, RoundMode::nearest_even, false), 0x7Eu);  // ... and to the even max under ties-to-even
  for (RoundMode r : kIeeeModes) EXPECT_EQ(code(fn, 1e9, r, true), 0x7Eu) << round_mode_name(r);
  const Format e5m2 = Format::float8_e5m2;  // max 57344 = 0x7B, +Inf 0x7C
  EXPECT_EQ(code(e5m2, 1e6, RoundMode::nearest_even, false), 0x7Cu);
  EXPECT_EQ(code(e5m2, 1e6, RoundMode::toward_zero, false), 0x7Bu);
  EXPECT_EQ(code(e5m2, -1e6, RoundMode::toward_positive, false), 0xFBu);
  EXPECT_EQ(code(e5m2, 1e6, RoundMode::to_odd, false), 0x7Cu);  // max 0x7B is odd, but 1e6 is past the next value
  EXPECT_EQ(code(e5m2, 60000, RoundMode::to_odd, false), 0x7Bu);  // between max (odd) and the value past it
  EXPECT_EQ(code(e5m2, INFINITY, RoundMode::toward_zero, false), 0x7Cu);
  EXPECT_EQ(code(e5m2, -INFINITY, RoundMode::toward_positive, false), 0xFCu);
  EXPECT_EQ(encode(Format::float32, 0x1p129, CastOptions{false, RoundMode::toward_zero}), 0x7F7FFFFFu);
  EXPECT_EQ(encode(Format::float32, 0x1p129, CastOptions{false, RoundMode::to_odd}), 0x7F800000u);
}

// The inputs of cast_test_inputs.h (every value, tie and boundary, as floats), and between each two neighbours
// the doubles a hair beside the midpoint and a quarter of the way, which no float32 is.
std::vector<double> rounding_inputs_for(Format f) {
  std::vector<double> out;
  for (float x : test::boundary_inputs(f)) out.push_back(x);
  const FormatSpec& s = format_spec(f);
  if (!is_minifloat(f)) return out;
  std::vector<double> values;
  for (std::uint32_t m = 0; m < (1u << (s.exponent_bits + s.mantissa_bits)); ++m) {
    const double v = decode_to_float64(f, m);
    if (std::isfinite(v)) values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  for (std::size_t i = 0; i + 1 < values.size(); ++i) {
    const double mid = (values[i] + values[i + 1]) / 2;
    for (double x : {std::nextafter(mid, 0.0), std::nextafter(mid, INFINITY), values[i] + (values[i + 1] - values[i]) / 4}) {
      out.push_back(x);
      out.push_back(-x);
    }
  }
  return out;
}

TEST(RoundingModes, EveryModeMatchesTheReference) {
  for (const FormatSpec& spec : all_formats()) {
    const Format f = parse_format(spec.name).value();
    // E8M0 has ONNX's modes instead (minifloat_encode_test); float32 has its own test below.
    if (spec.is_scale_format() || !is_minifloat(f)) continue;
    const ReferenceEncoder reference(f);
    const std::vector<double> inputs = rounding_inputs_for(f);
    for (bool saturate : {true, false}) {
      for (RoundMode r : kIeeeModes) {
        const CastOptions o{saturate, r};
        int failures = 0;
        for (double x : inputs) {
          if (encode(f, x, o) != reference.encode(x, o) && ++failures <= 5) {
            ADD_FAILURE() << describe(f, r, saturate) << std::hexfloat << ": x=" << x << " encode " << encode(f, x, o)
                          << " reference " << reference.encode(x, o);
          }
        }
      }
    }
  }
}

// float32 as the target: doubles between two floats (midpoints, a hair beside them, near max and in the
// subnormals) against the reference's own reading of the platform's conversion.
TEST(RoundingModes, Float32TargetMatchesTheReferenceOnDoubles) {
  const ReferenceEncoder reference(Format::float32);
  std::vector<double> inputs;
  std::uint64_t state = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    const float a = test::float_from_bits(static_cast<std::uint32_t>(state >> 32) & 0x7F7FFFFFu);
    const float b = std::nextafter(a, std::numeric_limits<float>::infinity());
    const double mid = (static_cast<double>(a) + static_cast<double>(b)) / 2;
    for (double x : {mid, std::nextafter(mid, 0.0), std::nextafter(mid, INFINITY), static_cast<double>(a) + (b - a) / 4.0}) {
      inputs.push_back(x);
      inputs.push_back(-x);
    }
  }
  for (double x : {0x1.fffffefp127, 0x1.ffffffp127, 0x1p128, 0x1p-150, 0x1.8p-149, 0x1p-149 * 0.75}) {
    inputs.push_back(x);
    inputs.push_back(-x);
  }
  for (bool saturate : {true, false}) {
    for (RoundMode r : kIeeeModes) {
      const CastOptions o{saturate, r};
      int failures = 0;
      for (double x : inputs) {
        if (encode(Format::float32, x, o) != reference.encode(x, o) && ++failures <= 5) {
          ADD_FAILURE() << describe(Format::float32, r, saturate) << std::hexfloat << ": x=" << x;
        }
      }
    }
  }
}

// What each mode promises, on values: directed results lie on their side of x, to-odd results are exact or
// odd, ties-to-away never goes nearer zero than ties-to-even, and every mode returns one of the two values
// around x.
TEST(RoundingModes, EachModeKeepsItsPromise) {
  for (const FormatSpec& spec : minifloat_formats()) {
    const Format f = parse_format(spec.name).value();
    if (spec.is_scale_format()) continue;
    for (double x : rounding_inputs_for(f)) {
      if (!std::isfinite(x)) continue;
      const auto value = [&](RoundMode r) { return decode_to_float64(f, encode(f, x, CastOptions{true, r})); };
      const double tz = value(RoundMode::toward_zero), tp = value(RoundMode::toward_positive),
                   tn = value(RoundMode::toward_negative), odd = value(RoundMode::to_odd);
      ASSERT_LE(std::fabs(tz), std::fabs(x)) << spec.name << " " << x;
      if (std::fabs(x) <= format_range(f).max) {
        ASSERT_GE(tp, x) << spec.name << " " << x;
        ASSERT_LE(tn, x) << spec.name << " " << x;
        const std::uint32_t odd_code = encode(f, x, CastOptions{true, RoundMode::to_odd});
        ASSERT_TRUE(odd == x || (odd_code & 1u) != 0) << spec.name << " " << x;
        ASSERT_TRUE(odd == tn || odd == tp) << spec.name << " " << x;
        ASSERT_GE(std::fabs(value(RoundMode::ties_to_away)), std::fabs(value(RoundMode::nearest_even))) << spec.name << " " << x;
      }
    }
  }
}

// gfloat's definition, exhaustively for small srnumbits: for every srbits value the encoder equals the
// reference (which computes delta on values), on every value, tie and boundary of every format (a sample of
// them in the sanitizer build: sanitizer_sample.h).
TEST(StochasticRounding, EveryBitPatternMatchesTheReference) {
  for (const FormatSpec& spec : minifloat_formats()) {
    const Format f = parse_format(spec.name).value();
    if (spec.is_scale_format()) continue;
    const ReferenceEncoder reference(f);
    const std::vector<double> inputs = rounding_inputs_for(f);
    for (int n = 0; n <= 5; ++n) {
      for (std::uint32_t bits = 0; bits < (1u << n); ++bits) {
        for (bool saturate : {true, false}) {
          const CastOptions o{saturate, RoundMode::stochastic, StochasticBits{n, bits}};
          int failures = 0;
          for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (!test::in_sanitizer_sample(i, inputs.size())) continue;
            const double x = inputs[i];
            if (encode(f, x, o) != reference.encode(x, o) && ++failures <= 3) {
              ADD_FAILURE() << spec.name << " n=" << n << " bits=" << bits << std::hexfloat << " x=" << x;
            }
          }
        }
      }
    }
  }
}

// What stochastic rounding is for: over all 2^n bit patterns, exactly round_half_even(delta * 2^n) of them
// round away from zero, so the expected result is the input up to that rounding of delta. 4.1 lies 0.2 of the
// way from 4 to 4.5 in float8_e4m3fn; 0.2 * 256 = 51.2 rounds to 51.
TEST(StochasticRounding, TheShareRoundingAwayIsDeltaInNBits) {
  const Format f = Format::float8_e4m3fn;
  int away = 0;
  for (std::uint32_t bits = 0; bits < 256; ++bits) {
    away += encode(f, 4.1, CastOptions{true, RoundMode::stochastic, StochasticBits{8, bits}}) == 0x49u;
  }
  EXPECT_EQ(away, 51);
  // A value on a code never moves; bits 0 never round away unless delta * 2^n rounds to 2^n.
  for (std::uint32_t bits = 0; bits < 256; ++bits) {
    EXPECT_EQ(encode(f, 4.5, CastOptions{true, RoundMode::stochastic, StochasticBits{8, bits}}), 0x49u);
  }
  // With bits 0, x rounds away only where delta * 256 rounds to 256: 0.999 * 256 = 255.74 does, 0.998 * 256 =
  // 255.49 does not.
  EXPECT_EQ(encode(f, 4.4995, CastOptions{true, RoundMode::stochastic, StochasticBits{8, 0}}), 0x49u);
  EXPECT_EQ(encode(f, 4.499, CastOptions{true, RoundMode::stochastic, StochasticBits{8, 0}}), 0x48u);
}

// Seeded: every element draws its own bits from (seed, index), the same in the scalar loop, the bulk cast and
// a cast that starts mid-stream; and the mean of many samples converges to the input. With 100 000 samples
// of a Bernoulli(p = 51.2 / 256 = 0.2) choice between 4 and 4.5, the sample share's standard deviation is
// sqrt(0.2 * 0.8 / 1e5) = 0.00126; the test allows 5 of them (0.0063), a miss once in 1.7 million seeds.
TEST(StochasticRounding, SeededStreamsAgreeAndAreUnbiased) {
  const Format f = Format::float8_e4m3fn;
  CastOptions o{true, RoundMode::stochastic, StochasticBits{16, 0}};
  o.stochastic.seed = 2026;
  constexpr std::size_t kSamples = 100000;
  const std::vector<float> in(kSamples, 4.1f);
  std::vector<std::uint8_t> bulk(kSamples);
  ASSERT_EQ(cast_from_float32(f, in, bulk, o), kSamples);
  int away = 0;
  for (std::size_t i = 0; i < kSamples; ++i) {
    ASSERT_EQ(bulk[i], encode(f, 4.1f, element_options(o, i))) << i;
    away += bulk[i] == 0x49u;
  }
  const double delta = (static_cast<double>(4.1f) - 4.0) / 0.5;  // the float 4.1f's place between 4 and 4.5
  const double p = std::nearbyint(delta * 65536) / 65536;         // the share that rounds away, in 16 bits
  EXPECT_NEAR(static_cast<double>(away) / kSamples, p, 0.0063);
  // A stream that starts at element 500 gives elements 500... of the whole.
  CastOptions later = o;
  later.stochastic.index = 500;
  std::vector<std::uint8_t> tail(100);
  cast_from_float32(f, std::span<const float>(in).first(100), tail, later);
  for (std::size_t i = 0; i < tail.size(); ++i) EXPECT_EQ(tail[i], bulk[500 + i]);
  // The generator is what the header says, written out again here: the stream key from SplitMix64, one round
  // of MurmurHash3's fmix32 on the index's low half; the key changes at multiples of 2^32.
  const auto fmix = [](std::uint32_t h) {
    h = (h ^ (h >> 16)) * 0x85EBCA6Bu;
    h = (h ^ (h >> 13)) * 0xC2B2AE35u;
    return h ^ (h >> 16);
  };
  const auto documented = [&](std::uint64_t seed, std::uint64_t index) {
    std::uint64_t z = seed + ((index >> 32) + 1) * 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    const auto key_low = static_cast<std::uint32_t>(z), key_high = static_cast<std::uint32_t>(z >> 32);
    return fmix(static_cast<std::uint32_t>(index) ^ key_low ^ key_high);
  };
  for (std::uint64_t seed : {0ull, 2026ull, 0xFFFFFFFFFFFFFFFFull}) {
    for (std::uint64_t index : {0ull, 1ull, 0xFFFFFFFFull, 0x100000000ull, 0x123456789ABCull}) {
      EXPECT_EQ(stochastic_bits(seed, index, 32), documented(seed, index)) << seed << " " << index;
      EXPECT_EQ(stochastic_bits(seed, index, 5), documented(seed, index) >> 27) << seed << " " << index;
    }
  }
  EXPECT_EQ(stochastic_bits(0, 0, 0), 0u);
}

// Within each 2^32 indices the words are a bijection of the index: 2^20 consecutive ones, across a multiple of
// 2^16 and up to the last index before the key changes, are all different.
TEST(StochasticRounding, SeededWordsDoNotRepeatWithinAStretch) {
  for (std::uint64_t first : {std::uint64_t{0x7FFF8000}, (std::uint64_t{1} << 32) - (1u << 20)}) {
    std::vector<std::uint32_t> words;
    for (std::uint64_t i = first; i < first + (1u << 20); ++i) words.push_back(stochastic_bits(2026, i, 32));
    std::sort(words.begin(), words.end());
    EXPECT_EQ(std::adjacent_find(words.begin(), words.end()), words.end()) << first;
  }
}

// A cast says when its input is a tie (ties-to-even and ties-to-away differ): 4.25 between 4 and 4.5, the
// overflow tie 464 between 448 and the 480 past max, never E8M0.
TEST(RoundingModes, CastsSayWhenTheInputIsATie) {
  const auto tie = [](std::string_view to, std::string_view text, std::optional<bool> saturate = std::nullopt) {
    CastRequestNames names;
    names.to = to;
    names.saturate = saturate;
    return cast_text(parse_cast_request(names).value(), text).value().tie;
  };
  EXPECT_TRUE(tie("float8_e4m3fn", "4.25"));
  EXPECT_TRUE(tie("float8_e4m3fn", "-4.25"));
  EXPECT_FALSE(tie("float8_e4m3fn", "4.3"));
  EXPECT_FALSE(tie("float8_e4m3fn", "4.5"));
  EXPECT_TRUE(tie("float8_e4m3fn", "464", false));
  EXPECT_FALSE(tie("float8_e4m3fn", "464", true));  // saturation clips to 448 first: exact
  EXPECT_FALSE(tie("float8_e8m0fnu", "3"));
  EXPECT_TRUE(tie("float16", "1.00048828125"));      // 1 + 2^-11, halfway between 1 and 1 + 2^-10
}

// The bulk casts take every mode: the kernels' modes through the kernels, the others through the scalar encoder.
TEST(RoundingModes, BulkCastsTakeEveryMode) {
  const std::vector<float> in = test::boundary_inputs(Format::float8_e5m2);
  for (RoundMode r : kIeeeModes) {
    const CastOptions o{false, r};
    std::vector<std::uint8_t> out(in.size());
    ASSERT_EQ(cast_from_float32(Format::float8_e5m2, in, out, o), in.size());
    for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], encode(Format::float8_e5m2, in[i], o)) << in[i];
  }
}

}  // namespace
}  // namespace typelattice
