// Fuzz the block formats: the first byte picks the format, the second what to drive. Odd: the rest is text for
// dequantize's streaming readers (JSON or packed), which either refuse it with a message or give codes that
// dequantize, batch by batch, as many as the count.
// Even: the rest is float32 values, whose fast quantization must equal the reference's, whose codes pack and
// unpack unchanged, and whose dequantized values must equal the detail's; bits 3 and up of the second byte pick the
// instruction set of the element casts.
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
#include "typelattice/cast_kernels.h"

using namespace typelattice;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const auto f = static_cast<BlockFormat>(data[0] % kBlockFormatCount);
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
