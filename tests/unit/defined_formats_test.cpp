// IEEE P3109's formats and user-defined ones: every code of every P3109 format against a decoder written from
// the definition (graphcore-research/gfloat's decode_float, restated here), the issue's example values, every
// round mode against the reference encoder, defined formats against the built-in formats they equal, and the
// names and their errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cast_test_inputs.h"
#include "typelattice/cast_request.h"
#include "typelattice/defined_formats.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
using test::kInf;

// The P3109 definition, from K, P, signedness and domain alone: K - 1 (signed) or K bits of magnitude with P - 1
// trailing significand bits; the top magnitude codes hold NaN (unsigned: one) then Inf (extended); the code of
// -0 is NaN.
double p3109_value(const P3109Params& q, std::uint32_t code) {
  const int t = q.p - 1, sign_bits = q.is_signed ? 1 : 0;
  const int bias = q.is_signed ? 1 << (q.k - q.p - 1) : 1 << (q.k - q.p);
  const std::uint32_t max_positive = (1u << (q.k - sign_bits)) - 1u;
  const std::uint32_t magnitude = code & max_positive;
  const bool negative = q.is_signed && (code >> (q.k - 1)) != 0;
  const std::uint32_t high_nans = q.is_signed ? 0u : 1u;
  if (magnitude > max_positive - high_nans) return kNan;
  if (q.extended && magnitude == max_positive - high_nans) return negative ? -kInf : kInf;
  if (q.is_signed && code == 1u << (q.k - 1)) return kNan;
  const std::uint32_t exponent = magnitude >> t, significand = magnitude & ((1u << t) - 1u);
  const double v = exponent == 0 ? std::ldexp(significand, 1 - bias - t)
                                 : std::ldexp((1u << t) + significand, static_cast<int>(exponent) - bias - t);
  return negative ? -v : v;
}

void expect_same_value(double expected, double got, const std::string& what) {
  if (std::isnan(expected)) {
    EXPECT_TRUE(std::isnan(got)) << what;
  } else {
    EXPECT_EQ(got, expected) << what;
  }
}

TEST(P3109, TheIssuesExamples) {
  const Format k8p3se = parse_format("p3109_k8p3se").value();
  EXPECT_EQ(format_range(k8p3se).max, 49152.0);
  EXPECT_EQ(decode_to_float64(k8p3se, 0x7F), kInf);
  EXPECT_EQ(decode_to_float64(k8p3se, 0xFF), -kInf);
  EXPECT_TRUE(std::isnan(decode_to_float64(k8p3se, 0x80)));
  EXPECT_EQ(decode_to_float64(k8p3se, 0x00), 0.0);
  EXPECT_EQ(format_range(parse_format("p3109_k8p4se").value()).max, 224.0);
  // The finite domain spends the top codes on numbers; unsigned formats keep one NaN at all ones.
  EXPECT_EQ(decode_to_float64(parse_format("p3109_k8p3sf").value(), 0x7F), 57344.0);
  const Format k8p3ue = parse_format("p3109_k8p3ue").value();
  EXPECT_EQ(decode_to_float64(k8p3ue, 0xFE), kInf);
  EXPECT_TRUE(std::isnan(decode_to_float64(k8p3ue, 0xFF)));
  EXPECT_EQ(format_range(k8p3ue).max, std::ldexp(1.25, 31));  // 0xFD: exponent 63 - bias 32, mantissa 01
}

TEST(P3109, EveryCodeOfEveryFormatIsWhatTheDefinitionSays) {
  const std::vector<Format> family = p3109_formats();
  EXPECT_EQ(family.size(), 108u);  // K = 3..8, P = 1..K-1, signed or not, extended or finite
  for (const Format f : family) {
    const P3109Params q = p3109_params(f).value();
    const FormatSpec spec = format_spec(f);
    ASSERT_EQ(spec.total_bits(), q.k) << format_name(f);
    EXPECT_EQ(spec.family, FormatFamily::p3109);
    EXPECT_EQ(parse_format(format_name(f)).value(), f) << format_name(f);
    for (std::uint32_t code = 0; code < (1u << q.k); ++code) {
      expect_same_value(p3109_value(q, code), decode_to_float64(f, code), format_name(f) + " code " + std::to_string(code));
    }
  }
}

