// AVX2 vector operations (8 lanes of 32 bits); same names as vec_scalar.h. Include only from the TU compiled
// with -mavx2 (cast_kernels_avx2.cpp), so no other code is built with these instructions.
#pragma once
#include <immintrin.h>

#include <cstdint>

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
    V bytes = _mm256_packus_epi16(_mm256_packus_epi32(a, b), _mm256_packus_epi32(c, d));
    bytes = _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
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
  static V min_u32(V a, V b) { return _mm256_min_epu32(a, b); }
  static V max_u32(V a, V b) { return _mm256_max_epu32(a, b); }
  static std::uint32_t reduce_max_u32(V a) {
    __m128i m = _mm_max_epu32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    m = _mm_max_epu32(m, _mm_shuffle_epi32(m, 0x4E));
    return static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_max_epu32(m, _mm_shuffle_epi32(m, 0xB1))));
  }
  static M gt(V a, V b) { return _mm256_cmpgt_epi32(a, b); }
  static M eq(V a, V b) { return _mm256_cmpeq_epi32(a, b); }
  static V select(M m, V yes, V no) { return _mm256_blendv_epi8(no, yes, m); }

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
