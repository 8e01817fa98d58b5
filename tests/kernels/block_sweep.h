// The sweep of the block kernels: every float32 bit pattern (thinned by a stride) in blocks, on every
// instruction set available, against a second scalar implementation (block_scale_code, and each element as the
// element codec's rounding of the double quotient); and at every scale (every E8M0 exponent, every NVFP4 scale
// code) each element value, midpoint and the floats beside them, against the reference by the definitions
// (core/blocks/reference.h); and dequantizing every code at every scale. No test framework: the native gtest
// and the wasm sweep (under node) share it.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "core/blocks/reference.h"
#include "tests/kernels/cast_sweep.h"
#include "typelattice/block_formats.h"

namespace typelattice::test {

// Every mode a format takes; NVFP4 also with a tensor scale whose products with the scales are not float32s.
inline std::vector<BlockOptions> block_sweep_options(const BlockFormatSpec& spec) {
  if (!spec.power_of_two_scale()) {
    return {BlockOptions{ScaleMode::nearest, 1.0f}, BlockOptions{ScaleMode::nearest, 0.37f}};
  }
  return {BlockOptions{ScaleMode::floor}, BlockOptions{ScaleMode::ceil}, BlockOptions{ScaleMode::even},
          BlockOptions{ScaleMode::rceil}};
}

// The second implementation: the scale by block_scale_code, each element rounded from V / scale in double
// (exact for a power of two; for NVFP4 one rounding, and 53 >= 2 · 2 + 2 bits makes E2M1's rounding of it
// correct: Figueroa, "When is double rounding innocuous?", SIGNUM Newsletter 30(3), 1995).
inline void scalar_quantize(BlockFormat f, const BlockOptions& o, const std::vector<float>& in,
                            std::vector<std::uint8_t>& scales, std::vector<std::uint8_t>& codes) {
  const BlockFormatSpec& spec = block_format_spec(f);
  const auto size = static_cast<std::size_t>(spec.block_size);
  scales.assign(block_count(f, in.size()), 0);
  codes.assign(in.size(), 0);
  for (std::size_t b = 0; b * size < in.size(); ++b) {
    const std::size_t end = std::min(in.size(), (b + 1) * size);
    float amax = 0.0f;
    for (std::size_t i = b * size; i < end; ++i) {
      const float m = std::fabs(in[i]);
      if (!(m <= amax)) amax = m;
      if (std::isnan(amax)) break;  // NaN sticks
    }
    const std::uint32_t scale_code = block_scale_code(f, o, amax);
    scales[b] = static_cast<std::uint8_t>(scale_code);
    if (!std::isfinite(amax)) continue;
    const double scale = block_scale_value(f, scale_code) * static_cast<double>(o.tensor_scale);
    for (std::size_t i = b * size; i < end; ++i) {
      const double quotient = static_cast<double>(in[i]) / scale;
      if (spec.element) {
        const CastOptions nearest_even_saturating{true, RoundMode::nearest_even};
        codes[i] = static_cast<std::uint8_t>(encode(*spec.element, quotient, nearest_even_saturating));
      } else {
        const double q = std::clamp(std::nearbyint(quotient * 64.0), -127.0, 127.0);
        codes[i] = static_cast<std::uint8_t>(static_cast<std::int8_t>(q));
      }
    }
  }
}

inline void compare_blocks(BlockFormat f, const BlockOptions& o, const std::vector<float>& in,
                           const std::vector<std::uint8_t>& want_scales, const std::vector<std::uint8_t>& want_codes,
                           SweepReport& report) {
  std::vector<std::uint8_t> scales(want_scales.size()), codes(in.size());
  for (Isa isa : available_isas()) {
    (void)quantize_blocks(f, o, in, scales, codes, isa);
    for (std::size_t i = 0; i < in.size(); ++i) {
      const std::size_t b = i / static_cast<std::size_t>(block_format_spec(f).block_size);
      if (codes[i] == want_codes[i] && scales[b] == want_scales[b]) continue;
      ++report.mismatches;
      if (report.first.size() < 8) {
        char line[240];
        std::snprintf(line, sizeof line,
                      "%s %s %s t=%g: element %zu 0x%08x -> scale 0x%02x code 0x%02x, want 0x%02x 0x%02x",
                      std::string(block_format_name(f)).c_str(), std::string(scale_mode_name(o.scale_mode)).c_str(),
                      std::string(isa_name(isa)).c_str(), static_cast<double>(o.tensor_scale), i,
                      bits_from_float(in[i]), scales[b], codes[i], want_scales[b], want_codes[i]);
        report.first.emplace_back(line);
      }
    }
    report.checked += in.size();
  }
}

// Blocks of consecutive swept patterns, the j-th of each batch times 2^-(j mod 24) so that a block's elements
// span its codes down to zero; batches end in a short block. The default mode sees every pattern, the others a
// 17 times sparser sweep each from its own offset (as the cast sweep).
inline void sweep_float32_blocks(BlockFormat f, std::uint64_t stride, SweepReport& report) {
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::vector<BlockOptions> options = block_sweep_options(spec);
  constexpr std::size_t kBatch = (1 << 16) - 5;
  std::vector<float> batch;
  std::vector<std::uint8_t> scales, codes;
  for (std::size_t m = 0; m < options.size(); ++m) {
    const std::uint64_t step = m == 0 ? stride : stride * 17;
    for (std::uint64_t bits = m == 0 ? 0 : (m * stride) % step; bits < (std::uint64_t{1} << 32); bits += step) {
      const float x = float_from_bits(static_cast<std::uint32_t>(bits));
      batch.push_back(x * std::ldexp(1.0f, -static_cast<int>(batch.size() % 24)));
      if (batch.size() == kBatch || bits + step >= (std::uint64_t{1} << 32)) {
        scalar_quantize(f, options[m], batch, scales, codes);
        compare_blocks(f, options[m], batch, scales, codes, report);
        batch.clear();
      }
    }
  }
}

// At every scale: a block's first value sets it (element max times the scale), the rest are each element value,
// each midpoint, the floats beside them and their negatives, times the scale, against the reference.
inline void sweep_every_scale(BlockFormat f, SweepReport& report) {
  const BlockFormatSpec& spec = block_format_spec(f);
  std::vector<double> magnitudes;
  for (std::uint32_t code = 0; code < (1u << (spec.element_bits - 1)); ++code) {
    const double v = block_element_value(f, code);
    if (std::isfinite(v)) magnitudes.push_back(v);
  }
  std::sort(magnitudes.begin(), magnitudes.end());
  std::vector<double> unit(magnitudes);
  for (std::size_t i = 1; i < magnitudes.size(); ++i) unit.push_back((magnitudes[i - 1] + magnitudes[i]) / 2);
  std::vector<double> scale_values;
  if (spec.power_of_two_scale()) {
    for (int e = -127; e <= 127; ++e) scale_values.push_back(std::ldexp(1.0, e));
  } else {
    for (std::uint32_t code = 1; code <= 0x7e; ++code) {
      scale_values.push_back(decode_to_float64(Format::float8_e4m3fn, code));
    }
  }
  const auto size = static_cast<std::size_t>(spec.block_size);
  for (const BlockOptions& o : block_sweep_options(spec)) {
    for (const double s : scale_values) {
      const double scale = s * static_cast<double>(o.tensor_scale);
      const double first = std::min(spec.element_max * scale, static_cast<double>(std::numeric_limits<float>::max()));
      std::vector<float> values;
      for (const double u : unit) {
        const double x = u * scale;
        if (x > static_cast<double>(std::numeric_limits<float>::max())) continue;
        const auto v = static_cast<float>(x);
        for (const float w : {v, std::nextafter(v, 0.0f), std::nextafter(v, 1e38f), -v}) {
          if (values.size() % size == 0) values.push_back(static_cast<float>(first));
          values.push_back(w);
        }
      }
      const block_reference::Quantized want = block_reference::quantize(f, o, values);
      compare_blocks(f, o, values, want.scales, want.codes, report);
    }
  }
}

// Dequantizing to float32 (best_isa()'s kernel) every element code at every scale code, against the exact double
// path rounded once, bit for bit (NaN too).
inline void sweep_dequantize(BlockFormat f, SweepReport& report) {
  const BlockFormatSpec& spec = block_format_spec(f);
  const auto size = static_cast<std::size_t>(spec.block_size);
  const std::uint32_t per_element = 1u << spec.element_bits;
  std::vector<std::uint8_t> scales, codes;
  for (std::uint32_t scale = 0; scale < 256; ++scale) {
    for (std::uint32_t c = 0; c < per_element; c += static_cast<std::uint32_t>(size)) {
      scales.push_back(static_cast<std::uint8_t>(scale));
      for (std::size_t j = 0; j < size; ++j) codes.push_back(static_cast<std::uint8_t>((c + j) % per_element));
    }
  }
  for (const BlockOptions& o : block_sweep_options(spec)) {
    std::vector<double> exact(codes.size());
    std::vector<float> got(codes.size());
    (void)dequantize_blocks(f, scales, codes, exact, o.tensor_scale);
    (void)dequantize_blocks(f, scales, codes, got, o.tensor_scale);
    for (std::size_t i = 0; i < codes.size(); ++i) {
      const std::uint32_t want = bits_from_float(static_cast<float>(exact[i]));
      if (bits_from_float(got[i]) != want) {
        ++report.mismatches;
        if (report.first.size() < 8) {
          char line[160];
          std::snprintf(line, sizeof line, "%s dequantize t=%g: scale 0x%02x code 0x%02x -> 0x%08x, want 0x%08x",
                        std::string(spec.name).c_str(), static_cast<double>(o.tensor_scale), scales[i / size],
                        codes[i], bits_from_float(got[i]), want);
          report.first.emplace_back(line);
        }
      }
    }
    report.checked += codes.size();
  }
}

inline SweepReport sweep_block_format(BlockFormat f, std::uint64_t stride) {
  SweepReport report;
  sweep_dequantize(f, report);
  sweep_every_scale(f, report);
  sweep_float32_blocks(f, stride, report);
  return report;
}

}  // namespace typelattice::test
