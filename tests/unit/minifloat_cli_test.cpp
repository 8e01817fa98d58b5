// The cast, decode, layout and formats commands, run as a user would run them.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/unit/cli_run.h"
#include "tests/unit/sanitizer_sample.h"
#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

using testing::CliRun;

TEST(MinifloatCli, CastSaturatesByDefaultAndNotWhenAsked) {
  CliRun r = typelattice("cast --to float8_e4m3fn 1000");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "0x7e 448\n");
  r = typelattice("cast --to float8_e4m3fn --no-saturate 1000");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "0x7f nan\n");
  r = typelattice("cast --to FLOAT8E5M2 --no-saturate 1e6 -1e6 inf");
  EXPECT_EQ(r.out, "0x7c inf\n0xfc -inf\n0x7c inf\n");
  r = typelattice("cast --to float8_e5m2fnuz inf -inf nan -0");  // FNUZ: Inf clips (ONNX's test data)
  EXPECT_EQ(r.out, "0x7f 57344\n0xff -57344\n0x80 nan\n0x00 0\n");
  r = typelattice("cast --to float16 1e6");  // ONNX's saturate applies to float8 only
  EXPECT_EQ(r.out, "0x7c00 inf\n");
  r = typelattice("cast --to float16 --saturate 1e6");
  EXPECT_EQ(r.out, "0x7bff 65504\n");
}

// The interval layout prints is the one the input lies in, the cast's own: under seeded stochastic rounding it
// depends on the draw's bits (the "draw" line), as in castValue()'s roundingInterval.
TEST(MinifloatCli, LayoutIntervalHoldsTheInputUnderEveryDraw) {
  int away = 0;
  for (const char* format : {"float8_e4m3fn", "float8_e5m2", "float4_e2m1fn", "bfloat16"}) {
    for (const char* value : {"4.1", "-4.1", "0.3", "1000"}) {
      for (int seed = 1; seed <= 12; ++seed) {
        // Under the sanitizers a sample of the draws, with seed 4: the one that rounds 4.1 up in E4M3FN.
        if (!test::in_sanitizer_case_sample(static_cast<std::size_t>(seed - 1), 12) && seed != 4) continue;
        const std::string args = std::string("layout ") + format + " " + value +
                                 " --round stochastic --srnumbits 8 --seed " + std::to_string(seed);
        const CliRun r = typelattice(args);
        ASSERT_EQ(r.exit_code, 0) << args << ": " << r.err;
        const std::size_t at = r.out.find("rounds from  ");
        ASSERT_NE(at, std::string::npos) << args << "\n" << r.out;
        const std::string line = r.out.substr(at + 13, r.out.find('\n', at) - at - 13);
        const std::size_t comma = line.find(", ");
        const double low = std::strtod(line.c_str() + 1, nullptr), high = std::strtod(line.c_str() + comma + 2, nullptr);
        const double x = std::strtod(value, nullptr);
        EXPECT_TRUE((line.front() == '[' ? low <= x : low < x) && (line.back() == ']' ? x <= high : x < high))
            << args << ": " << x << " is not in " << line;
        away += r.out.find("code         0x49") != std::string::npos;  // 4.1 in E4M3FN rounded up to 4.5
      }
    }
  }
  EXPECT_GT(away, 0);  // some draw rounds away, where the interval moves up
}

TEST(MinifloatCli, CastRoundsOnceFromTheDecimal) {
  // 1.0625000001 is above the midpoint between 1 and 1.125; as a float32 it becomes the midpoint, a tie.
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn 1.0625000001").out, "0x39 1.125\n");
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --from float32 1.0625000001").out, "0x38 1\n");
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --input hex 0x3f880000").out, "0x38 1\n");  // float32 1.0625
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --input hex 0x3ff1000000000001").out, "0x39 1.125\n");
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --input hex --from float32 0x3f880000").out, "0x38 1\n");
  EXPECT_EQ(typelattice("cast --to float4_e2m1fn -3.5 0.25 -inf").out, "0xe -4\n0x0 0\n0xf -6\n");
}

