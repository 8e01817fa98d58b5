// Per-call constants of the bulk cast kernels, derived once per format and options from FormatSpec and from
// the scalar codecs (core/formats/codec.cpp), and the table of kernel entry points each instruction set provides.
// Plain data only: this header is shared by translation units compiled for different instruction sets.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/kernels/block_params.h"

namespace typelattice::kernels {

// Which kernel body encodes a format (chosen per call, never per element).
enum class EncodeVariant : std::uint8_t {
  capped,       // overflow and NaN both land on `cap` by one unsigned min (fn/fnuz formats, saturating or not)
  capped_m3,    // capped for an 8-bit format with 3 mantissa bits (e4m3fn): the shift counts are constants
  capped_fnuz,  // as capped, and a negative value rounding to zero gives +0 (fnuz has no -0)
  capped_nan,   // overflow lands on `cap` (Inf) by one min, NaN on nan_mag by one select (IEEE-like, not saturating)
  general,      // overflow, Inf, NaN and zero get their codes from the scalar encoder, sign by sign
  truncated,    // bfloat16: float32 with a shorter mantissa, rounded in integer arithmetic; specials as capped_nan
  truncated_general,  // the same rounding, specials as general
  scale,        // float8_e8m0fnu: powers of two, with ONNX's round modes
  // The other IEEE modes (rounding_body.h): the value toward zero and the exact rest below one quantum, then the
  // mode's rule for one more quantum. "_truncated" is bfloat16's integer arithmetic, as `truncated`.
  directed,              // ties to away, toward zero, toward +Inf, toward -Inf, to odd (chosen by per-call masks)
  directed_truncated,
  stochastic,            // away iff round_half_even(rest * 2^n) + bits >= 2^n; bits given, or drawn per element
  // The same rule as one rounding to 2^-n quanta and one add (stochastic_body.h), where the format and n allow
  // it; the suffix names the specials' finish, as the ties-to-even variants above.
  stochastic_capped,
  stochastic_capped_fnuz,
  stochastic_capped_nan,
  stochastic_general,
  stochastic_truncated,  // bfloat16, in integer arithmetic: specials as capped_nan ...
  stochastic_truncated_general,  // ... and as general
};
inline constexpr int kEncodeVariants = 17;

// For the wasm module's size budget (scripts/page-size.mjs), wasm builds are compact: stochastic rounding runs
// the split body (rounding_body.h) but for bfloat16, whose one-add body (stochastic_body.h) runs with the
// general finish and one loop for given and drawn bits, where native builds instantiate 27 loops.
#if defined(__wasm__)
inline constexpr bool kCompactStochastic = true;
#else
inline constexpr bool kCompactStochastic = false;
#endif

// The variants that take per-call stochastic fields (stochastic_params).
constexpr bool is_stochastic(EncodeVariant v) {
  return v >= EncodeVariant::stochastic && v <= EncodeVariant::stochastic_truncated_general;
}

struct EncodeParams {
  // Rounding to the format's grid in float arithmetic: c = min(|x|, clamp) (NaN passes through),
  // e = max(exponent of c, emin), s = c + 2^(e + 23 - M): the float adder rounds c to M bits (ties to even).
  std::uint32_t clamp_bits;    // max finite when saturating; a value safely above the overflow threshold if not
  std::uint32_t emin_bits;     // float32 bits of 2^(1 - bias), the smallest normal of the format
  std::uint32_t grid_bits;     // (23 - M) << 23
  int mant_shift;              // 23 - M
  // Integer rounding (truncated and scale variants): (a + round_add + (lsb & lsb_mask)) >> mant_shift.
  std::uint32_t round_add;
  std::uint32_t lsb_mask;      // 1: ties to even; 0: the fixed offset alone decides (E8M0 up/down/nearest)
  std::uint32_t overflow_bits; // |x| bits above this overflow (integer variants)
  std::uint32_t max_mag;       // largest finite magnitude code
  std::uint32_t cap;           // capped variants: min(magnitude, cap)
  std::uint32_t nan_mag;       // capped_nan, truncated: the magnitude code of NaN (the input's sign is kept)
  std::uint32_t sign_bit;      // the code's sign bit; 0 when the format has no sign
  int sign_shift;              // float32 sign bit >> sign_shift = sign_bit
  // Codes for a positive [0] and a negative [1] input, from the scalar encoder.
  std::uint32_t over_code[2], inf_code[2], nan_code[2], zero_code[2];
  // E8M0 below float32's normal range: 0 -> zero_code, (0, low_cut) -> tiny_code, up to high_cut -> 0, above -> 1.
  std::uint32_t low_cut, high_cut, tiny_code;
  std::uint32_t negative_code; // E8M0 (unsigned): the code of any negative non-zero number
  bool negative_as_magnitude;  // E8M0: negative numbers encode as their magnitude (negative_code unused)
  // Directed variants: all ones or zero, per mode. One more quantum where the rest is at least half of one
  // (ties to away), where inexact and the input is positive / negative (toward +Inf / -Inf), where inexact and
  // the code toward zero is even (to odd); toward zero sets none.
  std::uint32_t away_at_half, away_positive, away_negative, away_if_even;
  std::uint32_t mantissa_bits_exponent;  // M << 23: a binade's float32 exponent bits minus this are its quantum's
  // Stochastic variants, filled per call by stochastic_params (the table's entry has n = 0 and no seed).
  EncodeVariant sr_fast_variant;  // the one-add body (stochastic_body.h) with this format's finish
  std::uint32_t sr_one;         // 2^n mod 2^32 (0 for n = 32)
  std::uint32_t sr_bits;        // the given bits, below 2^n
  std::uint32_t sr_enable;      // all ones when n > 0: drawn bits are kept
  int sr_draw_shift;            // 32 - n (0 for n = 0): the drawn word's top n bits
  std::uint32_t sr_scale_base;  // (254 + M + n) << 23: minus a binade's exponent bits, 2^(n + M - E) as float32
  // The one-add bodies. Grid: c + 2^(E + 23 - M - n) rounds c to 2^-n quanta (ties to even), the bits are added
  // and the sum shifted right by n. Truncated: |x| + 2^(d-1) - 1 + (bit d of |x|) + (bits << d), d = s - n
  // (bits >> (n - s) for n > s), shifted right by s = 23 - M.
  std::uint32_t sr_grid_bits;   // grid: (23 - M - n) << 23
  int sr_shift;                 // grid: n; truncated: s
  int sr_word_shift;            // the drawn word's top n (grid) or s (truncated) bits
  std::uint32_t sr_word_mask;   // truncated: clears the drawn bits below bit d (all of them for n = 0)
  std::uint32_t sr_half_bias;   // truncated: 2^(d-1) - 1 for 0 <= n < s, else 0
  int sr_parity_shift;          // truncated: d
  std::uint32_t sr_parity_mask; // truncated: 1 for 1 <= n < s, else 0
  std::uint32_t sr_given;       // given bits as the body adds them: grid: bits; truncated: half_bias + bits' term
  bool sr_full_word;            // the drawn word's last xorshift reaches its top bits used (more than 16)
  bool sr_seeded;               // draw each element's bits (stochastic_bits) rather than use sr_bits
  std::uint32_t sr_key_low, sr_key_high, sr_first_index;  // the stream's key and the first element's index
  EncodeVariant variant;
};

struct DecodeParams {
  std::uint32_t mag_mask;      // code bits below the sign
  std::uint32_t sign_bit;      // the code's sign bit (0: unsigned)
  int sign_shift;              // sign_bit << sign_shift = float32's sign bit
  int mant_shift;              // 23 - M: magnitude << mant_shift puts the fields where float32 has them
  std::uint32_t exp_adjust;    // (127 - bias) << 23: rebiases the exponent field of a normal code
  std::uint32_t min_normal;    // 1 << M: smaller magnitudes are subnormal
  std::uint32_t magic_bits;    // float32 2^(24 - bias - M), whose ulp is the format's subnormal step
  std::uint32_t special_from;  // magnitudes >= this decode to Inf or NaN (past every code if none)
  std::uint32_t inf_mag;       // the magnitude decoding to Inf (past every code if none)
  std::uint32_t nan_bits;      // float32 bits of the decoded NaN, sign cleared (the code's sign is kept)
  std::uint32_t exact_code;    // one code the formula misses (fnuz NaN, E8M0's 2^-127), past every code if none
  std::uint32_t exact_bits;
  unsigned variant;            // DecodeFeature bits: which parts of the body this format needs
  // 8-bit codes: the upper two bytes of each code's float32 (the lower two are zero for every 8-bit format),
  // for byte-shuffle lookups.
  std::uint8_t byte3[256], byte2[256];
};

// Parts of the decode body a format needs (bit flags; the kernel is instantiated for each combination).
enum DecodeFeature : unsigned {
  decode_subnormals = 1,  // a subnormal grid float32's encoding does not cover (bias != 127)
  decode_specials = 2,    // Inf or NaN codes
  decode_inf = 4,         // Inf codes
  decode_exact = 8,       // one code decoded apart
};
inline constexpr unsigned kDecodeVariants = 16;

using Encode8Fn = void (*)(const EncodeParams&, const float*, std::uint8_t*, std::size_t);
using Encode16Fn = void (*)(const EncodeParams&, const float*, std::uint16_t*, std::size_t);
using Decode8Fn = void (*)(const DecodeParams&, const std::uint8_t*, float*, std::size_t);
using Decode16Fn = void (*)(const DecodeParams&, const std::uint16_t*, float*, std::size_t);

struct KernelTable {
  Encode8Fn encode8[kEncodeVariants];
  Encode16Fn encode16[kEncodeVariants];
  Decode8Fn decode8[kDecodeVariants];  // [DecodeParams::variant]
  Decode16Fn decode16[kDecodeVariants];
  BlockKernels blocks;  // the block-scaled formats' kernels (block_body.h)
};

// Each returns nullptr when this build has no code for that instruction set.
const KernelTable* scalar_kernels();
const KernelTable* sse41_kernels();
const KernelTable* avx2_kernels();
const KernelTable* avx512_kernels();
Decode8Fn avx512vbmi_decode8();  // byte-shuffle table lookups (needs AVX512-VBMI as well)
const KernelTable* wasm_simd128_kernels();

}  // namespace typelattice::kernels
