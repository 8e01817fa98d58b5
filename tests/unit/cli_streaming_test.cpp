// The CLI on large and hostile input, run as a user would run it: output that streams (cast --repeat into a reader
// that stops early), quantize and dequantize reading block by block, what dequantize decides about NaN scales,
// repeated keys and tensor scales, and messages that echo a huge input only in part.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/unit/cli_run.h"
#include "tests/unit/sanitizer_sample.h"  // TYPELATTICE_UNDER_ASAN

namespace typelattice {
namespace {

using testing::CliRun;

// Runs a bash script with $T standing for the CLI; returns "<its exit code> <what it printed>".
std::string pipeline(const std::string& script) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("typelattice_pipe_" + std::to_string(::getpid()) + "_" +
                    ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "script.sh") << "T='" << TYPELATTICE_CLI << "'\n" << script << "\n";
  const std::string command = "bash '" + (dir / "script.sh").string() + "' > '" + (dir / "out").string() + "' 2>/dev/null";
  const int status = std::system(command.c_str());
  std::string text = testing::slurp(dir / "out");
  std::filesystem::remove_all(dir);
  return std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + " " + text;
}

TEST(CliStreaming, RepeatStreamsIntoAReaderThatStopsEarly) {
  // 2^31 - 1 lines would take minutes and gigabytes if held: head gets its lines and the run ends with exit 3.
  for (const int lines : {1, 2, 10, 5000}) {
    const std::string got = pipeline("$T cast --to float8_e4m3fn --round stochastic --seed 1 --repeat 2147483647 4.1"
                                     " | head -n " + std::to_string(lines) + " | wc -l; exit ${PIPESTATUS[0]}");
    EXPECT_EQ(got, "3 " + std::to_string(lines) + "\n") << lines;
  }
  // The same with a stdout closed from the start, and with several values.
  EXPECT_EQ(pipeline("$T cast --to float16 --round stochastic --seed 7 --repeat 100000000 1.1 2.2 >&-; exit $?"), "3 ");
  EXPECT_EQ(pipeline("$T cast --to float16 --round stochastic --seed 7 --repeat 3 1 2 | wc -l"), "0 6\n");
}

TEST(CliStreaming, QuantizeOfManyValuesMatchesItsBlocks) {
  // 100 000 values span many read batches; the blocks are numbered on, the JSON is one document.
  const std::string values = "seq 1 100000 | awk '{print ($1 % 977) / 8 - 61}'";
  EXPECT_EQ(pipeline(values + " | $T quantize --to mxfp4_e2m1 | grep -c '^block '"), "0 3125\n");
  EXPECT_EQ(pipeline(values + " | $T quantize --to mxfp4_e2m1 | tail -n 33 | head -n 1 | cut -d: -f1"),
            "0 block 3125\n");
  const std::string json = pipeline(values + " | $T quantize --to nvfp4 --tensor-scale --format json");
  ASSERT_EQ(json.substr(0, 2), "0 ");
  const nlohmann::json doc = nlohmann::json::parse(json.substr(2));
  EXPECT_EQ(doc["blocks"].size(), 6250u);
  // Whatever form, dequantize gives back the same values, as many as went in.
  for (const std::string form : {"--packed", "--format json"}) {
    for (const std::string format : {"mxfp6_e3m2", "mxfp4_e2m1", "nvfp4 --tensor-scale"}) {
      const std::string from = format.substr(0, format.find(' '));
      EXPECT_EQ(pipeline(values + " | head -n 99999 | $T quantize --to " + format + " " + form + " | $T dequantize --from " +
                         from + " | wc -l"), "0 99999\n") << format << form;
    }
  }
  EXPECT_EQ(pipeline(values + " | $T quantize --to mxfp6_e2m3 --packed | $T dequantize --from mxfp6_e2m3 | md5sum"),
            pipeline(values + " | $T quantize --to mxfp6_e2m3 --format json | $T dequantize --from mxfp6_e2m3 | md5sum"));
}

TEST(CliStreaming, QuantizeIntoAClosedPipeExitsThree) {
  for (const std::string form : {"", "--format json", "--packed"}) {
    EXPECT_EQ(pipeline("seq 1 300000 | $T quantize --to mxfp8_e4m3 " + form + " | head -c 10 | wc -c; exit ${PIPESTATUS[1]}"),
              "3 10\n") << form;
  }
}

TEST(CliStreaming, ABadValueFarIntoTheInputIsNamed) {
  const CliRun r = typelattice("quantize --to mxfp8_e4m3", std::string(20000 * 2, ' ').replace(0, 0, "1 ") + "x\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("value 2: 'x' is not a number"), std::string::npos) << r.err;
  std::string many;
  for (int i = 0; i < 20000; ++i) many += "1.5\n";
  const CliRun late = typelattice("quantize --to mxfp8_e4m3", many + "abc\n");
  EXPECT_EQ(late.exit_code, 2);
  EXPECT_NE(late.err.find("value 20001: 'abc' is not a number"), std::string::npos) << late.err;
}

TEST(CliStreaming, RunningOutOfMemoryIsAMessageAndExitTwo) {
#if defined(TYPELATTICE_UNDER_ASAN)
  // AddressSanitizer reserves terabytes of address space at start: under ulimit -v the CLI cannot start at all.
  GTEST_SKIP() << "address-space limits do not apply under AddressSanitizer";
#endif
  // One 200 MB word or line under a 100 MB address space: the read fails, and says so (never exit 0, never abort).
  for (const std::string command : {"quantize --to mxfp8_e4m3", "cast --to float16",
                                    "decode --from float16"}) {
    EXPECT_EQ(pipeline("ulimit -v 100000; head -c 200000000 /dev/zero | tr '\\0' 1 | $T " + command +
                       " 2>&1 | grep -c 'out of memory'; exit ${PIPESTATUS[2]}"), "2 1\n") << command;
  }
}

TEST(CliStreaming, NanScalesDequantizeToNanInEveryForm) {
  // The MX rule (and the core's dequantize_blocks, and the module's dequantizeBlocks): a NaN scale makes its block NaN.
  EXPECT_EQ(typelattice("dequantize --from mxfp4_e2m1", "count 3\nscales ff\ncodes 2101\n").out, "nan\nnan\nnan\n");
  EXPECT_EQ(typelattice("dequantize --from nvfp4", "count 2\nscales 7f\ncodes 21\n").out, "nan\nnan\n");
  EXPECT_EQ(typelattice("dequantize --from nvfp4", "count 1\nscales ff\ncodes 01\n").out, "nan\n");
  // A negative NVFP4 scale is a scale like any other: code × scale.
  EXPECT_EQ(typelattice("dequantize --from nvfp4", "count 1\nscales b8\ncodes 02\n").out, "-1\n");
  // Round trip of a block quantized from a NaN, next to a finite block.
  std::string values = "nan";
  for (int i = 0; i < 32; ++i) values += " 2";
  const CliRun q = typelattice("quantize --to mxfp8_e4m3 --format json -- " + values);
  const CliRun d = typelattice("dequantize --from mxfp8_e4m3", q.out);
  EXPECT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(d.out.substr(0, 4), "nan\n");
  EXPECT_EQ(d.out.substr(d.out.size() - 2), "2\n");
}

TEST(CliStreaming, KeysGivenTwiceAreRefused) {
  struct Case {
    std::string in, message;
  };
  const Case cases[] = {
      {"count 1\ncount 1\nscales 7f\ncodes 01\n", "line 2: a second 'count' line"},
      {"count 1\nscales 7f\nscales 7f\ncodes 01\n", "line 3: a second 'scales' line"},
      {"format mxfp4_e2m1\ncount 1\nscales 7f\ncodes 01\nformat mxfp4_e2m1\n", "line 5: a second 'format' line"},
      {"{\"blocks\": [], \"blocks\": [{\"scale\": {\"code\": 127}, \"elements\": [{\"code\": 1}]}]}",
       "the key \"blocks\" is given twice"},
      {"{\"blocks\": [{\"scale\": {\"code\": 127, \"code\": 1}, \"elements\": [{\"code\": 1}]}]}",
       "block 1: the key \"code\" is given twice"},
      {"{\"blocks\": [{\"scale\": {\"code\": 127}, \"elements\": [{\"code\": 1}, {\"code\": 1, \"code\": 2}]}]}",
       "block 1: element 2: the key \"code\" is given twice"},
      {"{\"format\": \"mxfp4_e2m1\", \"format\": \"mxfp4_e2m1\", \"blocks\": []}", "the key \"format\" is given twice"},
  };
  for (const Case& c : cases) {
    const CliRun r = typelattice("dequantize --from mxfp4_e2m1", c.in);
    EXPECT_EQ(r.exit_code, 2) << c.in;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.in << "\n" << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

TEST(CliStreaming, TensorScalesSayWhatIsWrongWithThem) {
  const std::string rest = "scales 38\ncodes 02\n";
  struct Case {
    std::string t, message;
  };
  const Case cases[] = {
      {"0.1", "tensor_scale 0.1 is not exactly a float32 (the nearest is 0.100000001490116119384765625)"},
      {"0.3", "tensor_scale 0.3 is not exactly a float32 (the nearest is 0.300000011920928955078125)"},
      {"0", "tensor_scale 0 is not a positive finite float32"},
      {"-2", "tensor_scale -2 is not a positive finite float32"},
      {"1e39", "tensor_scale 1e39 is not a positive finite float32"},
  };
  for (const Case& c : cases) {
    const CliRun packed = typelattice("dequantize --from nvfp4", "count 1\ntensor_scale " + c.t + "\n" + rest);
    EXPECT_EQ(packed.exit_code, 2) << c.t;
    EXPECT_NE(packed.err.find(c.message), std::string::npos) << packed.err;
    const CliRun json = typelattice("dequantize --from nvfp4", "{\"tensor_scale\": " + c.t +
                                    ", \"blocks\": [{\"scale\": {\"code\": 56}, \"elements\": [{\"code\": 2}]}]}");
    EXPECT_EQ(json.exit_code, 2) << c.t;
    EXPECT_NE(json.err.find(c.message), std::string::npos) << json.err;
  }
  // The exact decimal of a float32 is taken: 0.5 and the float32 nearest 0.1.
  EXPECT_EQ(typelattice("dequantize --from nvfp4", "count 1\ntensor_scale 0.5\n" + rest).out, "0.5\n");
  EXPECT_EQ(typelattice("dequantize --from nvfp4",
                        "count 1\ntensor_scale 0.100000001490116119384765625\n" + rest).out,
            "0.100000001490116119384765625\n");
}

TEST(CliStreaming, AValueRoundedPastFloat32IsSaturated) {
  // ceil/even/rceil put float32's largest value at 4 · 2^126 = 2^128 in mxfp4_e2m1: no float32 holds it.
  for (const std::string mode : {"ceil", "even", "rceil"}) {
    for (const std::string value : {"3.4028234663852886e38", "-3.4028234663852886e38", "3.4e38"}) {
      const CliRun r = typelattice("quantize --to mxfp4_e2m1 --scale-mode " + mode + " -- " + value + " 1");
      EXPECT_NE(r.out.find("saturated 1,"), std::string::npos) << mode << " " << value << "\n" << r.out;
      EXPECT_NE(r.out.find("340282366920938463463374607431768211456 saturated"), std::string::npos) << r.out;
    }
  }
  // 3e38 rounds to 4 · 2^126 as well; 2.5e38 rounds down to 3 · 2^126, a float32: nothing saturates.
  EXPECT_NE(typelattice("quantize --to mxfp4_e2m1 --scale-mode ceil 3e38").out.find("saturated 1,"), std::string::npos);
  EXPECT_NE(typelattice("quantize --to mxfp4_e2m1 --scale-mode ceil 2.5e38").out.find("saturated 0,"), std::string::npos);
}

TEST(CliStreaming, MessagesEchoAHugeInputInPart) {
  const std::string huge(1 << 20, '7');
  const std::string word(1 << 20, 'q');
  const std::string cases[][2] = {
      {"quantize --to mxfp8_e4m3", word + "\n"},         // a value
      {"cast --to float8_e4m3fn", "1" + word + "\n"},     // a number with trailing text
      {"decode --from float8_e4m3fn", "0x" + huge + "\n"},  // a code
      {"dequantize --from mxfp4_e2m1", "count 1\nscales 7f\ncodes 01\n" + word + " 1\n"},  // a key
      {"dequantize --from mxfp4_e2m1", "format " + word + "\n"},
      {"dequantize --from mxfp4_e2m1", "{\"format\": \"" + word + "\", \"blocks\": []}"},
      {"select --lattice /no/such/" + std::string(3000, 'p') + " -- int8", ""},  // a lattice file's name
      {"decode --from float8_e4m3fn 0x" + std::string(3000, '7'), ""},
  };
  for (const auto& c : cases) {
    const CliRun r = typelattice(c[0], c[1]);
    EXPECT_EQ(r.exit_code, 2) << c[0];
    EXPECT_LT(r.err.size(), 2000u) << c[0] << ": " << r.err.substr(0, 300);
    EXPECT_NE(r.err.find("\u2026 ("), std::string::npos) << c[0] << ": " << r.err.substr(0, 300);
  }
  // A 401-digit (and a 100 000-digit) integer is a Python int out of range, not an unknown dtype.
  for (const std::size_t digits : {401u, 100000u}) {
    const CliRun r = typelattice("compare int8 " + std::string(digits, '9'));
    EXPECT_EQ(r.err.find("unknown dtype"), std::string::npos) << r.err.substr(0, 300);
    EXPECT_NE(r.out.find("numpy: OverflowError: Python integer 999"), std::string::npos) << r.out.substr(0, 300);
    EXPECT_LT(r.out.size() + r.err.size(), 8000u);
  }
}

}  // namespace
}  // namespace typelattice
