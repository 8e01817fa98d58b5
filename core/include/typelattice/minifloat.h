// Low-precision floating-point formats as data, with exact decoding, correctly rounded encoding
// (saturating and non-saturating, as ONNX's Cast), and the bit layout of any code.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/dtype.h"
#include "typelattice/result.h"

namespace typelattice {

// How a format spends its special encodings.
enum class SpecialValues : std::uint8_t {
  ieee,             // all-ones exponent: mantissa 0 = ±Inf, else NaN (float8_e5m2, float8_e4m3, float8_e3m4, f16, bf16)
  nan_all_ones,     // "fn": no Inf; only exponent and mantissa all ones is NaN (float8_e4m3fn)
  nan_negative_zero,// "fnuz": no Inf, no -0; the code of -0 (sign only) is the single NaN
  none,             // no Inf, no NaN: every code is finite (float6_*, float4_e2m1fn)
  nan_all_ones_unsigned,  // E8M0: no sign, no zero, no subnormals; 0xFF is NaN
  // IEEE P3109's extended domain: ±Inf at the largest magnitude code, NaN at the code of -0 (signed formats:
  // 0x7F, 0xFF and 0x80 in 8 bits), or, unsigned, +Inf just below the all-ones NaN (0xFE and 0xFF).
  inf_top_nan_negative_zero,
  inf_below_nan_all_ones,
};

// One line on where a scheme puts its special values, for the front ends' format summaries.
std::string_view specials_description(SpecialValues s);

// Where a format comes from: the built-in table (each one a dtype), IEEE P3109's family, or a user's definition.
enum class FormatFamily : std::uint8_t { builtin, p3109, defined };

struct FormatSpec {
  std::optional<Dtype> dtype;// built-in formats: the dtype whose values the format encodes (names from its row)
  // The canonical name, e.g. "float8_e4m3fn", "p3109_k8p3se"; empty for a defined format, whose name is its
  // definition (format_name gives every format's name).
  std::string_view name;
  std::string_view onnx_name;// e.g. "FLOAT8E4M3FN"; empty if ONNX has none
  int exponent_bits;
  int mantissa_bits;
  bool has_sign;
  int bias;
  SpecialValues specials;
  FormatFamily family = FormatFamily::builtin;
  // Derived, for convenience: total_bits = has_sign + exponent_bits + mantissa_bits.
  int total_bits() const { return (has_sign ? 1 : 0) + exponent_bits + mantissa_bits; }
  bool has_inf() const {
    return specials == SpecialValues::ieee || specials == SpecialValues::inf_top_nan_negative_zero ||
           specials == SpecialValues::inf_below_nan_all_ones;
  }
  bool has_nan() const { return specials != SpecialValues::none; }
  bool has_negative_zero() const {
    return has_sign && specials != SpecialValues::nan_negative_zero && specials != SpecialValues::inf_top_nan_negative_zero;
  }
  bool is_scale_format() const { return specials == SpecialValues::nan_all_ones_unsigned; }  // E8M0
};

// A format. The built-in ones are named: the minifloats (up to 16 bits) first, float32 last. float32 is here so
// that its bits can be laid out and values cast into it beside the others; the bulk kernels (cast_kernels.h)
// cover the built-in minifloats only. Every other value stands for a P3109 or defined format (defined_formats.h
// makes them): its parameters are packed into the value, so a Format is a complete, copyable handle.
enum class Format : std::uint32_t {
  float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz, float8_e4m3b11fnuz, float8_e3m4, float8_e4m3,
  float8_e8m0fnu, float6_e2m3fn, float6_e3m2fn, float4_e2m1fn, bfloat16, float16, float32,
};
inline constexpr int kFormatCount = static_cast<int>(Format::float32) + 1;
inline constexpr int kMinifloatFormatCount = static_cast<int>(Format::float16) + 1;

std::span<const FormatSpec> all_formats();                 // the built-in ones, indexed by Format, float32 included
std::span<const FormatSpec> minifloat_formats();           // the first kMinifloatFormatCount: up to 16 bits
std::vector<Format> builtin_formats();                     // the built-in ones as Formats, in the same order
inline bool is_builtin(Format f) { return static_cast<std::uint32_t>(f) < kFormatCount; }
// Up to 16 bits: every format but float32.
inline bool is_minifloat(Format f) { return f != Format::float32; }
// The built-in minifloats have bulk kernels (cast_kernels.h); P3109 and defined formats cast one value at a time.
inline bool has_cast_kernels(Format f) { return static_cast<std::uint32_t>(f) < kMinifloatFormatCount; }
// The bytes one code takes in an array of codes: 1 up to 8 bits, 2 up to 16 (bfloat16, float16), 4 for float32.
int code_bytes(Format f);
FormatSpec format_spec(Format f);
// The name users write: the built-in and P3109 names, or a defined format's definition ("e4m3:fn:bias=7").
std::string format_name(Format f);
std::optional<Format> format_of(Dtype d);                  // the format encoding a dtype, if it has one
// The names of the format's dtype (parse_dtype's), except that ONNX names come before aliases: FLOAT is
// float32 here, not Python's float; P3109 names (p3109_k8p3se); and definitions (see defined_formats.h).
// Case-insensitive; an unknown name suggests the closest format names.
Result<Format> parse_format(std::string_view text);

// The finite range of a format (every one a power of two but max). E8M0 has no subnormals.
struct FormatRange {
  double max, min_normal;
  std::optional<double> min_subnormal;
};
FormatRange format_range(Format f);

// How a cast rounds. float8_e8m0fnu has ONNX Cast's round_mode values up, down and nearest (on |x|, see
// docs/formats.md); every other format has the IEEE 754 directions and round-to-odd: ties to even (nearest_even),
// ties away from zero, toward zero, toward +Inf, toward -Inf, and to odd (an inexact result takes the odd code of
// the two around it: Boldo and Melquiond's rounding for exact double rounding), and stochastic (below). The cast
// options (cast_request.h)
// refuse a mode a format does not have; the codec reads E8M0's modes as ties-to-even elsewhere and the IEEE
// modes as ties-to-even on E8M0.
enum class RoundMode : std::uint8_t {
  nearest_even, up, down, nearest, ties_to_away, toward_zero, toward_positive, toward_negative, to_odd, stochastic,
};

// Stochastic rounding, as graphcore-research/gfloat's RoundMode.Stochastic (src/gfloat/round.py): with delta
// the input's fraction of one target quantum (subnormals included) and srbits an integer in [0, 2^srnumbits),
// the value rounds away from zero iff round_half_even(delta * 2^srnumbits) + srbits >= 2^srnumbits. The bits
// are given (sr_bits) or drawn per element from a seed (sr_seed, see stochastic_bits).
struct StochasticBits {
  int num_bits = 8;                    // srnumbits, 0 to 32
  std::uint32_t bits = 0;              // srbits, below 2^num_bits (higher bits are ignored)
  std::optional<std::uint64_t> seed;   // set: element i of a cast uses stochastic_bits(*seed, index + i, num_bits)
  std::uint64_t index = 0;             // the first element's index in the seeded stream
};

struct CastOptions {
  bool saturate = true;              // out of range -> ±max finite (true) or Inf/NaN (false)
  RoundMode round = RoundMode::up;   // ONNX's default for float8_e8m0fnu; ties-to-even for the others
  StochasticBits stochastic;         // for RoundMode::stochastic only
};

// The counter-based generator of seeded stochastic rounding, chosen so SIMD lanes compute it with 32-bit
// multiplies: the stream's key is SplitMix64's output (Steele, Lea and Flood, "Fast splittable pseudorandom
// number generators", 2014) for seed + (index / 2^32 + 1) * 0x9E3779B97F4A7C15; the element's word is
// fmix32(index mod 2^32 XOR key's low half XOR key's high half), fmix32 being MurmurHash3's finalizer (one
// round: two multiplies per element, which keeps seeded bulk casts at about half the speed of ties to even);
// the bits are its top num_bits. One element's bits depend only on (seed, index): every code path agrees, and
// within each 2^32 indices every 32-bit word occurs once.
std::uint64_t stochastic_stream_key(std::uint64_t seed, std::uint64_t index);
std::uint32_t stochastic_bits(std::uint64_t seed, std::uint64_t index, int num_bits);
// Element `element` of a bulk cast: a seeded stochastic cast's options carry that element's own bits.
CastOptions element_options(const CastOptions& options, std::uint64_t element);

// ONNX Cast's defaults for a target format: saturate=1 and round_mode=up (E8M0; the others ties to even), where
// the saturate attribute only applies to the float8 formats (FP4/FP6 always clip), so float16/bfloat16 overflow
// to Inf as in IEEE 754.
CastOptions onnx_default_options(Format f);

// Exact decoding of a code (low total_bits() bits used; higher bits must be zero). For float32 it is the
// code's bit pattern read as a float32.
float decode_to_float32(Format f, std::uint32_t code);
double decode_to_float64(Format f, std::uint32_t code);

// Correctly rounded encoding (rounds once, from the exact input value, in options.round). NaN keeps its sign
// where the format has signed NaNs. Saturation clips ±Inf and out-of-range values to ±max for every format
// (ONNX's test data; see docs/formats.md "Saturating"), then rounds. Without saturation, a value past max goes
// to Inf (NaN where the format has no Inf) unless the mode rounds it toward zero (toward_zero, and toward_positive
// for negative values, toward_negative for positive ones: IEEE 754 §7.4), which gives ±max.
std::uint32_t encode(Format f, float value, const CastOptions& options = {});
std::uint32_t encode(Format f, double value, const CastOptions& options = {});

// Whether casting `value` clips it to ±max (saturation: out of range or ±Inf, or any overflow in a format
// without Inf and NaN). False when the cast overflows to Inf/NaN instead, or when it is in range.
bool saturates(Format f, double value, const CastOptions& options = {});

// A slow, obviously-correct encoder: the nearest representable value by exact comparison over the sorted
// values of the format (ties to the even code). Tests compare `encode` against it. float32's 2^32 values are
// too many to list, so its reference is the platform's IEEE 754 double -> float conversion instead.
std::uint32_t encode_reference(Format f, double value, const CastOptions& options = {});

// The same, holding the sorted values so that sweeps need not rebuild them for every input.
class ReferenceEncoder {
 public:
  explicit ReferenceEncoder(Format f);
  std::uint32_t encode(double value, const CastOptions& options = {}) const;

