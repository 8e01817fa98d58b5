// SSE4.1 vector operations (4 lanes of 32 bits); same names as vec_scalar.h. Include only from the TU
// compiled with -msse4.1 (cast_kernels_sse41.cpp), so no other code is built with these instructions.
#pragma once
#include <smmintrin.h>

#include <cstdint>
#include <cstring>

namespace typelattice::kernels::sse41_isa {

struct Ops {
  using V = __m128i;
  using M = __m128i;
  static constexpr int kLanes = 4;

  static V splat(std::uint32_t x) { return _mm_set1_epi32(static_cast<int>(x)); }
  static V load_f32(const float* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static V load_u8(const std::uint8_t* p) {
    int word;
    std::memcpy(&word, p, 4);
    return _mm_cvtepu8_epi32(_mm_cvtsi32_si128(word));
  }
  static V load_u16(const std::uint16_t* p) {
    return _mm_cvtepu16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
  }
  static void store_f32(float* p, V v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  static void store_u8x4(std::uint8_t* p, V a, V b, V c, V d) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm_packus_epi16(_mm_packus_epi32(a, b), _mm_packus_epi32(c, d)));
  }
  // Bits 8 .. 15 of each lane (lanes below 2^16) as bytes: the shift after the first pack, on 16-bit lanes.
  static void store_u8x4_byte1(std::uint8_t* p, V a, V b, V c, V d) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packus_epi16(_mm_srli_epi16(_mm_packus_epi32(a, b), 8),
                                                                     _mm_srli_epi16(_mm_packus_epi32(c, d), 8)));
  }
  static void store_u16x4(std::uint16_t* p, V a, V b, V c, V d) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packus_epi32(a, b));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 8), _mm_packus_epi32(c, d));
  }

  static V and_(V a, V b) { return _mm_and_si128(a, b); }
  static V or_(V a, V b) { return _mm_or_si128(a, b); }
  static V xor_(V a, V b) { return _mm_xor_si128(a, b); }
  static V add(V a, V b) { return _mm_add_epi32(a, b); }
  static V sub(V a, V b) { return _mm_sub_epi32(a, b); }
  static V srl(V a, int n) { return _mm_srl_epi32(a, _mm_cvtsi32_si128(n)); }
  static V sll(V a, int n) { return _mm_sll_epi32(a, _mm_cvtsi32_si128(n)); }
  template <int N>
  static V srl_const(V a) { return _mm_srli_epi32(a, N); }
  template <int N>
  static V sra_const(V a) { return _mm_srai_epi32(a, N); }
  static V madd_i16(V a, V b) { return _mm_madd_epi16(a, b); }
  static V xor_and_or(V a, V b, V c) { return _mm_xor_si128(a, _mm_and_si128(c, _mm_or_si128(a, b))); }
  static V min_u32(V a, V b) { return _mm_min_epu32(a, b); }
  static V max_u32(V a, V b) { return _mm_max_epu32(a, b); }
  static V max_s32(V a, V b) { return _mm_max_epi32(a, b); }
  static V min_s32(V a, V b) { return _mm_min_epi32(a, b); }
  static bool any(M m) { return _mm_movemask_epi8(m) != 0; }
  static V cvt_f32(V a) { return _mm_castps_si128(_mm_cvtepi32_ps(a)); }  // int32 lanes to float32 bits
  // Four vectors' largest lanes, reduced together as a transpose (6 operations, not 16): vector i's in lane
  // kBlockLane[i].
  static constexpr int kBlockLane[4] = {0, 1, 2, 3};
  static V reduce_max_u32x4(const V (&m)[4]) {
    const V t01 = _mm_max_epu32(_mm_unpacklo_epi32(m[0], m[1]), _mm_unpackhi_epi32(m[0], m[1]));
    const V t23 = _mm_max_epu32(_mm_unpacklo_epi32(m[2], m[3]), _mm_unpackhi_epi32(m[2], m[3]));
    return _mm_max_epu32(_mm_unpacklo_epi64(t01, t23), _mm_unpackhi_epi64(t01, t23));
  }
  template <int kBlock>
  static V broadcast_block(V v) { return _mm_shuffle_epi32(v, kBlock * 0x55); }
  // The four kBlockLane lanes (each below 2^8) as bytes p[0..3].
  static void store_block_bytes(std::uint8_t* p, V v) {
    const int word = _mm_cvtsi128_si32(_mm_packus_epi16(_mm_packus_epi32(v, v), v));
    std::memcpy(p, &word, 4);
  }
  static M gt(V a, V b) { return _mm_cmpgt_epi32(a, b); }
  static M eq(V a, V b) { return _mm_cmpeq_epi32(a, b); }
  static V select(M m, V yes, V no) { return _mm_blendv_epi8(no, yes, m); }
  static V add_one_where(V v, M m) { return _mm_sub_epi32(v, m); }  // a true lane of m is -1
  static V add_where(V v, M m, V x) { return _mm_add_epi32(v, _mm_and_si128(m, x)); }

  static V fadd(V a, V b) { return _mm_castps_si128(_mm_add_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b))); }
  static V fsub(V a, V b) { return _mm_castps_si128(_mm_sub_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b))); }
  static V fmul(V a, V b) { return _mm_castps_si128(_mm_mul_ps(_mm_castsi128_ps(a), _mm_castsi128_ps(b))); }
  static V mul_lo(V a, V b) { return _mm_mullo_epi32(a, b); }
  static V cvtt_i32(V a) { return _mm_cvttps_epi32(_mm_castsi128_ps(a)); }
  // min(|x|, limit): minps returns its second operand when either is NaN, so a NaN passes through.
  static V abs_min_keep_nan(V limit, V x) {
    const __m128 a = _mm_castsi128_ps(_mm_and_si128(x, _mm_set1_epi32(0x7FFFFFFF)));
    return _mm_castps_si128(_mm_min_ps(_mm_castsi128_ps(limit), a));
  }
};

}  // namespace typelattice::kernels::sse41_isa
