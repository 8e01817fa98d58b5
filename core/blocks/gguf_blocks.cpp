// ggml's quantized blocks: the types as data, and quantizing and dequantizing one block with ggml's float32
// arithmetic, operation by operation (ggml-quants.c at the commit docs/formats.md names). Built with
// -ffp-contract=off (CMakeLists.txt): a fused multiply-add would round differently from ggml's reference build.
#include "typelattice/gguf_blocks.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "core/base/ascii_text.h"
#include "core/base/unknown_name.h"
#include "core/blocks/fp4_nearest.h"
#include "core/kernels/block_params.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

// ggml-common.h: block_q4_0, block_q4_1, block_q5_0, block_q5_1, block_q8_0, block_iq4_nl, block_mxfp4.
constexpr std::string_view kD = "the scale, float16";
constexpr std::string_view kM = "the minimum, float16";
constexpr std::string_view kQh = "bit j: the fifth bit of element j's code (uint32, little-endian)";
constexpr std::string_view kQs4 = "byte j: element j's code in the low nibble, element j+16's in the high nibble";
constexpr std::array<GgufBlockField, 2> kQ4_0Fields{{{"d", 0, 2, kD}, {"qs", 2, 16, kQs4}}};
constexpr std::array<GgufBlockField, 3> kQ4_1Fields{{{"d", 0, 2, kD}, {"m", 2, 2, kM}, {"qs", 4, 16, kQs4}}};
constexpr std::array<GgufBlockField, 3> kQ5_0Fields{{{"d", 0, 2, kD}, {"qh", 2, 4, kQh}, {"qs", 6, 16, kQs4}}};
constexpr std::array<GgufBlockField, 4> kQ5_1Fields{
    {{"d", 0, 2, kD}, {"m", 2, 2, kM}, {"qh", 4, 4, kQh}, {"qs", 8, 16, kQs4}}};
constexpr std::array<GgufBlockField, 2> kQ8_0Fields{{{"d", 0, 2, kD}, {"qs", 2, 32, "byte j: element j, int8"}}};
constexpr std::array<GgufBlockField, 2> kIq4nlFields{
    {{"d", 0, 2, kD}, {"qs", 2, 16, "byte j: element j's level index in the low nibble, element j+16's in the high"}}};
// block_mxfp4: the nibbles as ggml orders them, not OCP's (element 2i in the low nibble of byte i).
constexpr std::array<GgufBlockField, 2> kMxfp4Fields{
    {{"e", 0, 1, "the scale, E8M0: d = 2^(e-128), half OCP's 2^(e-127), as the levels are E2M1 doubled"},
     {"qs", 1, 16, "byte j: element j's E2M1 code in the low nibble, element j+16's in the high nibble"}}};

constexpr std::string_view kMxfp4Note =
    "ggml's MXFP4 is not OCP's (mxfp4_e2m1 here): the scale rule is OCP's floor rule but from float32 log2f, so an "
    "amax just below a power of two takes that power's exponent; ties go to the smaller magnitude, not to even; byte "
    "j holds element j (low nibble) and j+16 (high), not elements 2j and 2j+1; -0 is stored as +0; e = 0xff is "
    "2^127, not NaN";

constexpr std::array<GgufBlockSpec, kGgufBlockTypeCount> kGgufBlockTypes{{
    {GgufBlockType::q4_0, "gguf_q4_0", "q4_0", 2, 18, 4, false, kQ4_0Fields},
    {GgufBlockType::q4_1, "gguf_q4_1", "q4_1", 3, 20, 4, true, kQ4_1Fields},
    {GgufBlockType::q5_0, "gguf_q5_0", "q5_0", 6, 22, 5, false, kQ5_0Fields},
    {GgufBlockType::q5_1, "gguf_q5_1", "q5_1", 7, 24, 5, true, kQ5_1Fields},
    {GgufBlockType::q8_0, "gguf_q8_0", "q8_0", 8, 34, 8, false, kQ8_0Fields},
    {GgufBlockType::iq4_nl, "iq4_nl", "iq4_nl", 20, 18, 4, false, kIq4nlFields},
    {GgufBlockType::mxfp4, "gguf_mxfp4", "mxfp4", 39, 17, 4, false, kMxfp4Fields, GgufScale::e8m0, kMxfp4Note},
}};

static_assert(kGgufBlockTypes[static_cast<std::size_t>(GgufBlockType::q8_0)].block_bytes ==
              static_cast<int>(kernels::kGgufQ8_0BlockBytes));
