// bitsandbytes' NF4 and FP4 blocks against a reference quantizer written here from the documented rule
// (docs/formats.md, "bitsandbytes 4-bit blocks"): the exactly nearest table value, a value equal to the float32
// midpoint of two neighbours goes to the smaller, FP4's zero split by sign as bitsandbytes' argsort leaves it.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <string>
#include <random>
#include <vector>

#include "typelattice/bnb_blocks.h"

namespace typelattice {
namespace {

const std::array<float, 16>& table(BnbBlockType t) { return t == BnbBlockType::nf4 ? kNf4Values : kBnbFp4Values; }

// The reference code of a scaled value s in [-1, 1] or NaN.
std::uint8_t reference_code(BnbBlockType t, float s) {
  const auto& v = table(t);
  if (std::isnan(s)) return t == BnbBlockType::nf4 ? 15 : 3;  // bucketize puts NaN past every bound: the largest
  // The two table values around s (by exact comparison); the distances are exact in double for these magnitudes.
  double below = -2, above = 2;
  for (const float x : v) {
    if (x <= s && x > below) below = x;
    if (x >= s && x < above) above = x;
  }
  const float midpoint = (static_cast<float>(below) + static_cast<float>(above)) / 2.0f;  // bitsandbytes' bound
  double chosen;
  if (s == midpoint || below == above) chosen = below;  // the tie rule: the smaller
  else chosen = (static_cast<double>(s) - below < above - static_cast<double>(s)) ? below : above;
  if (chosen == 0.0) {
    if (t == BnbBlockType::nf4) return 7;
    return s > 0.0f ? 8 : 0;  // FP4: +0 sorts before -0, so (0, 0.0026] lands on -0's code
  }
  for (std::uint8_t k = 0; k < 16; ++k)
    if (static_cast<double>(v[k]) == chosen) return k;
  return 255;
}

struct BnbReferenceBlock {
  float absmax;
  std::vector<std::uint8_t> q;
};

BnbReferenceBlock reference_block(BnbBlockType t, const std::vector<float>& x) {
  float amax = 0;
  bool nan = false;
  for (const float v : x) {
    nan = nan || std::isnan(v);
    if (std::fabs(v) > amax) amax = std::fabs(v);
  }
  if (nan) amax = std::numeric_limits<float>::quiet_NaN();
  const float tiny = 1e-38f;
  const float clamped = std::isnan(amax) || amax >= tiny ? amax : tiny;
  const bool whole = x.size() == 64;
  BnbReferenceBlock r{whole ? amax : clamped, {}};
  for (const float v : x) {
    float s = whole ? v * (1.0f / clamped) : v / clamped;
    if (s > 1) s = 1;
    if (s < -1) s = -1;
    r.q.push_back(reference_code(t, s));
  }
  return r;
}

// On every instruction set this machine runs: a whole block goes through its kernel (core/kernels/bnb_body.h).
void expect_same(BnbBlockType t, const std::vector<float>& x, const std::string& what) {
  const BnbReferenceBlock r = reference_block(t, x);
  for (const Isa isa : available_isas()) {
    const BnbBlock b = quantize_bnb_block(t, x, isa);
    const std::string where = what + " (" + std::string(isa_name(isa)) + ")";
    ASSERT_EQ(b.count, static_cast<int>(x.size())) << where;
    EXPECT_EQ(std::bit_cast<std::uint32_t>(b.absmax), std::bit_cast<std::uint32_t>(r.absmax)) << where;
    for (std::size_t j = 0; j < x.size(); ++j)
      ASSERT_EQ(static_cast<int>(b.q[j]), static_cast<int>(r.q[j])) << where << " element " << j << " = " << x[j];
  }
}

constexpr std::array<BnbBlockType, 2> kTypes{BnbBlockType::nf4, BnbBlockType::fp4};

TEST(BnbBlocks, RandomBlocksMatchTheReference) {
  std::mt19937 rng(29);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-40, 40), size(1, 64);
  for (const BnbBlockType t : kTypes) {
    for (int n = 0; n < 3000; ++n) {
      const float scale = std::ldexp(1.0f, exponent(rng));
      std::vector<float> x(n % 3 == 0 ? static_cast<std::size_t>(size(rng)) : 64);
      for (float& v : x) v = normal(rng) * scale;
      expect_same(t, x, "random block " + std::to_string(n));
    }
  }
}

TEST(BnbBlocks, ExactMidpointsGoToTheSmallerValue) {
  for (const BnbBlockType t : kTypes) {
    const auto& v = table(t);
    std::vector<float> sorted(v.begin(), v.end());
    std::sort(sorted.begin(), sorted.end());
    std::vector<float> x{1.0f};  // absmax 1: scaled values are the inputs themselves
    for (std::size_t i = 0; i + 1 < 16; ++i) {
      const float m = (sorted[i] + sorted[i + 1]) / 2.0f;
      x.insert(x.end(), {m, std::nextafter(m, 2.0f), std::nextafter(m, -2.0f)});
    }
    x.resize(64, 0.0f);
    expect_same(t, x, "midpoints");
    const BnbBlock b = quantize_bnb_block(t, x);
    // By hand: NF4's midpoint of 0 and 0.0796 (0.0398) gives 0's code 7, one step above it 0.0796's code 8.
    if (t == BnbBlockType::nf4) {
      const float m = kNf4Values[8] / 2.0f;
      EXPECT_EQ(quantize_bnb_block(t, std::vector<float>{1, m}).q[1], 7);
      EXPECT_EQ(quantize_bnb_block(t, std::vector<float>{1, std::nextafter(m, 1.0f)}).q[1], 8);
    }
    EXPECT_EQ(b.q[0], t == BnbBlockType::nf4 ? 15 : 3);
  }
}

TEST(BnbBlocks, EdgeBlocks) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const float sub = std::numeric_limits<float>::denorm_min(), huge = std::numeric_limits<float>::max();
  const std::vector<std::vector<float>> blocks{
      std::vector<float>(64, 0.0f),  std::vector<float>(64, -0.0f), std::vector<float>(5, 0.0f),
      {1, -0.0f, 0.0f, 0.001f, -0.001f, 0.0026f, -0.0026f}, std::vector<float>(64, sub),
      {sub, -sub, 3 * sub, 0},        std::vector<float>(64, huge), {huge, -huge, huge / 3, 1},
      {1, nan, 0.5f},                 {inf, 1, -inf, -2, 0},          {-inf},
      std::vector<float>(64, 1e-39f), {1e-39f, 5e-39f, -3e-39f}};
  for (const BnbBlockType t : kTypes)
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      std::vector<float> x = blocks[i];
      expect_same(t, x, "edge block " + std::to_string(i));
      if (x.size() < 64) {
        x.resize(64, 0.0f);  // the same values as a whole block
        expect_same(t, x, "edge block " + std::to_string(i) + " padded to 64");
      }
    }
}

