// Blocks laid out as their libraries store them (codec_block_storage.h), for every name store_codec_blocks takes:
// each element's dequantized value is the analysis round trip's (codec_block_targets.h), ggml's, bitsandbytes' and
// DeepSeek's bytes are their bulk paths', the bits each element is said to own read back its code from the stored
// bytes and no bit is owned twice; the nibble orders the libraries document; and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "typelattice/bnb_blocks.h"
#include "typelattice/codec_block_storage.h"
#include "typelattice/codec_block_targets.h"
#include "typelattice/deepseek_tiles.h"
#include "typelattice/gguf_blocks.h"

namespace typelattice {
namespace {

std::vector<float> normal_values(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = normal(rng);
  return v;
}

std::uint32_t bits_of(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// The code an element's bits hold in the stored bytes.
unsigned read_code(const StoredBlock& block, const StoredElement& e) {
  unsigned code = 0;
  for (std::size_t k = 0; k < e.bits.size(); ++k) {
    const StoredBit& b = e.bits[k];
    const std::vector<std::uint8_t>& bytes = block.fields[static_cast<std::size_t>(b.field)].bytes;
    code |= ((bytes[static_cast<std::size_t>(b.bit / 8)] >> (b.bit % 8)) & 1u) << k;
  }
  return code;
}

TEST(CodecBlockStorage, EveryFormatMatchesItsRoundTripAndItsBitsReadBackTheCodes) {
  for (const std::string_view name : stored_codec_block_names()) {
    SCOPED_TRACE(std::string(name));
    const CodecBlockTarget* target = find_codec_block_target(name);
    ASSERT_NE(target, nullptr);
    const auto size = static_cast<std::size_t>(target->block_size);
    // Two whole blocks, and a short third where the family takes one.
    const std::size_t count = 2 * size + (target->whole_blocks ? 0 : size / 2 + 1);
    const std::vector<float> values = normal_values(count, 7);
    const Result<StoredBlocks> stored = store_codec_blocks(name, values, "", 8);
    ASSERT_TRUE(stored.ok()) << stored.error().message;
    EXPECT_EQ(stored->format, target->name);
    EXPECT_EQ(stored->count, count);
    ASSERT_EQ(stored->blocks.size(), target->whole_blocks ? 2u : 3u);
    for (std::size_t b = 0; b < stored->blocks.size(); ++b) {
      const StoredBlock& block = stored->blocks[b];
      const std::span<const float> x = std::span<const float>(values).subspan(b * size, std::min(size, count - b * size));
      std::vector<float> expected(x.size());
      target->round_trip(target->type, x, expected);
      ASSERT_EQ(block.elements.size(), x.size());
      std::set<std::pair<int, int>> owned;
      for (std::size_t j = 0; j < x.size(); ++j) {
        const StoredElement& e = block.elements[j];
        EXPECT_EQ(bits_of(e.input), bits_of(x[j]));
        EXPECT_EQ(bits_of(e.dequantized), bits_of(expected[j])) << "block " << b << " element " << j;
        EXPECT_EQ(read_code(block, e), e.code) << "block " << b << " element " << j;
        EXPECT_FALSE(e.bits.empty());
        for (const StoredBit& bit : e.bits) EXPECT_TRUE(owned.insert({bit.field, bit.bit}).second) << "bit owned twice";
      }
    }
  }
}

TEST(CodecBlockStorage, BytesAreTheBulkPathsBytes) {
  const std::vector<float> values = normal_values(128, 3);
  for (const GgufBlockSpec& spec : gguf_block_types()) {
    SCOPED_TRACE(std::string(spec.name));
    std::vector<std::uint8_t> bulk(gguf_bytes_size(spec.id, values.size()));
    ASSERT_TRUE(quantize_gguf_blocks(spec.id, values, bulk).ok());
    const Result<StoredBlocks> stored = store_codec_blocks(spec.name, values, "", 8);
    ASSERT_TRUE(stored.ok());
    std::vector<std::uint8_t> laid;
    for (const StoredBlock& block : stored->blocks)
      for (const StoredField& f : block.fields) laid.insert(laid.end(), f.bytes.begin(), f.bytes.end());
    EXPECT_EQ(laid, bulk);
  }
  for (const BnbBlockSpec& spec : bnb_block_types()) {
    SCOPED_TRACE(std::string(spec.name));
    std::vector<float> absmax(bnb_absmax_count(values.size()));
    std::vector<std::uint8_t> packed(bnb_packed_size(values.size()));
    ASSERT_TRUE(quantize_bnb_blocks(spec.id, values, absmax, packed).ok());
    const Result<StoredBlocks> stored = store_codec_blocks(spec.name, values, "", 8);
    ASSERT_TRUE(stored.ok());
    std::vector<std::uint8_t> codes;
    for (std::size_t b = 0; b < stored->blocks.size(); ++b) {
      const StoredBlock& block = stored->blocks[b];
      ASSERT_EQ(block.fields[0].name, "absmax");
      EXPECT_EQ(block.fields[0].scales.at(0).code, bits_of(absmax[b]));
      codes.insert(codes.end(), block.fields[1].bytes.begin(), block.fields[1].bytes.end());
    }
    EXPECT_EQ(codes, packed);
  }
  // DeepSeek's 1×128 groups of a row of 300: the scales and codes quantize_ds_tiles writes for that row.
  const std::vector<float> row = normal_values(300, 4);
  for (const DsTileType t : {DsTileType::fp8_1x128, DsTileType::fp8_1x128_ue8m0}) {
    const DsTileSpec& spec = ds_tile_spec(t);
    SCOPED_TRACE(std::string(spec.name));
    const DsTileShape shape{1, row.size()};
    std::vector<float> scales(ds_scale_count(t, shape));
    std::vector<std::uint8_t> bulk(row.size());
    ASSERT_TRUE(quantize_ds_tiles(t, shape, row, scales, bulk).ok());
    const Result<StoredBlocks> stored = store_codec_blocks(spec.name, row, "", 8);
    ASSERT_TRUE(stored.ok());
    ASSERT_EQ(stored->blocks.size(), scales.size());
    std::vector<std::uint8_t> codes;
    for (std::size_t b = 0; b < stored->blocks.size(); ++b) {
      const StoredBlock& block = stored->blocks[b];
      ASSERT_EQ(block.fields.at(0).name, "scales");
      EXPECT_EQ(block.fields[0].scales.at(0).code, bits_of(scales[b]));
      ASSERT_EQ(block.fields.at(1).name, "codes");
      codes.insert(codes.end(), block.fields[1].bytes.begin(), block.fields[1].bytes.end());
    }
    EXPECT_EQ(codes, bulk);
  }
}

// The bits of element j, as (field name, first bit) of a 4-bit code whose bits are consecutive.
std::pair<std::string, int> nibble_of(const StoredBlocks& s, std::size_t j) {
  const StoredBlock& block = s.blocks.at(0);
  const StoredElement& e = block.elements.at(j);
  EXPECT_EQ(e.bits.size(), 4u);
  for (std::size_t k = 1; k < e.bits.size(); ++k) EXPECT_EQ(e.bits[k].bit, e.bits[0].bit + static_cast<int>(k));
  return {block.fields[static_cast<std::size_t>(e.bits[0].field)].name, e.bits[0].bit};
}

TEST(CodecBlockStorage, NibbleOrdersAreTheLibrariesDocumentedOnes) {
  const std::vector<float> values = normal_values(64, 5);
  // bitsandbytes: element 2i in the high nibble of byte i.
  const Result<StoredBlocks> nf4 = store_codec_blocks("nf4", values, "", 1);
  ASSERT_TRUE(nf4.ok());
  EXPECT_EQ(nibble_of(*nf4, 0), (std::pair<std::string, int>{"codes", 4}));
  EXPECT_EQ(nibble_of(*nf4, 1), (std::pair<std::string, int>{"codes", 0}));
  // ggml: byte j of qs holds element j low, element j + 16 high.
  const Result<StoredBlocks> q4 = store_codec_blocks("gguf_q4_0", std::span<const float>(values).first(32), "", 1);
  ASSERT_TRUE(q4.ok());
  EXPECT_EQ(nibble_of(*q4, 0), (std::pair<std::string, int>{"qs", 0}));
  EXPECT_EQ(nibble_of(*q4, 16), (std::pair<std::string, int>{"qs", 4}));
  EXPECT_EQ(nibble_of(*q4, 1), (std::pair<std::string, int>{"qs", 8}));
  // Q5_0: the fifth bit of element j is bit j of qh.
  const Result<StoredBlocks> q5 = store_codec_blocks("gguf_q5_0", std::span<const float>(values).first(32), "", 1);
  ASSERT_TRUE(q5.ok());
  const StoredElement& e3 = q5->blocks[0].elements[3];
  ASSERT_EQ(e3.bits.size(), 5u);
  EXPECT_EQ(q5->blocks[0].fields[static_cast<std::size_t>(e3.bits[4].field)].name, "qh");
  EXPECT_EQ(e3.bits[4].bit, 3);
  // GPTQ: code j in bits 4j to 4j + 3 of the little-endian words; AWQ: nibble i of a word holds code
  // {0, 2, 4, 6, 1, 3, 5, 7}[i] of its eight, so code 1 is in nibble 4 and code 2 in nibble 1.
  const Result<StoredBlocks> gptq = store_codec_blocks("int4_g32", std::span<const float>(values).first(32), "", 1);
  const Result<StoredBlocks> awq = store_codec_blocks("int4_g32", std::span<const float>(values).first(32), "awq", 1);
  ASSERT_TRUE(gptq.ok() && awq.ok());
  EXPECT_EQ(nibble_of(*gptq, 1), (std::pair<std::string, int>{"codes", 4}));
  EXPECT_EQ(nibble_of(*gptq, 9), (std::pair<std::string, int>{"codes", 36}));
  EXPECT_EQ(nibble_of(*awq, 1), (std::pair<std::string, int>{"codes", 16}));
  EXPECT_EQ(nibble_of(*awq, 2), (std::pair<std::string, int>{"codes", 4}));
  EXPECT_EQ(nibble_of(*awq, 9), (std::pair<std::string, int>{"codes", 48}));
  // GPTQ v1 stores a zero point z as z - 1.
  const Result<StoredBlocks> v1 = store_codec_blocks("int4_g32_asym", std::span<const float>(values).first(32), "gptq_v1", 1);
  ASSERT_TRUE(v1.ok());
  const StoredField& zeros = v1->blocks[0].fields.at(1);
  ASSERT_EQ(zeros.name, "zeros");
  EXPECT_EQ(zeros.scales.at(0).code, (static_cast<std::uint32_t>(zeros.scales[0].value) + 15) % 16);
}

TEST(CodecBlockStorage, RefusesWhatItCannotLayOut) {
  const std::vector<float> values = normal_values(40, 1);
  const Result<StoredBlocks> unknown = store_codec_blocks("gguf_q4_O", values, "", 1);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().kind, ErrorKind::unknown_name);
  ASSERT_FALSE(unknown.error().suggestions.empty());
  EXPECT_EQ(unknown.error().suggestions[0], "gguf_q4_0");
  EXPECT_EQ(store_codec_blocks("gguf_q8_0", values, "", 1).error().message,
            "gguf_q8_0 quantizes whole blocks of 32 values: the last block has 8");
  EXPECT_FALSE(store_codec_blocks("nf4", values, "awq", 1).ok());
  EXPECT_FALSE(store_codec_blocks("int3_g32", values, "awq", 1).ok());
  EXPECT_FALSE(store_codec_blocks("int4_g32", values, "gptq2", 1).ok());
  EXPECT_FALSE(store_codec_blocks("ds_fp8_1x128", values, "gptq", 1).ok());
  EXPECT_FALSE(store_codec_blocks("nf4", {}, "", 1).ok());
  // Only the blocks asked for are laid out; the count is of every value.
  const Result<StoredBlocks> first = store_codec_blocks("nf4", normal_values(64 * 5, 2), "", 2);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->blocks.size(), 2u);
  EXPECT_EQ(first->count, 320u);
}

}  // namespace
}  // namespace typelattice
