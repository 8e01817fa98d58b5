// 8-bit decoding by byte-shuffle table lookups (AVX512-VBMI vpermi2b): every 8-bit format's float32 values
// have zero low halves, so two 256-entry byte tables (DecodeParams::byte3/byte2, built from the scalar
// decoder) give each code's float32 exactly. 64 codes per step. CMakeLists.txt compiles this file alone with
// -mavx512f -mavx512bw -mavx512vl -mavx512vbmi; dispatch uses it only when the CPU has them.
#include "core/kernels/params.h"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__AVX512VBMI__)
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12's own intrinsics (_mm512_undefined_epi32 inside them) trip -Wmaybe-uninitialized when inlined.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cstring>

namespace typelattice::kernels {
namespace {

struct ByteTable {
  __m512i q[4];  // entries 0-63, 64-127, 128-191, 192-255
};

ByteTable load_table(const std::uint8_t* bytes) {
  ByteTable t;
  for (int i = 0; i < 4; ++i) t.q[i] = _mm512_loadu_si512(bytes + 64 * i);
  return t;
}

// One byte per code: vpermi2b covers 128 entries with the index's low 7 bits; bit 7 picks the half.
__m512i lookup(const ByteTable& t, __m512i codes, __mmask64 high_half) {
  const __m512i low = _mm512_permutex2var_epi8(t.q[0], codes, t.q[1]);
  const __m512i high = _mm512_permutex2var_epi8(t.q[2], codes, t.q[3]);
  return _mm512_mask_blend_epi8(high_half, low, high);
}

// The unpacks below interleave within 128-bit quarters; transposing the codes' dwords first makes the four
// results come out as codes 0-15, 16-31, 32-47, 48-63.
void decode64(const ByteTable& b3, const ByteTable& b2, const std::uint8_t* src, float* dst) {
  const __m512i order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
  const __m512i codes = _mm512_permutexvar_epi32(order, _mm512_loadu_si512(src));
  const __mmask64 high_half = _mm512_movepi8_mask(codes);
  const __m512i top = lookup(b3, codes, high_half), next = lookup(b2, codes, high_half);
  const __m512i words_lo = _mm512_unpacklo_epi8(next, top), words_hi = _mm512_unpackhi_epi8(next, top);
  const __m512i zero = _mm512_setzero_si512();
  _mm512_storeu_si512(dst, _mm512_unpacklo_epi16(zero, words_lo));
  _mm512_storeu_si512(dst + 16, _mm512_unpackhi_epi16(zero, words_lo));
  _mm512_storeu_si512(dst + 32, _mm512_unpacklo_epi16(zero, words_hi));
  _mm512_storeu_si512(dst + 48, _mm512_unpackhi_epi16(zero, words_hi));
}

void decode_span_vbmi(const DecodeParams& p, const std::uint8_t* in, float* out, std::size_t n) {
  const ByteTable b3 = load_table(p.byte3), b2 = load_table(p.byte2);
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64) decode64(b3, b2, in + i, out + i);
  if (i < n) {
    std::uint8_t src[64] = {};
    float dst[64];
    std::memcpy(src, in + i, n - i);
    decode64(b3, b2, src, dst);
    std::memcpy(out + i, dst, (n - i) * sizeof(float));
  }
}

}  // namespace

Decode8Fn avx512vbmi_decode8() { return &decode_span_vbmi; }

}  // namespace typelattice::kernels

#else

namespace typelattice::kernels {
Decode8Fn avx512vbmi_decode8() { return nullptr; }
}  // namespace typelattice::kernels

#endif
