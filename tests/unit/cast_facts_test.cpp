// What a cast's rounding comes to (cast_facts) and K stochastic samples of one value (cast_samples), checked
// against counting: every bit pattern of stochastic rounding is cast one by one with the codec, and each sample
// against the encoder with that element's own bits.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

CastRequest stochastic(Format f, int num_bits, std::uint64_t seed = 0) {
  CastRequest r;
  r.to = f;
  r.round = RoundMode::stochastic;
  r.sr_num_bits = num_bits;
  r.seed = seed;
  return r;
}

const CastFact* find_fact(const std::vector<CastFact>& facts, std::string_view name) {
  for (const CastFact& f : facts)
    if (f.name == name) return &f;
  return nullptr;
}

std::string fact(const std::vector<CastFact>& facts, std::string_view name) {
  const CastFact* f = find_fact(facts, name);
  return f ? render(f->text) : "(none)";
}

// Inputs of every kind a format meets: its values, the midpoints between neighbours, points a third and a
// sixteenth of the way, and random values within its range.
std::vector<double> inputs_for(Format f) {
  std::vector<double> out;
  const FormatSpec spec = format_spec(f);
  const std::uint64_t codes = std::uint64_t{1} << spec.total_bits();  // float32 has 2^32
  const std::uint64_t step = codes > 512 ? codes / 512 : 1;
  for (std::uint64_t c = 0; c < codes; c += step) {
    const Layout l = layout(f, static_cast<std::uint32_t>(c));
    if (!std::isfinite(l.value) || !l.next_up) continue;
    const double next = decode_to_float64(f, *l.next_up);
    if (!std::isfinite(next)) continue;
    for (double t : {0.0, 0.5, 1.0 / 3, 1.0 / 16}) out.push_back(l.value + t * (next - l.value));
  }
  std::mt19937_64 rng(12345);
  const double max = format_range(f).max;
  std::uniform_real_distribution<double> u(spec.has_sign ? -max : 0.0, max);
  for (int i = 0; i < 200; ++i) out.push_back(u(rng));
  return out;
}

TEST(CastFacts, StochasticShareAndExpectedValueCountEveryBitPattern) {
  for (const Format f : builtin_formats()) {
    if (format_spec(f).is_scale_format() || !is_minifloat(f)) continue;
    for (const int n : {1, 3, 6}) {
      for (const double x : inputs_for(f)) {
        const std::string text = exact_decimal(x);
        const Result<CastOutcome> cast = cast_text(stochastic(f, n), text);
        ASSERT_TRUE(cast) << text;
        if (!cast->bracket) continue;
        // Cast with each of the 2^n patterns and count where they go: the share and the mean of the results.
        CastOptions given = cast->options;
        given.stochastic.seed.reset();
        std::uint64_t away = 0;
        double sum = 0;
        for (std::uint32_t bits = 0; bits < (1u << n); ++bits) {
          given.stochastic.bits = bits;
          const std::uint32_t code = encode(f, x, given);
          ASSERT_TRUE(code == cast->bracket->toward_zero_code || code == cast->bracket->away_code) << text;
          if (code == cast->bracket->away_code && code != cast->bracket->toward_zero_code) ++away;
          sum += decode_to_float64(f, code);
        }
        const double share = std::ldexp(static_cast<double>(away), -n);
        const std::vector<CastFact> facts = cast_facts(f, *cast);
        EXPECT_EQ(fact(facts, "p(away)"),
                  std::to_string(away) + "/" + std::to_string(1u << n) + " = " + exact_decimal(share))
            << format_name(f) << " " << text;
        // As numbers: the mean of results that are all -0 reads "-0" (it is 0).
        const Result<double> expected = parse_number(fact(facts, "expected"));
        ASSERT_TRUE(expected) << fact(facts, "expected");
        EXPECT_EQ(*expected, std::ldexp(sum, -n)) << format_name(f) << " " << text;
      }
    }
  }
}

