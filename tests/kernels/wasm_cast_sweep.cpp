// The exhaustive kernel sweep (cast_sweep.h) as a plain program for the wasm builds, run under node:
// `node cast_sweep_simd128.js` compares the SIMD128 and scalar kernels with the scalar encoder, the
// non-SIMD build its scalar kernels. TYPELATTICE_STRIDE (node's environment) thins the sweep.
#include <emscripten.h>

#include <cstdio>
#include <string>

#include "tests/kernels/cast_sweep.h"

// Emscripten's getenv does not see node's environment; ask node directly.
EM_JS(int, stride_from_node_env, (), {
  const text = (typeof process !== 'undefined' && process.env.TYPELATTICE_STRIDE) || '1';
  const stride = parseInt(text, 10);
  return stride >= 1 ? stride : 1;
});

namespace {
using namespace typelattice;

// What the native unit tests check and the sweep does not: every code's decoding, and short, misaligned
// spans (guard bytes around them untouched). Returns the number of failures, printing the first few.
std::uint64_t check_decode_and_short_spans() {
  std::uint64_t failures = 0;
  auto fail = [&failures](const std::string& what) {
    if (++failures <= 8) std::printf("  %s\n", what.c_str());
  };
  for (int i = 0; i < kMinifloatFormatCount; ++i) {
    const auto f = static_cast<Format>(i);
    const std::uint32_t codes = 1u << format_spec(f).total_bits();
    for (Isa isa : available_isas()) {
      std::vector<float> got(codes);
      if (codes > 256) {
        std::vector<std::uint16_t> in(codes);
        for (std::uint32_t c = 0; c < codes; ++c) in[c] = static_cast<std::uint16_t>(c);
        cast_to_float32(f, in, got, isa);
      } else {
        std::vector<std::uint8_t> in(codes);
        for (std::uint32_t c = 0; c < codes; ++c) in[c] = static_cast<std::uint8_t>(c);
        cast_to_float32(f, in, got, isa);
      }
      for (std::uint32_t c = 0; c < codes; ++c) {
        if (test::bits_from_float(got[c]) != test::bits_from_float(decode_to_float32(f, c))) {
          fail(std::string(format_spec(f).name) + " " + std::string(isa_name(isa)) + " decode of code " +
               std::to_string(c));
        }
      }
    }
  }
  const std::vector<float> pool = test::random_inputs(Format::float8_e4m3fn, 80, 777u);
  for (Isa isa : available_isas()) {
    for (std::size_t offset = 0; offset < 4; ++offset) {
      for (std::size_t n = 0; n <= 67; ++n) {
        std::vector<std::uint8_t> out(n + 8, 0xA5);
        cast_from_float32(Format::float8_e4m3fn, std::span<const float>(pool.data() + offset, n),
                          std::span<std::uint8_t>(out.data() + offset, n), CastOptions{}, isa);
        for (std::size_t j = 0; j < out.size(); ++j) {
          const bool inside = j >= offset && j < offset + n;
          const std::uint32_t want = inside ? encode(Format::float8_e4m3fn, pool[j], CastOptions{}) : 0xA5u;
          if (out[j] != want) {
            fail(std::string(isa_name(isa)) + " short span offset " + std::to_string(offset) + " n " +
                 std::to_string(n) + " index " + std::to_string(j));
          }
        }
      }
    }
  }
  return failures;
}

}  // namespace

int main() {
  const auto stride = static_cast<std::uint64_t>(stride_from_node_env());
  std::string isas;
  for (Isa isa : available_isas()) isas += std::string(isa_name(isa)) + " ";
  std::printf("wasm cast sweep, stride %llu, instruction sets: %s\n", static_cast<unsigned long long>(stride),
              isas.c_str());
  std::uint64_t failures = check_decode_and_short_spans();
  std::printf("decode of every code, short and misaligned spans: %llu failures\n",
              static_cast<unsigned long long>(failures));
  for (int i = 0; i < kMinifloatFormatCount; ++i) {
    const auto f = static_cast<Format>(i);
    const test::SweepReport report = test::sweep_format(f, stride);
    std::printf("%-20s %llu comparisons, %llu mismatches\n", std::string(format_spec(f).name).c_str(),
                static_cast<unsigned long long>(report.checked), static_cast<unsigned long long>(report.mismatches));
    for (const std::string& line : report.first) std::printf("  %s\n", line.c_str());
    failures += report.mismatches + (report.checked == 0 ? 1 : 0);
  }
  std::printf(failures == 0 ? "PASS\n" : "FAIL\n");
  return failures == 0 ? 0 : 1;
}
