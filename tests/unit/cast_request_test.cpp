// Cast requests (cast_request.h): every format's defaults, each option, the input readings and the rules that
// refuse an option, checked against the codec (encode / decode) and the format's data, not against copies of
// the output.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"
#include "tests/unit/cast_test_inputs.h"

namespace typelattice {
namespace {

using test::kInf;

Format format_at(int i) { return static_cast<Format>(i); }

CastRequest request_for(Format f, std::optional<bool> saturate = {}, std::optional<RoundMode> round = {}) {
  CastRequest r;
  r.to = f;
  r.saturate = saturate;
  r.round = round;
  return r;
}

std::uint32_t cast(const CastRequest& r, std::string_view text) {
  const Result<CastOutcome> outcome = cast_text(r, text);
  EXPECT_TRUE(outcome.ok()) << text << ": " << (outcome ? "" : outcome.error().message);
  return outcome ? outcome->code : 0xFFFFFFFFu;
}

TEST(CastRequest, EveryFormatStartsFromOnnxDefaults) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    const CastOptions o = cast_options(request_for(f)).value();
    const CastOptions onnx = onnx_default_options(f);
    EXPECT_EQ(o.saturate, onnx.saturate) << format_spec(f).name;
    // ONNX's round_mode default, up, for E8M0; ties to even for every other format.
    EXPECT_EQ(o.round, format_spec(f).is_scale_format() ? RoundMode::up : RoundMode::nearest_even) << format_spec(f).name;
    // ONNX Cast: saturate=1 applies to the 8-bit formats (and FP4/FP6 always clip); float16, bfloat16 and
    // float32 overflow to Inf as IEEE 754 does.
    EXPECT_EQ(o.saturate, format_spec(f).total_bits() <= 8) << format_spec(f).name;
  }
  // The drift of issue 12: float16 1e6 is Inf by default, everywhere.
  const std::uint32_t code = cast(request_for(Format::float16), "1e6");
  EXPECT_EQ(decode_to_float64(Format::float16, code), kInf);
}

TEST(CastRequest, SaturationOverridesTheDefaultForEveryFormat) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    const FormatSpec& spec = format_spec(f);
    for (const char* text : {"1e300", "-1e300", "inf", "-inf"}) {
      const bool negative = text[0] == '-' && spec.has_sign;
      const double clipped = decode_to_float64(f, cast(request_for(f, true), text));
      EXPECT_EQ(clipped, negative ? -format_range(f).max : format_range(f).max) << spec.name << " " << text;
      const double overflowed = decode_to_float64(f, cast(request_for(f, false), text));
      if (spec.has_inf()) {
        EXPECT_EQ(overflowed, negative ? -kInf : kInf) << spec.name << " " << text;
      } else if (spec.has_nan()) {
        EXPECT_TRUE(std::isnan(overflowed)) << spec.name << " " << text;
      } else {
        EXPECT_EQ(std::fabs(overflowed), format_range(f).max) << spec.name << " " << text;  // FP4/FP6: clip
      }
    }
  }
}

TEST(CastRequest, EveryTextCastsAsTheCodecEncodesItsValue) {
  const std::vector<std::string> texts = {"0", "-0", "1", "-1", "0.3", "1e-5", "-448", "65504", "3", "nan", "-nan",
                                          "inf", "-inf", "1e-40", "123456.789"};
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    for (const std::optional<bool> saturate : {std::optional<bool>{}, std::optional<bool>{true}, std::optional<bool>{false}}) {
      const CastRequest r = request_for(f, saturate);
      const CastOptions o = cast_options(r).value();
      for (const std::string& text : texts) {
        const Result<CastOutcome> outcome = cast_text(r, text);
        ASSERT_TRUE(outcome.ok()) << text;
        const double value = parse_number(text).value();
        EXPECT_EQ(outcome->code, encode(f, value, o)) << format_spec(f).name << " " << text;
        EXPECT_EQ(outcome->line, cast_line(f, outcome->code));
      }
    }
  }
}