TEST(CastFacts, BetweenNamesTheDirectedRoundingsAndShortestTheResult) {
  for (const Format f : builtin_formats()) {
    if (format_spec(f).is_scale_format()) continue;
    CastRequest request;
    request.to = f;
    for (const double x : inputs_for(f)) {
      const std::string text = exact_decimal(x);
      const Result<CastOutcome> cast = cast_text(request, text);
      ASSERT_TRUE(cast) << text;
      const std::vector<CastFact> facts = cast_facts(f, *cast);
      EXPECT_EQ(fact(facts, "shortest"), shortest_decimal(f, cast->code));
      const std::uint32_t down = encode(f, x, CastOptions{true, RoundMode::toward_zero});
      const std::uint32_t up = encode(f, x, CastOptions{true, x < 0 ? RoundMode::toward_negative : RoundMode::toward_positive});
      if (down == up) {
        EXPECT_EQ(fact(facts, "between"), "(none)") << text;  // a value of the format: nothing to round
      } else {
        EXPECT_EQ(fact(facts, "between"), cast_line(f, down) + " and " + cast_line(f, up)) << text;
      }
      EXPECT_EQ(fact(facts, "p(away)"), "(none)");  // ties to even: no chance involved
    }
  }
}

TEST(CastFacts, HandWorkedTieAndStochasticCase) {
  CastRequest request;
  request.to = Format::float8_e4m3fn;
  // 4.25 is halfway between 4 (mantissa 000, even) and 4.5 (001).
  const std::vector<CastFact> tie = cast_facts(request.to, cast_text(request, "4.25").value());
  EXPECT_EQ(fact(tie, "tie"), "halfway: ties-to-even gives 0x48 4, ties-to-away 0x49 4.5");
  EXPECT_EQ(fact(tie, "between"), "0x48 4 and 0x49 4.5");
  // 4.1 is 0.2 of the way from 4 to 4.5; round_half_even(0.2 * 256) = 51 of 256 patterns round away, and the mean
  // is 4 + 51/256 * 0.5.
  const std::vector<CastFact> sr = cast_facts(request.to, cast_text(stochastic(request.to, 8), "4.1").value());
  EXPECT_EQ(fact(sr, "p(away)"), "51/256 = 0.19921875");
  EXPECT_EQ(fact(sr, "expected"), "4.099609375");
  EXPECT_EQ(fact(sr, "tie"), "(none)");
  // A NaN code has no shortest decimal, and a NaN input no neighbours.
  EXPECT_TRUE(cast_facts(request.to, cast_text(request, "nan").value()).empty());
}

// "2^-9" for a power of two, found by scaling it back to 1.
std::string power_of_two(double v) {
  for (int k = -1100; k < 1100; ++k)
    if (std::ldexp(v, -k) == 1.0) return "2^" + std::to_string(k);
  return exact_decimal(v);
}

