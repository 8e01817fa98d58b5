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
  static V min_u32(V a, V b) { return wasm_u32x4_min(a, b); }
  static V max_u32(V a, V b) { return wasm_u32x4_max(a, b); }
  static std::uint32_t reduce_max_u32(V a) {
    a = wasm_u32x4_max(a, wasm_i32x4_shuffle(a, a, 2, 3, 0, 1));
    return wasm_u32x4_extract_lane(wasm_u32x4_max(a, wasm_i32x4_shuffle(a, a, 1, 0, 3, 2)), 0);
  }
  static M gt(V a, V b) { return wasm_i32x4_gt(a, b); }
  static M eq(V a, V b) { return wasm_i32x4_eq(a, b); }
  static V select(M m, V yes, V no) { return wasm_v128_bitselect(yes, no, m); }

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
