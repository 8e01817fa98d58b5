// The block kernels' parameters, derived from the block formats' data (block_formats.cpp) and the cast kernels'
// per-format constants.
#include "core/blocks/kernel_params.h"

#include <array>
#include <cmath>
#include <cstring>

#include "core/kernels/setup.h"

namespace typelattice::block_kernel_params {
namespace {

using kernels::BlockElements;

std::uint32_t bits_of(float x) {  // std::bit_cast, which Emscripten 3.1.6's libc++ lacks
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

BlockElements elements_of(const BlockFormatSpec& spec) {
  if (!spec.power_of_two_scale()) return BlockElements::nvfp4;
  return spec.element ? BlockElements::mx_float : BlockElements::mx_int8;
}

// float32 bits of every scale code's value (MXINT8: over 64, its elements' implicit 2^-6), each exact (E8M0's
// 2^-127 .. 2^127 and E4M3's values are float32s; 2^-133 too); NaN codes give the NaN that rounding the double
// NaN gives, as dequantize_blocks' double path. Derived once, read-only afterwards.
const std::array<std::uint32_t, 256>& scale_bits(BlockFormat f) {
  static const auto tables = [] {
    std::array<std::array<std::uint32_t, 256>, kBlockFormatCount> t{};
    for (const BlockFormatSpec& spec : block_formats()) {
      const double divisor = spec.element ? 1.0 : 64.0;
      for (std::uint32_t code = 0; code < 256; ++code) {
        const auto value = static_cast<float>(block_scale_value(spec.id, code) / divisor);
        t[static_cast<std::size_t>(spec.id)][code] = bits_of(value);
      }
    }
    return t;
  }();
  return tables[static_cast<std::size_t>(f)];
}

}  // namespace

Quantize quantize(BlockFormat f, const BlockOptions& options) {
  const BlockFormatSpec& spec = block_format_spec(f);
  Quantize q{};
  q.params.tensor_scale = options.tensor_scale;
  q.entry = elements_of(spec);
  if (q.entry == BlockElements::mx_float) {
    q.params.element = &kernels::encode_params(*spec.element, CastOptions{true, RoundMode::nearest_even});
  }
  // The constants of mx_scale_code (block_body.h) for each mode.
  q.params.scale_offset = spec.emax_elem;
  switch (options.scale_mode) {
    case ScaleMode::ceil: q.params.scale_threshold = 0; break;
    case ScaleMode::even:
      q.params.scale_threshold = (1u << 23) - (1u << (22 - spec.element_mantissa_bits)) - 1u;
      break;
    case ScaleMode::rceil: {
      const auto max = static_cast<float>(spec.element_max);  // 448, 57344, 28, 7.5, 6, 127/64: float32s
      q.params.scale_offset = std::ilogb(max);
      q.params.scale_threshold = bits_of(max) & 0x7FFFFFu;
      break;
    }
    default: q.params.scale_threshold = 0xFFFFFFFFu; break;
  }
  return q;
}

Dequantize dequantize(BlockFormat f, float tensor_scale) {
  const BlockFormatSpec& spec = block_format_spec(f);
  Dequantize d{};
  d.entry = elements_of(spec);
  if (spec.element) d.params.element = &kernels::decode_params(*spec.element);
  d.params.scale_bits = scale_bits(f).data();
  d.params.tensor_scale = tensor_scale;
  return d;
}

}  // namespace typelattice::block_kernel_params