// POSIX's "--" ends the options: the values after it are values even when they look like options.
TEST(MinifloatCli, CastTakesDoubleDashBeforeTheValues) {
  CliRun r = typelattice("cast --to float8_e4m3fn -- -1 -inf 2");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, typelattice("cast --to float8_e4m3fn -1 -inf 2").out);
  EXPECT_EQ(r.out, cast_line(Format::float8_e4m3fn, encode(Format::float8_e4m3fn, -1.0)) + "\n" +
                       cast_line(Format::float8_e4m3fn, encode(Format::float8_e4m3fn, -INFINITY)) + "\n" +
                       cast_line(Format::float8_e4m3fn, encode(Format::float8_e4m3fn, 2.0)) + "\n");
  r = typelattice("cast --to float16 --no-saturate -- -1e6");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0xfc00 -inf\n");
  // Only the first "--" is the marker: a second one is a value, and not a number.
  r = typelattice("cast --to float8_e4m3fn -- 1 --");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "0x38 1\n");
  EXPECT_NE(r.err.find("'--' is not a number"), std::string::npos);
  // "--" with no values after it: the values come from stdin, as with none at all.
  r = typelattice("cast --to float8_e4m3fn --", "1\n-2\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0x38 1\n0xc0 -2\n");
}

TEST(MinifloatCli, CastE8M0RoundModes) {
  EXPECT_EQ(typelattice("cast --to float8_e8m0fnu 3").out, "0x81 4\n");
  EXPECT_EQ(typelattice("cast --to float8_e8m0fnu --round down 3").out, "0x80 2\n");
  EXPECT_EQ(typelattice("cast --to float8_e8m0fnu --round nearest 3 2.9").out, "0x81 4\n0x80 2\n");
  CliRun r = typelattice("cast --to float8_e8m0fnu --round sideways 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "typelattice: " + parse_round_mode("sideways").error().message + "\n");  // the core's text
  EXPECT_NE(r.err.find("up, down, nearest, ties-to-even"), std::string::npos);
  r = typelattice("cast --to float8_e4m3fn --round up 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("float8_e8m0fnu only"), std::string::npos);
  r = typelattice("cast --to float8_e8m0fnu --round toward-zero 3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("not one of float8_e8m0fnu's"), std::string::npos);
}

// The IEEE directions and to-odd, by name and alias, on the 4.25 (between 4 and 4.5 in E4M3FN), in bulk
// from stdin too (those modes run the scalar encoder there), and the overflow rule without saturation.
TEST(MinifloatCli, CastIeeeRoundModes) {
  const std::pair<const char*, const char*> cases[] = {
      {"ties-to-even", "0x48 4\n0xc8 -4\n"}, {"rne", "0x48 4\n0xc8 -4\n"},
      {"ties-to-away", "0x49 4.5\n0xc9 -4.5\n"}, {"rna", "0x49 4.5\n0xc9 -4.5\n"},
      {"toward-zero", "0x48 4\n0xc8 -4\n"}, {"rtz", "0x48 4\n0xc8 -4\n"},
      {"toward-positive", "0x49 4.5\n0xc8 -4\n"}, {"rtp", "0x49 4.5\n0xc8 -4\n"},
      {"toward-negative", "0x48 4\n0xc9 -4.5\n"}, {"rtn", "0x48 4\n0xc9 -4.5\n"},
      {"to-odd", "0x49 4.5\n0xc9 -4.5\n"}};
  for (const auto& [mode, want] : cases) {
    EXPECT_EQ(typelattice(std::string("cast --to float8_e4m3fn --round ") + mode + " -- 4.25 -4.25").out, want) << mode;
  }
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --no-saturate --round toward-zero 500").out, "0x7e 448\n");
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --no-saturate --round toward-positive 500").out, "0x7f nan\n");
  EXPECT_EQ(typelattice("cast --to float8_e5m2 --no-saturate --round toward-negative -- -1e6").out, "0xfc -inf\n");
}

// Stochastic rounding from the CLI: given bits are deterministic; --seed draws each value's bits from (seed,
// index), one stream across values, --repeat and stdin batches alike; options out of place exit 2.
TEST(MinifloatCli, CastStochasticRounding) {
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --round stochastic --srnumbits 4 --srbits 12 4.1").out, "0x48 4\n");
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --round stochastic --srnumbits 4 --srbits 13 4.1").out, "0x49 4.5\n");
  // The stream: value i takes stochastic_bits(seed, i, n), whether the values come as --repeat, as arguments or
  // from stdin.
  std::string want;
  for (std::uint64_t i = 0; i < 5000; ++i) {
    const CastOptions o{true, RoundMode::stochastic, StochasticBits{8, stochastic_bits(42, i, 8)}};
    want += cast_line(Format::float8_e4m3fn, encode(Format::float8_e4m3fn, 4.1, o)) + "\n";
  }
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --round stochastic --seed 42 --repeat 5000 4.1").out, want);
  std::string lines;
  for (int i = 0; i < 5000; ++i) lines += "4.1\n";
  EXPECT_EQ(typelattice("cast --to float8_e4m3fn --round stochastic --seed 42", lines).out, want);
  for (const char* bad : {"--round stochastic --srbits 256 1", "--round stochastic --srnumbits 40 1",
                          "--round stochastic --srbits 1 --seed 2 1", "--srbits 1 1", "--repeat 3 1",
                          "--round stochastic --srbits 1 --repeat 3 1", "--round stochastic --seed x 1"}) {
    const CliRun r = typelattice(std::string("cast --to float8_e4m3fn ") + bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_FALSE(r.err.empty()) << bad;
  }
}

TEST(MinifloatCli, CastReadsStdinInBulk) {
  std::string in, want;
  for (int i = -50000; i < 50000; ++i) {
    const double v = i / 97.0;
    std::ostringstream line;
    line.precision(17);
    line << v;
    in += line.str() + "\n";
    char code[8];
    const std::uint32_t c = encode(Format::float8_e5m2, parse_number(line.str()).value());
    std::snprintf(code, sizeof code, "0x%02x", c);
    want += std::string(code) + " " + exact_decimal(decode_to_float64(Format::float8_e5m2, c)) + "\n";
  }
  const CliRun r = typelattice("cast --to float8_e5m2", in);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, want);
}

// float32 inputs go through the bulk SIMD kernels in batches: the output must still be the scalar encoder's,
// for every format, across batch boundaries, for specials and NaN payloads.
TEST(MinifloatCli, CastOfFloat32BitPatternsMatchesTheScalarEncoder) {
  std::vector<std::uint32_t> bits = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u,
                                     0xffc00000u, 0x00000001u, 0x3f800000u, 0x43e00000u, 0x47600000u};
  std::uint32_t x = 12345u;
  for (int i = 0; i < 10000; ++i) {  // crosses the 4096-value batch twice
    x = x * 1664525u + 1013904223u;
    bits.push_back(x);
  }
  std::string in;
  for (std::uint32_t b : bits) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x\n", b);
    in += text;
  }
  for (const FormatSpec& spec : all_formats()) {
    const Format f = parse_format(spec.name).value();
    for (const char* mode : {"--saturate", "--no-saturate"}) {
      CastOptions options = onnx_default_options(f);
      options.saturate = std::string(mode) == "--saturate";
      std::string want;
      for (std::uint32_t b : bits) {
        float v;
        std::memcpy(&v, &b, sizeof v);
        const std::uint32_t c = encode(f, v, options);
        char code[16];
        std::snprintf(code, sizeof code, "0x%0*x", (spec.total_bits() + 3) / 4, c);
        want += std::string(code) + " " + exact_decimal(decode_to_float64(f, c)) + "\n";
      }
      const CliRun r = typelattice(std::string("cast --to ") + std::string(spec.name) + " --input hex " + mode, in);
      ASSERT_EQ(r.exit_code, 0) << spec.name << " " << r.err;
      EXPECT_EQ(r.out, want) << spec.name << " " << mode;
    }
  }
}

TEST(MinifloatCli, CastStopsAtABadLineAfterPrintingTheValuesBeforeIt) {
  std::string in;
  for (int i = 0; i < 5000; ++i) in += "1.5\n";
  in += "1.5x\n2\n";
  const CliRun r = typelattice("cast --to float8_e4m3fn --from float32", in);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 5000);
  EXPECT_NE(r.err.find("line 5001"), std::string::npos) << r.err;
}