TEST(CastRequest, NanAndNegativeZero) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    const FormatSpec& spec = format_spec(f);
    if (spec.has_nan()) {
      EXPECT_TRUE(std::isnan(decode_to_float64(f, cast(request_for(f), "nan")))) << spec.name;
    }
    if (spec.is_scale_format()) continue;  // E8M0 has no zero
    const double zero = decode_to_float64(f, cast(request_for(f), "-0"));
    EXPECT_EQ(zero, 0.0) << spec.name;
    EXPECT_EQ(std::signbit(zero), spec.has_negative_zero()) << spec.name;
  }
}

// Halfway between 1 and the next value up, every format but E8M0 rounds to the code with an even mantissa.
TEST(CastRequest, TiesGoToTheEvenCode) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    if (format_spec(f).is_scale_format()) continue;
    const std::uint32_t one = encode(f, 1.0);
    const std::uint32_t up = *layout(f, one).next_up;
    const double middle = (1.0 + decode_to_float64(f, up)) / 2;
    const std::uint32_t code = cast(request_for(f), exact_decimal(middle));
    EXPECT_EQ(code, (one % 2 == 0) ? one : up) << format_spec(f).name;
    EXPECT_EQ(code % 2, 0u) << format_spec(f).name;
  }
}

// E8M0's modes, as docs/formats.md states them: for 2^k <= x < 2^(k+1), up gives 2^(k+1) unless x = 2^k, down
// gives 2^k, nearest gives 2^(k+1) from 1.5 * 2^k.
TEST(CastRequest, E8M0RoundModes) {
  const Format f = Format::float8_e8m0fnu;
  for (const double x : {3.0, 2.9, 2.0, 1.5, 1.25, 0.75, 1e10, 5e-30}) {
    const double low = std::exp2(std::floor(std::log2(x)));
    const double value_up = decode_to_float64(f, cast(request_for(f, {}, RoundMode::up), exact_decimal(x)));
    const double value_down = decode_to_float64(f, cast(request_for(f, {}, RoundMode::down), exact_decimal(x)));
    const double value_nearest = decode_to_float64(f, cast(request_for(f, {}, RoundMode::nearest), exact_decimal(x)));
    EXPECT_EQ(value_up, x == low ? low : 2 * low) << x;
    EXPECT_EQ(value_down, low) << x;
    EXPECT_EQ(value_nearest, x >= 1.5 * low ? 2 * low : low) << x;
  }
  // No round mode given: ONNX's default, up.
  EXPECT_EQ(cast(request_for(f), "3"), cast(request_for(f, {}, RoundMode::up), "3"));
}

TEST(CastRequest, RoundModeNamesAreOneVocabulary) {
  ASSERT_FALSE(round_mode_names().empty());
  for (const RoundModeName& r : round_mode_names()) {
    EXPECT_EQ(parse_round_mode(r.name).value(), r.mode);
    // An alias (rtz) names its mode by the full name (toward-zero), which its description is; lists skip it.
    EXPECT_EQ(round_mode_name(r.mode), r.alias ? r.description : r.name);
    if (!r.alias) {
      EXPECT_NE(round_mode_list().find(r.name), std::string::npos);
    }
    EXPECT_FALSE(r.description.empty());
  }
  EXPECT_EQ(parse_round_mode("rtz").value(), RoundMode::toward_zero);
  EXPECT_EQ(round_mode_list().find("rtz"), std::string::npos);
  const Result<RoundMode> bad = parse_round_mode("sideways");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().kind, ErrorKind::bad_value);
  EXPECT_NE(bad.error().message.find("'sideways'"), std::string::npos);
  EXPECT_NE(bad.error().message.find(round_mode_list()), std::string::npos);
}

