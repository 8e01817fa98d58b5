// WebAssembly SIMD128 vector operations (4 lanes of 32 bits); same names as vec_scalar.h. Include only from
// the TU compiled with -msimd128 (cast_kernels_wasm.cpp).
#pragma once
#include <wasm_simd128.h>

#include <cstdint>

namespace typelattice::kernels::wasm_isa {

struct Ops {
  using V = v128_t;
  using M = v128_t;
  static constexpr int kLanes = 4;

  static V splat(std::uint32_t x) { return wasm_u32x4_splat(x); }
  static V load_f32(const float* p) { return wasm_v128_load(p); }
  static V load_u8(const std::uint8_t* p) {
    return wasm_u32x4_extend_low_u16x8(wasm_u16x8_extend_low_u8x16(wasm_v128_load32_zero(p)));
  }
  static V load_u16(const std::uint16_t* p) { return wasm_u32x4_load16x4(p); }
  static void store_f32(float* p, V v) { wasm_v128_store(p, v); }
  static void store_u8x4(std::uint8_t* p, V a, V b, V c, V d) {
    wasm_v128_store(p, wasm_u8x16_narrow_i16x8(wasm_u16x8_narrow_i32x4(a, b), wasm_u16x8_narrow_i32x4(c, d)));
  }
  // Bits 8 .. 15 of each lane (lanes below 2^16) as bytes.
  static void store_u8x4_byte1(std::uint8_t* p, V a, V b, V c, V d) {
    wasm_v128_store(p, wasm_u8x16_narrow_i16x8(wasm_u16x8_shr(wasm_u16x8_narrow_i32x4(a, b), 8),
                                               wasm_u16x8_shr(wasm_u16x8_narrow_i32x4(c, d), 8)));
  }
  static void store_u16x4(std::uint16_t* p, V a, V b, V c, V d) {
    wasm_v128_store(p, wasm_u16x8_narrow_i32x4(a, b));
    wasm_v128_store(p + 8, wasm_u16x8_narrow_i32x4(c, d));
  }

  static V and_(V a, V b) { return wasm_v128_and(a, b); }
  static V or_(V a, V b) { return wasm_v128_or(a, b); }
  static V xor_(V a, V b) { return wasm_v128_xor(a, b); }
  static V add(V a, V b) { return wasm_i32x4_add(a, b); }
  static V sub(V a, V b) { return wasm_i32x4_sub(a, b); }
  // The empty asm makes the count a fresh value where the shift is: LLVM would otherwise hoist its splat out
  // of the loop, and the wasm backend, no longer seeing a splat, shifts lane by lane (four times slower).
  static V srl(V a, int n) {
    __asm__ volatile("" : "+r"(n));
    return wasm_u32x4_shr(a, static_cast<std::uint32_t>(n));
  }
  static V sll(V a, int n) {
    __asm__ volatile("" : "+r"(n));
    return wasm_i32x4_shl(a, static_cast<std::uint32_t>(n));
  }
  template <int N>
  static V srl_const(V a) { return wasm_u32x4_shr(a, N); }
  template <int N>
  static V sra_const(V a) { return wasm_i32x4_shr(a, N); }
  static V madd_i16(V a, V b) { return wasm_i32x4_dot_i16x8(a, b); }
  static V xor_and_or(V a, V b, V c) { return wasm_v128_xor(a, wasm_v128_and(c, wasm_v128_or(a, b))); }
  static V min_u32(V a, V b) { return wasm_u32x4_min(a, b); }
  static V max_u32(V a, V b) { return wasm_u32x4_max(a, b); }
  static V max_s32(V a, V b) { return wasm_i32x4_max(a, b); }
  static V min_s32(V a, V b) { return wasm_i32x4_min(a, b); }
  static bool any(M m) { return wasm_v128_any_true(m); }
  static V cvt_f32(V a) { return wasm_f32x4_convert_i32x4(a); }  // int32 lanes to float32 bits
  // Four vectors' largest lanes, reduced together as a transpose (6 operations, not 16): vector i's in lane
  // kBlockLane[i].
  static constexpr int kBlockLane[4] = {0, 1, 2, 3};
  static V reduce_max_u32x4(const V (&m)[4]) {
    const V t01 =
        wasm_u32x4_max(wasm_i32x4_shuffle(m[0], m[1], 0, 4, 1, 5), wasm_i32x4_shuffle(m[0], m[1], 2, 6, 3, 7));
    const V t23 =
        wasm_u32x4_max(wasm_i32x4_shuffle(m[2], m[3], 0, 4, 1, 5), wasm_i32x4_shuffle(m[2], m[3], 2, 6, 3, 7));
    return wasm_u32x4_max(wasm_i64x2_shuffle(t01, t23, 0, 2), wasm_i64x2_shuffle(t01, t23, 1, 3));
  }
  template <int kBlock>
  static V broadcast_block(V v) { return wasm_i32x4_shuffle(v, v, kBlock, kBlock, kBlock, kBlock); }
  // The four kBlockLane lanes (each below 2^8) as bytes p[0..3].
  static void store_block_bytes(std::uint8_t* p, V v) {
    wasm_v128_store32_lane(p, wasm_u8x16_narrow_i16x8(wasm_u16x8_narrow_i32x4(v, v), v), 0);
  }
  static M gt(V a, V b) { return wasm_i32x4_gt(a, b); }
  static M eq(V a, V b) { return wasm_i32x4_eq(a, b); }
  static V select(M m, V yes, V no) { return wasm_v128_bitselect(yes, no, m); }
  static V add_one_where(V v, M m) { return wasm_i32x4_sub(v, m); }  // a true lane of m is -1
  static V add_where(V v, M m, V x) { return wasm_i32x4_add(v, wasm_v128_and(m, x)); }

  static V fadd(V a, V b) { return wasm_f32x4_add(a, b); }
  static V fsub(V a, V b) { return wasm_f32x4_sub(a, b); }
  static V fmul(V a, V b) { return wasm_f32x4_mul(a, b); }
  static V mul_lo(V a, V b) { return wasm_i32x4_mul(a, b); }
  // Saturating, where x86's cvttps gives 0x80000000 out of range: the kernels use neither lane's value there.
  static V cvtt_i32(V a) { return wasm_i32x4_trunc_sat_f32x4(a); }
  // min(|x|, limit): pmin(a, limit) = limit < a ? limit : a is a plain select, so a NaN keeps its bits.
  static V abs_min_keep_nan(V limit, V x) { return wasm_f32x4_pmin(wasm_f32x4_abs(x), limit); }
};

}  // namespace typelattice::kernels::wasm_isa
