// Block quantization by the definitions (see reference.h).
#include "core/blocks/reference.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace typelattice::block_reference {
namespace {

// The non-negative values an element code can take, with their codes, ascending (codes 0 .. 2^(bits-1) - 1 of
// every element format here: the sign is the top bit of the minifloats and of MXINT8's two's complement).
struct Magnitudes {
  std::vector<double> values;
  std::vector<std::uint32_t> codes;
};

Magnitudes magnitudes(const BlockFormatSpec& spec) {
  Magnitudes m;
  for (std::uint32_t code = 0; code < (1u << (spec.element_bits - 1)); ++code) {
    const double v = block_element_value(spec.id, code);
    if (std::isfinite(v)) {
      m.values.push_back(v);
      m.codes.push_back(code);
    }
  }
  return m;
}

// Index of the value nearest to magnitude / scale, comparing magnitude with midpoint · scale (exact).
std::size_t nearest_index(const std::vector<double>& values, const std::vector<std::uint32_t>& codes,
                          double magnitude, double scale) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < values.size(); ++i) {
    const double threshold = (values[i - 1] + values[i]) / 2 * scale;
    if (magnitude > threshold) {
      best = i;
    } else {
      if (magnitude == threshold && codes[i] % 2 == 0) best = i;
      break;
    }
  }
  return best;
}

}  // namespace

int mx_scale_exponent(const BlockFormatSpec& spec, ScaleMode mode, double amax) {
  const double even_factor = 1.0 - std::ldexp(1.0, -(spec.element_mantissa_bits + 2));
  std::optional<int> found;
  for (int e = -127; e <= 127; ++e) {
    const double power = std::ldexp(1.0, e + spec.emax_elem);
    switch (mode) {
      case ScaleMode::floor: if (power <= amax) found = e; break;
      case ScaleMode::even: if (power * even_factor <= amax) found = e; break;
      case ScaleMode::ceil: if (!found && power >= amax) found = e; break;
      default: if (!found && std::ldexp(spec.element_max, e) >= amax) found = e; break;
    }
  }
  const bool smallest_wanted = mode == ScaleMode::ceil || mode == ScaleMode::rceil;
  return found.value_or(smallest_wanted ? 127 : -127);
}

std::uint32_t nvfp4_scale_code(double amax, float tensor_scale) {
  Magnitudes scales;  // float8_e4m3fn's positive values: codes 0x01 .. 0x7e
  for (std::uint32_t code = 1; code <= 0x7e; ++code) {
    scales.values.push_back(decode_to_float64(Format::float8_e4m3fn, code));
    scales.codes.push_back(code);
  }
  return scales.codes[nearest_index(scales.values, scales.codes, amax, 6.0 * static_cast<double>(tensor_scale))];
}

std::uint32_t nearest_element_code(const BlockFormatSpec& spec, double value, double scale) {
  const Magnitudes m = magnitudes(spec);
  const std::size_t i = nearest_index(m.values, m.codes, std::fabs(value), scale);
  const std::uint32_t code = m.codes[i];
  if (!std::signbit(value)) return code;
  if (!spec.element) return static_cast<std::uint8_t>(-static_cast<int>(code));  // two's complement, 0 stays 0
  return code | (1u << (spec.element_bits - 1));
}

Quantized quantize(BlockFormat f, const BlockOptions& options, std::span<const float> values) {
  const BlockFormatSpec& spec = block_format_spec(f);
  Quantized out;
  const auto size = static_cast<std::size_t>(spec.block_size);
  for (std::size_t start = 0; start < values.size(); start += size) {
    const std::span<const float> block = values.subspan(start, std::min(size, values.size() - start));
    double amax = 0;
    bool special = false;
    for (const float v : block) {
      special = special || !std::isfinite(v);
      amax = std::max(amax, std::fabs(static_cast<double>(v)));
    }
    if (special) {
      out.scales.push_back(spec.power_of_two_scale() ? 0xff : 0x7f);
      out.codes.insert(out.codes.end(), block.size(), 0);
      continue;
    }
    double scale;
    if (spec.power_of_two_scale()) {
      const int e = mx_scale_exponent(spec, options.scale_mode, amax);
      out.scales.push_back(static_cast<std::uint8_t>(e + 127));
      scale = std::ldexp(1.0, e);
    } else {
      const std::uint32_t code = nvfp4_scale_code(amax, options.tensor_scale);
      out.scales.push_back(static_cast<std::uint8_t>(code));
      scale = decode_to_float64(Format::float8_e4m3fn, code) * static_cast<double>(options.tensor_scale);
    }
    for (const float v : block) out.codes.push_back(static_cast<std::uint8_t>(nearest_element_code(spec, v, scale)));
  }
  return out;
}

}  // namespace typelattice::block_reference