// Every round mode, saturating or not, on every value, tie, boundary and overflow of the format, fast against
// slow; and every input lies in the rounding interval of the code it casts to.
void expect_modes_match_reference(Format f) {
  const ReferenceEncoder reference(f);
  for (const CastOptions& options : test::all_cast_modes(f)) {
    for (const float x : test::boundary_inputs(f)) {
      const std::uint32_t code = encode(f, x, options);
      const std::string what = format_name(f) + " " + std::string(round_mode_name(options.round)) +
                               (options.saturate ? " sat " : " nosat ") + std::to_string(x);
      ASSERT_EQ(code, reference.encode(x, options)) << what;
      const std::optional<RoundingInterval> in = rounding_interval(f, code, options);
      if (!in || std::isnan(x)) continue;
      EXPECT_TRUE(x > in->low || (x == in->low && in->low_inclusive)) << what;
      EXPECT_TRUE(x < in->high || (x == in->high && in->high_inclusive)) << what;
    }
  }
}

TEST(P3109, EveryModeMatchesTheReferenceInEveryFormat) {
  for (const Format f : p3109_formats()) expect_modes_match_reference(f);
}

TEST(P3109, NoMantissaBitsTiesToTheEvenCode) {
  // p3109_k8p1se: powers of two only, code = exponent + 64. 1.5 lies halfway between 1 (code 64, even) and 2.
  const Format f = parse_format("p3109_k8p1se").value();
  EXPECT_EQ(encode(f, 1.0), 64u);
  EXPECT_EQ(encode(f, 1.5), 64u);
  EXPECT_EQ(encode(f, 3.0), 66u);  // between 2 (65, odd) and 4 (66)
  EXPECT_EQ(encode(f, 1.5, CastOptions{true, RoundMode::to_odd}), 65u);
  EXPECT_FALSE(format_range(f).min_subnormal.has_value());
}

TEST(P3109, UnsignedFormatsHaveNothingBelowZero) {
  const Format f = parse_format("p3109_k8p3ue").value();
  const CastOptions saturate{true, RoundMode::nearest_even}, no_saturate{false, RoundMode::nearest_even};
  EXPECT_EQ(encode(f, -1.0, no_saturate), 0xFFu);  // NaN
  EXPECT_EQ(encode(f, -1.0, saturate), 0x00u);
  EXPECT_EQ(encode(f, -1e-30, no_saturate), 0x00u);  // rounds to zero first
  EXPECT_EQ(encode(f, -kInf, no_saturate), 0xFFu);
  EXPECT_EQ(encode(f, kInf, no_saturate), 0xFEu);
  EXPECT_EQ(rounding_interval(f, 0, saturate)->low, -kInf);
}

struct Equal {
  const char* definition;
  Format builtin;
};

