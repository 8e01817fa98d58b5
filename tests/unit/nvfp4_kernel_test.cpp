// The NVFP4 quantize kernel (core/kernels/block_body.h) against the reference by the definitions
// (core/blocks/reference.h) on the inputs its tables decide: amaxes at and one or two float32 steps beside every
// scale code's midpoint times 6t, at the edges of the kernel's amax buckets (exponent and 3 fraction bits), and
// elements beside every element midpoint times s · t, under tensor scales that are not powers of two, tiny
// (midpoints among float32 subnormals) and huge (midpoints past float32's range), with zero, subnormal, NaN and
// Inf blocks at each place of a group of four; on every instruction set this machine runs.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/blocks/reference.h"
#include "typelattice/block_formats.h"
#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

constexpr float kTensorScales[] = {1.0f, 0.1f, 3.0f, 1.0f / 3.0f, 0x1.2345p-20f, 0x1.ffffffp+3f, 0x1.9p+100f,
                                   0x1p-140f, 1.5e-42f, std::numeric_limits<float>::denorm_min(),
                                   std::numeric_limits<float>::max() / 3000.0f};

void expect_agree(float tensor_scale, const std::vector<float>& values) {
  const BlockOptions options{ScaleMode::nearest, tensor_scale};
  const block_reference::Quantized want = block_reference::quantize(BlockFormat::nvfp4, options, values);
  for (const Isa isa : available_isas()) {
    std::vector<std::uint8_t> scales(block_count(BlockFormat::nvfp4, values.size())), codes(values.size());
    ASSERT_TRUE(quantize_blocks(BlockFormat::nvfp4, options, values, scales, codes, isa).ok());
    for (std::size_t b = 0; b < scales.size(); ++b) {
      ASSERT_EQ(scales[b], want.scales[b]) << isa_name(isa) << " t " << tensor_scale << " amax of block " << b
                                           << " near " << values[16 * b];
    }
    for (std::size_t i = 0; i < codes.size(); ++i) {
      ASSERT_EQ(codes[i], want.codes[i]) << isa_name(isa) << " t " << tensor_scale << " value " << values[i]
                                         << " (element " << i << ")";
    }
  }
}

// The finite non-negative floats at and up to two steps beside x (which may lie past float32's range).
std::vector<float> floats_beside(double x) {
  std::vector<float> out;
  if (!(x <= std::numeric_limits<float>::max())) return {std::numeric_limits<float>::max()};
  const auto f = static_cast<float>(x);
  float down = f, up = f;
  out.push_back(f);
  for (int i = 0; i < 2; ++i) {
    down = std::nextafter(down, 0.0f);
    up = std::nextafter(up, std::numeric_limits<float>::max());
    out.push_back(down);
    out.push_back(up);
  }
  return out;
}

// A block of 16 whose largest magnitude is amax, the others spread below it with both signs.
void append_block(std::vector<float>& values, float amax) {
  values.push_back(values.size() % 32 == 0 ? amax : -amax);
  for (int j = 1; j < 16; ++j) values.push_back(amax * static_cast<float>(j % 2 == 0 ? j : -j) / 23.0f);
}

double e4m3(std::uint32_t code) { return decode_to_float64(Format::float8_e4m3fn, code); }

TEST(Nvfp4Kernel, AmaxesBesideEveryScaleCodesMidpoint) {
  for (const float t : kTensorScales) {
    std::vector<float> values;
    for (std::uint32_t c = 2; c <= 0x7e; ++c) {
      const double midpoint_times_six_t = (e4m3(c - 1) + e4m3(c)) / 2 * 6.0 * static_cast<double>(t);
      for (const float amax : floats_beside(midpoint_times_six_t)) append_block(values, amax);
    }
    expect_agree(t, values);
    if (HasFatalFailure()) return;
  }
}

// Each bucket's first and last amax (bits b << 20 and its successor's minus one), every normal exponent.
TEST(Nvfp4Kernel, AmaxesAtTheEdgesOfEveryBucket) {
  for (const float t : {0.1f, 0x1.2345p-20f, 1.5e-42f, 0x1.9p+100f}) {
    std::vector<float> values;
    for (std::uint32_t b = 8; b < 0x7F8; ++b) {
      append_block(values, std::bit_cast<float>(b << 20));
      append_block(values, std::bit_cast<float>(((b + 1) << 20) - 1));
    }
    expect_agree(t, values);
    if (HasFatalFailure()) return;
  }
}

// For every scale code the block can take under t: a block whose amax sets it, then elements at and beside each
// E2M1 midpoint times s · t, of both signs.
TEST(Nvfp4Kernel, ElementsBesideEveryMidpointUnderEachScale) {
  constexpr double kMidpoints[] = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0};
  for (const float t : kTensorScales) {
    std::vector<float> values;
    for (std::uint32_t c = 1; c <= 0x7e; ++c) {
      const double six_s_t = 6.0 * e4m3(c) * static_cast<double>(t);
      if (!(six_s_t <= std::numeric_limits<float>::max())) continue;
      const auto amax = static_cast<float>(six_s_t);
      const std::uint32_t code = block_reference::nvfp4_scale_code(amax, t);
      const double s_t = e4m3(code) * static_cast<double>(t);
      std::vector<float> block{amax};
      for (const double m : kMidpoints) {
        for (const float v : floats_beside(m * s_t)) {
          if (v > amax) continue;
          block.push_back(block.size() % 2 == 0 ? v : -v);
          if (block.size() == 16) {
            values.insert(values.end(), block.begin(), block.end());
            block.assign(1, amax);
          }
        }
      }
      block.resize(16, 0.0f);
      values.insert(values.end(), block.begin(), block.end());
    }
    expect_agree(t, values);
    if (HasFatalFailure()) return;
  }
}

// Zero, float32 subnormal (the kernel's searched amaxes), NaN and Inf blocks at each place of a group of four,
// beside blocks that take the bucket look-up.
TEST(Nvfp4Kernel, SpecialBlocksAtEachPlaceOfAGroup) {
  const float specials[] = {0.0f, std::numeric_limits<float>::denorm_min(), 0x1.8p-140f, 0x1.fffffcp-127f,
                            0x1p-126f, std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN()};
  for (const float t : kTensorScales) {
    for (const float special : specials) {
      for (std::size_t place = 0; place < 4; ++place) {
        std::vector<float> values;
        for (std::size_t b = 0; b < 4; ++b) append_block(values, b == place ? special : 1.75f * t);
        expect_agree(t, values);
        if (HasFatalFailure()) return;
      }
    }
  }
}

}  // namespace
}  // namespace typelattice