 private:
  std::uint32_t overflow_code(bool negative, const CastOptions& options, bool rounded = true) const;
  std::uint32_t encode_by_platform(double value, const CastOptions& options) const;
  std::uint32_t e8m0_onnx(double magnitude, const CastOptions& options) const;
  Format format_;
  std::vector<double> values_;           // every finite value >= 0 (E8M0: > 0), ascending; minifloats only
  std::vector<std::uint32_t> codes_;     // their codes
  double beyond_max_;                    // max + one ulp of max's binade: where an unbounded format continues
  std::optional<std::uint32_t> inf_code_, negative_inf_code_;
};

// The inputs that cast to `code` under `options`: an interval of the real line (for signed formats the
// negative codes get negative intervals; E8M0 ignores the sign of its input, so its intervals are for |x|).
// high = +inf with high_inclusive means ±Inf and everything beyond max land here (saturation).
// nullopt for NaN codes and for codes no input produces.
struct RoundingInterval {
  double low, high;
  bool low_inclusive, high_inclusive;
};
std::optional<RoundingInterval> rounding_interval(Format f, std::uint32_t code, const CastOptions& options = {});

enum class Category : std::uint8_t { zero, subnormal, normal, infinity, nan };
std::string_view category_name(Category c);

struct BitField {
  std::string_view name;   // "sign", "exponent", "mantissa"
  int low_bit, high_bit;   // inclusive, 0 = least significant
  std::uint32_t raw;       // the field's bits as an integer
};

struct Layout {
  Format format;
  std::uint32_t code;
  std::vector<BitField> fields;          // most significant first
  int bias;
  std::optional<int> unbiased_exponent;  // for zero/subnormal: the subnormal exponent 1-bias; none for inf/nan
  std::string significand;               // as a fraction, e.g. "1 + 5/8" or "3/8"
  // The value from the fields, e.g. "(−1)^0 × 2^(3−7) × (1 + 5/8) = 0.1015625" (subnormals: 2^(1−bias) × m/2^M;
  // E8M0: 2^(E−127)); empty for Inf and NaN.
  std::string formula;
  Category category;
  std::string exact_value;               // exact decimal, e.g. "0.001953125", "-448", "nan", "inf"
  double value;
  std::optional<std::uint32_t> next_up, next_down;  // neighbouring finite codes by value
};
Layout layout(Format f, std::uint32_t code);

// Exact decimal expansion of a finite double (every dyadic rational has one): "0.5", "-57344", "1e-45" never.
std::string exact_decimal(double value);
// The shortest decimal that casts back to `code` (ties to even, no saturation), the nearer of two of equal
// length first: "0.002" for float8_e4m3fn's 0.001953125, "450" for its 448, "0.1" for float32's 0.1000000015.
// Plain notation from 1e-6 to below 1e21, else like "1.4e-45". Empty for Inf and NaN codes.
std::string shortest_decimal(Format f, std::uint32_t code);

// Parse "1.5", "-3e-4", "inf", "nan", "0x3f800000" (hex: a float32/float64 bit pattern, per `hex_width_bits`).
Result<double> parse_number(std::string_view text);
// The same for a float32 input: the decimal is rounded once, to the nearest float32.
Result<float> parse_number_float32(std::string_view text);
Result<double> parse_hex_bits(std::string_view text, int hex_width_bits /* 32 or 64 */);

// A code of format f: "0x7e", "0b01111110" or decimal "126"; out of range for the format's width -> error.
Result<std::uint32_t> parse_code(Format f, std::string_view text);

}  // namespace typelattice
