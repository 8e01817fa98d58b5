// AVX2 vector operations (8 lanes of 32 bits); same names as vec_scalar.h. Include only from the TU compiled
// with -mavx2 (cast_kernels_avx2.cpp), so no other code is built with these instructions.
#pragma once
#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace typelattice::kernels::avx2_isa {

struct Ops {
  using V = __m256i;
  using M = __m256i;
  static constexpr int kLanes = 8;

  static V splat(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static V load_f32(const float* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static V load_u8(const std::uint8_t* p) {
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
  }
  static V load_u16(const std::uint16_t* p) {
    return _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  static void store_f32(float* p, V v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  // The packs work within 128-bit halves; the final permutation restores lane order.
  static void store_u8x4(std::uint8_t* p, V a, V b, V c, V d) {
    store_u8_words(p, _mm256_packus_epi32(a, b), _mm256_packus_epi32(c, d));
  }
  // Bits 8 .. 15 of each lane (lanes below 2^16) as bytes: the shift after the first pack, on 16-bit lanes.
  static void store_u8x4_byte1(std::uint8_t* p, V a, V b, V c, V d) {
    store_u8_words(p, _mm256_srli_epi16(_mm256_packus_epi32(a, b), 8), _mm256_srli_epi16(_mm256_packus_epi32(c, d), 8));
  }
  static void store_u8_words(std::uint8_t* p, V ab, V cd) {
    const V bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(ab, cd), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), bytes);
  }
  static void store_u16x4(std::uint16_t* p, V a, V b, V c, V d) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 16),
                        _mm256_permute4x64_epi64(_mm256_packus_epi32(c, d), 0xD8));
  }

  static V and_(V a, V b) { return _mm256_and_si256(a, b); }
  static V or_(V a, V b) { return _mm256_or_si256(a, b); }
  static V xor_(V a, V b) { return _mm256_xor_si256(a, b); }
  static V add(V a, V b) { return _mm256_add_epi32(a, b); }
  static V sub(V a, V b) { return _mm256_sub_epi32(a, b); }
  // Per-lane shifts by a splatted count: one uop, where a shift by an xmm count takes two.
  static V srl(V a, int n) { return _mm256_srlv_epi32(a, _mm256_set1_epi32(n)); }
  static V sll(V a, int n) { return _mm256_sllv_epi32(a, _mm256_set1_epi32(n)); }
  template <int N>
  static V srl_const(V a) { return _mm256_srli_epi32(a, N); }
  template <int N>
  static V sra_const(V a) { return _mm256_srai_epi32(a, N); }
  static V madd_i16(V a, V b) { return _mm256_madd_epi16(a, b); }
  static V xor_and_or(V a, V b, V c) { return _mm256_xor_si256(a, _mm256_and_si256(c, _mm256_or_si256(a, b))); }
  static V min_u32(V a, V b) { return _mm256_min_epu32(a, b); }
  static V max_u32(V a, V b) { return _mm256_max_epu32(a, b); }
  static V max_s32(V a, V b) { return _mm256_max_epi32(a, b); }
  static V min_s32(V a, V b) { return _mm256_min_epi32(a, b); }
  static bool any(M m) { return _mm256_movemask_epi8(m) != 0; }
  static V cvt_f32(V a) { return _mm256_castps_si256(_mm256_cvtepi32_ps(a)); }  // int32 lanes to float32 bits
  // Four vectors' largest lanes, reduced together (11 operations, not 28): halves exchanged across vectors,
  // then a transpose within 128-bit lanes, leaving m0 m1 m0 m1 | m2 m3 m2 m3; vector i's in lane kBlockLane[i].
  static constexpr int kBlockLane[4] = {0, 1, 4, 5};
  static V reduce_max_u32x4(const V (&m)[4]) {
    const V c02 =
        _mm256_max_epu32(_mm256_permute2x128_si256(m[0], m[2], 0x20), _mm256_permute2x128_si256(m[0], m[2], 0x31));
    const V c13 =
        _mm256_max_epu32(_mm256_permute2x128_si256(m[1], m[3], 0x20), _mm256_permute2x128_si256(m[1], m[3], 0x31));
    const V t = _mm256_max_epu32(_mm256_unpacklo_epi32(c02, c13), _mm256_unpackhi_epi32(c02, c13));
    return _mm256_max_epu32(t, _mm256_shuffle_epi32(t, 0x4E));
  }
  template <int kBlock>
  static V broadcast_block(V v) { return _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(kBlockLane[kBlock])); }
  static void store_block_bytes(std::uint8_t* p, V v) {
    const __m128i lanes = _mm256_castsi256_si128(_mm256_permute4x64_epi64(v, 0x08));  // lanes 0, 1, 4, 5
    const int word = _mm_cvtsi128_si32(_mm_packus_epi16(_mm_packus_epi32(lanes, lanes), lanes));
    std::memcpy(p, &word, 4);
  }
  static M gt(V a, V b) { return _mm256_cmpgt_epi32(a, b); }
  static M eq(V a, V b) { return _mm256_cmpeq_epi32(a, b); }
  static V select(M m, V yes, V no) { return _mm256_blendv_epi8(no, yes, m); }
  static V add_one_where(V v, M m) { return _mm256_sub_epi32(v, m); }  // a true lane of m is -1
  static V add_where(V v, M m, V x) { return _mm256_add_epi32(v, _mm256_and_si256(m, x)); }

  static V fadd(V a, V b) {
    return _mm256_castps_si256(_mm256_add_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)));
  }
  static V fsub(V a, V b) {
    return _mm256_castps_si256(_mm256_sub_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)));
  }
  static V fmul(V a, V b) {
    return _mm256_castps_si256(_mm256_mul_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)));
  }
  static V mul_lo(V a, V b) { return _mm256_mullo_epi32(a, b); }
  static V cvtt_i32(V a) { return _mm256_cvttps_epi32(_mm256_castsi256_ps(a)); }
  // min(|x|, limit): minps returns its second operand when either is NaN, so a NaN passes through.
  static V abs_min_keep_nan(V limit, V x) {
    const __m256 a = _mm256_castsi256_ps(_mm256_and_si256(x, _mm256_set1_epi32(0x7FFFFFFF)));
    return _mm256_castps_si256(_mm256_min_ps(_mm256_castsi256_ps(limit), a));
  }
};

}  // namespace typelattice::kernels::avx2_isa
