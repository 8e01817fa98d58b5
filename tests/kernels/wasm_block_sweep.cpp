// The block kernel sweep (block_sweep.h) as a plain program for the wasm builds, run under node:
// `node block_sweep_simd128.js` compares the SIMD128 and scalar block kernels with the second scalar
// implementation and the reference, the non-SIMD build its scalar kernels. TYPELATTICE_STRIDE thins the sweep.
#include <emscripten.h>

#include <cstdio>
#include <string>

#include "tests/kernels/block_sweep.h"

// Emscripten's getenv does not see node's environment; ask node directly.
EM_JS(int, block_stride_from_node_env, (), {
  const text = (typeof process !== 'undefined' && process.env.TYPELATTICE_STRIDE) || '1';
  const stride = parseInt(text, 10);
  return stride >= 1 ? stride : 1;
});

int main() {
  using namespace typelattice;
  const auto stride = static_cast<std::uint64_t>(block_stride_from_node_env());
  std::string isas;
  for (Isa isa : available_isas()) isas += std::string(isa_name(isa)) + " ";
  std::printf("wasm block sweep, stride %llu, instruction sets: %s\n", static_cast<unsigned long long>(stride),
              isas.c_str());
  std::uint64_t failures = 0;
  for (int i = 0; i < kBlockFormatCount; ++i) {
    const auto f = static_cast<BlockFormat>(i);
    const test::SweepReport report = test::sweep_block_format(f, stride);
    std::printf("%-12s %llu comparisons, %llu mismatches\n", std::string(block_format_name(f)).c_str(),
                static_cast<unsigned long long>(report.checked), static_cast<unsigned long long>(report.mismatches));
    for (const std::string& line : report.first) std::printf("  %s\n", line.c_str());
    failures += report.mismatches + (report.checked == 0 ? 1 : 0);
  }
  std::printf(failures == 0 ? "PASS\n" : "FAIL\n");
  return failures == 0 ? 0 : 1;
}
