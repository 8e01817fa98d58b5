// ggml's K-quant super-blocks: the types as data, and each element's value with ggml's float32 arithmetic, operation
// by operation (ggml-quants.c's dequantize_row_qN_K at the commit docs/formats.md names). Built with
// -ffp-contract=off (CMakeLists.txt): a fused multiply-add would round d·scale·q - dmin·min differently.
#include "typelattice/gguf_kquants.h"

#include <string>

#include "core/base/ascii_text.h"
#include "core/base/unknown_name.h"
#include "core/kernels/block_params.h"

namespace typelattice {
namespace {

// ggml-common.h: block_q2_K, block_q3_K, block_q4_K, block_q5_K, block_q6_K. In the meanings, element
// e = 128h + 32j + 16s + l (Q2_K, Q3_K, Q6_K) or e = 64c + 32s + l (Q4_K, Q5_K).
constexpr std::string_view kSuperBlockD = "the super-block scale, float16";
constexpr std::string_view kDmin = "the super-block scale of the mins, float16";
constexpr std::string_view kScales6 =
    "8 six-bit scales and mins: sub-block i < 4: scale = byte i & 63, min = byte i+4 & 63; i >= 4: the low four bits "
    "in byte i+4 (scale: low nibble, min: high nibble), the top two in bits 6-7 of byte i-4 (scale) and byte i (min)";
constexpr std::string_view kKQs4 = "byte 32c+l: element 64c+l's low four bits in the low nibble, element 64c+32+l's "
                                  "in the high nibble";
constexpr std::string_view kQs2 = "byte 32h+16s+l, bits 2j-2j+1: element 128h+32j+16s+l's two low bits";

constexpr std::array<GgufBlockField, 4> kQ2KFields{{
    {"scales", 0, 16, "byte i: sub-block i's scale in the low nibble, its min in the high nibble"},
    {"qs", 16, 64, kQs2},
    {"d", 80, 2, kSuperBlockD},
    {"dmin", 82, 2, kDmin},
}};
constexpr std::array<GgufBlockField, 4> kQ3KFields{{
    {"hmask", 0, 32, "byte 16s+l, bit 4h+j: element 128h+32j+16s+l's third bit (clear: the code minus 4)"},
    {"qs", 32, 64, kQs2},
    {"scales", 96, 12,
     "16 six-bit scales, each minus 32: sub-block i's low four bits in byte i's low nibble (i < 8) or byte i-8's high "
     "nibble (i >= 8), its top two in byte 8 + i%4, bits 2(i/4)-2(i/4)+1"},
    {"d", 108, 2, kSuperBlockD},
}};
constexpr std::array<GgufBlockField, 4> kQ4KFields{{
    {"d", 0, 2, kSuperBlockD},
    {"dmin", 2, 2, kDmin},
    {"scales", 4, 12, kScales6},
    {"qs", 16, 128, kKQs4},
}};
constexpr std::array<GgufBlockField, 5> kQ5KFields{{
    {"d", 0, 2, kSuperBlockD},
    {"dmin", 2, 2, kDmin},
    {"scales", 4, 12, kScales6},
    {"qh", 16, 32, "byte l, bit 2c+s: element 64c+32s+l's fifth bit"},
    {"qs", 48, 128, kKQs4},
}};
constexpr std::array<GgufBlockField, 4> kQ6KFields{{
    {"ql", 0, 128,
     "byte 64h+32k+l (k = 0, 1): element 128h+32k+l's low four bits in the low nibble, element 128h+32k+64+l's in the "
     "high nibble"},
    {"qh", 128, 64, "byte 32h+l, bits 2k-2k+1: element 128h+32k+l's top two bits"},
    {"scales", 192, 16, "byte i: sub-block i's scale, int8"},
    {"d", 208, 2, kSuperBlockD},
}};

constexpr std::array<GgufKQuantSpec, kGgufKQuantTypeCount> kGgufKQuantTypes{{
    {GgufKQuantType::q2_k, "gguf_q2_k", "q2_K", 10, 84, 2, 16, true, kQ2KFields},
    {GgufKQuantType::q3_k, "gguf_q3_k", "q3_K", 11, 110, 3, 16, false, kQ3KFields},
    {GgufKQuantType::q4_k, "gguf_q4_k", "q4_K", 12, 144, 4, 32, true, kQ4KFields},
    {GgufKQuantType::q5_k, "gguf_q5_k", "q5_K", 13, 176, 5, 32, true, kQ5KFields},
    {GgufKQuantType::q6_k, "gguf_q6_k", "q6_K", 14, 210, 6, 16, false, kQ6KFields},
}};

static_assert(kGgufKQuantTypes[static_cast<std::size_t>(GgufKQuantType::q4_k)].block_bytes ==
              static_cast<int>(kernels::kGgufQ4_KBlockBytes));

// The SIMD kernel for t's blocks (gguf_body.h), if there is one in this build.
kernels::GgufDequantizeFn dequantize_kernel(GgufKQuantType t, Isa isa) {
  if (t != GgufKQuantType::q4_k) return nullptr;
  return kernels::block_kernels(isa).dequantize_gguf[static_cast<int>(kernels::GgufKernel::q4_k)];
}

std::uint16_t load16(std::span<const std::uint8_t> b, std::size_t at) {
  return static_cast<std::uint16_t>(b[at] | (b[at + 1] << 8));
}

// Q2_K and Q3_K share the 2-bit layout: element 128h + 32j + 16s + l in bits 2j of qs[32h + 16s + l].
int low_two_bits(std::span<const std::uint8_t> qs, int e) {
  const int h = e / 128, j = e % 128 / 32, sl = e % 32;
  return (qs[static_cast<std::size_t>(32 * h + sl)] >> (2 * j)) & 3;
}

// get_scale_min_k4: sub-block i's six-bit scale and min from the 12 bytes of Q4_K and Q5_K.
void scale_min_k4(std::span<const std::uint8_t> s, int i, std::int16_t& scale, std::int16_t& min) {
  const auto at = [&](int k) { return static_cast<int>(s[static_cast<std::size_t>(k)]); };
  if (i < 4) {
    scale = static_cast<std::int16_t>(at(i) & 63);
    min = static_cast<std::int16_t>(at(i + 4) & 63);
  } else {
    scale = static_cast<std::int16_t>((at(i + 4) & 0xf) | ((at(i - 4) >> 6) << 4));
    min = static_cast<std::int16_t>((at(i + 4) >> 4) | ((at(i) >> 6) << 4));
  }
}

void read_q2_k(std::span<const std::uint8_t> b, GgufKQuantBlock& k) {
  for (std::size_t i = 0; i < 16; ++i) {
    k.scales[i] = static_cast<std::int16_t>(b[i] & 0xf);
    k.mins[i] = static_cast<std::int16_t>(b[i] >> 4);
  }
  for (int e = 0; e < kGgufSuperBlockSize; ++e)
    k.q[static_cast<std::size_t>(e)] = static_cast<std::int8_t>(low_two_bits(b.subspan(16, 64), e));
  k.d = load16(b, 80);
  k.dmin = load16(b, 82);
}

void read_q3_k(std::span<const std::uint8_t> b, GgufKQuantBlock& k) {
  const std::span<const std::uint8_t> hmask = b.first(32), qs = b.subspan(32, 64), s = b.subspan(96, 12);
  for (std::size_t i = 0; i < 16; ++i) {
    const int low = i < 8 ? s[i] & 0xf : s[i - 8] >> 4;
    const int high = (s[8 + i % 4] >> (2 * (i / 4))) & 3;
    k.scales[i] = static_cast<std::int16_t>((low | high << 4) - 32);
  }
  for (int e = 0; e < kGgufSuperBlockSize; ++e) {
    const int h = e / 128, j = e % 128 / 32, sl = e % 32;
    const bool third = (hmask[static_cast<std::size_t>(sl)] >> (4 * h + j)) & 1;
    k.q[static_cast<std::size_t>(e)] = static_cast<std::int8_t>(low_two_bits(qs, e) - (third ? 0 : 4));
  }
  k.d = load16(b, 108);
}

// Q4_K and Q5_K: element 64c + 32s + l in nibble s of qs[32c + l]; Q5_K's fifth bit is bit 2c + s of qh[l].
void read_q4_q5_k(std::span<const std::uint8_t> b, bool fifth_bits, GgufKQuantBlock& k) {
  k.d = load16(b, 0);
  k.dmin = load16(b, 2);
  for (int i = 0; i < 8; ++i)
    scale_min_k4(b.subspan(4, 12), i, k.scales[static_cast<std::size_t>(i)], k.mins[static_cast<std::size_t>(i)]);
  const std::span<const std::uint8_t> qh = b.subspan(16, 32), qs = b.subspan(fifth_bits ? 48 : 16, 128);
  for (int e = 0; e < kGgufSuperBlockSize; ++e) {
    const int c = e / 64, s = e % 64 / 32, l = e % 32;
    int q = (qs[static_cast<std::size_t>(32 * c + l)] >> (4 * s)) & 0xf;
    if (fifth_bits) q |= ((qh[static_cast<std::size_t>(l)] >> (2 * c + s)) & 1) << 4;
    k.q[static_cast<std::size_t>(e)] = static_cast<std::int8_t>(q);
  }
}

// Q6_K: element 128h + 32k + l: low four bits in nibble k/2 of ql[64h + 32(k%2) + l], top two in bits 2k of
// qh[32h + l]; the code minus 32.
void read_q6_k(std::span<const std::uint8_t> b, GgufKQuantBlock& k) {
  for (std::size_t i = 0; i < 16; ++i) k.scales[i] = static_cast<std::int8_t>(b[192 + i]);
  for (int e = 0; e < kGgufSuperBlockSize; ++e) {
    const int h = e / 128, kk = e % 128 / 32, l = e % 32;
    const int low = (b[static_cast<std::size_t>(64 * h + 32 * (kk % 2) + l)] >> (4 * (kk / 2))) & 0xf;
    const int high = (b[static_cast<std::size_t>(128 + 32 * h + l)] >> (2 * kk)) & 3;
    k.q[static_cast<std::size_t>(e)] = static_cast<std::int8_t>((low | high << 4) - 32);
  }
  k.d = load16(b, 208);
}

}  // namespace

std::span<const GgufKQuantSpec> gguf_kquant_types() { return kGgufKQuantTypes; }

const GgufKQuantSpec& gguf_kquant_spec(GgufKQuantType t) { return kGgufKQuantTypes[static_cast<std::size_t>(t)]; }

Result<GgufKQuantType> parse_gguf_kquant_type(std::string_view name) {
  const std::string_view text = ascii::trim(name);
  std::array<std::string_view, kGgufKQuantTypeCount> names{};
  for (const GgufKQuantSpec& spec : kGgufKQuantTypes) {
    if (ascii::equal_ignoring_case(text, spec.name)) return spec.id;
    names[static_cast<std::size_t>(spec.id)] = spec.name;
  }
  return unknown_name_error("GGUF K-quant type", text, names);
}

std::optional<GgufKQuantType> gguf_kquant_type_of_ggml(std::uint32_t ggml_type) {
  for (const GgufKQuantSpec& spec : kGgufKQuantTypes)
    if (spec.ggml_type == ggml_type) return spec.id;
  return std::nullopt;
}

Result<GgufKQuantBlock> read_gguf_kquant_block(GgufKQuantType t, std::span<const std::uint8_t> bytes) {
  const GgufKQuantSpec& spec = gguf_kquant_spec(t);
  if (bytes.size() != static_cast<std::size_t>(spec.block_bytes))
    return bad_value_error(std::string(spec.name) + " blocks take " + std::to_string(spec.block_bytes) + " bytes, not " +
                           std::to_string(bytes.size()));
  GgufKQuantBlock k;
  switch (t) {
    case GgufKQuantType::q2_k: read_q2_k(bytes, k); break;
    case GgufKQuantType::q3_k: read_q3_k(bytes, k); break;
    case GgufKQuantType::q4_k: read_q4_q5_k(bytes, false, k); break;
    case GgufKQuantType::q5_k: read_q4_q5_k(bytes, true, k); break;
    case GgufKQuantType::q6_k: read_q6_k(bytes, k); break;
  }
  return k;
}

float gguf_kquant_element_value(GgufKQuantType t, const GgufKQuantBlock& block, int j) {
  const GgufKQuantSpec& spec = gguf_kquant_spec(t);
  const auto sub = static_cast<std::size_t>(j / spec.sub_block_size);
  const float d = gguf_float16_value(block.d);
  const float dl = d * static_cast<float>(block.scales[sub]);
  const float q = static_cast<float>(block.q[static_cast<std::size_t>(j)]);
  if (!spec.has_min) return dl * q;
  const float ml = gguf_float16_value(block.dmin) * static_cast<float>(block.mins[sub]);
  const float dq = dl * q;
  return dq - ml;
}

std::size_t gguf_kquant_bytes_size(GgufKQuantType t, std::size_t count) {
  return count / kGgufSuperBlockSize * static_cast<std::size_t>(gguf_kquant_spec(t).block_bytes);
}

Result<std::size_t> dequantize_gguf_kquant_blocks(GgufKQuantType t, std::span<const std::uint8_t> bytes,
                                                  std::span<float> values, Isa isa) {
  const GgufKQuantSpec& spec = gguf_kquant_spec(t);
  const std::size_t size = static_cast<std::size_t>(spec.block_bytes);
  if (bytes.size() % size != 0)
    return bad_value_error(std::string(spec.name) + " blocks take " + std::to_string(size) + " bytes each: " +
                           std::to_string(bytes.size()) + " is not a whole number of them");
  const std::size_t blocks = bytes.size() / size;
  if (values.size() != blocks * kGgufSuperBlockSize)
    return bad_value_error(std::to_string(blocks) + " blocks hold " + std::to_string(blocks * kGgufSuperBlockSize) +
                           " values, not " + std::to_string(values.size()));
  if (const kernels::GgufDequantizeFn kernel = dequantize_kernel(t, isa)) {
    kernel(bytes.data(), blocks, values.data());
    return blocks;
  }
  for (std::size_t i = 0; i < blocks; ++i) {
    const GgufKQuantBlock b = *read_gguf_kquant_block(t, bytes.subspan(i * size, size));
    for (int j = 0; j < kGgufSuperBlockSize; ++j)
      values[i * kGgufSuperBlockSize + static_cast<std::size_t>(j)] = gguf_kquant_element_value(t, b, j);
  }
  return blocks;
}

}  // namespace typelattice
