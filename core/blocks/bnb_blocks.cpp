// bitsandbytes' NF4 and FP4 blocks: quantize_4bit and dequantize_4bit of its default backend
// (bitsandbytes/backends/default/ops.py at the commit docs/formats.md names), float32 operation by operation.
#include "typelattice/bnb_blocks.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/ascii_text.h"
#include "core/base/unknown_name.h"
#include "core/kernels/block_params.h"

namespace typelattice {
namespace {

constexpr std::array<BnbBlockSpec, kBnbBlockTypeCount> kBnbBlockTypes{{
    {BnbBlockType::nf4, "nf4", "nf4", kNf4Values},
    {BnbBlockType::fp4, "bnb_fp4", "fp4", kBnbFp4Values},
}};

// bitsandbytes rounds by torch.bucketize over the midpoints of the sorted table: `order` is the table's codes by
// value (argsort; FP4's +0 at index 0 sorts before its -0 at index 8), `bounds[i]` the float32 midpoint of the
// values at order[i] and order[i + 1].
struct SortedTable {
  std::array<std::uint8_t, 16> order{};
  std::array<float, 15> bounds{};
};

constexpr SortedTable sorted_table(const std::array<float, 16>& values) {
  SortedTable s;
  for (std::uint8_t i = 0; i < 16; ++i) s.order[i] = i;
  for (std::size_t i = 1; i < 16; ++i)  // insertion sort: stable, equal values keep their code order
    for (std::size_t j = i; j > 0 && values[s.order[j]] < values[s.order[j - 1]]; --j)
      std::swap(s.order[j], s.order[j - 1]);
  for (std::size_t i = 0; i < 15; ++i) s.bounds[i] = (values[s.order[i]] + values[s.order[i + 1]]) / 2.0f;
  return s;
}
constexpr std::array<SortedTable, kBnbBlockTypeCount> kSorted{sorted_table(kNf4Values), sorted_table(kBnbFp4Values)};

// The same table for the kernels (block_params.h): each midpoint's float32 bits ordered as the floats are (a zero
// midpoint as +0, so that -0 stays at or below it), and the code steps between neighbouring buckets.
constexpr kernels::BnbQuantizeParams kernel_params(const SortedTable& s) {
  kernels::BnbQuantizeParams p{};
  for (std::size_t k = 0; k < 15; ++k) {
    // The builtin behind std::bit_cast, which the libc++ of Debian's Emscripten 3.1.6 lacks.
    const auto bits = __builtin_bit_cast(std::uint32_t, s.bounds[k] == 0.0f ? 0.0f : s.bounds[k]);
    p.bound_keys[k] = static_cast<std::int32_t>(bits & 0x80000000u ? bits ^ 0x7FFFFFFFu : bits);
    p.code_steps[k] = static_cast<std::uint32_t>(s.order[k + 1]) - s.order[k];
  }
  p.first_code = s.order[0];
  p.nan_code = s.order[15];
  return p;
}
constexpr std::array<kernels::BnbQuantizeParams, kBnbBlockTypeCount> kKernelParams{kernel_params(kSorted[0]),
                                                                                  kernel_params(kSorted[1])};
static_assert(kernels::kBnbKernelBlock == static_cast<std::size_t>(kBnbBlockSize));
// Every midpoint inside (-1, 1), so that the kernels may leave out torch.clamp to [-1, 1].
constexpr bool midpoints_inside_unit(const SortedTable& s) {
  for (const float bound : s.bounds)
    if (!(bound > -1.0f && bound < 1.0f)) return false;
  return true;
}
static_assert(midpoints_inside_unit(kSorted[0]) && midpoints_inside_unit(kSorted[1]));

// bitsandbytes' packing of `count` codes into (count + 1) / 2 bytes: element 2i in the high nibble, an odd
// count's last low nibble `pad`. Plain pointers, so that the compiler vectorizes the loop.
void pack_codes(const std::uint8_t* codes, std::size_t count, std::uint8_t pad, std::uint8_t* packed) {
  for (std::size_t j = 0; j < count / 2; ++j)
    packed[j] = static_cast<std::uint8_t>(codes[2 * j] << 4 | codes[2 * j + 1]);
  if (count % 2 == 1) packed[count / 2] = static_cast<std::uint8_t>(codes[count - 1] << 4 | pad);
}

// torch.clamp(x, -1, 1) lets NaN through.
float clamp_unit(float x) { return std::isnan(x) ? x : std::min(1.0f, std::max(-1.0f, x)); }

// torch's max over a block: NaN if any value is NaN.
float abs_max(std::span<const float> x) {
  float amax = 0.0f;
  for (const float v : x) {
    if (std::isnan(v)) return v;
    amax = std::max(amax, std::fabs(v));
  }
  return amax;
}

// torch.clamp(absmax, min=1e-38): keeps NaN; 1e-38 rounds to a float32 subnormal.
float at_least_tiny(float absmax) { return std::isnan(absmax) ? absmax : std::max(absmax, 1e-38f); }

}  // namespace

std::span<const BnbBlockSpec> bnb_block_types() { return kBnbBlockTypes; }

const BnbBlockSpec& bnb_block_spec(BnbBlockType t) { return kBnbBlockTypes[static_cast<std::size_t>(t)]; }

Result<BnbBlockType> parse_bnb_block_type(std::string_view name) {
  const std::string_view text = ascii::trim(name);
  std::array<std::string_view, kBnbBlockTypeCount> names{};
  for (const BnbBlockSpec& spec : kBnbBlockTypes) {
    if (ascii::equal_ignoring_case(text, spec.name)) return spec.id;
    names[static_cast<std::size_t>(spec.id)] = spec.name;
  }
  return unknown_name_error("bitsandbytes block type", text, names);
}

std::uint8_t bnb_code_of_scaled(BnbBlockType t, float scaled) {
  const SortedTable& s = kSorted[static_cast<std::size_t>(t)];
  // torch.bucketize (right=False): the first i with scaled <= bounds[i], else 15; NaN compares false throughout.
  std::size_t i = 0;
  if (std::isnan(scaled)) i = 15;
  else
    while (i < 15 && !(scaled <= s.bounds[i])) ++i;
  return s.order[i];
}

BnbBlock quantize_bnb_block(BnbBlockType t, std::span<const float> values, Isa isa) {
  BnbBlock b;
  b.count = static_cast<int>(std::min<std::size_t>(values.size(), kBnbBlockSize));
  const std::span<const float> x = values.first(static_cast<std::size_t>(b.count));
  if (const kernels::BnbQuantizeFn kernel = kernels::block_kernels(isa).quantize_bnb; kernel && b.count == kBnbBlockSize) {
    kernel(kKernelParams[static_cast<std::size_t>(t)], x.data(), 1, &b.absmax, b.q.data());
    return b;
  }
  const float amax = abs_max(x);
  const bool whole = b.count == kBnbBlockSize;
  // A whole block multiplies by the reciprocal and stores absmax as found; the last, partial block of a tensor
  // divides by absmax clamped to 1e-38 and stores the clamped value (quantize_4bit's two branches).
  b.absmax = whole ? amax : at_least_tiny(amax);
  const float inverse = 1.0f / at_least_tiny(amax);
  for (std::size_t j = 0; j < x.size(); ++j) {
    const float scaled = whole ? x[j] * inverse : x[j] / b.absmax;
    b.q[j] = bnb_code_of_scaled(t, clamp_unit(scaled));
  }
  return b;
}

float bnb_element_value(BnbBlockType t, float absmax, std::uint8_t code) {
  return bnb_block_spec(t).values[code & 0xf] * absmax;
}

std::size_t bnb_absmax_count(std::size_t count) { return (count + kBnbBlockSize - 1) / kBnbBlockSize; }
std::size_t bnb_packed_size(std::size_t count) { return (count + 1) / 2; }

Result<std::size_t> quantize_bnb_blocks(BnbBlockType t, std::span<const float> values, std::span<float> absmax,
                                        std::span<std::uint8_t> packed, Isa isa) {
  const std::string name(bnb_block_spec(t).name);
  if (values.empty()) return bad_value_error(name + " has no values to quantize");
  if (absmax.size() != bnb_absmax_count(values.size()) || packed.size() != bnb_packed_size(values.size()))
    return bad_value_error(std::to_string(values.size()) + " values take " +
                           std::to_string(bnb_absmax_count(values.size())) + " absmax floats and " +
                           std::to_string(bnb_packed_size(values.size())) + " bytes of " + name + " codes");
  std::size_t i = 0;
  // Whole blocks a few at a time through the kernel, their codes packed from a buffer on the stack.
  if (const kernels::BnbQuantizeFn kernel = kernels::block_kernels(isa).quantize_bnb) {
    constexpr std::size_t kBatch = 64;
    std::array<std::uint8_t, kBatch * kBnbBlockSize> codes;
    const std::size_t whole = values.size() / kBnbBlockSize;
    while (i < whole) {
      const std::size_t n = std::min(kBatch, whole - i), first = i * kBnbBlockSize;
      kernel(kKernelParams[static_cast<std::size_t>(t)], values.data() + first, n, absmax.data() + i, codes.data());
      pack_codes(codes.data(), n * kBnbBlockSize, 0, packed.data() + first / 2);  // an even count: no pad
      i += n;
    }
  }
  for (; i < absmax.size(); ++i) {
    const std::size_t first = i * kBnbBlockSize;
    const std::size_t size = std::min<std::size_t>(kBnbBlockSize, values.size() - first);
    const BnbBlock b = quantize_bnb_block(t, values.subspan(first, size), isa);
    absmax[i] = b.absmax;
    pack_bnb_block(t, b, packed.subspan(first / 2, bnb_packed_size(size)));
  }
  return absmax.size();
}

void pack_bnb_block(BnbBlockType t, const BnbBlock& block, std::span<std::uint8_t> packed) {
  pack_codes(block.q.data(), static_cast<std::size_t>(block.count), bnb_code_of_scaled(t, 0.0f), packed.data());
}

Result<std::size_t> dequantize_bnb_blocks(BnbBlockType t, std::span<const std::uint8_t> packed,
                                          std::span<const float> absmax, std::span<float> values) {
  const std::string name(bnb_block_spec(t).name);
  if (values.empty()) return bad_value_error(name + " has no values to dequantize");
  if (absmax.size() != bnb_absmax_count(values.size()) || packed.size() != bnb_packed_size(values.size()))
    return bad_value_error(std::to_string(values.size()) + " values take " +
                           std::to_string(bnb_absmax_count(values.size())) + " absmax floats and " +
                           std::to_string(bnb_packed_size(values.size())) + " bytes of " + name + " codes, not " +
                           std::to_string(absmax.size()) + " and " + std::to_string(packed.size()));
  for (std::size_t j = 0; j < values.size(); ++j) {
    const std::uint8_t byte = packed[j / 2];
    const auto code = static_cast<std::uint8_t>(j % 2 == 0 ? byte >> 4 : byte & 0xf);
    values[j] = bnb_element_value(t, absmax[j / kBnbBlockSize], code);
  }
  return absmax.size();
}

}  // namespace typelattice
