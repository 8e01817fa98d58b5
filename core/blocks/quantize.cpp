// Quantizing float32 values to block formats and back: the bulk path, and one block in full with its error.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "typelattice/block_formats.h"

namespace typelattice {
namespace {

constexpr CastOptions kNearestEvenSaturating{true, RoundMode::nearest_even};

Error bad_value(std::string message) { return Error{ErrorKind::bad_value, std::move(message), {}}; }

// MXINT8's element: q = RNE(y) clipped to ±127, as its two's complement byte. |y| is clipped to 128 first, which
// changes no result, so that the arithmetic below is exact.
std::uint32_t int8_code(double y) {
  const double clipped = std::clamp(y, -128.0, 128.0);
  double q = std::floor(clipped);
  const double rest = clipped - q;
  if (rest > 0.5 || (rest == 0.5 && std::fmod(q, 2.0) != 0.0)) q += 1.0;
  q = std::clamp(q, -127.0, 127.0);
  return static_cast<std::uint8_t>(static_cast<std::int8_t>(q));
}

// The product the elements of a block are divided by: 2^E for MX, s · t for NVFP4 (exact: 4 + 24 bits).
double total_scale(BlockFormat f, std::uint32_t scale_code, float tensor_scale) {
  return block_scale_value(f, scale_code) * static_cast<double>(tensor_scale);
}

// One element of a finite-scale MXINT8 or NVFP4 block. MXINT8: 64 · V / 2^E is exact in double (a float32 times
// a power of two within double's range), so it is rounded once. NVFP4: V / (s t) is rounded once to double, and
// 53 >= 2 · 2 + 2 bits makes the second rounding, to E2M1, give RNE of the exact quotient (Figueroa, "When is
// double rounding innocuous?", SIGNUM Newsletter 30(3), 1995); clipping at ±6 is exact since 6 is a double.
std::uint32_t element_code(const BlockFormatSpec& spec, float value, double scale) {
  const double quotient = static_cast<double>(value) / scale;
  if (!spec.element) return int8_code(quotient * 64.0);
  return encode(*spec.element, quotient, kNearestEvenSaturating);
}

Result<bool> check_tensor_scale(BlockFormat f, float tensor_scale) {
  if (f != BlockFormat::nvfp4 && tensor_scale != 1.0f)
    return bad_value("a per-tensor scale applies to nvfp4 only");
  if (!(tensor_scale > 0.0f) || std::isinf(tensor_scale))
    return bad_value("the per-tensor scale must be a positive finite float32");
  return true;
}

Result<bool> check_options(BlockFormat f, const BlockOptions& options) {
  if (!has_scale_mode(f, options.scale_mode)) {
    return bad_value("scale mode '" + std::string(scale_mode_name(options.scale_mode)) + "' does not apply to " +
                     std::string(block_format_name(f)));
  }
  return check_tensor_scale(f, options.tensor_scale);
}

float block_amax(std::span<const float> block) {
  float amax = 0.0f;
  for (const float v : block) {
    const float magnitude = std::fabs(v);
    if (!(magnitude <= amax)) amax = magnitude;  // NaN sticks: nothing compares above it
    if (std::isnan(amax)) break;
  }
  return amax;
}

template <class Out>
Result<std::size_t> dequantize_into(BlockFormat f, std::span<const std::uint8_t> scales,
                                    std::span<const std::uint8_t> codes, std::span<Out> values, float tensor_scale) {
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::size_t blocks = block_count(f, codes.size());
  if (scales.size() < blocks) {
    return bad_value(std::to_string(codes.size()) + " codes of " + std::string(spec.name) + " need " +
                     std::to_string(blocks) + " scales; got " + std::to_string(scales.size()));
  }
  if (values.size() < codes.size()) return bad_value("the output is shorter than the codes");
  if (const Result<bool> checked = check_tensor_scale(f, tensor_scale); !checked) return checked.error();
  const std::uint32_t limit = 1u << spec.element_bits;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    if (codes[i] >= limit) {
      return bad_value("code " + std::to_string(codes[i]) + " (element " + std::to_string(i) + ") does not fit " +
                       std::to_string(spec.element_bits) + "-bit elements of " + std::string(spec.name));
    }
  }
  std::array<double, 256> element_values{};  // every code's value, decoded once
  for (std::uint32_t code = 0; code < limit; ++code) element_values[code] = block_element_value(f, code);
  const auto size = static_cast<std::size_t>(spec.block_size);
  for (std::size_t b = 0; b < blocks; ++b) {
    const double scale = total_scale(f, scales[b], tensor_scale);
    const std::size_t end = std::min(codes.size(), (b + 1) * size);
    for (std::size_t i = b * size; i < end; ++i) {
      // Exact: an element value (at most 7 significant bits) times the scale (a power of two, or 28 bits).
      const double value = std::isnan(scale) ? scale : element_values[codes[i]] * scale;
      values[i] = static_cast<Out>(value);
    }
  }
  return blocks;
}

}  // namespace

