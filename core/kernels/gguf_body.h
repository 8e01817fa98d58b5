// ggml's Q8_0 and Q4_0 blocks (gguf_blocks.h) and Q4_K super-blocks (gguf_kquants.h) to float32, written once
// against the vector-ops structs like block_body.h and instantiated per instruction set by with_gguf_kernels<Ops>().
// Each value is computed with the float32 operations, in the order, of gguf_element_value and
// gguf_kquant_element_value; the tests compare them for every code at every position and every d.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/kernels/params.h"

namespace typelattice::kernels {

// float32 bits of a float16 code's value, exactly; NaN as minifloat.h's decode gives it (quiet, sign kept).
inline std::uint32_t float16_value_bits(const std::uint8_t* little_endian) {
  const std::uint32_t code = little_endian[0] | static_cast<std::uint32_t>(little_endian[1]) << 8;
  const std::uint32_t sign = (code & 0x8000u) << 16, magnitude = code & 0x7FFFu;
  if (magnitude > 0x7C00u) return sign | 0x7FC00000u;
  if (magnitude == 0x7C00u) return sign | 0x7F800000u;
  // A normal's fields move to float32's places, its exponent rebiased by 127 - 15.
  if (magnitude >= 0x0400u) return sign | ((magnitude << 13) + 0x38000000u);
  if (magnitude == 0) return sign;
  // A subnormal m × 2^-24, normalized: its leading bit becomes the hidden bit.
  int shift = 0;
  std::uint32_t m = magnitude;
  while ((m & 0x0400u) == 0) {
    m <<= 1;
    ++shift;
  }
  return sign | (static_cast<std::uint32_t>(113 - shift) << 23) | ((m & 0x3FFu) << 13);
}

// Q8_0: d, then 32 int8. 2^23 + (q ^ 0x80) minus 2^23 + 128 is the int8's value, exactly.
template <class Ops>
void dequantize_gguf_q8_0(const std::uint8_t* blocks, std::size_t count, float* out) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  const V sign_flip = Ops::splat(0x80u), magic = Ops::splat(0x4B000000u), int8_zero = Ops::splat(0x4B000080u);
  for (std::size_t b = 0; b < count; ++b, blocks += kGgufQ8_0BlockBytes, out += 32) {
    const V d = Ops::splat(float16_value_bits(blocks));
    for (std::size_t j = 0; j < 32; j += kL) {
      const V q = Ops::fsub(Ops::or_(Ops::xor_(Ops::load_u8(blocks + 2 + j), sign_flip), magic), int8_zero);
      Ops::store_f32(out + j, Ops::fmul(q, d));
    }
  }
}

// Q4_0: d, then 16 bytes, byte j holding element j's code in its low nibble and element j + 16's in its high one;
// a code c stands for c - 8 (2^23 + c minus 2^23 + 8, exactly).
template <class Ops>
void dequantize_gguf_q4_0(const std::uint8_t* blocks, std::size_t count, float* out) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  const V low_nibble = Ops::splat(0xFu), magic = Ops::splat(0x4B000000u), eight = Ops::splat(0x4B000008u);
  for (std::size_t b = 0; b < count; ++b, blocks += kGgufQ4_0BlockBytes, out += 32) {
    const V d = Ops::splat(float16_value_bits(blocks));
    for (std::size_t j = 0; j < 16; j += kL) {
      const V bytes = Ops::load_u8(blocks + 2 + j);
      const V low = Ops::fsub(Ops::or_(Ops::and_(bytes, low_nibble), magic), eight);
      const V high = Ops::fsub(Ops::or_(Ops::template srl_const<4>(bytes), magic), eight);
      Ops::store_f32(out + j, Ops::fmul(low, d));
      Ops::store_f32(out + 16 + j, Ops::fmul(high, d));
    }
  }
}

// Q4_K: d, dmin, 12 bytes of eight six-bit scales and mins (ggml's get_scale_min_k4), then 128 bytes: element
// 64c + 32s + l is nibble s of byte 32c + l. Sub-block i (32 elements) is (d × scale_i) × q - dmin × min_i.
template <class Ops>
void dequantize_gguf_q4_k(const std::uint8_t* blocks, std::size_t count, float* out) {
  using V = typename Ops::V;
  constexpr std::size_t kL = Ops::kLanes;
  const V low_nibble = Ops::splat(0xFu), magic = Ops::splat(0x4B000000u);
  for (std::size_t b = 0; b < count; ++b, blocks += kGgufQ4_KBlockBytes, out += 256) {
    float d, dmin;
    const std::uint32_t d_bits = float16_value_bits(blocks), dmin_bits = float16_value_bits(blocks + 2);
    std::memcpy(&d, &d_bits, 4);
    std::memcpy(&dmin, &dmin_bits, 4);
    const std::uint8_t* s = blocks + 4;
    for (int i = 0; i < 8; ++i) {
      const int scale = i < 4 ? s[i] & 63 : (s[i + 4] & 0xF) | (s[i - 4] >> 6) << 4;
      const int min = i < 4 ? s[i + 4] & 63 : (s[i + 4] >> 4) | (s[i] >> 6) << 4;
      const float dl = d * static_cast<float>(scale), ml = dmin * static_cast<float>(min);
      std::uint32_t dl_bits, ml_bits;
      std::memcpy(&dl_bits, &dl, 4);
      std::memcpy(&ml_bits, &ml, 4);
      const V scale_v = Ops::splat(dl_bits), min_v = Ops::splat(ml_bits);
      const std::uint8_t* qs = blocks + 16 + 32 * (i / 2);
      for (std::size_t l = 0; l < 32; l += kL) {
        V code = Ops::load_u8(qs + l);
        if (i % 2 == 1) code = Ops::template srl_const<4>(code);
        const V q = Ops::fsub(Ops::or_(Ops::and_(code, low_nibble), magic), magic);
        Ops::store_f32(out + 32 * i + l, Ops::fsub(Ops::fmul(q, scale_v), min_v));
      }
    }
  }
}

// The table's entries. Wasm builds leave them out (nullptr: gguf_blocks.cpp and gguf_kquants.cpp run their loops)
// for the module's size budget (scripts/page-size.mjs).
template <class Ops>
constexpr KernelTable with_gguf_kernels(KernelTable table) {
#if !defined(__wasm__)
  table.blocks.dequantize_gguf[static_cast<int>(GgufKernel::q8_0)] = &dequantize_gguf_q8_0<Ops>;
  table.blocks.dequantize_gguf[static_cast<int>(GgufKernel::q4_0)] = &dequantize_gguf_q4_0<Ops>;
  table.blocks.dequantize_gguf[static_cast<int>(GgufKernel::q4_k)] = &dequantize_gguf_q4_k<Ops>;
#endif
  return table;
}

}  // namespace typelattice::kernels