TEST(MinifloatCli, BadInputExitsTwoWithAMessage) {
  CliRun r = typelattice("cast --to float8_e4m3fnn 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean float8_e4m3fn"), std::string::npos);
  r = typelattice("cast --to float8_e4m3fn 1.5x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("trailing characters"), std::string::npos);
  r = typelattice("cast --to float8_e4m3fn", "1\n2\noops\n3\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "0x38 1\n0x40 2\n");  // what came before the bad line, then stop
  EXPECT_NE(r.err.find("line 3: 'oops' is not a number"), std::string::npos);
  r = typelattice("cast --to float8_e4m3fn --input hex 0x3f80");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("has 4 hex digits; expected 8 (a float32 bit pattern) or 16"), std::string::npos);
  r = typelattice("cast --to float8_e4m3fn --input hex --from float64 0x3f800000");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("exactly 16 hex digits"), std::string::npos);
  r = typelattice("cast --to float8_e4m3fn --from float16 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "typelattice: " + parse_source_type("float16").error().message + "\n");
  EXPECT_NE(r.err.find("float32 or float64"), std::string::npos);
  r = typelattice("decode --from float8_e4m3fn 0x100");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("out of range for float8_e4m3fn"), std::string::npos);
  EXPECT_EQ(typelattice("cast 1").exit_code, 2);  // --to is required
  EXPECT_EQ(typelattice("layout float8_e4m3fn").exit_code, 2);
}