Result<std::size_t> quantize_blocks(BlockFormat f, const BlockOptions& options, std::span<const float> values,
                                    std::span<std::uint8_t> scales, std::span<std::uint8_t> codes, Isa isa) {
  if (const Result<bool> checked = check_options(f, options); !checked) return checked.error();
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::size_t blocks = block_count(f, values.size());
  if (scales.size() < blocks || codes.size() < values.size()) {
    return bad_value(std::to_string(values.size()) + " values of " + std::string(spec.name) + " need " +
                     std::to_string(blocks) + " scales and " + std::to_string(values.size()) + " codes");
  }
  // MX float elements go through the bulk cast kernels (bit-exact with encode) on V · 2^-E in float32. That product
  // is the exact quotient when it is 2^-126 or more in magnitude (a float32 times a power of two, below
  // 2^(emax_elem + 1) since every mode has E >= floor(log2 amax) - emax_elem); below, the exact quotient and its
  // float32 rounding both lie under a quarter of every element format's smallest subnormal (2^-16 at least), so
  // both round to the zero of their common sign. A NaN-scale block is written as zeros: element codes 0.
  const bool through_kernels = spec.power_of_two_scale() && spec.element.has_value();
  std::vector<float> scaled(through_kernels ? values.size() : 0);
  const auto size = static_cast<std::size_t>(spec.block_size);
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::span<const float> block = values.subspan(b * size, std::min(size, values.size() - b * size));
    const float amax = block_amax(block);
    const std::uint32_t scale_code = block_scale_code(f, options, amax);
    scales[b] = static_cast<std::uint8_t>(scale_code);
    if (through_kernels) {
      float* out = scaled.data() + b * size;
      if (!std::isfinite(amax)) {
        std::fill(out, out + block.size(), 0.0f);
        continue;
      }
      const float factor = std::ldexp(1.0f, 127 - static_cast<int>(scale_code));
      for (std::size_t i = 0; i < block.size(); ++i) out[i] = block[i] * factor;
      continue;
    }
    std::uint8_t* out = codes.data() + b * size;
    if (!std::isfinite(amax)) {
      std::fill(out, out + block.size(), std::uint8_t{0});
      continue;
    }
    const double scale = total_scale(f, scale_code, options.tensor_scale);
    for (std::size_t i = 0; i < block.size(); ++i) out[i] = static_cast<std::uint8_t>(element_code(spec, block[i], scale));
  }
  if (through_kernels) cast_from_float32(*spec.element, scaled, codes.first(values.size()), kNearestEvenSaturating, isa);
  return blocks;
}

Result<std::size_t> dequantize_blocks(BlockFormat f, std::span<const std::uint8_t> scales,
                                      std::span<const std::uint8_t> codes, std::span<double> values,
                                      float tensor_scale) {
  return dequantize_into(f, scales, codes, values, tensor_scale);
}

Result<std::size_t> dequantize_blocks(BlockFormat f, std::span<const std::uint8_t> scales,
                                      std::span<const std::uint8_t> codes, std::span<float> values,
                                      float tensor_scale) {
  return dequantize_into(f, scales, codes, values, tensor_scale);
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
      e.saturated = std::fabs(input) > clip;
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
      block.error.saturated = block.error.flushed = 0;
      continue;
    }
    block.error.mse = noise / static_cast<double>(block.elements.size());
    block.error.max_abs_error = worst;
    block.error.sqnr_db = noise == 0 ? std::numeric_limits<double>::infinity() : 10.0 * std::log10(signal / noise);
  }
  return blocks;
}

}  // namespace typelattice
