// quantize --to and dequantize --from the integer groups intN_gG[_asym], run as a user would run them; every code
// derived by hand from GPTQ's rule (docs/formats.md, "Integer groups (GPTQ)").
#include <gtest/gtest.h>

#include <bit>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/cli_run.h"
#include "tests/unit/sanitizer_sample.h"
#include "tests/unit/tensor_file_builders.h"

namespace typelattice {
namespace {

using testing::CliRun;

using testing::lines_as_floats;

// 1 -0.5 0.25 3, asymmetric 4 bits: lo -0.5, hi 3, scale 3.5 / 15 = 0.2333…, float16 0x3377 = 0.2332763671875;
// z = round(0.5 / scale) = round(2.14) = 2; codes round(x / scale) + 2: 4 + 2, -2 + 2, 1 + 2, 13 + 2 = 6, 0, 3, 15.
// GPTQ's words: code i in bits 4i..4i+3, so 0x0000f306, little-endian 06 f3 00 00; the zero point 2 alone: 02 00 00 00.
TEST(IntGroupCli, AsymPackedIsGptqWordsAndDequantizesToScaleTimesCodeMinusZero) {
  const CliRun q = typelattice("quantize --to int4_g32_asym --packed -- 1 -0.5 0.25 3");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(q.out, "format int4_g32_asym\ncount 4\nscales 7733\nzeros 02000000\ncodes 06f30000\n");
  const CliRun d = typelattice("dequantize --from int4_g32_asym", q.out);
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const float scale = 0.2332763671875f;
  EXPECT_EQ(lines_as_floats(d.out), (std::vector<float>{4 * scale, -2 * scale, 1 * scale, 13 * scale}));
}

// 1 -0.5, symmetric: hi = max(|-0.5|, 1) = 1, lo = -1, scale 2/15, float16 0x3044 = 0.13330078125, z = 8;
// 1 / scale = 7.4999995 rounds to 7 (code 15), -0.5 / scale = -3.75 to -4 (code 4).
TEST(IntGroupCli, SymTextShowsScaleZeroAndEachElement) {
  const CliRun r = typelattice("quantize --to INT4_G32 -- 1 -0.5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find(';')), "block 1: scale 0x3044 0.13330078125, zero 8");
  EXPECT_NE(r.out.find("\n  1 -> 0xf 7 -> 0.93310546875\n  -0.5 -> 0x4 -4 -> -0.533203125\n"), std::string::npos)
      << r.out;
  const CliRun p = typelattice("quantize --to int4_g32 --packed -- 1 -0.5");
  EXPECT_EQ(p.out, "format int4_g32\ncount 2\nscales 4430\ncodes 4f000000\n");  // no zero points: z is 8
}

TEST(IntGroupCli, JsonHoldsTheScaleZeroAndCodesAndReadsBack) {
  const CliRun q = typelattice("quantize --to int4_g32_asym --format json -- 1 -0.5 0.25 3");
  ASSERT_EQ(q.exit_code, 0) << q.err;
  // 0x3377 = 13175.
  EXPECT_EQ(q.out.substr(0, q.out.find("\"elements\"")),
            "{\"format\": \"int4_g32_asym\", \"block_size\": 32, \"blocks\": [{\"scale\": {\"code\": 13175, "
            "\"value\": 0.2332763671875}, \"zero\": 2, ");
  EXPECT_NE(q.out.find("{\"code\": 6, \"value\": 4, \"dequantized\": 0.93310546875}, {\"code\": 0, \"value\": -2, "),
            std::string::npos)
      << q.out;
  const CliRun d = typelattice("dequantize --from int4_g32_asym", q.out);
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(lines_as_floats(d.out)[3], 13 * 0.2332763671875f);
}

// Every name: the JSON and the packed form read back to the same values, each within half a step of its input
// (symmetric groups clip above 2^(N-1) - 1 steps), give or take the float16 scale's rounding. (The sanitizer
// build tries a sample of the names: sanitizer_sample.h.)
TEST(IntGroupCli, EveryNameRoundTripsThroughBothForms) {
  std::mt19937 random(29);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::string values;
  std::vector<float> x;
  for (int i = 0; i < 150; ++i) {  // two groups of 64 and a short one, or one of 128 and a short one
    x.push_back(i % 37 == 0 ? 0.0f : normal(random));
    std::ostringstream s;
    s.precision(9);
    s << x.back();
    values += " ";
    values += s.str();
    x.back() = std::strtof(s.str().c_str(), nullptr);
  }
  std::size_t tried = 0;
  for (int bits = 2; bits <= 8; ++bits) {
    for (const int group : {32, 64, 128}) {
      for (const std::string suffix : {"", "_asym", "_awq", "_mlx"}) {
        if (suffix == "_mlx" && bits == 7) continue;  // mx.quantize takes 2-6 and 8 bits
        // 81 names; the sample's stride, a prime, is no multiple of the 4 kinds or the 3 group sizes.
        if (!test::in_sanitizer_case_sample(tried++, 81)) continue;
        const std::string name = "int" + std::to_string(bits) + "_g" + std::to_string(group) + suffix;
        const CliRun packed = typelattice("quantize --to " + name + " --packed --" + values);
        const CliRun json = typelattice("quantize --to " + name + " --format json --" + values);
        ASSERT_EQ(packed.exit_code + json.exit_code, 0) << name << packed.err << json.err;
        const CliRun a = typelattice("dequantize --from " + name, packed.out);
        const CliRun b = typelattice("dequantize --from " + name, json.out);
        ASSERT_EQ(a.exit_code + b.exit_code, 0) << name << a.err << b.err;
        EXPECT_EQ(a.out, b.out) << name;
        const std::vector<float> y = lines_as_floats(a.out);
        ASSERT_EQ(y.size(), x.size()) << name;
        if (suffix == "_mlx") continue;  // its far end may clip: IntGroupMlx checks its accuracy
        for (std::size_t i = 0; i < x.size(); ++i) {
          const std::size_t first = i / static_cast<std::size_t>(group) * static_cast<std::size_t>(group);
          float lo = 0, hi = 0;
          for (std::size_t k = first; k < std::min(x.size(), first + static_cast<std::size_t>(group)); ++k) {
            lo = std::min(lo, x[k]);
            hi = std::max(hi, x[k]);
          }
          const float range = suffix.empty() ? 2 * std::max(-lo, hi) : hi - lo;
          const float step = range / static_cast<float>((1 << bits) - 1);
          // Symmetric codes reach (2^(N-1) - 1) steps above 0: a largest value beyond that is clipped.
          const float top = suffix.empty() ? step * static_cast<float>((1 << (bits - 1)) - 1) : hi;
          // Half a step, and the float16 scale's rounding (2^-11 of it) times the code's steps from z.
          const float wanted = std::min(x[i], top);
          EXPECT_LE(std::fabs(y[i] - wanted), 0.5f * step * 1.001f + std::fabs(wanted) / 2048 * 1.01f + 1e-7f)
              << name << " " << i;
        }
      }
    }
  }
  EXPECT_EQ(tried, 81u);
}

// AWQ's range is the group's own: 1 2 3 gives lo 1, hi 3, scale 2/15 (float16 0x3044 = 0.13330078125) and
// z = clamp(-round(1 / scale), 0, 15) = clamp(-7, …) = 0, so codes round(x / scale) = 7, 15, 22 clipped to 15: a
// group of one sign loses its far end (GPTQ's asym rule puts 0 in the range instead).
TEST(IntGroupCli, AwqUsesTheGroupsOwnRange) {
  const CliRun r = typelattice("quantize --to int4_g32_awq -- 1 2 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find(';')), "block 1: scale 0x3044 0.13330078125, zero 0");
  EXPECT_NE(r.out.find("\n  1 -> 0x7 7 -> 0.93310546875\n  2 -> 0xf 15 -> 1.99951171875\n  3 -> 0xf 15 -> "
                       "1.99951171875\n"),
            std::string::npos)
      << r.out;
  const CliRun p = typelattice("quantize --to int4_g32_awq --packed --packing awq -- 1 2 3");
  EXPECT_EQ(p.out, "format int4_g32_awq\ncount 3\npacking awq\nscales 4430\nzeros 00000000\ncodes f7000f00\n");
}

// 1 -0.5 0.25 3 under MLX's affine rule: the edge of larger magnitude is 3, scale -(3.5 / 15) = -0.2333…, q0 =
// rint(3 / scale) = rint(-12.86) = -13, so scale = 3 / -13 = -0.230769… (float16 0xb362 = -0.230712890625) and
// bias 3 (0x4200); codes rint((x - 3) / scale): 8.67 -> 9, 15.17 -> 15 (clipped), 11.92 -> 12, 0.
TEST(IntGroupCli, MlxStoresAScaleAndABias) {
  const std::string values = " -- 1 -0.5 0.25 3";
  const CliRun r = typelattice("quantize --to int4_g32_mlx" + values);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find(';')), "block 1: scale 0xb362 -0.230712890625, bias 0x4200 3");
  EXPECT_NE(r.out.find("\n  3 -> 0x0 0 -> 3\n"), std::string::npos) << r.out;
  const CliRun p = typelattice("quantize --to int4_g32_mlx --packed" + values);
  EXPECT_EQ(p.out, "format int4_g32_mlx\ncount 4\nscales 62b3\nbiases 0042\ncodes f90c0000\n");
  const float scale = -0.230712890625f;
  const std::vector<float> expected = {9 * scale + 3, 15 * scale + 3, 12 * scale + 3, 3};
  EXPECT_EQ(lines_as_floats(typelattice("dequantize --from int4_g32_mlx", p.out).out), expected);
  const CliRun j = typelattice("quantize --to int4_g32_mlx --format json" + values);
  EXPECT_NE(j.out.find("\"bias\": {\"code\": 16896, \"value\": 3}, \"elements\""), std::string::npos) << j.out;
  EXPECT_EQ(lines_as_floats(typelattice("dequantize --from int4_g32_mlx", j.out).out), expected);
  const CliRun layout = typelattice("quantize --to int4_g32_mlx --layout" + values);
  EXPECT_NE(layout.out.find("  biases[0] bytes 0-1: 00 42 (float16, little-endian, in the biases tensor) = 0x4200 3\n"),
            std::string::npos)
      << layout.out;
  const auto error_of = [](const std::string& name, const std::string& doc) {
    const CliRun e = typelattice("dequantize --from " + name, doc);
    EXPECT_EQ(e.exit_code, 2) << doc;
    return e.err;
  };
  EXPECT_NE(error_of("int4_g32_mlx", R"({"format": "int4_g32_mlx", "blocks": [{"scale": {"code": 1}, "elements": [{"code": 1}]}]})")
                .find("no \"bias\" code"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32", R"({"format": "int4_g32", "blocks": [{"scale": {"code": 1}, "bias": {"code": 1}, "elements": [{"code": 1}]}]})")
                .find("has no bias"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32_mlx", "format int4_g32_mlx\ncount 33\nscales 00000000\nbiases 0000\ncodes " +
                                         std::string(40, '0') + "\n")
                .find("biases takes 4 bytes"),
            std::string::npos);
}

// analyze's worst block of an integer group target is printed as the quantize command that gives it again.
TEST(IntGroupCli, AnalyzeWorstBlockIsAQuantizeCommand) {
  tensor_test::Bytes data;
  for (int i = 0; i < 40; ++i)
    tensor_test::append_le(data, std::bit_cast<std::uint32_t>(static_cast<float>(i % 7) - 2.5f), 4);
  const auto path = std::filesystem::temp_directory_path() / ("typelattice_int_groups_" + std::to_string(::getpid()) + ".npy");
  {
    const tensor_test::Bytes file =
        tensor_test::npy_file(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (40,), }", data);
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));
  }
  const CliRun r = typelattice("analyze '" + path.string() + "' --to int4_g32_awq --worst 1");
  std::filesystem::remove(path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t at = r.out.find("typelattice quantize --to int4_g32_awq -- ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string command = r.out.substr(at + 12, r.out.find('\n', at) - at - 12);
  const CliRun again = typelattice(command);
  ASSERT_EQ(again.exit_code, 0) << command << again.err;
  EXPECT_EQ(again.out.rfind("block 1: ", 0), 0u) << again.out;
}

TEST(IntGroupCli, LayoutNamesTheScaleZeroAndCodeBytes) {
  std::string values;
  for (int i = 1; i <= 40; ++i) values.append(" ").append(std::to_string(i));  // a group of 32, then 8
  const CliRun r = typelattice("quantize --to int3_g32_asym --layout --" + values);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Group 1: lo 0, hi 32, scale 32/7 = 4.5714…, float16 0x4492; z 0; 3 bits x 32 codes = 12 bytes.
  EXPECT_NE(r.out.find("block 1: 32 values\n  scales[0] bytes 0-1: 92 44 (float16, little-endian, in the scales "
                       "tensor) = 0x4492 4.5703125\n  zeros[0] bits 0-2 (in bytes 0-0 of the zeros tensor"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  codes bytes 0-11: "), std::string::npos) << r.out;
  // Group 2 (33..40): scale 40/7, codes start at byte 12, 8 codes of 3 bits in one word.
  EXPECT_NE(r.out.find("block 2: 8 values\n  scales[1] bytes 2-3: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  zeros[1] bits 3-5 (in bytes 0-0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  codes bytes 12-15: "), std::string::npos) << r.out;
}

TEST(IntGroupCli, BadJsonExitsTwoWithWhatIsWrong) {
  const auto error_of = [](const std::string& name, const std::string& doc) {
    const CliRun r = typelattice("dequantize --from " + name, doc);
    EXPECT_EQ(r.exit_code, 2) << doc;
    EXPECT_TRUE(r.out.empty()) << r.out;
    return r.err;
  };
  const auto block = [](int elements, const std::string& zero) {
    std::string out = R"({"scale": {"code": 15360}, )";
    out += zero;
    out += R"("elements": [)";
    for (int i = 0; i < elements; ++i) out += i ? R"(, {"code": 1})" : R"({"code": 1})";
    return out + "]}";
  };
  const std::string head = R"({"format": "int4_g32", "blocks": [)";
  EXPECT_NE(error_of("int4_g32", head + block(33, "") + "]}").find("block 1: \"elements\" must be an array of 1 to 32"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32", head + block(31, "") + ", " + block(1, "") + "]}").find("only the last block"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32", head + block(1, R"("zero": 8, )") + "]}").find("stores no zero point"), std::string::npos);
  const std::string asym = R"({"format": "int4_g32_asym", "blocks": [)";
  EXPECT_NE(error_of("int4_g32_asym", asym + block(1, "") + "]}").find("no \"zero\" point from 0 to 15"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32_asym", asym + block(1, R"("zero": 16, )") + "]}").find("\"zero\""), std::string::npos);
  EXPECT_NE(error_of("int2_g32", R"({"format": "int2_g32", "blocks": [{"scale": {"code": 1}, "elements": [{"code": 4}]}]})")
                .find("element 1 has no \"code\" from 0 to 3"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g64", head + block(1, "") + "]}").find("not int4_g64"), std::string::npos);
  EXPECT_NE(error_of("int4_g32", R"({"format": "int4_g32", "format": "int4_g32", "blocks": []})").find("given twice"),
            std::string::npos);
}

TEST(IntGroupCli, BadPackedInputExitsTwo) {
  const auto error_of = [](const std::string& name, const std::string& text) {
    const CliRun r = typelattice("dequantize --from " + name, text);
    EXPECT_EQ(r.exit_code, 2) << text;
    return r.err;
  };
  // 33 values are two groups of 32: two scales; the codes of the first group fill 4 words, the second's one.
  EXPECT_NE(error_of("int4_g32", "format int4_g32\ncount 33\nscales 0044\ncodes " + std::string(40, '0') + "\n")
                .find("scales takes 4 bytes"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32", "format int4_g32\ncount 33\nscales 00440044\ncodes " + std::string(32, '0') + "\n")
                .find("takes 20 bytes of codes"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32_asym", "format int4_g32_asym\ncount 1\nscales 0044\ncodes 00000000\n")
                .find("expected 'zeros HEX'"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32", "format int4_g32_asym\ncount 1\nscales 0044\ncodes 00000000\n").find("not int4_g32"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32", "format int4_g32\ncount 1\nscales 0044\ncodes 0000000g\n").find("not a hex digit"),
            std::string::npos);
  EXPECT_NE(error_of("int4_g32", "format int4_g32\ncount 1\nscales 0044\ncodes 00000000 x\n").find("unexpected 'x'"),
            std::string::npos);
}

// The group of the first test under the other packings. AWQ: code e in nibble 0 4 1 5 2 6 3 7 [e], so 6, 0, 3, 15
// go to nibbles 0, 4, 1, 5: 0x00f00036. GPTQ v1: the zero point 2 stored as 1.
TEST(IntGroupCli, PackingsLayOutTheSameCodes) {
  const std::string values = " -- 1 -0.5 0.25 3";
  const CliRun awq = typelattice("quantize --to int4_g32_asym --packed --packing awq" + values);
  EXPECT_EQ(awq.out, "format int4_g32_asym\ncount 4\npacking awq\nscales 7733\nzeros 02000000\ncodes 3600f000\n");
  const CliRun v1 = typelattice("quantize --to int4_g32_asym --packed --packing GPTQ_V1" + values);
  EXPECT_EQ(v1.out, "format int4_g32_asym\ncount 4\npacking gptq_v1\nscales 7733\nzeros 01000000\ncodes 06f30000\n");
  const CliRun gptq = typelattice("quantize --to int4_g32_asym --packed" + values);
  const std::string expected = typelattice("dequantize --from int4_g32_asym", gptq.out).out;
  EXPECT_EQ(typelattice("dequantize --from int4_g32_asym", awq.out).out, expected);
  EXPECT_EQ(typelattice("dequantize --from int4_g32_asym", v1.out).out, expected);
  // Without its packing line, the input is read as --packing says.
  const std::string bare = "format int4_g32_asym\ncount 4\nscales 7733\nzeros 02000000\ncodes 3600f000\n";
  EXPECT_EQ(typelattice("dequantize --from int4_g32_asym --packing awq", bare).out, expected);
  const CliRun clash = typelattice("dequantize --from int4_g32_asym --packing gptq", awq.out);
  EXPECT_EQ(clash.exit_code, 2);
  EXPECT_NE(clash.err.find("packed as awq, not gptq"), std::string::npos) << clash.err;
  const CliRun layout = typelattice("quantize --to int4_g32_asym --layout --packing awq" + values);
  EXPECT_NE(layout.out.find("codes bytes 0-3: 36 00 f0 00 (uint32 words, little-endian: nibble i of each word holds "
                            "code 0 2 4 6 1 3 5 7 [i] of its eight)"),
            std::string::npos)
      << layout.out;
}

// 1 2 3: lo 0, so z = 0, which GPTQ v1 stores as 15 and reads back as 16: every value 16 steps lower. Scale 3/15,
// float16 0x3266 = 0.199951171875; codes 5, 10, 15.
TEST(IntGroupCli, GptqV1ReadsAZeroPointOfZeroAsTwoToTheN) {
  const CliRun q = typelattice("quantize --to int4_g32_asym --packed --packing gptq_v1 -- 1 2 3");
  EXPECT_EQ(q.out, "format int4_g32_asym\ncount 3\npacking gptq_v1\nscales 6632\nzeros 0f000000\ncodes a50f0000\n");
  const float scale = 0.199951171875f;
  EXPECT_EQ(lines_as_floats(typelattice("dequantize --from int4_g32_asym", q.out).out),
            (std::vector<float>{(5 - 16) * scale, (10 - 16) * scale, (15 - 16) * scale}));
  const CliRun layout = typelattice("quantize --to int4_g32_asym --layout --packing gptq_v1 -- 1 2 3");
  EXPECT_NE(layout.out.find("= 15 (z − 1: z = 0 reads back as 16)"), std::string::npos) << layout.out;
}

TEST(IntGroupCli, PackingRefusals) {
  const auto error_of = [](const std::string& args) {
    const CliRun r = typelattice(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    return r.err;
  };
  EXPECT_NE(error_of("quantize --to int3_g32 --packed --packing awq -- 1").find("4-bit codes only"), std::string::npos);
  EXPECT_NE(error_of("quantize --to int4_g32 --packing awq -- 1").find("--packed and --layout"), std::string::npos);
  EXPECT_NE(error_of("quantize --to nf4 --packed --packing awq -- 1").find("integer groups"), std::string::npos);
  EXPECT_NE(error_of("quantize --to int4_g32 --packed --packing awk -- 1").find("did you mean awq"), std::string::npos);
  EXPECT_NE(error_of("dequantize --from gguf_q8_0 --packing awq").find("integer groups"), std::string::npos);
  EXPECT_NE(error_of("quantize --to ds_fp8_1x128 --packed --packing awq -- 1").find("integer groups"), std::string::npos);
  EXPECT_NE(error_of("dequantize --from ds_fp8_128x128 --packing gptq").find("integer groups"), std::string::npos);
  EXPECT_NE(error_of("quantize --to int4_g32 --shape 1,1 -- 1").find("--shape is for the DeepSeek"), std::string::npos);
}

TEST(IntGroupCli, UnknownNamesAndOptionsSuggestTheClosest) {
  const CliRun r = typelattice("quantize --to int4_g12 -- 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean int4_g32"), std::string::npos) << r.err;
  const CliRun d = typelattice("dequantize --from int4_128_asym", "");
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("did you mean int4_g128_asym"), std::string::npos) << d.err;
  EXPECT_EQ(typelattice("quantize --to int9_g32 -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to int4_g32 --scale-mode ceil -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to int4_g32 --packed --layout -- 1").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to int4_g32 -- 1 abc").exit_code, 2);
  EXPECT_EQ(typelattice("quantize --to int4_g32").exit_code, 2);
}

}  // namespace
}  // namespace typelattice
