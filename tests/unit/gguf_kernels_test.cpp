// The GGUF dequantize kernels (core/kernels/gguf_body.h) on every instruction set this machine has, against the
// one-element path (read_gguf_block and gguf_element_value; for Q4_K the K-quant ones): every float16 d with every
// code, every code at every position, and random blocks in spans of every short length at unaligned addresses with
// guards around the output.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string_view>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/gguf_kquants.h"

namespace typelattice {
namespace {

// Q8_0, Q4_0 (gguf_blocks.h) or Q4_K (gguf_kquants.h): their one-element path and their bulk path.
struct Kind {
  std::string_view name;
  std::size_t block_bytes, block_values;
  std::vector<float> (*element_by_element)(std::span<const std::uint8_t> bytes);
  bool (*dequantize)(std::span<const std::uint8_t> bytes, std::span<float> values, Isa isa);
};

template <GgufBlockType t>
Kind block_kind() {
  return {gguf_block_spec(t).name, static_cast<std::size_t>(gguf_block_spec(t).block_bytes), kGgufBlockSize,
          [](std::span<const std::uint8_t> bytes) {
            std::vector<float> out;
            const auto size = static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
            for (std::size_t at = 0; at < bytes.size(); at += size) {
              const GgufBlock b = read_gguf_block(t, bytes.subspan(at, size)).value();
              for (int j = 0; j < kGgufBlockSize; ++j) out.push_back(gguf_element_value(t, b, j));
            }
            return out;
          },
          [](std::span<const std::uint8_t> bytes, std::span<float> values, Isa isa) {
            return dequantize_gguf_blocks(t, bytes, values, isa).ok();
          }};
}

Kind q4_k_kind() {
  constexpr GgufKQuantType t = GgufKQuantType::q4_k;
  return {gguf_kquant_spec(t).name, static_cast<std::size_t>(gguf_kquant_spec(t).block_bytes), kGgufSuperBlockSize,
          [](std::span<const std::uint8_t> bytes) {
            std::vector<float> out;
            const auto size = static_cast<std::size_t>(gguf_kquant_spec(t).block_bytes);
            for (std::size_t at = 0; at < bytes.size(); at += size) {
              const GgufKQuantBlock b = read_gguf_kquant_block(t, bytes.subspan(at, size)).value();
              for (int j = 0; j < kGgufSuperBlockSize; ++j) out.push_back(gguf_kquant_element_value(t, b, j));
            }
            return out;
          },
          [](std::span<const std::uint8_t> bytes, std::span<float> values, Isa isa) {
            return dequantize_gguf_kquant_blocks(t, bytes, values, isa).ok();
          }};
}

// Bit for bit (a NaN's sign and payload included) on every ISA; the first difference names block, element and d.
void expect_kernels_match(const Kind& kind, const std::vector<std::uint8_t>& bytes) {
  const std::vector<float> want = kind.element_by_element(bytes);
  ASSERT_EQ(want.size(), bytes.size() / kind.block_bytes * kind.block_values);
  for (const Isa isa : available_isas()) {
    std::vector<float> got(want.size());
    ASSERT_TRUE(kind.dequantize(bytes, got, isa));
    if (std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0) continue;
    for (std::size_t i = 0; i < want.size(); ++i) {
      const std::size_t at = i / kind.block_values * kind.block_bytes;
      ASSERT_EQ(std::bit_cast<std::uint32_t>(got[i]), std::bit_cast<std::uint32_t>(want[i]))
          << kind.name << " " << isa_name(isa) << " block " << i / kind.block_values << " element "
          << i % kind.block_values << " d " << std::hex << (bytes[at] | bytes[at + 1] << 8);
    }
  }
}

void put_d(std::vector<std::uint8_t>& bytes, std::uint32_t d) {
  bytes.push_back(static_cast<std::uint8_t>(d & 0xff));
  bytes.push_back(static_cast<std::uint8_t>(d >> 8));
}

TEST(GgufKernels, Q8_0EveryScaleWithEveryCodeAndEveryCodeAtEveryPosition) {
  // d's eight blocks hold all 256 codes, rotated by d: each position sees every code over 32 consecutive d.
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t d = 0; d < 0x10000; ++d) {
    for (std::uint32_t k = 0; k < 8; ++k) {
      put_d(bytes, d);
      for (std::uint32_t j = 0; j < 32; ++j) bytes.push_back(static_cast<std::uint8_t>(j + 32 * k + d));
    }
  }
  expect_kernels_match(block_kind<GgufBlockType::q8_0>(), bytes);
}

TEST(GgufKernels, Q4_0EveryScaleWithEveryCodeAndEveryCodeAtEveryPosition) {
  // Element j of d's block has code (j + d) mod 16: both nibbles of each byte, every code in each half.
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t d = 0; d < 0x10000; ++d) {
    put_d(bytes, d);
    for (std::uint32_t j = 0; j < 16; ++j)
      bytes.push_back(static_cast<std::uint8_t>(((j + d) & 0xf) | ((j + 16 + d) & 0xf) << 4));
  }
  expect_kernels_match(block_kind<GgufBlockType::q4_0>(), bytes);
}

TEST(GgufKernels, Q4_KEveryScaleAndMinScaleWithEverySubBlockScaleMinAndCode) {
  // Block v: d = v and dmin = v × 40503 mod 2^16 (odd: every dmin once, each with another d); the 12 scale bytes
  // and the 128 code bytes random: over 65536 blocks each six-bit scale and min meets every code in every sub-block.
  std::mt19937 random(4);
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t v = 0; v < 0x10000; ++v) {
    put_d(bytes, v);
    put_d(bytes, (v * 40503u) & 0xffffu);
    for (int i = 0; i < 140; ++i) bytes.push_back(static_cast<std::uint8_t>(random()));
  }
  expect_kernels_match(q4_k_kind(), bytes);
}

TEST(GgufKernels, RandomBlocksInShortSpansAtUnalignedAddressesWriteOnlyTheirValues) {
  std::mt19937 random(29);
  constexpr float kGuard = -1234.5f;
  for (const Kind& kind : {block_kind<GgufBlockType::q8_0>(), block_kind<GgufBlockType::q4_0>(), q4_k_kind()}) {
    for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
      const std::size_t byte_offset = random() % 64, value_offset = random() % 16;
      std::vector<std::uint8_t> storage(byte_offset + blocks * kind.block_bytes);
      for (std::uint8_t& b : storage) b = static_cast<std::uint8_t>(random());
      const std::span<const std::uint8_t> bytes = std::span<const std::uint8_t>(storage).subspan(byte_offset);
      const std::vector<float> want = kind.element_by_element(bytes);
      for (const Isa isa : available_isas()) {
        std::vector<float> storage_out(value_offset + want.size() + 16, kGuard);
        const std::span<float> values = std::span(storage_out).subspan(value_offset, want.size());
        ASSERT_TRUE(kind.dequantize(bytes, values, isa));
        for (std::size_t i = 0; i < storage_out.size(); ++i) {
          const bool inside = i >= value_offset && i < value_offset + want.size();
          const float expected = inside ? want[i - value_offset] : kGuard;
          ASSERT_EQ(std::bit_cast<std::uint32_t>(storage_out[i]), std::bit_cast<std::uint32_t>(expected))
              << kind.name << " " << isa_name(isa) << " " << blocks << " blocks at byte offset " << byte_offset
              << ", value offset " << value_offset << ": index " << i;
        }
      }
    }
  }
}

}  // namespace
}  // namespace typelattice
