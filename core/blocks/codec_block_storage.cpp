// Blocks laid out as their libraries store them (codec_block_storage.h): each family's own quantizer and packer,
// and the bits of each element's code found by packing one-bit codes with that packer.
#include "typelattice/codec_block_storage.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "core/base/unknown_name.h"
#include "typelattice/bnb_blocks.h"
#include "typelattice/codec_block_targets.h"
#include "typelattice/deepseek_tiles.h"
#include "typelattice/gguf_blocks.h"
#include "typelattice/gguf_nvfp4.h"
#include "typelattice/int_group_packing.h"
#include "typelattice/int_groups.h"

namespace typelattice {
namespace {

using Packer = std::function<std::vector<std::uint8_t>(std::span<const std::uint8_t> codes)>;

// Bit b of element j's code lies where the packed bytes of a code 1 << b (all others 0) differ from all zeros: the
// packer's own order, whatever it is (nibble pairs, ggml's split fifth bits, GPTQ's bit stream, AWQ's interleave).
std::vector<std::vector<int>> code_bit_positions(std::size_t count, int code_bits, const Packer& pack) {
  std::vector<std::uint8_t> codes(count, 0);
  const std::vector<std::uint8_t> zeros = pack(codes);
  std::vector<std::vector<int>> out(count);
  for (std::size_t j = 0; j < count; ++j) {
    for (int b = 0; b < code_bits; ++b) {
      codes[j] = static_cast<std::uint8_t>(1u << b);
      const std::vector<std::uint8_t> one = pack(codes);
      for (std::size_t i = 0; i < one.size(); ++i)
        for (int k = 0; k < 8; ++k)
          if (((one[i] ^ zeros[i]) >> k) & 1) out[j].push_back(static_cast<int>(i * 8) + k);
    }
    codes[j] = 0;
  }
  return out;
}

template <class T>
std::vector<std::uint8_t> little_endian(T v) {
  std::vector<std::uint8_t> out(sizeof(T));
  for (std::size_t i = 0; i < sizeof(T); ++i) out[i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(v) >> (8 * i));
  return out;
}

std::uint32_t float_bits(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

// Each element's bits as (field, bit), where the packed bytes are field `field`'s own (bitsandbytes, integer
// groups), or ggml's struct, whose bits place_struct_bits finds in its fields.
void place_bits(StoredBlock& block, const std::vector<std::vector<int>>& positions, int field) {
  for (std::size_t j = 0; j < block.elements.size(); ++j)
    for (const int p : positions[j]) block.elements[j].bits.push_back({field, p});
}

void place_struct_bits(StoredBlock& block, const std::vector<std::vector<int>>& positions,
                       std::span<const GgufBlockField> fields) {
  for (std::size_t j = 0; j < block.elements.size(); ++j) {
    for (const int p : positions[j]) {
      for (std::size_t f = 0; f < fields.size(); ++f) {
        const int first = fields[f].offset * 8, end = (fields[f].offset + fields[f].bytes) * 8;
        if (p >= first && p < end) block.elements[j].bits.push_back({static_cast<int>(f), p - first});
      }
    }
  }
}

std::vector<StoredField> struct_fields(std::span<const GgufBlockField> fields, std::span<const std::uint8_t> bytes) {
  std::vector<StoredField> out;
  for (const GgufBlockField& f : fields) {
    const auto first = bytes.begin() + f.offset;
    out.push_back({std::string(f.name), std::vector<std::uint8_t>(first, first + f.bytes), std::string(f.meaning), {}});
  }
  return out;
}

StoredBlock bnb_block(BnbBlockType t, std::span<const float> x) {
  const BnbBlock b = quantize_bnb_block(t, x);
  std::vector<std::uint8_t> packed(bnb_packed_size(static_cast<std::size_t>(b.count)));
  pack_bnb_block(t, b, packed);
  StoredBlock out;
  out.fields.push_back({"absmax", little_endian(float_bits(b.absmax)), "", {{float_bits(b.absmax), b.absmax}}});
  out.fields.push_back({"codes", packed, "", {}});
  for (std::size_t j = 0; j < x.size(); ++j) out.elements.push_back({x[j], b.q[j], bnb_element_value(t, b.absmax, b.q[j]), {}});
  const Packer pack = [&](std::span<const std::uint8_t> codes) {
    BnbBlock probe = b;
    std::copy(codes.begin(), codes.end(), probe.q.begin());
    std::vector<std::uint8_t> bytes(packed.size());
    pack_bnb_block(t, probe, bytes);
    return bytes;
  };
  place_bits(out, code_bit_positions(x.size(), 4, pack), 1);
  return out;
}

StoredBlock gguf_block(GgufBlockType t, std::span<const float> x) {
  const GgufBlockSpec& spec = gguf_block_spec(t);
  const GgufBlock b = quantize_gguf_block(t, std::span<const float, kGgufBlockSize>(x.data(), kGgufBlockSize));
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(spec.block_bytes));
  (void)write_gguf_block(t, b, bytes);  // the quantizer's codes fit their bits
  StoredBlock out;
  out.fields = struct_fields(spec.fields, bytes);
  for (StoredField& f : out.fields) {
    if (f.name == "d" || f.name == "e") f.scales.push_back({b.d, static_cast<double>(gguf_scale_value(t, b.d))});
    if (f.name == "m") f.scales.push_back({b.m, static_cast<double>(gguf_float16_value(b.m))});
  }
  for (int j = 0; j < kGgufBlockSize; ++j) {
    out.elements.push_back({x[static_cast<std::size_t>(j)], b.q[static_cast<std::size_t>(j)], gguf_element_value(t, b, j), {}});
  }
  const Packer pack = [&](std::span<const std::uint8_t> codes) {
    GgufBlock probe;
    std::copy(codes.begin(), codes.end(), probe.q.begin());
    std::vector<std::uint8_t> probed(bytes.size());
    (void)write_gguf_block(t, probe, probed);
    return probed;
  };
  place_struct_bits(out, code_bit_positions(kGgufBlockSize, spec.element_bits, pack), spec.fields);
  return out;
}

StoredBlock gguf_nvfp4_block(std::span<const float> x) {
  const GgufNvfp4Block b = quantize_gguf_nvfp4_block(std::span<const float, kGgufNvfp4BlockSize>(x.data(), kGgufNvfp4BlockSize));
  std::vector<std::uint8_t> bytes(kGgufNvfp4BlockBytes);
  (void)write_gguf_nvfp4_block(b, bytes);
  StoredBlock out;
  out.fields = struct_fields(gguf_nvfp4_fields(), bytes);
  for (StoredField& f : out.fields)
    if (f.name == "d")
      for (const std::uint8_t d : b.d) f.scales.push_back({d, static_cast<double>(gguf_ue4m3_value(d))});
  for (int j = 0; j < kGgufNvfp4BlockSize; ++j) {
    out.elements.push_back({x[static_cast<std::size_t>(j)], b.q[static_cast<std::size_t>(j)], gguf_nvfp4_element_value(b, j), {}});
  }
  const Packer pack = [&](std::span<const std::uint8_t> codes) {
    GgufNvfp4Block probe;
    std::copy(codes.begin(), codes.end(), probe.q.begin());
    std::vector<std::uint8_t> probed(bytes.size());
    (void)write_gguf_nvfp4_block(probe, probed);
    return probed;
  };
  place_struct_bits(out, code_bit_positions(kGgufNvfp4BlockSize, 4, pack), gguf_nvfp4_fields());
  return out;
}

std::vector<std::uint8_t> int_code_bytes(IntPacking p, int bits, std::span<const std::uint8_t> codes) {
  std::vector<std::uint32_t> words(int_code_words(bits, codes.size()));
  pack_int_codes(p, bits, codes, words);
  std::vector<std::uint8_t> bytes;
  for (const std::uint32_t w : words) {
    const std::vector<std::uint8_t> le = little_endian(w);
    bytes.insert(bytes.end(), le.begin(), le.end());
  }
  return bytes;
}

StoredBlock int_group_block(const IntGroupSpec& spec, IntPacking p, std::span<const float> x) {
  std::vector<std::uint8_t> codes(x.size());
  const IntGroupScale g = quantize_int_group(spec, x, codes);
  StoredBlock out;
  out.fields.push_back({"scales", little_endian(g.scale), "", {{g.scale, static_cast<double>(gguf_float16_value(g.scale))}}});
  if (spec.asymmetric) out.fields.push_back({"zeros", {}, "", {{stored_zero(p, spec.bits, g.zero), static_cast<double>(g.zero)}}});
  if (g.bias) out.fields.push_back({"biases", little_endian(*g.bias), "", {{*g.bias, static_cast<double>(gguf_float16_value(*g.bias))}}});
  out.fields.push_back({"codes", int_code_bytes(p, spec.bits, codes), "", {}});
  for (std::size_t j = 0; j < x.size(); ++j) out.elements.push_back({x[j], codes[j], int_group_value(g, codes[j]), {}});
  const Packer pack = [&](std::span<const std::uint8_t> probe) { return int_code_bytes(p, spec.bits, probe); };
  place_bits(out, code_bit_positions(x.size(), spec.bits, pack), static_cast<int>(out.fields.size()) - 1);
  return out;
}

// DeepSeek's 1×128 groups: the group's float32 scale in the scales tensor, and one float8_e4m3fn byte per element
// in the codes tensor (row-major, unpacked), as quantize_ds_tiles writes them for a one-row matrix.
StoredBlock ds_group_block(DsTileType t, std::span<const float> x) {
  float scale = 0;
  std::vector<std::uint8_t> codes(x.size());
  (void)quantize_ds_tiles(t, {1, x.size()}, x, std::span<float>(&scale, 1), codes);  // the spans fit the shape
  StoredBlock out;
  out.fields.push_back({"scales", little_endian(float_bits(scale)), "", {{float_bits(scale), scale}}});
  out.fields.push_back({"codes", codes, "", {}});
  for (std::size_t j = 0; j < x.size(); ++j) out.elements.push_back({x[j], codes[j], ds_element_value(codes[j], scale), {}});
  const Packer pack = [](std::span<const std::uint8_t> probe) { return std::vector<std::uint8_t>(probe.begin(), probe.end()); };
  place_bits(out, code_bit_positions(x.size(), 8, pack), 1);
  return out;
}

}  // namespace

std::vector<std::string_view> stored_codec_block_names() {
  std::vector<std::string_view> out;
  for (const CodecBlockTarget& t : codec_block_targets()) out.push_back(t.name);
  return out;
}

Result<StoredBlocks> store_codec_blocks(std::string_view name, std::span<const float> values, std::string_view packing,
                                        std::size_t max_blocks) {
  const CodecBlockTarget* target = find_codec_block_target(name);
  if (target == nullptr) return unknown_name_error("block format", name, stored_codec_block_names());
  IntPacking p = IntPacking::gptq;
  if (!packing.empty()) {
    if (!target->integer_group()) {
      return bad_value_error("a packing is for the integer groups; " + std::string(target->name) + " has one layout");
    }
    const Result<IntPacking> parsed = parse_int_packing(packing);
    if (!parsed) return parsed.error();
    p = *parsed;
  }
  if (values.empty()) return bad_value_error("no values to quantize");
  const auto size = static_cast<std::size_t>(target->block_size);
  if (target->whole_blocks && values.size() % size != 0) {
    return bad_value_error(std::string(target->name) + " quantizes whole blocks of " + std::to_string(size) +
                           " values: the last block has " + std::to_string(values.size() % size));
  }
  StoredBlocks out{target->name, target->family, target->block_size, target->bits_per_element, values.size(), {}};
  const IntGroupSpec* spec = target->integer_group() ? &int_group_specs()[static_cast<std::size_t>(target->type)] : nullptr;
  if (const std::optional<std::string> refused = spec ? int_packing_refusal(p, spec->bits, target->name) : std::nullopt)
    return bad_value_error(*refused);
  for (std::size_t first = 0; first < values.size() && out.blocks.size() < max_blocks; first += size) {
    const std::span<const float> x = values.subspan(first, std::min(size, values.size() - first));
    if (target->family == "bitsandbytes") out.blocks.push_back(bnb_block(static_cast<BnbBlockType>(target->type), x));
    else if (target->family == "deepseek") out.blocks.push_back(ds_group_block(static_cast<DsTileType>(target->type), x));
    else if (spec) out.blocks.push_back(int_group_block(*spec, p, x));
    else if (target->type < kGgufBlockTypeCount) out.blocks.push_back(gguf_block(static_cast<GgufBlockType>(target->type), x));
    else out.blocks.push_back(gguf_nvfp4_block(x));
  }
  return out;
}

}  // namespace typelattice
