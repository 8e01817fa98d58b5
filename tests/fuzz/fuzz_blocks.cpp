// Fuzz the block formats: the first byte picks the format, the second what to drive. Odd: the rest is text for
// dequantize's streaming readers (JSON or packed), which either refuse it with a message or give codes that
// dequantize, batch by batch, as many as the count.
// Even: the rest is float32 values, whose fast quantization must equal the reference's, whose codes pack and
// unpack unchanged, and whose dequantized values must equal the detail's; bits 3 and up of the second byte pick the
// instruction set of the element casts. The same values as bitsandbytes' NF4 and FP4 blocks: on every instruction
// set, the bulk kernel's bytes must equal those of the rule written out here from bnb_code_of_scaled. And the same
// values laid out as a library stores them (the first byte also picks the family and the packing): every element's
// bits read its code back out of the stored bytes, and its value is the family's round trip's.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/block_io.h"
#include "core/blocks/reference.h"
#include "typelattice/block_formats.h"
#include "typelattice/block_packing.h"
#include "typelattice/bnb_blocks.h"
#include "typelattice/cast_kernels.h"
#include "typelattice/codec_block_storage.h"
#include "typelattice/codec_block_targets.h"

using namespace typelattice;

namespace {

// quantize_4bit's rule for the whole blocks of `values` (docs/formats.md, "bitsandbytes 4-bit blocks"), the short
// last block by quantize_bnb_block, packed as bitsandbytes packs them; then every instruction set's bulk path.
void check_bnb_blocks(BnbBlockType t, const std::vector<float>& values) {
  std::vector<float> absmax(bnb_absmax_count(values.size()));
  std::vector<std::uint8_t> packed(bnb_packed_size(values.size()));
  constexpr auto kBlock = static_cast<std::size_t>(kBnbBlockSize);
  for (std::size_t b = 0; b < absmax.size(); ++b) {
    const std::size_t first = b * kBlock, size = std::min(kBlock, values.size() - first);
    BnbBlock block;
    if (size < kBlock) {
      block = quantize_bnb_block(t, std::span(values).subspan(first, size));
    } else {
      float amax = 0;
      for (std::size_t j = first; j < first + size; ++j) {
        if (std::isnan(values[j])) {
          amax = values[j];  // torch's max: the first NaN
          break;
        }
        amax = std::max(amax, std::fabs(values[j]));
      }
      block.absmax = amax;
      const float inverse = 1.0f / (std::isnan(amax) ? amax : std::max(amax, 1e-38f));
      for (std::size_t j = 0; j < size; ++j) {
        const float scaled = values[first + j] * inverse;
        block.q[j] = bnb_code_of_scaled(t, std::isnan(scaled) ? scaled : std::clamp(scaled, -1.0f, 1.0f));
      }
    }
    absmax[b] = block.absmax;
    pack_bnb_block(t, block, std::span(packed).subspan(first / 2, bnb_packed_size(size)));
  }
  for (const Isa isa : available_isas()) {
    std::vector<float> got_absmax(absmax.size());
    std::vector<std::uint8_t> got_packed(packed.size());
    if (!quantize_bnb_blocks(t, values, got_absmax, got_packed, isa)) std::abort();
    if (std::memcmp(got_absmax.data(), absmax.data(), absmax.size() * sizeof(float)) != 0 || got_packed != packed)
      std::abort();
  }
}

void check_stored_blocks(std::uint8_t pick, const std::vector<float>& values) {
  const std::vector<std::string_view> names = stored_codec_block_names();
  const std::string_view name = names[pick % names.size()];
  const char* packings[] = {"", "gptq_v1", "awq"};
  const CodecBlockTarget* target = find_codec_block_target(name);
  const Result<StoredBlocks> stored = store_codec_blocks(name, values, target->integer_group() ? packings[pick % 3] : "", 64);
  if (!stored) {
    if (stored.error().message.empty()) std::abort();
    return;
  }
  const auto size = static_cast<std::size_t>(target->block_size);
  for (std::size_t b = 0; b < stored->blocks.size(); ++b) {
    const StoredBlock& block = stored->blocks[b];
    const std::span<const float> x = std::span(values).subspan(b * size, std::min(size, values.size() - b * size));
    std::vector<float> want(x.size());
    target->round_trip(target->type, x, want);
    if (block.elements.size() != x.size()) std::abort();
    for (std::size_t j = 0; j < x.size(); ++j) {
      const StoredElement& e = block.elements[j];
      const bool both_nan = std::isnan(e.dequantized) && std::isnan(want[j]);
      if (std::memcmp(&e.dequantized, &want[j], sizeof(float)) != 0 && !both_nan) std::abort();
      unsigned code = 0;
      for (std::size_t k = 0; k < e.bits.size(); ++k) {
        const std::vector<std::uint8_t>& bytes = block.fields.at(static_cast<std::size_t>(e.bits[k].field)).bytes;
        code |= ((bytes.at(static_cast<std::size_t>(e.bits[k].bit / 8)) >> (e.bits[k].bit % 8)) & 1u) << k;
      }
      if (code != e.code) std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint8_t pick = data[0];
  const auto f = static_cast<BlockFormat>(pick % kBlockFormatCount);
  const std::uint8_t selector = data[1];
  data += 2;
  size -= 2;
  if (selector & 1) {
    // The streaming readers: either a message, or codes that come back in batches adding up to the count.
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    cli::BlockCodeStream stream;
    const Result<bool> read = cli::read_block_codes(f, in, stream);
    if (!read) {
      if (read.error().message.empty()) std::abort();
      return 0;
    }
    cli::BlockCodeBatches batches(f, stream);
    std::vector<std::uint8_t> scales, codes;
    std::size_t count = 0;
    while (batches.next(scales, codes)) {
      std::vector<double> values(codes.size());
      if (!dequantize_blocks(f, scales, codes, std::span<double>(values), stream.tensor_scale)) std::abort();
      count += codes.size();
    }
    if (count != stream.count) std::abort();
    return 0;
  }
  std::vector<float> values(size / sizeof(float));
  if (!values.empty()) std::memcpy(values.data(), data, values.size() * sizeof(float));
  if (!values.empty()) {
    for (const BnbBlockSpec& bnb : bnb_block_types()) check_bnb_blocks(bnb.id, values);
  }
  check_stored_blocks(pick, values);
  const BlockFormatSpec& spec = block_format_spec(f);
  const ScaleMode modes[] = {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil};
  const std::optional<ScaleMode> mode = spec.power_of_two_scale() ? std::optional(modes[(selector >> 1) % 4]) : std::nullopt;
  const Result<BlockOptions> options = block_options(f, mode, f == BlockFormat::nvfp4 && (selector & 2), values);
  if (!options) std::abort();
  std::vector<std::uint8_t> scales(block_count(f, values.size())), codes(values.size());
  const std::vector<Isa> isas = available_isas();
  if (!quantize_blocks(f, *options, values, scales, codes, isas[(selector >> 3) % isas.size()])) std::abort();
  const block_reference::Quantized want = block_reference::quantize(f, *options, values);
  if (want.scales != scales || want.codes != codes) std::abort();
  std::vector<std::uint8_t> packed(packed_size(f, codes.size()));
  if (!pack_codes(f, codes, packed)) std::abort();
  const Result<std::vector<std::uint8_t>> unpacked = unpack_codes(f, packed, codes.size());
  if (!unpacked || *unpacked != codes) std::abort();
  std::vector<double> back(values.size());
  if (!dequantize_blocks(f, scales, codes, std::span<double>(back), options->tensor_scale)) std::abort();
  const Result<std::vector<QuantizedBlock>> detail = quantize_detail(f, *options, values);
  if (!detail) std::abort();
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double d = (*detail)[i / spec.block_size].elements[i % spec.block_size].dequantized;
    if (std::memcmp(&d, &back[i], sizeof d) != 0 && !(d != d && back[i] != back[i])) std::abort();
  }
  return 0;
}