static_assert(kGgufBlockTypes[static_cast<std::size_t>(GgufBlockType::q4_0)].block_bytes ==
              static_cast<int>(kernels::kGgufQ4_0BlockBytes));

// The SIMD kernel for t's blocks (gguf_body.h), if there is one in this build.
kernels::GgufDequantizeFn dequantize_kernel(GgufBlockType t, Isa isa) {
  const kernels::BlockKernels& table = kernels::block_kernels(isa);
  if (t == GgufBlockType::q8_0) return table.dequantize_gguf[static_cast<int>(kernels::GgufKernel::q8_0)];
  if (t == GgufBlockType::q4_0) return table.dequantize_gguf[static_cast<int>(kernels::GgufKernel::q4_0)];
  return nullptr;
}

// ggml's GGML_FP32_TO_FP16: round to nearest even, overflow to ±Inf, NaN to 0x7e00 with the input's sign.
std::uint16_t float16_code(float v) {
  if (std::isnan(v)) return static_cast<std::uint16_t>((std::signbit(v) ? 0x8000u : 0u) | 0x7e00u);
  return static_cast<std::uint16_t>(encode(Format::float16, v, CastOptions{false, RoundMode::nearest_even, {}}));
}

// C's float -> integer conversion as x86-64 does it (cvttss2si): truncation, and INT32_MIN for NaN and values out of
// int32's range, which C leaves undefined. A conversion to int8_t or uint8_t keeps the low byte.
std::int32_t truncate_x86(float v) {
  if (!(v >= -2147483648.0f && v < 2147483648.0f)) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(v);
}
std::int8_t to_int8(float v) { return static_cast<std::int8_t>(static_cast<std::uint8_t>(truncate_x86(v) & 0xff)); }

// The signed value of largest magnitude, the first of equals (quantize_row_q4_0_ref's loop; NaN is never taken).
float signed_max(std::span<const float, kGgufBlockSize> x) {
  float amax = 0.0f, max = 0.0f;
  for (const float v : x) {
    if (amax < std::fabs(v)) {
      amax = std::fabs(v);
      max = v;
    }
  }
  return max;
}

