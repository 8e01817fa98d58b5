// The block kernels (core/kernels/block_body.h) on every instruction set this machine has: dequantizing every
// element code at every scale code against the exact double path, NVFP4 with tensor scales at the elements'
// midpoints (where the float32 quotient V / (s t) would round twice), and spans of every short length at every
// alignment with guard bytes around them, against the reference by the definitions.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/blocks/kernel_params.h"
#include "core/blocks/reference.h"
#include "typelattice/block_formats.h"
#include "typelattice/cast_kernels.h"

namespace typelattice {
namespace {

TEST(BlockKernels, DequantizeEveryCodeAtEveryScaleAsTheExactValueRoundedOnce) {
  for (const BlockFormatSpec& spec : block_formats()) {
    const std::uint32_t codes_per_element = 1u << spec.element_bits;
    const auto block = static_cast<std::size_t>(spec.block_size);
    std::vector<std::uint8_t> scales, codes;
    for (std::uint32_t scale = 0; scale < 256; ++scale) {
      // Every code in blocks of this scale (the last one short when the codes do not fill it).
      for (std::uint32_t c = 0; c < codes_per_element; c += static_cast<std::uint32_t>(block)) {
        scales.push_back(static_cast<std::uint8_t>(scale));
        for (std::size_t j = 0; j < block; ++j) {
          codes.push_back(static_cast<std::uint8_t>((c + j) % codes_per_element));
        }
      }
    }
    codes.resize(codes.size() - 3);  // a short last block
    for (const float t : spec.id == BlockFormat::nvfp4 ? std::vector<float>{1.0f, 0.3f, 0x1p-140f, 3e35f}
                                                       : std::vector<float>{1.0f}) {
      std::vector<double> exact(codes.size());
      ASSERT_TRUE(dequantize_blocks(spec.id, scales, codes, exact, t).ok());
      for (const Isa isa : available_isas()) {
        std::vector<float> got(codes.size());
        ASSERT_TRUE(block_kernel_params::dequantize_blocks_on(isa, spec.id, scales, codes, got, t).ok());
        for (std::size_t i = 0; i < codes.size(); ++i) {
          ASSERT_EQ(std::bit_cast<std::uint32_t>(got[i]), std::bit_cast<std::uint32_t>(static_cast<float>(exact[i])))
              << spec.name << " " << isa_name(isa) << " scale " << int{scales[i / block]} << " code "
              << int{codes[i]} << " t " << t;
        }
      }
    }
  }
}

void expect_kernels_agree(BlockFormat f, const BlockOptions& options, const std::vector<float>& values) {
  const block_reference::Quantized want = block_reference::quantize(f, options, values);
  for (const Isa isa : available_isas()) {
    std::vector<std::uint8_t> scales(block_count(f, values.size())), codes(values.size());
    ASSERT_TRUE(quantize_blocks(f, options, values, scales, codes, isa).ok());
    ASSERT_EQ(scales, want.scales) << isa_name(isa) << " t " << options.tensor_scale;
    for (std::size_t i = 0; i < codes.size(); ++i) {
      ASSERT_EQ(codes[i], want.codes[i]) << isa_name(isa) << " t " << options.tensor_scale << " value "
                                         << values[i] << " (element " << i << ")";
    }
  }
}

// For each scale code s and tensor scale t, blocks whose first value sets s, then each E2M1 value and midpoint
// times s t: the float32 nearest to the product and its neighbours (the product itself is a float32 only for
// some t, where the tie rule decides).
TEST(BlockKernels, Nvfp4ElementsAtTheirMidpointsUnderTensorScales) {
  const double midpoints[] = {0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0, 7.0};
  for (const float t : {1.0f, 0.5f, 3.0f, 1.0f / 3.0f, 0.7f, 1.1754944e-38f, 0x1p-149f, 1e30f, 123456.79f}) {
    for (std::uint32_t s_code = 1; s_code <= 0x7e; ++s_code) {
      const double s = decode_to_float64(Format::float8_e4m3fn, s_code);
      const double first = 6.0 * s * static_cast<double>(t);  // amax / (6 t) = s exactly
      const bool first_is_float = static_cast<double>(static_cast<float>(first)) == first;
      if (first > std::numeric_limits<float>::max() || !first_is_float) continue;
      std::vector<float> values;
      for (const double m : midpoints) {
        if (values.size() % 16 == 0) values.push_back(static_cast<float>(first));
        const auto x = static_cast<float>(m * s * static_cast<double>(t));
        for (const float v : {x, std::nextafter(x, 0.0f), std::nextafter(x, 1e38f), -x}) {
          if (values.size() % 16 == 0) values.push_back(static_cast<float>(first));
          values.push_back(std::min(v, static_cast<float>(first)));
        }
      }
      expect_kernels_agree(BlockFormat::nvfp4, BlockOptions{ScaleMode::nearest, t}, values);
      if (HasFatalFailure()) return;
    }
  }
}

// Every length up to five blocks, at every float alignment, with guard bytes on both sides of the outputs.
TEST(BlockKernels, ShortAndMisalignedSpansWriteOnlyTheirOwnBytes) {
  std::mt19937 rng(14);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  std::vector<float> pool(200);
  for (float& v : pool) v = normal(rng);
  pool[37] = 900.0f;  // an outlier
  for (const BlockFormatSpec& spec : block_formats()) {
    const BlockOptions options{spec.default_scale_mode};
    for (std::size_t offset = 0; offset < 4; ++offset) {
      for (std::size_t n = 0; n <= 5 * static_cast<std::size_t>(spec.block_size) + 1; ++n) {
        const std::span<const float> in(pool.data() + offset, n);
        const block_reference::Quantized want = block_reference::quantize(spec.id, options, in);
        for (const Isa isa : available_isas()) {
          std::vector<std::uint8_t> scales(want.scales.size() + 2 * offset + 2, 0xA5);
          std::vector<std::uint8_t> codes(n + 2 * offset + 2, 0xA5);
          ASSERT_TRUE(quantize_blocks(spec.id, options, in, std::span(scales).subspan(offset + 1, want.scales.size()),
                                      std::span(codes).subspan(offset + 1, n), isa).ok());
          for (std::size_t j = 0; j < codes.size(); ++j) {
            const bool inside = j > offset && j <= offset + n;
            ASSERT_EQ(codes[j], inside ? want.codes[j - offset - 1] : 0xA5)
                << spec.name << " " << isa_name(isa) << " n " << n << " offset " << offset << " byte " << j;
          }
          for (std::size_t j = 0; j < scales.size(); ++j) {
            const bool inside = j > offset && j <= offset + want.scales.size();
            ASSERT_EQ(scales[j], inside ? want.scales[j - offset - 1] : 0xA5) << spec.name << " " << isa_name(isa);
          }
          std::vector<float> back(n + 2, -7.0f);
          ASSERT_TRUE(block_kernel_params::dequantize_blocks_on(isa, spec.id, want.scales, want.codes,
                                                                std::span(back).subspan(1, n), 1.0f).ok());
          ASSERT_EQ(back.front(), -7.0f);
          ASSERT_EQ(back.back(), -7.0f);
        }
      }
    }
  }
}

}  // namespace
}  // namespace typelattice