// A round mode applies where the format has that choice (E8M0's ONNX modes: float8_e8m0fnu only; the IEEE
// directions and to-odd: every other format); elsewhere the request is refused, with the same text whichever
// front end asked.
TEST(CastRequest, RoundModesOnlyWhereTheFormatHasThem) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    for (const RoundModeName& r : round_mode_names()) {
      const bool allowed = r.scale_format_only == format_spec(f).is_scale_format();
      const Result<CastOptions> o = cast_options(request_for(f, {}, r.mode));
      EXPECT_EQ(o.ok(), allowed) << format_spec(f).name << " " << r.name;
      const std::vector<RoundModeName> listed = round_modes_of(f);
      EXPECT_EQ(std::any_of(listed.begin(), listed.end(), [&](const RoundModeName& m) { return m.name == r.name; }),
                allowed && !r.alias) << format_spec(f).name << " " << r.name;
      CastRequestNames names;
      names.to = format_spec(f).name;
      names.round = r.name;
      const Result<CastRequest> parsed = parse_cast_request(names);
      EXPECT_EQ(parsed.ok(), allowed) << format_spec(f).name << " " << r.name;
      names.to = "not a format";  // a target already read: the name is not looked at
      const Result<CastRequest> given = parse_cast_request(f, names);
      ASSERT_EQ(given.ok(), allowed) << format_spec(f).name << " " << r.name;
      if (given) {
        EXPECT_EQ(given->to, f);
      } else {
        EXPECT_EQ(given.error().message, parsed.error().message);
      }
      if (!allowed) {
        EXPECT_EQ(parsed.error().message, o.error().message);
        EXPECT_NE(o.error().message.find(format_spec(f).name), std::string::npos);
        EXPECT_NE(o.error().message.find(r.scale_format_only ? "float8_e8m0fnu only" : "not one of float8_e8m0fnu's"),
                  std::string::npos) << o.error().message;
      } else {
        EXPECT_EQ(o->round, r.mode);
      }
    }
  }
}

TEST(CastRequest, NamesAreParsedWithTheCoresErrors) {
  CastRequestNames names;
  names.to = "FLOAT8E4M3FN";
  names.saturate = false;
  names.input = "hex";
  names.from = "float32";
  const CastRequest r = parse_cast_request(names).value();
  EXPECT_EQ(r.to, Format::float8_e4m3fn);
  EXPECT_EQ(r.saturate, false);
  EXPECT_EQ(r.input, InputKind::hex);
  EXPECT_EQ(r.from, SourceType::float32);
  names.to = "flaot16";
  const Result<CastRequest> unknown = parse_cast_request(names);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().kind, ErrorKind::unknown_name);
  EXPECT_EQ(unknown.error().message, parse_format("flaot16").error().message);
  names.to = "float16";
  names.input = "octal";
  EXPECT_EQ(parse_cast_request(names).error().message, parse_input_kind("octal").error().message);
  names.input = "decimal";
  names.from = "float16";
  EXPECT_EQ(parse_cast_request(names).error().message, parse_source_type("float16").error().message);
}

TEST(CastRequest, HexInputsOfBothWidths) {
  CastRequest r = request_for(Format::float8_e4m3fn);
  r.input = InputKind::hex;
  // The width from the digit count: 8 digits are a float32, 16 a float64 (taken exactly, no float32 step).
  EXPECT_EQ(read_cast_input(r, "0x3f880000").value(), 1.0625);
  const std::uint64_t wide = 0x3ff1000000000001u;
  EXPECT_EQ(read_cast_input(r, "0x3ff1000000000001").value(), std::bit_cast<double>(wide));
  EXPECT_EQ(cast(r, "0x3ff1000000000001"), encode(Format::float8_e4m3fn, std::bit_cast<double>(wide)));
  EXPECT_NE(cast(r, "0x3ff1000000000001"), encode(Format::float8_e4m3fn, 1.0625));  // rounds once: up, not to even
  EXPECT_EQ(read_cast_input(r, " 0x3f800000\r").value(), 1.0);  // as a line of stdin may end
  // A --from width wins: 8 digits read as float64 are refused, and the other way round.
  r.from = SourceType::float64;
  EXPECT_FALSE(read_cast_input(r, "0x3f800000").ok());
  EXPECT_EQ(read_cast_input(r, "0x3ff0000000000000").value(), 1.0);
  r.from = SourceType::float32;
  EXPECT_FALSE(read_cast_input(r, "0x3ff0000000000000").ok());
  EXPECT_EQ(read_cast_input(r, "0xbf800000").value(), -1.0);
}

