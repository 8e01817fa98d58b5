// The GGUF dequantize kernels (core/kernels/gguf_body.h) on every instruction set this machine has, against the
// one-element path (read_gguf_block and gguf_element_value): every float16 d with every code, every code at every
// position, and random blocks in spans of every short length at unaligned addresses with guards around the output.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/gguf_blocks.h"

namespace typelattice {
namespace {

// Each value as the one-element path gives it.
std::vector<float> element_by_element(GgufBlockType t, std::span<const std::uint8_t> bytes) {
  const auto size = static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
  std::vector<float> out;
  for (std::size_t at = 0; at < bytes.size(); at += size) {
    const GgufBlock b = read_gguf_block(t, bytes.subspan(at, size)).value();
    for (int j = 0; j < kGgufBlockSize; ++j) out.push_back(gguf_element_value(t, b, j));
  }
  return out;
}

// Bit for bit (a NaN's sign and payload included) on every ISA; the first difference names block, element and bytes.
void expect_kernels_match(GgufBlockType t, const std::vector<std::uint8_t>& bytes) {
  const std::vector<float> want = element_by_element(t, bytes);
  const auto size = static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
  for (const Isa isa : available_isas()) {
    std::vector<float> got(want.size());
    ASSERT_TRUE(dequantize_gguf_blocks(t, bytes, got, isa).ok());
    if (std::memcmp(got.data(), want.data(), want.size() * sizeof(float)) == 0) continue;
    for (std::size_t i = 0; i < want.size(); ++i) {
      const std::size_t block = i / kGgufBlockSize;
      ASSERT_EQ(std::bit_cast<std::uint32_t>(got[i]), std::bit_cast<std::uint32_t>(want[i]))
          << gguf_block_spec(t).name << " " << isa_name(isa) << " block " << block << " element " << i % kGgufBlockSize
          << " d " << std::hex << (bytes[block * size] | bytes[block * size + 1] << 8);
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
  expect_kernels_match(GgufBlockType::q8_0, bytes);
}

TEST(GgufKernels, Q4_0EveryScaleWithEveryCodeAndEveryCodeAtEveryPosition) {
  // Element j of d's block has code (j + d) mod 16: both nibbles of each byte, every code in each half.
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t d = 0; d < 0x10000; ++d) {
    put_d(bytes, d);
    for (std::uint32_t j = 0; j < 16; ++j)
      bytes.push_back(static_cast<std::uint8_t>(((j + d) & 0xf) | ((j + 16 + d) & 0xf) << 4));
  }
  expect_kernels_match(GgufBlockType::q4_0, bytes);
}

TEST(GgufKernels, RandomBlocksInShortSpansAtUnalignedAddressesWriteOnlyTheirValues) {
  std::mt19937 random(29);
  constexpr float kGuard = -1234.5f;
  for (const GgufBlockType t : {GgufBlockType::q8_0, GgufBlockType::q4_0}) {
    const auto size = static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
    for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
      const std::size_t byte_offset = random() % 64, value_offset = random() % 16;
      std::vector<std::uint8_t> storage(byte_offset + blocks * size);
      for (std::uint8_t& b : storage) b = static_cast<std::uint8_t>(random());
      const std::span<const std::uint8_t> bytes = std::span<const std::uint8_t>(storage).subspan(byte_offset);
      const std::vector<float> want = element_by_element(t, bytes);
      for (const Isa isa : available_isas()) {
        std::vector<float> storage_out(value_offset + want.size() + 16, kGuard);
        const std::span<float> values = std::span(storage_out).subspan(value_offset, want.size());
        ASSERT_TRUE(dequantize_gguf_blocks(t, bytes, values, isa).ok());
        for (std::size_t i = 0; i < storage_out.size(); ++i) {
          const bool inside = i >= value_offset && i < value_offset + want.size();
          const float expected = inside ? want[i - value_offset] : kGuard;
          ASSERT_EQ(std::bit_cast<std::uint32_t>(storage_out[i]), std::bit_cast<std::uint32_t>(expected))
              << gguf_block_spec(t).name << " " << isa_name(isa) << " " << blocks << " blocks at byte offset "
              << byte_offset << ", value offset " << value_offset << ": index " << i;
        }
      }
    }
  }
}

}  // namespace
}  // namespace typelattice