TEST(CastFacts, OverflowWithoutSaturationSaysWhyTheResultIsInfOrNaN) {
  for (const Format f : builtin_formats()) {
    const FormatSpec spec = format_spec(f);
    if (spec.is_scale_format()) continue;
    CastRequest request;
    request.to = f;
    request.saturate = false;
    const std::string max = exact_decimal(format_range(f).max);
    for (const char* text : {"1e300", "-1e300", "inf"}) {
      if (!spec.has_sign && text[0] == '-') continue;
      const CastOutcome cast = cast_text(request, text).value();
      const double value = decode_to_float64(f, cast.code);
      const std::vector<CastFact> facts = cast_facts(f, cast);
      const CastFact* overflow = find_fact(facts, "overflow");
      if (spec.has_inf()) {
        ASSERT_TRUE(std::isinf(value)) << format_name(f);
        // An Inf input that stays Inf is exact: nothing overflowed.
        if (std::string_view(text) == "inf") {
          EXPECT_EQ(overflow, nullptr) << format_name(f);
          continue;
        }
        EXPECT_EQ(cast.overflow, CastOutcome::Overflow::to_inf) << format_name(f);
        ASSERT_NE(overflow, nullptr) << format_name(f);
        EXPECT_EQ(render(overflow->text), "past the max, " + max + ", a cast without saturation gives Inf");
      } else if (spec.has_nan()) {
        ASSERT_TRUE(std::isnan(value)) << format_name(f);
        EXPECT_EQ(cast.overflow, CastOutcome::Overflow::to_nan) << format_name(f);
        ASSERT_NE(overflow, nullptr) << format_name(f);
        EXPECT_EQ(render(overflow->text), std::string(format_name(f)) + " has no Inf: past its max, " + max +
                                      ", a cast without saturation gives NaN");
      } else {  // neither: every overflow saturates (ONNX), so there is nothing more to explain
        EXPECT_EQ(cast.overflow, CastOutcome::Overflow::saturated) << format_name(f);
        EXPECT_EQ(overflow, nullptr) << format_name(f);
      }
    }
    request.saturate = true;
    const CastOutcome clipped = cast_text(request, "1e300").value();
    EXPECT_EQ(clipped.overflow, CastOutcome::Overflow::saturated) << format_name(f);
    EXPECT_EQ(fact(cast_facts(f, clipped), "overflow"), "(none)") << format_name(f);
  }
}

TEST(CastFacts, UnderflowNamesTheSmallestPositiveValue) {
  for (const Format f : builtin_formats()) {
    const FormatSpec spec = format_spec(f);
    if (spec.is_scale_format()) continue;
    const FormatRange range = format_range(f);
    const double smallest = range.min_subnormal.value_or(range.min_normal);
    const std::string quarter = exact_decimal(smallest / 4);
    CastRequest request;
    request.to = f;
    const CastOutcome to_zero = cast_text(request, quarter).value();
    EXPECT_EQ(to_zero.underflow, CastOutcome::Underflow::to_zero) << format_name(f);
    const std::vector<CastFact> zero_facts = cast_facts(f, to_zero);
    const CastFact* fact = find_fact(zero_facts, "underflow");
    ASSERT_NE(fact, nullptr) << format_name(f);
    EXPECT_EQ(render(fact->text), "below the smallest positive value, " + power_of_two(smallest) + ": rounded to 0");
    request.round = RoundMode::toward_positive;
    const CastOutcome up = cast_text(request, quarter).value();
    EXPECT_EQ(decode_to_float64(f, up.code), smallest) << format_name(f);
    const std::vector<CastFact> up_facts = cast_facts(f, up);
    fact = find_fact(up_facts, "underflow");
    ASSERT_NE(fact, nullptr) << format_name(f);
    EXPECT_EQ(render(fact->text), "below the smallest positive value, " + power_of_two(smallest) +
                              ": rounded up, away from 0");
    // In range: neither fact.
    request.round.reset();
    const std::vector<CastFact> in_range = cast_facts(f, cast_text(request, exact_decimal(smallest * 2)).value());
    EXPECT_EQ(find_fact(in_range, "underflow"), nullptr) << format_name(f);
    EXPECT_EQ(find_fact(in_range, "overflow"), nullptr) << format_name(f);
  }
}

