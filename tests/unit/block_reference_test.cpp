// The fast block quantizer against the reference by the definitions (core/blocks/reference.h), and the scale
// modes against torchao's float32 bit arithmetic: every scale exponent, every element code and the midpoints
// between codes at several scales, outliers, zeros, subnormals, NaN and Inf, and short last blocks.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/blocks/reference.h"
#include "tests/unit/sanitizer_sample.h"
#include "typelattice/block_formats.h"
#include "typelattice/cast_kernels.h"

namespace typelattice {
namespace {

constexpr ScaleMode kMxModes[] = {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil};

std::vector<BlockOptions> options_of(const BlockFormatSpec& spec) {
  if (!spec.power_of_two_scale()) return {BlockOptions{ScaleMode::nearest}};
  std::vector<BlockOptions> all;
  for (const ScaleMode m : kMxModes) all.push_back(BlockOptions{m});
  return all;
}

// The fast path with the element casts on every instruction set this machine has.
void expect_reference_agrees(BlockFormat f, const BlockOptions& options, const std::vector<float>& values) {
  const block_reference::Quantized want = block_reference::quantize(f, options, values);
  for (const Isa isa : available_isas()) {
    std::vector<std::uint8_t> scales(block_count(f, values.size())), codes(values.size());
    ASSERT_TRUE(quantize_blocks(f, options, values, scales, codes, isa).ok());
    ASSERT_EQ(scales, want.scales) << block_format_name(f) << " " << scale_mode_name(options.scale_mode)
                                   << " first value " << values.front();
    for (std::size_t i = 0; i < codes.size(); ++i) {
      ASSERT_EQ(codes[i], want.codes[i]) << block_format_name(f) << " " << scale_mode_name(options.scale_mode) << " "
                                         << isa_name(isa) << " value " << values[i] << " (element " << i << ")";
    }
  }
}

bool is_float(double x) { return static_cast<double>(static_cast<float>(x)) == x; }

// Every float32 exponent, with significands at the edges that decide the modes (1, just above 1, the `even`
// thresholds and 2 - ulp).
std::vector<float> every_kind_of_amax() {
  std::vector<float> amaxes{0.0f};
  for (int k = -149; k <= 127; ++k) {
    for (const double significand : {1.0, 1.0 + 0x1p-23, 1.25, 1.5, 1.75, 1.75 - 0x1p-23, 1.875, 1.9375,
                                     1.9921875, 2.0 - 0x1p-23, 1.3333333, 1.0078125}) {
      const double x = std::ldexp(significand, k);
      if (is_float(x) && x <= std::numeric_limits<float>::max()) amaxes.push_back(static_cast<float>(x));
    }
  }
  return amaxes;
}

// A whole block whose largest magnitude is amax (negative at odd blocks), the rest spread below it.
void append_block(std::vector<float>& values, int size, float amax, std::size_t index) {
  values.push_back(index % 2 == 0 ? amax : -amax);
  for (int j = 1; j < size; ++j) values.push_back(amax * static_cast<float>(j % 2 == 0 ? j : -j) / 37.0f);
}

// Each amax as a short block of its own (so the kernels' group of four blocks is padded with zero blocks) ...
TEST(BlockReference, EveryScaleExponentInEveryMode) {
  const std::vector<float> amaxes = every_kind_of_amax();
  for (const BlockFormatSpec& spec : block_formats()) {
    for (const BlockOptions& options : options_of(spec)) {
      for (const float amax : amaxes) {
        expect_reference_agrees(spec.id, options, {amax, -amax / 3, amax / 7, -amax});
        if (HasFatalFailure()) return;
      }
    }
  }
}

// ... and in whole blocks side by side, so that the kernels take four normal amaxes' scales together in vectors
// (block_body.h), and with a zero, subnormal, NaN or Inf block at each place of a group of four, which sends
// the group block by block. Under the sanitizers, a sample of the amaxes (tests/unit/sanitizer_sample.h).
TEST(BlockReference, ScalesOfFourBlocksTakenTogether) {
  const std::vector<float> amaxes = every_kind_of_amax();
  const float specials[] = {0.0f, 0x1p-140f, std::numeric_limits<float>::denorm_min(), 0x1p-126f,
                            std::numeric_limits<float>::max(), std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN()};
  for (const BlockFormatSpec& spec : block_formats()) {
    for (const BlockOptions& options : options_of(spec)) {
      std::vector<float> values;
      for (std::size_t b = 0; b < amaxes.size(); ++b) {
        if (test::in_sanitizer_sample(b, amaxes.size())) append_block(values, spec.block_size, amaxes[b], b);
      }
      expect_reference_agrees(spec.id, options, values);
      if (HasFatalFailure()) return;
      for (const float special : specials) {
        for (std::size_t place = 0; place < 4; ++place) {
          values.clear();
          for (std::size_t b = 0; b < 4; ++b) append_block(values, spec.block_size, b == place ? special : 1.75f, b);
          expect_reference_agrees(spec.id, options, values);
          if (HasFatalFailure()) return;
        }
      }
    }
  }
}

// Each element value, each midpoint between neighbours and the floats just beside each midpoint, at scales from
// the smallest to the largest, in a block whose first value sets the scale.
TEST(BlockReference, EveryElementCodeAndItsTiesAtSeveralScales) {
  for (const BlockFormatSpec& spec : block_formats()) {
    std::vector<double> magnitudes;
    for (std::uint32_t code = 0; code < (1u << (spec.element_bits - 1)); ++code) {
      const double v = block_element_value(spec.id, code);
      if (std::isfinite(v)) magnitudes.push_back(v);
    }
    std::sort(magnitudes.begin(), magnitudes.end());
    std::vector<double> unit_inputs(magnitudes);
    for (std::size_t i = 1; i < magnitudes.size(); ++i) unit_inputs.push_back((magnitudes[i - 1] + magnitudes[i]) / 2);
    unit_inputs.push_back(spec.element_max * 1.0625);
    unit_inputs.push_back(spec.element_max * 4);
    // Scales: MX 2^E for E across E8M0's range; NVFP4 every positive float8_e4m3fn scale code.
    std::vector<double> scales;
    if (spec.power_of_two_scale()) {
      for (int e = -127; e <= 127; e += 6) scales.push_back(std::ldexp(1.0, e));
      scales.push_back(0x1p127);
    } else {
      for (std::uint32_t code = 1; code <= 0x7e; ++code) scales.push_back(decode_to_float64(Format::float8_e4m3fn, code));
    }
    for (const double scale : scales) {
      const double first = spec.element_max * scale;  // sets this scale in floor and nearest
      if (!is_float(first) || first > std::numeric_limits<float>::max()) continue;
      std::vector<float> block{static_cast<float>(first)};
      for (const double u : unit_inputs) {
        const double x = u * scale;
        if (!is_float(x) || x > std::numeric_limits<float>::max()) continue;
        const auto f = static_cast<float>(x);
        for (const float v : {f, std::nextafter(f, 0.0f), std::nextafter(f, 1e38f), -f}) {
          block.push_back(v);
          if (block.size() == static_cast<std::size_t>(spec.block_size)) {
            for (const BlockOptions& options : options_of(spec)) expect_reference_agrees(spec.id, options, block);
            if (HasFatalFailure()) return;
            block.assign(1, static_cast<float>(first));
          }
        }
      }
      for (const BlockOptions& options : options_of(spec)) expect_reference_agrees(spec.id, options, block);
      if (HasFatalFailure()) return;
    }
  }
}

// Random tensors: normal values with outliers, zeros, float32 subnormals, NaN and ±Inf, at lengths that leave a
// short last block, with and without NVFP4's tensor scale.
TEST(BlockReference, RandomBlocksWithOutliersZerosSubnormalsAndSpecials) {
  std::mt19937 rng(20260314);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_int_distribution<int> kind(0, 99), exponent(-40, 40);
  std::uniform_int_distribution<std::uint32_t> bits;
  for (int round = 0; round < 60; ++round) {
    const std::size_t length = 1 + static_cast<std::size_t>(round * 7 % 101);
    std::vector<float> values(length);
    const int spread = exponent(rng);
    for (float& v : values) {
      const int k = kind(rng);
      if (k < 70) v = std::ldexp(normal(rng), spread);
      else if (k < 78) v = std::ldexp(normal(rng), spread + 12);  // outlier
      else if (k < 86) v = k % 2 ? 0.0f : -0.0f;
      else if (k < 92) v = std::bit_cast<float>(bits(rng) & 0x807fffffu);  // subnormal
      else if (k < 97) v = std::bit_cast<float>(bits(rng) & 0xff7fffffu);  // anything finite
      else if (k < 98) v = std::numeric_limits<float>::quiet_NaN();
      else v = k % 2 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
    }
    for (const BlockFormatSpec& spec : block_formats()) {
      for (const BlockOptions& options : options_of(spec)) expect_reference_agrees(spec.id, options, values);
      if (spec.id == BlockFormat::nvfp4) {
        const Result<BlockOptions> scaled = block_options(spec.id, std::nullopt, true, values);
        ASSERT_TRUE(scaled.ok());
        expect_reference_agrees(spec.id, *scaled, values);
      }
      if (HasFatalFailure()) return;
    }
  }
}

// torchao's to_mx computes the scale on float32 bits (torchao/prototype/mx_formats/mx_tensor.py at
// 36027d82d1ad9949597ea16002ff4940374b1b94): FLOOR and EVEN read the biased exponent (EVEN after adding half an
// element ulp to the bits), CEIL adds one when the mantissa is not zero, RCEIL rounds amax · (1 / max_pos) in
// float32 up to a power of two. Written here from that description, for every float32 exponent.
int torchao_biased_scale(const BlockFormatSpec& spec, ScaleMode mode, float amax) {
  std::uint32_t bits = std::bit_cast<std::uint32_t>(amax);
  if (mode == ScaleMode::rceil) {
    const float descale = amax * (1.0f / static_cast<float>(spec.element_max));
    const std::uint32_t d = std::bit_cast<std::uint32_t>(descale);
    const std::uint32_t exponent = d >> 23, mantissa = d & 0x7fffffu;
    return static_cast<int>(exponent + (exponent == 0 ? (mantissa > 0x400000u) : (mantissa != 0)));
  }
  if (mode == ScaleMode::even) bits = (bits + (1u << (23 - spec.element_mantissa_bits - 1))) & 0xff800000u;
  int e = static_cast<int>((bits >> 23) & 0xffu) - 127;
  if (mode == ScaleMode::ceil && (bits & 0x7fffffu) != 0) ++e;
  return std::clamp(e - spec.emax_elem, -127, 127) + 127;
}

TEST(BlockReference, ScaleModesMatchTorchaosFloat32Arithmetic) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::uint32_t> mantissa(0, 0x7fffff);
  for (const BlockFormatSpec& spec : block_formats()) {
    if (!spec.power_of_two_scale() || !spec.element) continue;  // torchao has no MXINT8
    for (std::uint32_t biased = 0; biased < 255; ++biased) {
      std::vector<std::uint32_t> mantissas{0, 1, 0x400000, 0x400001, 0x7fffff, 0x7ffffe};
      for (int i = 0; i < 300; ++i) mantissas.push_back(mantissa(rng));
      for (const std::uint32_t m : mantissas) {
        const float amax = std::bit_cast<float>((biased << 23) | m);
        if (amax == 0.0f) continue;
        for (const ScaleMode mode : kMxModes) {
          // torchao's RCEIL rounds a quotient below 2^-126 to a float32 subnormal first; the definition is exact.
          if (mode == ScaleMode::rceil && amax / spec.element_max < 0x1p-126) continue;
          // torchao's EVEN carries float32's largest binade into Inf and gives a NaN scale; the definition clamps.
          if (mode == ScaleMode::even && biased == 254 && m >= (0x800000u - (1u << (23 - spec.element_mantissa_bits - 1))))
            continue;
          ASSERT_EQ(block_scale_code(spec.id, BlockOptions{mode}, amax),
                    static_cast<std::uint32_t>(torchao_biased_scale(spec, mode, amax)))
              << spec.name << " " << scale_mode_name(mode) << " amax " << amax;
        }
      }
    }
  }
}

}  // namespace
}  // namespace typelattice
