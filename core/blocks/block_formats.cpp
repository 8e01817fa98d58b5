// The block formats as data, their names, and the rules that pick a block's scale.
#include "typelattice/block_formats.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "core/base/ascii_text.h"
#include "core/base/unknown_name.h"
#include "typelattice/display_text.h"

namespace typelattice {
namespace {

// OCP Microscaling Formats (MX) Specification v1.0, §5 (the concrete formats: k = 32 elements, an E8M0 scale;
// MXINT8's elements are 8-bit two's complement with an implicit scale of 2^-6), https://www.opencompute.org/
// documents/ocp-microscaling-formats-mx-v1-0-spec-final-pdf. NVFP4: 16 E2M1 elements per E4M3 scale, NVIDIA's
// "Introducing NVFP4" (https://developer.nvidia.com/blog/introducing-nvfp4-for-efficient-and-accurate-low-precision-inference/).
constexpr std::array<BlockFormatSpec, kBlockFormatCount> kBlockFormats{{
    {BlockFormat::mxfp8_e4m3, "mxfp8_e4m3", Format::float8_e4m3fn, Format::float8_e8m0fnu, 32, 8, 8, 3, 448.0,
     ScaleMode::floor},
    {BlockFormat::mxfp8_e5m2, "mxfp8_e5m2", Format::float8_e5m2, Format::float8_e8m0fnu, 32, 8, 15, 2, 57344.0,
     ScaleMode::floor},
    {BlockFormat::mxfp6_e3m2, "mxfp6_e3m2", Format::float6_e3m2fn, Format::float8_e8m0fnu, 32, 6, 4, 2, 28.0,
     ScaleMode::floor},
    {BlockFormat::mxfp6_e2m3, "mxfp6_e2m3", Format::float6_e2m3fn, Format::float8_e8m0fnu, 32, 6, 2, 3, 7.5,
     ScaleMode::floor},
    {BlockFormat::mxfp4_e2m1, "mxfp4_e2m1", Format::float4_e2m1fn, Format::float8_e8m0fnu, 32, 4, 2, 1, 6.0,
     ScaleMode::floor},
    {BlockFormat::mxint8, "mxint8", std::nullopt, Format::float8_e8m0fnu, 32, 8, 0, 6, 127.0 / 64.0, ScaleMode::floor},
    {BlockFormat::nvfp4, "nvfp4", Format::float4_e2m1fn, Format::float8_e4m3fn, 16, 4, 2, 1, 6.0, ScaleMode::nearest},
}};

constexpr std::array<std::string_view, 5> kScaleModeNames{"floor", "ceil", "even", "rceil", "nearest"};

// NVFP4's block scale is clamped to [2^-9, 448] (the smallest positive and the largest float8_e4m3fn) before
// rounding, so that a block never gets a zero scale.
constexpr double kNvfp4MinScale = 0x1p-9;
constexpr double kNvfp4MaxScale = 448.0;
constexpr int kMinScaleExponent = -127, kMaxScaleExponent = 127;

// The E8M0 exponent of an MX block from a finite amax > 0 (before clamping). std::ilogb is floor(log2 amax) for
// every positive float, subnormals included.
int mx_exponent(const BlockFormatSpec& spec, ScaleMode mode, float amax) {
  const int k = std::ilogb(amax);
  switch (mode) {
    case ScaleMode::ceil:
      return k + (amax != std::ldexp(1.0f, k) ? 1 : 0) - spec.emax_elem;
    case ScaleMode::even: {
      // amax rounded to 1 + mantissa bits significant bits, ties away, reaches the next binade iff its
      // significand is at least 2 - 2^-(mantissa bits + 1).
      const double significand = std::ldexp(static_cast<double>(amax), -k);
      const bool next_binade = significand >= 2.0 - std::ldexp(1.0, -(spec.element_mantissa_bits + 1));
      return k + (next_binade ? 1 : 0) - spec.emax_elem;
    }
    case ScaleMode::rceil: {
      // amax / max_elem lies in (2^(k - m - 1), 2^(k - m + 1)) with m = ilogb(max_elem): the smallest E with
      // max_elem · 2^E >= amax is above k - m - 1 and found within two steps; each product is exact.
      int e = k - std::ilogb(spec.element_max) - 1;
      while (std::ldexp(spec.element_max, e) < static_cast<double>(amax)) ++e;
      return e;
    }
    default:
      return k - spec.emax_elem;
  }
}

}  // namespace

std::span<const BlockFormatSpec> block_formats() { return kBlockFormats; }

const BlockFormatSpec& block_format_spec(BlockFormat f) { return kBlockFormats[static_cast<std::size_t>(f)]; }

std::string_view block_format_name(BlockFormat f) { return block_format_spec(f).name; }

Result<BlockFormat> parse_block_format(std::string_view name) {
  const std::string_view text = ascii::trim(name);
  std::array<std::string_view, kBlockFormatCount> names{};
  for (const BlockFormatSpec& spec : kBlockFormats) {
    if (ascii::equal_ignoring_case(text, spec.name)) return spec.id;
    names[static_cast<std::size_t>(spec.id)] = spec.name;
  }
  return unknown_name_error("block format", text, names);
}

std::string_view scale_mode_name(ScaleMode m) { return kScaleModeNames[static_cast<std::size_t>(m)]; }

Result<ScaleMode> parse_scale_mode(std::string_view name) {
  const std::string_view text = ascii::trim(name);
  for (std::size_t i = 0; i < kScaleModeNames.size(); ++i)
    if (ascii::equal_ignoring_case(text, kScaleModeNames[i])) return static_cast<ScaleMode>(i);
  return unknown_name_error("scale mode", text, kScaleModeNames);
}

bool has_scale_mode(BlockFormat f, ScaleMode m) {
  return block_format_spec(f).power_of_two_scale() == (m != ScaleMode::nearest);
}

float nvfp4_tensor_scale(std::span<const float> values) {
  float amax = 0.0f;
  for (const float v : values)
    if (std::isfinite(v)) amax = std::max(amax, std::fabs(v));
  // amax / 2688 in double is one rounding of the exact quotient, and 53 >= 2 · 24 + 2 bits makes the second
  // rounding, to float32, give the correctly rounded float32 (Figueroa, "When is double rounding innocuous?",
  // SIGNUM Newsletter 30(3), 1995).
  const float t = static_cast<float>(static_cast<double>(amax) / (448.0 * 6.0));
  return std::max(t, 0x1p-149f);
}

Result<BlockOptions> block_options(BlockFormat f, std::optional<ScaleMode> mode, bool tensor_scale,
                                   std::span<const float> values) {
  const BlockFormatSpec& spec = block_format_spec(f);
  BlockOptions options;
  options.scale_mode = mode.value_or(spec.default_scale_mode);
  if (!has_scale_mode(f, options.scale_mode)) {
    if (spec.power_of_two_scale()) {
      return bad_value_error("scale mode 'nearest' is nvfp4's; " + std::string(spec.name) +
                             " (an E8M0 scale) takes floor, ceil, even or rceil");
    }
    return bad_value_error("scale mode '" + std::string(scale_mode_name(options.scale_mode)) +
                           "' applies to the MX formats (E8M0 scales); nvfp4's scale is always 'nearest': "
                           "float8_e4m3fn(RNE(amax / 6))");
  }
  if (tensor_scale) {
    if (!spec.takes_tensor_scale()) {
      return bad_value_error("a per-tensor scale applies to nvfp4 only; " + std::string(spec.name) +
                             " scales each block by a power of two");
    }
    options.tensor_scale = nvfp4_tensor_scale(values);
  }
  return options;
}

Result<BlockOptions> block_options(BlockFormat f, std::optional<ScaleMode> mode, float tensor_scale) {
  const Result<BlockOptions> checked = block_options(f, mode, true, {});
  if (!checked) return checked;
  BlockOptions options = *checked;
  options.tensor_scale = tensor_scale;
  return options;
}

double signal_to_noise_db(double signal, double noise) {
  return noise == 0 ? std::numeric_limits<double>::infinity() : 10.0 * std::log10(signal / noise);
}

std::size_t block_count(BlockFormat f, std::size_t count) {
  const auto size = static_cast<std::size_t>(block_format_spec(f).block_size);
  return count / size + (count % size != 0 ? 1 : 0);
}

std::uint32_t block_scale_code(BlockFormat f, const BlockOptions& options, float amax) {
  const BlockFormatSpec& spec = block_format_spec(f);
  // NaN or ±Inf in the block: floor(log2 amax) is not an exponent E8M0 holds, so the scale is NaN, as in
  // microsoft/microxcaling's mx/mx_ops.py (_shared_exponents, 7bc41952de394f5cc5e782baf132e7c7542eb4e4) and
  // torchao's to_mx (mx_tensor.py at 36027d82d1ad9949597ea16002ff4940374b1b94); NVFP4 does the same for one rule.
  if (!std::isfinite(amax)) return spec.power_of_two_scale() ? 0xffu : 0x7fu;
  if (!spec.power_of_two_scale()) {
    // amax / (6 t): 6 t is exact (26 bits), the double quotient one rounding of the exact one, and 53 >= 2 · 4 + 2
    // makes rounding it again to float8_e4m3fn's 4 bits correct (Figueroa 1995, as above). Clamping first is
    // exact: 2^-9 and 448 are doubles.
    const double quotient = static_cast<double>(amax) / (6.0 * static_cast<double>(options.tensor_scale));
    const double clamped = std::clamp(quotient, kNvfp4MinScale, kNvfp4MaxScale);
    return encode(spec.scale, clamped, CastOptions{true, RoundMode::nearest_even});
  }
  const int e = amax == 0.0f ? kMinScaleExponent : mx_exponent(spec, options.scale_mode, amax);
  return static_cast<std::uint32_t>(std::clamp(e, kMinScaleExponent, kMaxScaleExponent) + 127);
}

double block_scale_value(BlockFormat f, std::uint32_t scale_code) {
  return decode_to_float64(block_format_spec(f).scale, scale_code & 0xffu);
}

double block_element_value(BlockFormat f, std::uint32_t element_code) {
  const BlockFormatSpec& spec = block_format_spec(f);
  const std::uint32_t code = element_code & ((1u << spec.element_bits) - 1u);
  if (!spec.element) return static_cast<double>(static_cast<std::int8_t>(static_cast<std::uint8_t>(code))) / 64.0;
  return decode_to_float64(*spec.element, code);
}

}  // namespace typelattice
