// Stochastic rounding's bulk kernels against the scalar encoder at the edges of their one-add body
// (core/kernels/stochastic_body.h): n from 0 to 32 around 23 - M, where the body hands over to the split one
// (bfloat16's integer body around n = s = 16, where bits are shifted left, not at all, or right), inputs whose
// share of a quantum is a tie or a hair off one in n bits, vectors mixing normal and subnormal targets, zeros,
// the overflow edge and specials, and seeded streams crossing 2^16 and 2^32 within a block.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "tests/unit/cast_test_inputs.h"
#include "tests/unit/kernel_encode.h"
#include "tests/unit/sanitizer_sample.h"

namespace typelattice {
namespace {

using testing::is_wide;
using testing::kernel_encode;


// Values a quantum's fraction t / 2^(n+1) above codes near the subnormal/normal edge, near 1 and near the
// largest finite value (exact where float32 holds them; else rounded, still a valid input), each with its
// float32 neighbours: ties of round_half_even(delta * 2^n) and just either side.
std::vector<float> share_edges(Format f, int n) {
  const FormatSpec& s = format_spec(f);
  const std::uint32_t magnitudes = 1u << (s.exponent_bits + s.mantissa_bits);
  std::vector<std::uint32_t> codes{0, 1, 2};
  const std::uint32_t min_normal = 1u << s.mantissa_bits;
  for (std::uint32_t c : {min_normal - 2, min_normal - 1, min_normal, min_normal + 1}) codes.push_back(c);
  std::uint32_t top = magnitudes - 1;
  while (top > 0 && !std::isfinite(decode_to_float64(f, top))) --top;
  for (std::uint32_t c : {top - 2, top - 1, top}) codes.push_back(c);
  codes.push_back(encode(f, 1.0f));
  const double steps = std::ldexp(1.0, std::min(n, 30) + 1);
  std::vector<float> out;
  for (std::uint32_t c : codes) {
    if (c >= magnitudes) continue;
    const double value = decode_to_float64(f, c), next = decode_to_float64(f, c + 1);
    if (!std::isfinite(value)) continue;
    // Past the largest finite value, the quantum is the last step's.
    const double quantum = std::isfinite(next) && c + 1 < magnitudes ? next - value
                                                                     : value - decode_to_float64(f, c - 1);
    for (double t : {1.0, 2.0, 3.0, steps / 2 - 1, steps / 2, steps / 2 + 1, steps - 1}) {
      const auto x = static_cast<float>(value + quantum * t / steps);
      for (float y : {x, std::nextafter(x, 0.0f), std::nextafter(x, std::numeric_limits<float>::infinity())}) {
        out.push_back(y);
        out.push_back(-y);
      }
    }
  }
  return out;
}

// share_edges and the format's boundary inputs, interleaved with a stride so every vector of every width
// mixes small and large magnitudes, both signs and specials.
std::vector<float> mixed_inputs(Format f, int n) {
  std::vector<float> pool = share_edges(f, n);
  const std::vector<float> boundaries = test::boundary_inputs(f);
  pool.insert(pool.end(), boundaries.begin(), boundaries.end());
  constexpr std::size_t kStride = 37;  // a prime: every element is taken once while the size is no multiple of it
  if (pool.size() % kStride == 0) pool.push_back(0.0f);
  std::vector<float> out(pool.size());
  for (std::size_t i = 0; i < pool.size(); ++i) out[i] = pool[(i * kStride) % pool.size()];
  return out;
}

void expect_matches_scalar(Format f, const std::vector<float>& in, const CastOptions& o) {
  std::vector<std::uint32_t> want(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) want[i] = encode(f, in[i], element_options(o, i));
  for (Isa isa : available_isas()) {
    const auto got = kernel_encode(f, in, o, isa);
    for (std::size_t i = 0; i < in.size(); ++i) {
      ASSERT_EQ(got[i], want[i]) << format_spec(f).name << " " << isa_name(isa) << (o.saturate ? " sat" : " nosat")
                                 << " n=" << o.stochastic.num_bits << " bits=" << o.stochastic.bits
                                 << (o.stochastic.seed ? " seeded from " + std::to_string(o.stochastic.index) : "")
                                 << ": element " << i << ", input " << in[i];
    }
  }
}

// n around 23 - M (the one-add body needs 1 <= n < 23 - M) and around 16 (bfloat16's s; the seeded word's last
// xorshift), 0 and 32; given bits at their least, middle and greatest. (The sanitizer build tries a sample of
// the bits and of the seeded test's n: sanitizer_sample.h.)
TEST(StochasticKernels, GivenBitsAtTheBodysEdgesMatchScalar) {
  for (int fi = 0; fi < kMinifloatFormatCount; ++fi) {
    const auto f = static_cast<Format>(fi);
    if (format_spec(f).is_scale_format()) continue;
    const int s = 23 - format_spec(f).mantissa_bits;
    for (int n : {0, 1, 2, s - 2, s - 1, s, s + 1, 15, 16, 17, 31, 32}) {
      if (n < 0 || n > 32) continue;
      const std::vector<float> in = mixed_inputs(f, n);
      const std::uint32_t top = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
      const std::uint32_t given[] = {0u, 1u, top / 2, top / 2 + 1, top - 1, top};
      for (std::size_t j = 0; j < std::size(given); ++j) {
        if (!test::in_sanitizer_case_sample(j, std::size(given))) continue;
        for (bool saturate : {true, false}) {
          expect_matches_scalar(f, in, CastOptions{saturate, RoundMode::stochastic, StochasticBits{n, given[j] & top}});
        }
      }
    }
  }
}

// Seeded: every n, from stream indices where a block holds the last indices below a multiple of 2^16 and the
// first above it (the generator's first xorshift changes there), and below 2^32 (the stream's key changes).
TEST(StochasticKernels, SeededStreamsAtTheBodysEdgesMatchScalar) {
  for (int fi = 0; fi < kMinifloatFormatCount; ++fi) {
    const auto f = static_cast<Format>(fi);
    if (format_spec(f).is_scale_format()) continue;
    const std::vector<float> in = mixed_inputs(f, 8);
    for (int n = 0; n <= 32; ++n) {
      if (!test::in_sanitizer_case_sample(static_cast<std::size_t>(n), 33)) continue;
      for (std::uint64_t index : {std::uint64_t{0}, std::uint64_t{0x10000} - 37, (std::uint64_t{3} << 32) - 101}) {
        CastOptions o{n % 3 != 0, RoundMode::stochastic, StochasticBits{n, 0}};
        o.stochastic.seed = 0x5EED0000u + static_cast<std::uint64_t>(n);
        o.stochastic.index = index;
        expect_matches_scalar(f, in, o);
      }
    }
  }
}

}  // namespace
}  // namespace typelattice