TEST(CastRequest, DecimalAsFloat32RoundsOnceToFloat32First) {
  CastRequest r = request_for(Format::float8_e4m3fn);
  r.from = SourceType::float32;
  const double value = read_cast_input(r, "1.0625000001").value();
  EXPECT_EQ(value, static_cast<double>(1.0625000001f));
  EXPECT_EQ(cast(r, "1.0625000001"), encode(Format::float8_e4m3fn, 1.0625f));
  r.from.reset();
  EXPECT_EQ(cast(r, "1.0625000001"), encode(Format::float8_e4m3fn, 1.0625000001));
}

TEST(CastRequest, MalformedInputsAreErrorsThatQuoteThem) {
  CastRequest decimal = request_for(Format::float16);
  CastRequest hex = decimal;
  hex.input = InputKind::hex;
  for (const auto& [r, text] : std::vector<std::pair<CastRequest, std::string>>{
           {decimal, "1.5x"}, {decimal, "abc"}, {decimal, "1e400"}, {decimal, "0x3f800000"}, {decimal, "--1"},
           {hex, "0x3f80"}, {hex, "0xzz800000"}, {hex, "3f800000"}, {hex, "1.5"}}) {
    const Result<CastOutcome> outcome = cast_text(r, text);
    ASSERT_FALSE(outcome.ok()) << text;
    EXPECT_EQ(outcome.error().kind, ErrorKind::bad_value) << text;
    EXPECT_NE(outcome.error().message.find(text), std::string::npos) << outcome.error().message;
  }
  EXPECT_FALSE(cast_text(decimal, "").ok());
  EXPECT_NE(cast_text(hex, "0x3f80").error().message.find("has 4 hex digits"), std::string::npos);
}

// cast_many: the bulk kernels for float32 inputs, the exact path otherwise; either way what encode gives.
TEST(CastRequest, CastManyEqualsEncodeForEveryFormat) {
  std::mt19937_64 random(12);
  std::vector<double> float32_inputs, float64_inputs;
  for (int i = 0; i < 3000; ++i) {
    const double x = std::ldexp(std::uniform_real_distribution<double>(-2, 2)(random), static_cast<int>(random() % 60) - 30);
    float32_inputs.push_back(static_cast<float>(x));
    float64_inputs.push_back(x);
  }
  for (double special : {0.0, -0.0, kInf, -kInf, std::numeric_limits<double>::quiet_NaN(), 1e30, -1e30})
    float32_inputs.push_back(special);
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    for (const bool saturate : {true, false}) {
      const CastOptions o = cast_options(request_for(f, saturate)).value();
      for (const std::vector<double>* inputs : {&float32_inputs, &float64_inputs}) {
        std::vector<std::uint32_t> codes(inputs->size());
        cast_many(f, o, *inputs, codes);
        for (std::size_t k = 0; k < inputs->size(); ++k)
          ASSERT_EQ(codes[k], encode(f, (*inputs)[k], o)) << format_spec(f).name << " " << (*inputs)[k];
      }
    }
  }
}

TEST(CastRequest, TheLineIsTheCodeInHexAndItsExactValue) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    for (const std::uint32_t code : {0u, 1u, encode(f, 1.0), encode(f, -3.5), encode(f, kInf)}) {
      const std::string line = cast_line(f, code);
      const std::size_t space = line.find(' ');
      ASSERT_NE(space, std::string::npos);
      const std::string hex = line.substr(0, space);
      EXPECT_EQ(hex, hex_code(f, code));
      EXPECT_EQ(hex.size(), 2 + static_cast<std::size_t>((format_spec(f).total_bits() + 3) / 4)) << hex;
      EXPECT_EQ(parse_code(f, hex).value(), code);
      const double value = decode_to_float64(f, code);
      if (std::isnan(value)) {
        EXPECT_NE(line.find("nan"), std::string::npos);
      } else {
        EXPECT_EQ(parse_number(line.substr(space + 1)).value(), value) << line;
      }
    }
  }
}