TEST(BnbBlocks, WhatTheRulesMeanForAUser) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  // An all-zero whole block stores absmax 0 (dequantizes to 0); a short last block stores 1e-38, clamped.
  EXPECT_EQ(quantize_bnb_block(BnbBlockType::nf4, std::vector<float>(64, 0.0f)).absmax, 0.0f);
  EXPECT_EQ(quantize_bnb_block(BnbBlockType::nf4, std::vector<float>(3, 0.0f)).absmax, 1e-38f);
  EXPECT_EQ(quantize_bnb_block(BnbBlockType::nf4, std::vector<float>(3, 0.0f)).q[0], 7);
  // A NaN: absmax NaN, every code 1.0's.
  const BnbBlock with_nan = quantize_bnb_block(BnbBlockType::nf4, std::vector<float>{1, nan, -1});
  EXPECT_TRUE(std::isnan(with_nan.absmax));
  EXPECT_EQ(with_nan.q[2], 15);
  // Inf: absmax Inf; -Inf also takes 1.0's code (Inf × 0 is NaN), finite values 0's.
  const BnbBlock with_inf = quantize_bnb_block(BnbBlockType::fp4, std::vector<float>{-inf, 5});
  EXPECT_EQ(with_inf.absmax, inf);
  EXPECT_EQ(with_inf.q[0], 3);
  EXPECT_EQ(with_inf.q[1], 0);
  // FP4: a tiny positive value takes -0's code, a tiny negative one +0's.
  const BnbBlock tiny = quantize_bnb_block(BnbBlockType::fp4, std::vector<float>{1, 0.001f, -0.001f});
  EXPECT_EQ(tiny.q[1], 8);
  EXPECT_EQ(tiny.q[2], 0);
  EXPECT_TRUE(std::signbit(bnb_element_value(BnbBlockType::fp4, 1.0f, tiny.q[1])));
}

TEST(BnbBlocks, PackingPutsElementTwoIInTheHighNibble) {
  // By hand: absmax 1, NF4 codes 15 (1.0), 0 (-1.0), 15; the odd count's last low nibble is 0.0's code, 7.
  const std::vector<float> x{1, -1, 1};
  std::array<float, 1> absmax{};
  std::array<std::uint8_t, 2> packed{};
  ASSERT_TRUE(quantize_bnb_blocks(BnbBlockType::nf4, x, absmax, packed));
  EXPECT_EQ(absmax[0], 1.0f);
  EXPECT_EQ(packed[0], 0xf0);
  EXPECT_EQ(packed[1], 0xf7);
  ASSERT_TRUE(quantize_bnb_blocks(BnbBlockType::fp4, x, absmax, packed));
  EXPECT_EQ(packed[0], 0x3b);  // FP4: 1.0 is code 3, -1.0 code 11; its 0.0 is code 0
  EXPECT_EQ(packed[1], 0x30);
  EXPECT_FALSE(quantize_bnb_blocks(BnbBlockType::nf4, x, absmax, std::span<std::uint8_t>(packed).first(1)));
  EXPECT_FALSE(quantize_bnb_blocks(BnbBlockType::nf4, {}, {}, {}));
}