TEST(DefinedFormats, EqualTheBuiltInFormatsWithTheirParameters) {
  for (const Equal& e : {Equal{"e4m3:fn:bias=7", Format::float8_e4m3fn}, Equal{"e4m3:fn", Format::float8_e4m3fn},
                         Equal{"e4m3:fnuz:bias=8", Format::float8_e4m3fnuz}, Equal{"e5m2:ieee", Format::float8_e5m2},
                         Equal{"e5m2:fnuz:bias=16", Format::float8_e5m2fnuz},
                         Equal{"e4m3:fnuz:bias=11", Format::float8_e4m3b11fnuz}, Equal{"e3m4:ieee", Format::float8_e3m4},
                         Equal{"e4m3:ieee", Format::float8_e4m3}, Equal{"e2m3:finite:bias=1", Format::float6_e2m3fn},
                         Equal{"e3m2:finite", Format::float6_e3m2fn}, Equal{"e2m1:finite", Format::float4_e2m1fn},
                         Equal{"e8m7:ieee", Format::bfloat16}, Equal{"e5m10:ieee", Format::float16},
                         Equal{"p3109_k8p4sf", Format::float8_e4m3fnuz}, Equal{"p3109_k8p3sf", Format::float8_e5m2fnuz}}) {
    const Result<Format> parsed = parse_format(e.definition);
    ASSERT_TRUE(parsed) << e.definition << ": " << parsed.error().message;
    const Format f = *parsed;
    EXPECT_NE(f, e.builtin);
    const std::uint32_t codes = 1u << format_spec(f).total_bits();
    ASSERT_EQ(codes, 1u << format_spec(e.builtin).total_bits()) << e.definition;
    for (std::uint32_t code = 0; code < codes; ++code) {
      expect_same_value(decode_to_float64(e.builtin, code), decode_to_float64(f, code), e.definition);
    }
    // 16-bit formats: every 31st boundary input (their 2^16 codes make the full set slow for a unit test).
    const std::vector<float> inputs = test::boundary_inputs(e.builtin);
    const std::size_t stride = codes > 256 ? 31 : 1;
    for (const CastOptions& options : test::all_cast_modes(e.builtin)) {
      for (std::size_t i = 0; i < inputs.size(); i += stride) {
        ASSERT_EQ(encode(f, inputs[i], options), encode(e.builtin, inputs[i], options)) << e.definition << " " << inputs[i];
      }
    }
    if (codes <= 256) expect_modes_match_reference(f);
  }
}

TEST(DefinedFormats, NamesAreTheirDefinitions) {
  EXPECT_EQ(format_name(parse_format("e4m3:fn:bias=7").value()), "e4m3:fn:bias=7");
  EXPECT_EQ(format_name(parse_format("E4M3:FN").value()), "e4m3:fn:bias=7");  // IEEE bias filled in
  EXPECT_EQ(format_name(parse_format("e3m4:ieee").value()), "e3m4:ieee:bias=3");
  EXPECT_EQ(format_name(parse_format("e5m2:bias=-3:fnuz").value()), "e5m2:fnuz:bias=-3");
  EXPECT_EQ(parse_format("P3109_K8P3SE").value(), parse_format("p3109_k8p3se").value());
  EXPECT_EQ(format_spec(parse_format("e3m3:finite:bias=2").value()).family, FormatFamily::defined);
  // Without a convention it is a name, unknown, suggesting the built-in formats it resembles.
  EXPECT_EQ(parse_format("e4m3").error().kind, ErrorKind::unknown_name);
  EXPECT_EQ(format_name(parse_defined_format("e4m3").value()), "e4m3:ieee:bias=7");
}

TEST(DefinedFormats, BadDefinitionsSayWhatIsWrong) {
  const auto message = [](const char* text) {
    const Result<Format> r = parse_format(text);
    return r ? std::string("accepted") : r.error().message;
  };
  EXPECT_NE(message("e9m3:fn").find("1 to 8 exponent bits"), std::string::npos);
  EXPECT_NE(message("e8m8:fn").find("16 bits at most"), std::string::npos);
  EXPECT_NE(message("e4m3:fnx").find("unknown part 'fnx'"), std::string::npos);
  EXPECT_NE(message("e4m3:fn:fnuz").find("one convention"), std::string::npos);
  EXPECT_NE(message("e4m3:bias=x").find("bias=<B>"), std::string::npos);
  EXPECT_NE(message("e4m3:bias=1:bias=2").find("once"), std::string::npos);
  EXPECT_NE(message("e5m0:ieee").find("1 or more mantissa bits"), std::string::npos);
  EXPECT_NE(message("e8m7:bias=-10").find("outside float32's"), std::string::npos);
  EXPECT_NE(message("e4:fn").find("e<E>m<M>"), std::string::npos);
  EXPECT_NE(message("e4m-3:fn").find("e<E>m<M>"), std::string::npos);
  const Result<Format> unknown = parse_format("p3109_k9p3se");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::unknown_name);
  EXPECT_FALSE(unknown.error().suggestions.empty());
  EXPECT_FALSE(parse_format("p3109_k8p8se"));  // P < K
  EXPECT_FALSE(p3109_format({2, 1, true, true}));
}

}  // namespace
}  // namespace typelattice