TEST(MinifloatCli, DecodeEveryCodeMatchesTheCore) {
  std::string in, want;
  for (std::uint32_t c = 0; c < 256; ++c) {
    char code[8];
    std::snprintf(code, sizeof code, "0x%02x", c);
    in += std::string(code) + "\n";
    want += std::string(code) + " " + exact_decimal(decode_to_float64(Format::float8_e4m3fnuz, c)) + "\n";
  }
  const CliRun r = typelattice("decode --from FLOAT8E4M3FNUZ", in);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, want);
  EXPECT_EQ(typelattice("decode --from float8_e5m2 0x7c 0xfd 0x01").out, "0x7c inf\n0xfd nan\n0x01 0.0000152587890625\n");
  EXPECT_EQ(typelattice("decode --from bfloat16 0x3f80").out, "0x3f80 1\n");
}

TEST(MinifloatCli, LayoutShowsFieldsAndExactValue) {
  CliRun r = typelattice("layout float8_e4m3fn --code 0x7e");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* want : {"sign:        0  (bits 7, 0)", "exponent:    1111  (bits 6..3, 15)",
                           "mantissa:    110  (bits 2..0, 6)", "bias         7", "unbiased exp 8",
                           "significand  1 + 6/8", "category     normal", "value        448",
                           "next down    0x7d 416", "next up      none"}) {
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
  }
  r = typelattice("layout float8_e4m3fn 1000");
  EXPECT_NE(r.out.find("saturated to max"), std::string::npos);
  EXPECT_NE(r.out.find("code         0x7e"), std::string::npos);
  r = typelattice("layout float8_e5m2 -inf --no-such-flag");
  EXPECT_EQ(r.exit_code, 2);
  r = typelattice("layout float8_e5m2 -inf");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("code         0xfb"), std::string::npos);  // saturating: -max
  r = typelattice("layout float8_e8m0fnu 0.3");
  EXPECT_NE(r.out.find("code         0x7e"), std::string::npos);  // up: 0.5
  EXPECT_NE(r.out.find("value        0.5"), std::string::npos);
}

TEST(MinifloatCli, LayoutOfAValueSaysWhatItsRoundingComesTo) {
  CliRun r = typelattice("layout float8_e4m3fn 4.1 --round stochastic --srnumbits 8");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* want : {"shortest     4\n", "between      0x48 4 and 0x49 4.5\n", "p(away)      51/256 = 0.19921875\n",
                           "expected     4.099609375\n"}) {
    EXPECT_NE(r.out.find(want), std::string::npos) << want << "\n" << r.out;
  }
  r = typelattice("layout float8_e4m3fn 4.25");
  EXPECT_NE(r.out.find("tie          halfway: ties-to-even gives 0x48 4, ties-to-away 0x49 4.5\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("p(away)"), std::string::npos);
  r = typelattice("layout float8_e4m3fn --code 0x01");
  EXPECT_NE(r.out.find("shortest     0.002\n"), std::string::npos) << r.out;  // 2^-9 = 0.001953125
  r = typelattice("layout float8_e5m2 -- -0.3");  // POSIX's end of options before a negative value
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("input        -0.3\n"), std::string::npos) << r.out;
  r = typelattice("layout float8_e4m3fn 4.1 --srnumbits 40 --round stochastic");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("srnumbits"), std::string::npos) << r.err;
}

TEST(MinifloatCli, RepeatPrintsTheCoresSamples) {
  CastRequest request;
  request.to = Format::float8_e5m2;
  request.round = RoundMode::stochastic;
  request.seed = 7;
  const Result<std::vector<std::uint32_t>> samples = cast_samples(request, "0.3", 40);
  ASSERT_TRUE(samples);
  std::string want;
  for (const std::uint32_t code : *samples) want += cast_line(request.to, code) + "\n";
  const CliRun r = typelattice("cast --to float8_e5m2 --round stochastic --seed 7 --repeat 40 0.3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, want);
}

TEST(MinifloatCli, FormatsListsEveryFormat) {
  const CliRun r = typelattice("formats");
  EXPECT_EQ(r.exit_code, 0);
  for (const FormatSpec& spec : all_formats()) EXPECT_NE(r.out.find(spec.name), std::string::npos) << spec.name;
  EXPECT_NE(r.out.find("448"), std::string::npos);
  EXPECT_NE(r.out.find("57344"), std::string::npos);
  EXPECT_NE(r.out.find("2^-17"), std::string::npos);
  EXPECT_NE(r.out.find("2^127"), std::string::npos);
}

}  // namespace
}  // namespace typelattice
