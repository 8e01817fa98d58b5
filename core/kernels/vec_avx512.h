// AVX-512 (F+BW+VL) vector operations (16 lanes of 32 bits, masks in k registers); same names as
// vec_scalar.h. Include only from the TU compiled with -mavx512f -mavx512bw -mavx512vl.
#pragma once
#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace typelattice::kernels::avx512_isa {

struct Ops {
  using V = __m512i;
  using M = __mmask16;
  static constexpr int kLanes = 16;

  static V splat(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static V load_f32(const float* p) { return _mm512_loadu_si512(p); }
  static V load_u8(const std::uint8_t* p) {
    return _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  static V load_u16(const std::uint16_t* p) {
    return _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
  }
  static void store_f32(float* p, V v) { _mm512_storeu_si512(p, v); }
  // The packs work within 128-bit quarters; the final permutation restores lane order.
  static void store_u8x4(std::uint8_t* p, V a, V b, V c, V d) {
    store_u8_words(p, _mm512_packus_epi32(a, b), _mm512_packus_epi32(c, d));
  }
  // Bits 8 .. 15 of each lane (lanes below 2^16) as bytes: the shift after the first pack, on 16-bit lanes.
  static void store_u8x4_byte1(std::uint8_t* p, V a, V b, V c, V d) {
    store_u8_words(p, _mm512_srli_epi16(_mm512_packus_epi32(a, b), 8), _mm512_srli_epi16(_mm512_packus_epi32(c, d), 8));
  }
  static void store_u8_words(std::uint8_t* p, V ab, V cd) {
    const V bytes = _mm512_permutexvar_epi32(_mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15),
                                             _mm512_packus_epi16(ab, cd));
    _mm512_storeu_si512(p, bytes);
  }
  static void store_u16x4(std::uint16_t* p, V a, V b, V c, V d) {
    const V order = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
    _mm512_storeu_si512(p, _mm512_permutexvar_epi64(order, _mm512_packus_epi32(a, b)));
    _mm512_storeu_si512(p + 32, _mm512_permutexvar_epi64(order, _mm512_packus_epi32(c, d)));
  }

  static V and_(V a, V b) { return _mm512_and_si512(a, b); }
  static V or_(V a, V b) { return _mm512_or_si512(a, b); }
  static V xor_(V a, V b) { return _mm512_xor_si512(a, b); }
  static V add(V a, V b) { return _mm512_add_epi32(a, b); }
  static V sub(V a, V b) { return _mm512_sub_epi32(a, b); }
  // Per-lane shifts by a splatted count: one uop, where a shift by an xmm count takes two.
  static V srl(V a, int n) { return _mm512_srlv_epi32(a, _mm512_set1_epi32(n)); }
  static V sll(V a, int n) { return _mm512_sllv_epi32(a, _mm512_set1_epi32(n)); }
  template <int N>
  static V srl_const(V a) { return _mm512_srli_epi32(a, N); }
  template <int N>
  static V sra_const(V a) { return _mm512_srai_epi32(a, N); }
  static V madd_i16(V a, V b) { return _mm512_madd_epi16(a, b); }
  static V xor_and_or(V a, V b, V c) { return _mm512_ternarylogic_epi32(a, b, c, 0x58); }  // a ^ (c & (a | b))
  static V min_u32(V a, V b) { return _mm512_min_epu32(a, b); }
  static V max_u32(V a, V b) { return _mm512_max_epu32(a, b); }
  static V max_s32(V a, V b) { return _mm512_max_epi32(a, b); }
  static V min_s32(V a, V b) { return _mm512_min_epi32(a, b); }
  static bool any(M m) { return m != 0; }
  static V cvt_f32(V a) { return _mm512_castps_si512(_mm512_cvtepi32_ps(a)); }  // int32 lanes to float32 bits
  // Four vectors' largest lanes, reduced together (13 operations, not 32): 128-bit quarters exchanged across
  // vectors twice, then within each quarter, so that quarter i holds vector i's (lane kBlockLane[i] and the rest).
  static constexpr int kBlockLane[4] = {0, 4, 8, 12};
  static V reduce_max_u32x4(const V (&m)[4]) {
    const V t01 = _mm512_max_epu32(_mm512_shuffle_i32x4(m[0], m[1], 0x44), _mm512_shuffle_i32x4(m[0], m[1], 0xEE));
    const V t23 = _mm512_max_epu32(_mm512_shuffle_i32x4(m[2], m[3], 0x44), _mm512_shuffle_i32x4(m[2], m[3], 0xEE));
    V u = _mm512_max_epu32(_mm512_shuffle_i32x4(t01, t23, 0x88), _mm512_shuffle_i32x4(t01, t23, 0xDD));
    u = _mm512_max_epu32(u, _mm512_shuffle_epi32(u, _MM_PERM_BADC));
    return _mm512_max_epu32(u, _mm512_shuffle_epi32(u, _MM_PERM_CDAB));
  }
  template <int kBlock>
  static V broadcast_block(V v) { return _mm512_shuffle_i32x4(v, v, kBlock * 0x55); }  // its quarter, four times
  static void store_block_bytes(std::uint8_t* p, V v) {
    const V firsts = _mm512_permutexvar_epi32(_mm512_setr_epi32(0, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), v);
    const int word = _mm_cvtsi128_si32(_mm512_cvtepi32_epi8(firsts));
    std::memcpy(p, &word, 4);
  }
  static M gt(V a, V b) { return _mm512_cmpgt_epi32_mask(a, b); }
  static M eq(V a, V b) { return _mm512_cmpeq_epi32_mask(a, b); }
  static V select(M m, V yes, V no) { return _mm512_mask_blend_epi32(m, no, yes); }
  static V add_one_where(V v, M m) { return _mm512_mask_sub_epi32(v, m, v, _mm512_set1_epi32(-1)); }
  static V add_where(V v, M m, V x) { return _mm512_mask_add_epi32(v, m, v, x); }

  static V fadd(V a, V b) {
    return _mm512_castps_si512(_mm512_add_ps(_mm512_castsi512_ps(a), _mm512_castsi512_ps(b)));
  }
  static V fsub(V a, V b) {
    return _mm512_castps_si512(_mm512_sub_ps(_mm512_castsi512_ps(a), _mm512_castsi512_ps(b)));
  }
  static V fmul(V a, V b) {
    return _mm512_castps_si512(_mm512_mul_ps(_mm512_castsi512_ps(a), _mm512_castsi512_ps(b)));
  }
  static V mul_lo(V a, V b) { return _mm512_mullo_epi32(a, b); }
  static V cvtt_i32(V a) { return _mm512_cvttps_epi32(_mm512_castsi512_ps(a)); }
  // min(|x|, limit): vminps returns its second operand when either is NaN, so a NaN passes through.
  // (vrangeps would do both in one instruction, but it returns the number when the other operand is a QNaN.)
  static V abs_min_keep_nan(V limit, V x) {
    const __m512 a = _mm512_castsi512_ps(_mm512_and_si512(x, _mm512_set1_epi32(0x7FFFFFFF)));
    return _mm512_castps_si512(_mm512_min_ps(_mm512_castsi512_ps(limit), a));
  }
};

}  // namespace typelattice::kernels::avx512_isa