TEST(CastRequest, CodeBytesIsTheNarrowestWidthThatHoldsEveryCode) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = format_at(i);
    const int bits = format_spec(f).total_bits();
    const int bytes = code_bytes(f);
    EXPECT_TRUE(bytes == 1 || bytes == 2 || bytes == 4);
    EXPECT_LE(bits, 8 * bytes) << format_spec(f).name;
    EXPECT_TRUE(bytes == 1 || bits > 4 * bytes) << format_spec(f).name;  // half the width would not do
  }
}

}  // namespace
}  // namespace typelattice

namespace {
// The error a cast reports is its value minus its input: exactly, wherever the value is a neighbour of the
// input (Sterbenz), and it points the way the code's rounding interval says the input went.
TEST(CastRequestError, IsTheValueMinusTheInput) {
  using namespace typelattice;
  CastRequest r;
  r.to = Format::float8_e4m3fn;
  const Result<CastOutcome> tenth = cast_text(r, "0.1");
  ASSERT_TRUE(tenth.ok());
  EXPECT_EQ(tenth->error, 0.1015625 - 0.1);
  EXPECT_EQ(tenth->relative_error, (0.1015625 - 0.1) / 0.1);
  for (const FormatSpec& spec : minifloat_formats()) {
    r.to = *format_of(*spec.dtype);
    const double max = format_range(r.to).max;
    for (int i = 1; i < 400; ++i) {
      const double input = (i % 2 ? -1 : 1) * max * i / 401.0 / (i % 7 + 1);
      const Result<CastOutcome> c = cast_text(r, exact_decimal(input));
      ASSERT_TRUE(c.ok());
      const double value = decode_to_float64(r.to, c->code);
      if (!spec.has_sign && input < 0) continue;  // E8M0 casts |x|
      EXPECT_EQ(c->error, value - input) << spec.name << " " << input;
      EXPECT_EQ(value - c->error, input) << spec.name << " " << input << ": not exact";
      EXPECT_EQ(c->relative_error, c->error / std::fabs(input));
    }
  }
  r.to = Format::float8_e5m2;
  r.saturate = false;
  const Result<CastOutcome> inf = cast_text(r, "1e9");
  ASSERT_TRUE(inf.ok());
  EXPECT_TRUE(std::isnan(inf->error));
  const Result<CastOutcome> zero = cast_text(r, "0");
  ASSERT_TRUE(zero.ok());
  EXPECT_EQ(zero->error, 0);
  EXPECT_TRUE(std::isnan(zero->relative_error));
}
}  // namespace

namespace {
// Below the smallest positive value a cast underflows: to zero, or up to the smallest value; never otherwise.
TEST(CastRequestUnderflow, FlushedToZeroOrRaisedToTheSmallestValue) {
  using namespace typelattice;
  for (const FormatSpec& spec : minifloat_formats()) {
    CastRequest r;
    r.to = *format_of(*spec.dtype);
    const FormatRange range = format_range(r.to);
    const double smallest = range.min_subnormal.value_or(range.min_normal);
    for (double input : {smallest * 0.25, smallest * 0.5, smallest * 0.75, smallest, smallest * 1.5, 1.0, 0.0}) {
      const Result<CastOutcome> c = cast_text(r, exact_decimal(input));
      ASSERT_TRUE(c.ok());
      const double value = decode_to_float64(r.to, c->code);
      CastOutcome::Underflow expected = CastOutcome::Underflow::none;
      if (input != 0 && input < smallest) {
        expected = value == 0 ? CastOutcome::Underflow::to_zero : CastOutcome::Underflow::to_nonzero;
      }
      EXPECT_EQ(c->underflow, expected) << spec.name << " " << input;
      if (expected == CastOutcome::Underflow::to_nonzero && !spec.is_scale_format()) {
        EXPECT_EQ(value, smallest) << spec.name;  // round to nearest: only the smallest value is that close
      }
    }
  }
  CastRequest fp4;
  fp4.to = Format::float4_e2m1fn;
  EXPECT_EQ(cast_text(fp4, "0.1")->underflow, CastOutcome::Underflow::to_zero);
  CastRequest e8m0;
  e8m0.to = Format::float8_e8m0fnu;
  EXPECT_EQ(cast_text(e8m0, "1e-40")->underflow, CastOutcome::Underflow::to_nonzero);
}
}  // namespace
