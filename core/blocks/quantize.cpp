// Quantizing float32 values to block formats and back: the bulk path, and one block in full with its error.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "typelattice/block_formats.h"

#include "core/blocks/kernel_params.h"

namespace typelattice {
namespace {

// The product the elements of a block are divided by: 2^E for MX, s · t for NVFP4 (exact: 4 + 24 bits).
double total_scale(BlockFormat f, std::uint32_t scale_code, float tensor_scale) {
  return block_scale_value(f, scale_code) * static_cast<double>(tensor_scale);
}

Result<bool> check_tensor_scale(BlockFormat f, float tensor_scale) {
  if (!block_format_spec(f).takes_tensor_scale() && tensor_scale != 1.0f)
    return bad_value_error("a per-tensor scale applies to nvfp4 only");
  if (!(tensor_scale > 0.0f) || std::isinf(tensor_scale))
    return bad_value_error("the per-tensor scale must be a positive finite float32");
  return true;
}

Result<bool> check_options(BlockFormat f, const BlockOptions& options) {
  if (!has_scale_mode(f, options.scale_mode)) {
    return bad_value_error("scale mode '" + std::string(scale_mode_name(options.scale_mode)) + "' does not apply to " +
                           std::string(block_format_name(f)));
  }
  return check_tensor_scale(f, options.tensor_scale);
}

// The number of blocks, or what is wrong with the spans and the tensor scale.
Result<std::size_t> check_dequantize(BlockFormat f, std::span<const std::uint8_t> scales,
                                     std::span<const std::uint8_t> codes, std::size_t outputs, float tensor_scale) {
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::size_t blocks = block_count(f, codes.size());
  if (scales.size() < blocks) {
    return bad_value_error(std::to_string(codes.size()) + " codes of " + std::string(spec.name) + " need " +
                           std::to_string(blocks) + " scales; got " + std::to_string(scales.size()));
  }
  if (outputs < codes.size()) return bad_value_error("the output is shorter than the codes");
  if (const Result<bool> checked = check_tensor_scale(f, tensor_scale); !checked) return checked.error();
  const std::uint32_t limit = 1u << spec.element_bits;
  // One pass the compiler vectorizes; the offending element is looked for only when there is one.
  std::uint8_t widest = 0;
  for (const std::uint8_t code : codes) widest = std::max(widest, code);
  if (widest >= limit) {
    const auto i = static_cast<std::size_t>(std::find_if(codes.begin(), codes.end(),
                                                         [limit](std::uint8_t c) { return c >= limit; }) -
                                            codes.begin());
    return bad_value_error("code " + std::to_string(codes[i]) + " (element " + std::to_string(i) + ") does not fit " +
                           std::to_string(spec.element_bits) + "-bit elements of " + std::string(spec.name));
  }
  return blocks;
}

// The exact values, through double (dequantize_blocks' double output).
Result<std::size_t> dequantize_exact(BlockFormat f, std::span<const std::uint8_t> scales,
                                     std::span<const std::uint8_t> codes, std::span<double> values,
                                     float tensor_scale) {
  const Result<std::size_t> checked = check_dequantize(f, scales, codes, values.size(), tensor_scale);
  if (!checked) return checked;
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::size_t blocks = *checked;
  const std::uint32_t limit = 1u << spec.element_bits;
  std::array<double, 256> element_values{};  // every code's value, decoded once
  for (std::uint32_t code = 0; code < limit; ++code) element_values[code] = block_element_value(f, code);
  const auto size = static_cast<std::size_t>(spec.block_size);
  for (std::size_t b = 0; b < blocks; ++b) {
    const double scale = total_scale(f, scales[b], tensor_scale);
    const std::size_t end = std::min(codes.size(), (b + 1) * size);
    for (std::size_t i = b * size; i < end; ++i) {
      // Exact: an element value (at most 7 significant bits) times the scale (a power of two, or 28 bits).
      const double value = std::isnan(scale) ? scale : element_values[codes[i]] * scale;
      values[i] = value;
    }
  }
  return blocks;
}

// The block's largest magnitude, as the detail reports it; a NaN sticks (nothing compares above it).
float block_amax(std::span<const float> block) {
  float amax = 0.0f;
  for (const float v : block) {
    const float magnitude = std::fabs(v);
    if (!(magnitude <= amax)) amax = magnitude;
    if (std::isnan(amax)) break;
  }
  return amax;
}

}  // namespace

Result<std::size_t> quantize_blocks(BlockFormat f, const BlockOptions& options, std::span<const float> values,
                                    std::span<std::uint8_t> scales, std::span<std::uint8_t> codes, Isa isa) {
  if (const Result<bool> checked = check_options(f, options); !checked) return checked.error();
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::size_t blocks = block_count(f, values.size());
  if (scales.size() < blocks || codes.size() < values.size()) {
    return bad_value_error(std::to_string(values.size()) + " values of " + std::string(spec.name) + " need " +
                           std::to_string(blocks) + " scales and " + std::to_string(values.size()) + " codes");
  }
  const block_kernel_params::Quantize q = block_kernel_params::quantize(f, options);
  kernels::block_kernels(isa).quantize[static_cast<int>(q.entry)](q.params, values.data(), values.size(), scales.data(), codes.data());
  return blocks;
}

Result<std::size_t> dequantize_blocks(BlockFormat f, std::span<const std::uint8_t> scales,
                                      std::span<const std::uint8_t> codes, std::span<double> values,
                                      float tensor_scale) {
  return dequantize_exact(f, scales, codes, values, tensor_scale);
}

Result<std::size_t> dequantize_blocks(BlockFormat f, std::span<const std::uint8_t> scales,
                                      std::span<const std::uint8_t> codes, std::span<float> values,
                                      float tensor_scale) {
  return block_kernel_params::dequantize_blocks_on(best_isa(), f, scales, codes, values, tensor_scale);
}

Result<std::size_t> block_kernel_params::dequantize_blocks_on(Isa isa, BlockFormat f,
                                                              std::span<const std::uint8_t> scales,
                                                              std::span<const std::uint8_t> codes,
                                                              std::span<float> values, float tensor_scale) {
  const Result<std::size_t> checked = check_dequantize(f, scales, codes, values.size(), tensor_scale);
  if (!checked) return checked;
  const block_kernel_params::Dequantize d = block_kernel_params::dequantize(f, tensor_scale);
  kernels::block_kernels(isa).dequantize[static_cast<int>(d.entry)](d.params, scales.data(), codes.data(),
                                                                          codes.size(), values.data());
  return checked;
}

Result<std::vector<QuantizedBlock>> quantize_detail(BlockFormat f, const BlockOptions& options,
                                                    std::span<const float> values) {
  const BlockFormatSpec& spec = block_format_spec(f);
  std::vector<std::uint8_t> scales(block_count(f, values.size())), codes(values.size());
  const Result<std::size_t> done = quantize_blocks(f, options, values, scales, codes);
  if (!done) return done.error();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  const auto size = static_cast<std::size_t>(spec.block_size);
  std::vector<QuantizedBlock> blocks(scales.size());
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    QuantizedBlock& block = blocks[b];
    block.scale_code = scales[b];
    block.scale = block_scale_value(f, scales[b]);
    block.error.bits_per_element = spec.bits_per_element();
    const double scale = total_scale(f, scales[b], options.tensor_scale);
    // Beyond element max × scale the element was clipped; the product is exact (at most 7 + 28 bits).
    const double clip = spec.element_max * scale;
    double signal = 0, noise = 0, worst = 0;
    const std::size_t end = std::min(values.size(), (b + 1) * size);
    block.amax = block_amax(values.subspan(b * size, end - b * size));
    for (std::size_t i = b * size; i < end; ++i) {
      QuantizedElement e{};
      const double input = static_cast<double>(values[i]);
      e.input = values[i];
      e.code = codes[i];
      e.value = std::isnan(scale) ? kNaN : block_element_value(f, codes[i]);
      e.dequantized = std::isnan(scale) ? kNaN : e.value * scale;
      e.scaled = input / scale;
      e.direction = std::isnan(e.dequantized) || e.dequantized == input ? RoundDirection::exact
                    : e.dequantized > input                             ? RoundDirection::up
                                                                        : RoundDirection::down;
      // Also saturated: a value that rounds up past float32's largest (ceil, even and rceil near 2^128: 4 · 2^126
      // for 3.4e38 in mxfp4_e2m1), whose float32 dequantization is ±Inf; torchao's to_mx picks the same scale and
      // code and its to_dtype gives that Inf (mx_tensor.py at 050515e8a09c3fcad27b5fac7ad1c742f13c97f3).
      e.saturated = std::fabs(input) > clip || std::fabs(e.dequantized) > std::numeric_limits<float>::max();
      e.flushed = values[i] != 0.0f && e.dequantized == 0.0;
      e.error = e.dequantized - input;
      const double error = -e.error;
      signal += input * input;
      noise += error * error;
      worst = std::max(worst, std::fabs(error));
      block.error.saturated += e.saturated ? 1 : 0;
      block.error.flushed += e.flushed ? 1 : 0;
      block.elements.push_back(e);
    }
    if (std::isnan(scale)) {
      block.error.mse = block.error.sqnr_db = block.error.max_abs_error = kNaN;
      block.error.signal = block.error.noise = kNaN;
      block.error.saturated = block.error.flushed = 0;
      continue;
    }
    block.error.signal = signal;
    block.error.noise = noise;
    block.error.mse = noise / static_cast<double>(block.elements.size());
    block.error.max_abs_error = worst;
    block.error.sqnr_db = signal_to_noise_db(signal, noise);
  }
  return blocks;
}

}  // namespace typelattice