TEST(BnbBlocks, BulkRoundTripsThroughTheBytes) {
  std::mt19937 rng(4);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  for (const BnbBlockType t : kTypes)
    for (const std::size_t n : {1u, 2u, 63u, 64u, 65u, 127u, 128u, 333u, 64u * 64u * 3u + 17u}) {
      std::vector<float> x(n);
      for (float& v : x) v = normal(rng);
      std::vector<float> absmax(bnb_absmax_count(n)), back(n);
      std::vector<std::uint8_t> packed(bnb_packed_size(n));
      ASSERT_TRUE(quantize_bnb_blocks(t, x, absmax, packed));
      ASSERT_TRUE(dequantize_bnb_blocks(t, packed, absmax, back));
      for (const Isa isa : available_isas()) {  // the kernels' bytes, whole blocks and the short last one
        std::vector<float> isa_absmax(absmax.size());
        std::vector<std::uint8_t> isa_packed(packed.size());
        ASSERT_TRUE(quantize_bnb_blocks(t, x, isa_absmax, isa_packed, isa));
        EXPECT_EQ(isa_absmax, absmax) << isa_name(isa) << " n=" << n;
        EXPECT_EQ(isa_packed, packed) << isa_name(isa) << " n=" << n;
      }
      for (std::size_t i = 0; i < absmax.size(); ++i) {
        const std::size_t first = i * 64, size = std::min<std::size_t>(64, n - first);
        const BnbBlock b = quantize_bnb_block(t, std::span<const float>(x).subspan(first, size));
        EXPECT_EQ(absmax[i], b.absmax);
        for (std::size_t j = 0; j < size; ++j) {
          const float expected = table(t)[b.q[j]] * b.absmax;
          EXPECT_EQ(std::bit_cast<std::uint32_t>(back[first + j]), std::bit_cast<std::uint32_t>(expected));
          // Each value is within half the widest table step (NF4: 0.30/2, FP4: 0.33/2) of absmax of its input.
          EXPECT_LE(std::fabs(back[first + j] - x[first + j]), 0.17f * b.absmax);
        }
      }
      std::vector<float> wrong(n + 2);  // one more code byte than the packed bytes hold
      EXPECT_FALSE(dequantize_bnb_blocks(t, packed, absmax, wrong));
    }
}

TEST(BnbBlocks, NamesParseAndSuggest) {
  EXPECT_EQ(*parse_bnb_block_type("NF4"), BnbBlockType::nf4);
  EXPECT_EQ(*parse_bnb_block_type(" bnb_fp4 "), BnbBlockType::fp4);
  const Result<BnbBlockType> wrong = parse_bnb_block_type("bnb_fp5");
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("bnb_fp4"), std::string::npos) << wrong.error().message;
  EXPECT_EQ(bnb_block_spec(BnbBlockType::fp4).bnb_name, "fp4");
}


// Float32 bit patterns from 0 to 2^32 - 1 in steps of a prime, 64 at a time in the order of their bits (so blocks
// mix magnitudes, signs, subnormals, Inf and NaNs of either sign and any payload), on every instruction set.
TEST(BnbBlocks, BitPatternsInBlocksMatchTheReference) {
  std::vector<float> x(64);
  std::size_t blocks = 0;
  for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << 32);) {
    for (float& v : x) {
      v = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
      bits += 16381;
    }
    // The reference's absmax for a block with a NaN is the quiet NaN; the kernels keep the block's first NaN.
    for (float& v : x) {
      if (std::isnan(v)) {
        v = std::numeric_limits<float>::quiet_NaN();
        break;
      }
    }
    for (const BnbBlockType t : kTypes) expect_same(t, x, "bit patterns from " + std::to_string(bits));
    if (HasFatalFailure()) return;
    ++blocks;
  }
  EXPECT_EQ(blocks, ((std::uint64_t{1} << 32) + 16381 * 64 - 1) / (16381 * 64));
}

// torch's max over a block is its first NaN, sign and payload as they are; the codes are then 1.0's.
TEST(BnbBlocks, TheFirstNanOfABlockIsItsAbsmax) {
  const float first = std::bit_cast<float>(0xFFC12345u), second = std::bit_cast<float>(0x7FC00001u);
  for (const std::size_t at : {0u, 1u, 7u, 8u, 15u, 16u, 33u, 63u}) {
    std::vector<float> x(64, 0.25f);
    x[at] = first;
    if (at + 1 < 64) x[63] = second;
    for (const BnbBlockType t : kTypes)
      for (const Isa isa : available_isas()) {
        const BnbBlock b = quantize_bnb_block(t, x, isa);
        EXPECT_EQ(std::bit_cast<std::uint32_t>(b.absmax), 0xFFC12345u) << isa_name(isa) << " NaN at " << at;
        for (const std::uint8_t q : b.q) EXPECT_EQ(q, t == BnbBlockType::nf4 ? 15 : 3) << isa_name(isa);
      }
  }
}

}  // namespace
}  // namespace typelattice
