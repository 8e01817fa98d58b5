// One-lane "vector" operations: the portable reference instantiation of the kernel bodies (cast_body.h).
// Each vector-ops struct (here, vec_sse41.h, vec_avx2.h, vec_avx512.h, vec_wasm.h) offers the same names over
// 32-bit lanes; masks are the type M, produced by comparisons and consumed by select. The block kernels'
// four-block operations (reduce_max_u32x4 and what reads its lanes) exist only in structs of four lanes or more.
#pragma once
#include <cstdint>
#include <cstring>

namespace typelattice::kernels::scalar_isa {

struct Ops {
  using V = std::uint32_t;
  using M = bool;
  static constexpr int kLanes = 1;

  static V splat(std::uint32_t x) { return x; }
  static V load_f32(const float* p) { V v; std::memcpy(&v, p, 4); return v; }
  static V load_u8(const std::uint8_t* p) { return *p; }
  static V load_u16(const std::uint16_t* p) { return *p; }
  static void store_f32(float* p, V v) { std::memcpy(p, &v, 4); }
  // Four vectors of codes (each lane below 2^8, resp. 2^16) narrowed and stored, lane order kept.
  static void store_u8x4(std::uint8_t* p, V a, V b, V c, V d) {
    p[0] = static_cast<std::uint8_t>(a); p[1] = static_cast<std::uint8_t>(b);
    p[2] = static_cast<std::uint8_t>(c); p[3] = static_cast<std::uint8_t>(d);
  }
  // Bits 8 .. 15 of each lane (lanes below 2^16) as bytes, lane order kept.
  static void store_u8x4_byte1(std::uint8_t* p, V a, V b, V c, V d) { store_u8x4(p, a >> 8, b >> 8, c >> 8, d >> 8); }
  static void store_u16x4(std::uint16_t* p, V a, V b, V c, V d) {
    p[0] = static_cast<std::uint16_t>(a); p[1] = static_cast<std::uint16_t>(b);
    p[2] = static_cast<std::uint16_t>(c); p[3] = static_cast<std::uint16_t>(d);
  }

  static V and_(V a, V b) { return a & b; }
  static V or_(V a, V b) { return a | b; }
  static V xor_(V a, V b) { return a ^ b; }
  static V add(V a, V b) { return a + b; }
  static V sub(V a, V b) { return a - b; }
  static V srl(V a, int n) { return a >> n; }
  static V sll(V a, int n) { return a << n; }
  template <int N>
  static V srl_const(V a) { return a >> N; }
  template <int N>
  static V sra_const(V a) { return static_cast<V>(static_cast<std::int32_t>(a) >> N); }
  // The two signed 16-bit halves of a times those of b, summed (pmaddwd).
  static V madd_i16(V a, V b) {
    const auto half = [](V v, int i) { return static_cast<std::int32_t>(static_cast<std::int16_t>(v >> (16 * i))); };
    return static_cast<V>(half(a, 0) * half(b, 0) + half(a, 1) * half(b, 1));
  }
  static V xor_and_or(V a, V b, V c) { return a ^ (c & (a | b)); }
  static V min_u32(V a, V b) { return a < b ? a : b; }
  static V max_u32(V a, V b) { return a > b ? a : b; }
  // Signed comparison: the kernels compare magnitudes below 2^31, where it equals the unsigned one.
  static M gt(V a, V b) { return static_cast<std::int32_t>(a) > static_cast<std::int32_t>(b); }
  static M eq(V a, V b) { return a == b; }
  static V select(M m, V yes, V no) { return m ? yes : no; }
  static V add_one_where(V v, M m) { return v + (m ? 1u : 0u); }
  static V add_where(V v, M m, V x) { return m ? v + x : v; }  // v + x in the lanes where m is true

  static float f(V v) { float x; std::memcpy(&x, &v, 4); return x; }
  static V bits(float x) { V v; std::memcpy(&v, &x, 4); return v; }
  static V fadd(V a, V b) { return bits(f(a) + f(b)); }
  static V fsub(V a, V b) { return bits(f(a) - f(b)); }
  static V fmul(V a, V b) { return bits(f(a) * f(b)); }
  static V mul_lo(V a, V b) { return a * b; }
  // float -> int32 toward zero; NaN and out-of-range lanes give 0x80000000 (as cvttps does), never UB.
  static V cvtt_i32(V a) {
    const float x = f(a);
    return x > -2147483648.0f && x < 2147483648.0f ? static_cast<V>(static_cast<std::int32_t>(x)) : 0x80000000u;
  }
  // min(|x|, limit) for x's magnitude bits, keeping a NaN (as x86 minps(limit, |x|) does).
  static V abs_min_keep_nan(V limit, V x) {
    const V a = x & 0x7FFFFFFFu;
    return f(a) < f(limit) || f(a) != f(a) ? a : limit;
  }
};

}  // namespace typelattice::kernels::scalar_isa