// Q4_0 and Q5_0: d = max / -2^(bits-1); q = min(2^bits - 1, int8(x/d + 2^(bits-1) + 0.5)).
GgufBlock quantize_symmetric(std::span<const float, kGgufBlockSize> x, int bits) {
  const float half = static_cast<float>(1 << (bits - 1));
  const float d = signed_max(x) / -half;
  const float id = d != 0.0f ? 1.0f / d : 0.0f;
  GgufBlock b;
  b.d = float16_code(d);
  const int top = (1 << bits) - 1;
  for (int j = 0; j < kGgufBlockSize; ++j) {
    const float scaled = x[static_cast<std::size_t>(j)] * id;
    const int q = std::min(top, static_cast<int>(to_int8(scaled + (half + 0.5f))));
    b.q[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(static_cast<std::uint8_t>(q) & top);
  }
  return b;
}

// Q4_1 and Q5_1: d = (max - min) / (2^bits - 1), m = min; q = (x - min)/d + 0.5 truncated (Q4_1: at most 15).
GgufBlock quantize_with_min(std::span<const float, kGgufBlockSize> x, int bits) {
  float min = std::numeric_limits<float>::max(), max = -std::numeric_limits<float>::max();
  for (const float v : x) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const int top = (1 << bits) - 1;
  const float d = (max - min) / static_cast<float>(top);
  const float id = d != 0.0f ? 1.0f / d : 0.0f;
  GgufBlock b;
  b.d = float16_code(d);
  b.m = float16_code(min);
  for (int j = 0; j < kGgufBlockSize; ++j) {
    const float scaled = (x[static_cast<std::size_t>(j)] - min) * id;
    // Q4_1 clips at 15 (MIN(15, (int8_t)…)); Q5_1 converts to uint8_t unclipped and keeps the low five bits.
    const int q = bits == 4 ? std::min(15, static_cast<int>(to_int8(scaled + 0.5f))) : truncate_x86(scaled + 0.5f);
    b.q[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(static_cast<std::uint8_t>(q & 0xff) & top);
  }
  return b;
}

// Q8_0: d = amax / 127; q = roundf(x / d) (ties away from zero).
GgufBlock quantize_q8_0(std::span<const float, kGgufBlockSize> x) {
  float amax = 0.0f;
  for (const float v : x) amax = amax > std::fabs(v) ? amax : std::fabs(v);  // ggml's MAX: a NaN is replaced
  const float d = amax / 127.0f;
  const float id = d != 0.0f ? 1.0f / d : 0.0f;
  GgufBlock b;
  b.d = float16_code(d);
  for (int j = 0; j < kGgufBlockSize; ++j)
    b.q[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(to_int8(std::round(x[static_cast<std::size_t>(j)] * id)));
  return b;
}

// ggml's best_index_int8: the nearest level, the upper one on a tie; NaN gives the last.
int nearest_level(float v) {
  const auto& l = kIq4nlValues;
  if (v <= static_cast<float>(l[0])) return 0;
  if (v >= static_cast<float>(l[15])) return 15;
  int lo = 0, hi = 15;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (v < static_cast<float>(l[static_cast<std::size_t>(mid)])) hi = mid;
    else lo = mid;
  }
  const float below = v - static_cast<float>(l[static_cast<std::size_t>(hi - 1)]);
  const float above = static_cast<float>(l[static_cast<std::size_t>(hi)]) - v;
  return below < above ? hi - 1 : hi;
}

// IQ4_NL as quantize_row_iq4_nl_ref (quantize_row_iq4_nl_impl with no weights and ntry = -1): the levels for
// d0 = max / -127, then d = Σ w·q·x / Σ w·q² with w = x², the weighted least-squares scale for those levels.
GgufBlock quantize_iq4_nl(std::span<const float, kGgufBlockSize> x) {
  float amax = 0.0f, max = 0.0f;
  for (const float v : x) {
    const float a = std::fabs(v);
    if (a > amax) {
      amax = a;
      max = v;
    }
  }
  GgufBlock b;
  if (amax < 1e-15f) return b;  // ggml's GROUP_MAX_EPS: d = 0
  const float d0 = max / static_cast<float>(kIq4nlValues[0]);
  const float id = 1.0f / d0;
  float sumqx = 0.0f, sumq2 = 0.0f;
  for (int j = 0; j < kGgufBlockSize; ++j) {
    const float v = x[static_cast<std::size_t>(j)];
    const int l = nearest_level(id * v);
    b.q[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(l);
    const float q = static_cast<float>(kIq4nlValues[static_cast<std::size_t>(l)]);
    const float w = v * v;
    const float wq = w * q;
    sumqx += wq * v;
    sumq2 += wq * q;
  }
  b.d = float16_code(sumq2 > 0.0f ? sumqx / sumq2 : 0.0f);
  return b;
}

// ggml's GGML_E8M0_TO_FP32_HALF: 2^(e - 128) as float32 bits, e = 0 and 1 the subnormals 2^-128 and 2^-127.
float e8m0_half_value(std::uint8_t e) {
  const std::uint32_t bits = e < 2 ? 0x00200000u << e : static_cast<std::uint32_t>(e - 1) << 23;
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

// MXFP4 as quantize_row_mxfp4_ref: e from floorf(log2f(amax)), then best_index_mxfp4's search in table order. log2f
// rounds an amax just below a power of two up to that power's exponent (7456 float32 values); log2 in double rounded
// to float gives the same floor as glibc's log2f for every positive finite float32 (checked exhaustively), and does
// not depend on a float libm's last-bit errors.
GgufBlock quantize_mxfp4(std::span<const float, kGgufBlockSize> x) {
  float amax = 0.0f;
  for (const float v : x)
    if (amax < std::fabs(v)) amax = std::fabs(v);
  GgufBlock b;
  if (amax > 0.0f) {
    // float arithmetic, then C's conversion to uint8_t: an amax below 2^-125 or +Inf is undefined in C (x86-64 keeps
    // the low byte of the int32 conversion).
    const float e = std::floor(static_cast<float>(std::log2(static_cast<double>(amax)))) - 2.0f + 127.0f;
    b.d = static_cast<std::uint16_t>(static_cast<std::uint32_t>(truncate_x86(e)) & 0xffu);
  }
  const float d = e8m0_half_value(static_cast<std::uint8_t>(b.d));
  for (std::size_t j = 0; j < kGgufBlockSize; ++j) b.q[j] = nearest_fp4_level(x[j], d);
  return b;
}

}  // namespace

std::span<const GgufBlockSpec> gguf_block_types() { return kGgufBlockTypes; }

const GgufBlockSpec& gguf_block_spec(GgufBlockType t) { return kGgufBlockTypes[static_cast<std::size_t>(t)]; }

Result<GgufBlockType> parse_gguf_block_type(std::string_view name) {
  const std::string_view text = ascii::trim(name);
  std::array<std::string_view, kGgufBlockTypeCount> names{};
  for (const GgufBlockSpec& spec : kGgufBlockTypes) {
    if (ascii::equal_ignoring_case(text, spec.name)) return spec.id;
    names[static_cast<std::size_t>(spec.id)] = spec.name;
  }
  return unknown_name_error("GGUF block type", text, names);
}

std::optional<GgufBlockType> gguf_block_type_of_ggml(std::uint32_t ggml_type) {
  for (const GgufBlockSpec& spec : kGgufBlockTypes)
    if (spec.ggml_type == ggml_type) return spec.id;
  return std::nullopt;
}

int gguf_code_integer(GgufBlockType t, std::uint8_t code) {
  switch (t) {
    case GgufBlockType::q4_0: return (code & 0xf) - 8;
    case GgufBlockType::q5_0: return (code & 0x1f) - 16;
    case GgufBlockType::q4_1: return code & 0xf;
    case GgufBlockType::q5_1: return code & 0x1f;
    case GgufBlockType::q8_0: return static_cast<std::int8_t>(code);
    case GgufBlockType::iq4_nl: return kIq4nlValues[code & 0xf];
    case GgufBlockType::mxfp4: return kMxfp4Values[code & 0xf];
  }
  return 0;
}

float gguf_float16_value(std::uint16_t code) { return decode_to_float32(Format::float16, code); }

float gguf_scale_value(GgufBlockType t, std::uint16_t code) {
  if (gguf_block_spec(t).scale == GgufScale::e8m0) return e8m0_half_value(static_cast<std::uint8_t>(code & 0xff));
  return gguf_float16_value(code);
}

float gguf_element_value(GgufBlockType t, const GgufBlock& block, int j) {
  const float d = gguf_scale_value(t, block.d);
  const float q = static_cast<float>(gguf_code_integer(t, block.q[static_cast<std::size_t>(j)]));
  if (!gguf_block_spec(t).has_min) return q * d;
  const float qd = q * d;
  return qd + gguf_float16_value(block.m);
}

GgufBlock quantize_gguf_block(GgufBlockType t, std::span<const float, kGgufBlockSize> values) {
  switch (t) {
    case GgufBlockType::q4_0: return quantize_symmetric(values, 4);
    case GgufBlockType::q5_0: return quantize_symmetric(values, 5);
    case GgufBlockType::q4_1: return quantize_with_min(values, 4);
    case GgufBlockType::q5_1: return quantize_with_min(values, 5);
    case GgufBlockType::q8_0: return quantize_q8_0(values);
    case GgufBlockType::iq4_nl: return quantize_iq4_nl(values);
    case GgufBlockType::mxfp4: return quantize_mxfp4(values);
  }
  return {};
}

Result<bool> write_gguf_block(GgufBlockType t, const GgufBlock& block, std::span<std::uint8_t> bytes) {
  const GgufBlockSpec& spec = gguf_block_spec(t);
  if (bytes.size() != static_cast<std::size_t>(spec.block_bytes))
    return bad_value_error(std::string(spec.name) + " blocks take " + std::to_string(spec.block_bytes) + " bytes, not " +
                           std::to_string(bytes.size()));
  for (int j = 0; j < kGgufBlockSize; ++j)
    if (spec.element_bits < 8 && block.q[static_cast<std::size_t>(j)] >> spec.element_bits != 0)
      return bad_value_error("element " + std::to_string(j + 1) + "'s code is wider than " +
                             std::to_string(spec.element_bits) + " bits");
  const bool e8m0 = spec.scale == GgufScale::e8m0;
  if (e8m0 && block.d > 0xff) return bad_value_error("an E8M0 scale's code is wider than 8 bits");
  std::size_t at = 0;
  const auto put16 = [&](std::uint16_t v) {
    bytes[at++] = static_cast<std::uint8_t>(v & 0xff);
    bytes[at++] = static_cast<std::uint8_t>(v >> 8);
  };
  if (e8m0) bytes[at++] = static_cast<std::uint8_t>(block.d);
  else put16(block.d);
  if (spec.has_min) put16(block.m);
  if (spec.element_bits == 8) {
    for (const std::uint8_t q : block.q) bytes[at++] = q;
    return true;
  }
  if (spec.element_bits == 5) {
    std::uint32_t qh = 0;
    for (int j = 0; j < kGgufBlockSize; ++j)
      qh |= static_cast<std::uint32_t>(block.q[static_cast<std::size_t>(j)] >> 4) << j;
    for (int k = 0; k < 4; ++k) bytes[at++] = static_cast<std::uint8_t>((qh >> (8 * k)) & 0xff);
  }
  for (std::size_t j = 0; j < kGgufBlockSize / 2; ++j)
    bytes[at++] = static_cast<std::uint8_t>((block.q[j] & 0xf) | ((block.q[j + 16] & 0xf) << 4));
  return true;
}

Result<GgufBlock> read_gguf_block(GgufBlockType t, std::span<const std::uint8_t> bytes) {
  const GgufBlockSpec& spec = gguf_block_spec(t);
  if (bytes.size() != static_cast<std::size_t>(spec.block_bytes))
    return bad_value_error(std::string(spec.name) + " blocks take " + std::to_string(spec.block_bytes) + " bytes, not " +
                           std::to_string(bytes.size()));
  GgufBlock b;
  std::size_t at = 0;
  const auto get16 = [&]() {
    const auto v = static_cast<std::uint16_t>(bytes[at] | (bytes[at + 1] << 8));
    at += 2;
    return v;
  };
  b.d = spec.scale == GgufScale::e8m0 ? bytes[at++] : get16();
  if (spec.has_min) b.m = get16();
  if (spec.element_bits == 8) {
    for (std::uint8_t& q : b.q) q = bytes[at++];
    return b;
  }
  std::uint32_t qh = 0;
  if (spec.element_bits == 5) {
    for (int k = 0; k < 4; ++k) qh |= static_cast<std::uint32_t>(bytes[at++]) << (8 * k);
  }
  for (std::size_t j = 0; j < kGgufBlockSize / 2; ++j, ++at) {
    b.q[j] = static_cast<std::uint8_t>((bytes[at] & 0xf) | (((qh >> j) & 1u) << 4));
    b.q[j + 16] = static_cast<std::uint8_t>((bytes[at] >> 4) | (((qh >> (j + 16)) & 1u) << 4));
  }
  return b;
}

std::size_t gguf_bytes_size(GgufBlockType t, std::size_t count) {
  return count / kGgufBlockSize * static_cast<std::size_t>(gguf_block_spec(t).block_bytes);
}

Result<std::size_t> quantize_gguf_blocks(GgufBlockType t, std::span<const float> values,
                                         std::span<std::uint8_t> bytes) {
  const GgufBlockSpec& spec = gguf_block_spec(t);
  if (values.size() % kGgufBlockSize != 0)
    return bad_value_error(std::string(spec.name) + " takes whole blocks of 32 values, not " + std::to_string(values.size()));
  if (bytes.size() != gguf_bytes_size(t, values.size()))
    return bad_value_error(std::to_string(values.size()) + " values take " + std::to_string(gguf_bytes_size(t, values.size())) +
                           " bytes of " + std::string(spec.name) + ", not " + std::to_string(bytes.size()));
  const std::size_t blocks = values.size() / kGgufBlockSize, size = static_cast<std::size_t>(spec.block_bytes);
  for (std::size_t i = 0; i < blocks; ++i) {
    const GgufBlock b = quantize_gguf_block(t, values.subspan(i * kGgufBlockSize).first<kGgufBlockSize>());
    (void)write_gguf_block(t, b, bytes.subspan(i * size, size));  // codes from quantize fit their bits
  }
  return blocks;
}

Result<std::size_t> dequantize_gguf_blocks(GgufBlockType t, std::span<const std::uint8_t> bytes,
                                           std::span<float> values, Isa isa) {
  const GgufBlockSpec& spec = gguf_block_spec(t);
  const std::size_t size = static_cast<std::size_t>(spec.block_bytes);
  if (bytes.size() % size != 0)
    return bad_value_error(std::string(spec.name) + " blocks take " + std::to_string(size) + " bytes each: " +
                           std::to_string(bytes.size()) + " is not a whole number of them");
  const std::size_t blocks = bytes.size() / size;
  if (values.size() != blocks * kGgufBlockSize)
    return bad_value_error(std::to_string(blocks) + " blocks hold " + std::to_string(blocks * kGgufBlockSize) +
                           " values, not " + std::to_string(values.size()));
  if (const kernels::GgufDequantizeFn kernel = dequantize_kernel(t, isa)) {
    kernel(bytes.data(), blocks, values.data());
    return blocks;
  }
  for (std::size_t i = 0; i < blocks; ++i) {
    const GgufBlock b = *read_gguf_block(t, bytes.subspan(i * size, size));
    for (int j = 0; j < kGgufBlockSize; ++j)
      values[i * kGgufBlockSize + static_cast<std::size_t>(j)] = gguf_element_value(t, b, j);
  }
  return blocks;
}

}  // namespace typelattice