TEST(CastFacts, AStochasticResultIsLabelledAsOneDrawWithItsBits) {
  const Format f = Format::float8_e4m3fn;
  for (const std::uint64_t seed : {0u, 7u, 12345u}) {
    const CastRequest request = stochastic(f, 8, seed);
    const CastOutcome cast = cast_text(request, "4.1").value();
    const std::uint32_t bits = element_options(cast_options(request).value(), 0).stochastic.bits;
    const std::vector<CastFact> facts = cast_facts(f, cast);
    const CastFact* draw = find_fact(facts, "draw");
    ASSERT_NE(draw, nullptr);
    EXPECT_EQ(render(draw->text), "one draw: srbits " + std::to_string(bits) + " of 2^8");
    // Those bits decide the result: round_half_even(0.2 * 256) = 51, so it is away (4.5) iff bits + 51 >= 256.
    EXPECT_EQ(decode_to_float64(f, cast.code), bits + 51 >= 256 ? 4.5 : 4.0) << seed;
  }
  CastRequest given = stochastic(f, 8);
  given.seed.reset();
  given.sr_bits = 205;
  const CastOutcome cast = cast_text(given, "4.1").value();
  EXPECT_EQ(decode_to_float64(f, cast.code), 4.5);  // 205 + 51 = 256
  EXPECT_EQ(fact(cast_facts(f, cast), "draw"), "one draw: srbits 205 of 2^8");
  // A value of the format: nothing is drawn.
  EXPECT_EQ(fact(cast_facts(f, cast_text(stochastic(f, 8), "4.5").value()), "draw"), "(none)");
}

TEST(CastSamples, AreTheSeededStreamsElementsForFloat32AndWiderInputs) {
  for (const Format f : {Format::float8_e4m3fn, Format::float8_e5m2, Format::float4_e2m1fn, Format::bfloat16}) {
    for (const char* text : {"4.1", "0.3", "-1.7", "0.30000000000000004"}) {  // the last is no float32
      const CastRequest request = stochastic(f, 8, 99);
      const Result<std::vector<std::uint32_t>> samples = cast_samples(request, text, 5000);
      ASSERT_TRUE(samples);
      ASSERT_EQ(samples->size(), 5000u);
      const double x = read_cast_input(request, text).value();
      const CastOptions options = cast_options(request).value();
      for (std::size_t i = 0; i < samples->size(); ++i)
        ASSERT_EQ((*samples)[i], encode(f, x, element_options(options, i))) << format_name(f) << " " << text << " #" << i;
    }
  }
}

TEST(CastSamples, ShareRoundingAwayConvergesToTheProbability) {
  // 2^16 draws of 4.1 into float8_e4m3fn with 8 bits: each rounds away with p = 51/256. The count of those that
  // do has standard deviation sqrt(K p (1 - p)) ~ 102; a fixed seed makes the test repeatable, and 5 standard
  // deviations leave a sound generator no room to fail by chance (p < 1e-6).
  const CastRequest request = stochastic(Format::float8_e4m3fn, 8, 2026);
  const std::size_t k = std::size_t{1} << 16;
  const std::vector<std::uint32_t> samples = cast_samples(request, "4.1", k).value();
  std::size_t away = 0;
  for (const std::uint32_t c : samples) {
    ASSERT_TRUE(c == 0x48 || c == 0x49);
    away += c == 0x49;
  }
  const double p = 51.0 / 256, sigma = std::sqrt(static_cast<double>(k) * p * (1 - p));
  EXPECT_LT(std::fabs(static_cast<double>(away) - static_cast<double>(k) * p), 5 * sigma) << away;
}

TEST(CastSamples, WithoutStochasticRoundingEverySampleIsTheCast) {
  CastRequest request;
  request.to = Format::float8_e4m3fn;
  const std::vector<std::uint32_t> samples = cast_samples(request, "4.1", 64).value();
  EXPECT_EQ(samples, std::vector<std::uint32_t>(64, cast_text(request, "4.1").value().code));
}

TEST(CastSamples, BadRequestsAreRefused) {
  const CastRequest request = stochastic(Format::float8_e4m3fn, 8);
  const Result<std::vector<std::uint32_t>> many = cast_samples(request, "1", kMaxCastSamples + 1);
  ASSERT_FALSE(many);
  EXPECT_EQ(many.error().kind, ErrorKind::bad_value);
  EXPECT_NE(many.error().message.find("at most"), std::string::npos);
  EXPECT_FALSE(cast_samples(request, "1.2.3", 4));
  EXPECT_TRUE(cast_samples(request, "1", 0).value().empty());
}

}  // namespace
}  // namespace typelattice
