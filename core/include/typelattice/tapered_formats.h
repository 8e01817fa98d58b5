// Element formats with tapered precision: the field widths change from code to code, so they are not described
// by an exponent and a mantissa width (minifloat.h) but by a decoder per family. Posits follow the 2022 Standard
// for Posit Arithmetic (posit8 and posit16, es = 2); HiFloat8 follows Luo et al., "Ascend HiFloat8 Format for
// Deep Learning" (arXiv 2409.16626). docs/formats.md ("Tapered precision") gives the fields and rounding rules.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/cast_request.h"
#include "typelattice/message.h"
#include "typelattice/result.h"

namespace typelattice {

enum class TaperedFormat : std::uint8_t { posit8, posit16, hif8 };

std::span<const TaperedFormat> tapered_formats();        // every one, in the order above
std::string_view tapered_format_name(TaperedFormat f);   // "posit8", "posit16", "hif8"
int tapered_format_bits(TaperedFormat f);                // 8, 16, 8
// The format a name means (case-insensitive; "hifloat8" is an alias of hif8), or nullopt.
std::optional<TaperedFormat> find_tapered_format(std::string_view name);

// A tapered format by name, for a front end that takes only these (the JS module's tl.taperedFormat): an unknown
// name suggests the closest tapered names; a minifloat's name says it is not a tapered format.
Result<TaperedFormat> parse_tapered_format(std::string_view text);

// A format name for the commands that take either kind (cast, decode, layout): the tapered format it names, or
// nullopt for a name parse_format takes. A name neither knows is parse_format's error, its suggestions drawn from
// both lists. (parse_format itself does not know the tapered names: it is in every front end, these are not.)
Result<std::optional<TaperedFormat>> classify_format_name(std::string_view text);

// Exact value of a code (the low tapered_format_bits bits; higher bits must be zero). Posits: 0 is zero, the
// code with only the sign bit set is NaR (returned as NaN). HiF8: 0x80 is NaN, 0x6F and 0xEF are ±Inf.
double tapered_decode(TaperedFormat f, std::uint32_t code);

// Rounding. Posits (Standard, section 4): round to nearest on the bit string, ties to the even code; never to
// 0 nor to NaR: 0 < |x| < minpos gives ±minpos, |x| > maxpos gives ±maxpos; NaN and ±Inf give NaR. `saturate`
// is not used. HiF8 (the paper's TA rounding, section 3): to nearest, ties away from zero; |x| below 2^-23 gives
// 0 (HiF8 has a single zero, so -0 and tiny negative values give 0x00); |x| from 1.25 * 2^15 on (the midpoint
// between max 2^15 and the next value the exponent field would give) and ±Inf give ±Inf, or ±max with
// `saturate`; NaN gives 0x80.
std::uint32_t tapered_encode(TaperedFormat f, double value, bool saturate = false);

// One field of a code: a run of bits, most significant first in TaperedLayout::fields.
struct TaperedField {
  std::string_view name;    // posits: "sign", "regime", "exponent", "fraction"; HiF8: "sign", "dot", "exponent", "mantissa"
  int low_bit, high_bit;    // inclusive, 0 = least significant
  std::uint32_t raw;        // the field's bits as an integer
  Message meaning;          // what the bits stand for; render() gives "r = -2 (run of 2 zeros, then the terminator 1)"
};

enum class TaperedCategory : std::uint8_t { zero, normal, denormal, infinity, nan };
std::string_view tapered_category_name(TaperedCategory c);  // "zero", "normal", "denormal", "infinity", "nan"

struct TaperedLayout {
  TaperedFormat format;
  std::uint32_t code;
  std::vector<TaperedField> fields;     // only the fields the code has (a posit's exponent may be cut to 1 or 0 bits)
  // Posits: exponent bits cut off by the end of the code (read as zeros). HiF8: 0.
  int truncated_exponent_bits = 0;
  std::optional<int> scale;             // the power of two of the value's leading bit; none for zero, Inf, NaN/NaR
  std::string formula;                  // the value from the fields; empty for zero and the specials
  TaperedCategory category;
  std::string exact_value;              // exact decimal, "nan" (NaR too), "inf", "-inf"
  double value;
  std::optional<std::uint32_t> next_up, next_down;  // neighbouring finite codes by value
};
TaperedLayout tapered_layout(TaperedFormat f, std::uint32_t code);

// The largest and smallest positive finite values.
double tapered_max(TaperedFormat f);
double tapered_min_positive(TaperedFormat f);
// The format's one rounding: posits round to nearest even on the bit string, HiF8 to nearest with ties away (TA).
RoundMode tapered_round_mode(TaperedFormat f);
// The smallest positive value of category normal: posits have no denormals (minpos); HiF8's normals end at 2^-15.
double tapered_min_normal(TaperedFormat f);

// A code: "0x7e", "0b01111110" or decimal "126"; out of range for the width is an error naming the format.
Result<std::uint32_t> parse_tapered_code(TaperedFormat f, std::string_view text);
std::string tapered_hex_code(TaperedFormat f, std::uint32_t code);   // zero-padded to the width: "0x0040"
std::string tapered_cast_line(TaperedFormat f, std::uint32_t code);  // "0x40 1", as `typelattice cast` prints
// A one-line summary of the family and its rounding, for `typelattice formats` and help texts.
std::string_view tapered_format_summary(TaperedFormat f);

// A cast to a tapered format as a user asks for it (CLI flags, JS options). The rounding is the format's own:
// --round may only name it (posits: ties-to-even, HiF8: ties-to-away); saturation applies to HiF8 alone (posits
// never overflow, so asking them not to saturate is an error); stochastic rounding is refused. The input is read
// as cast_request.h reads it (`reading`: decimal or hex, float64 or float32).
struct TaperedCastRequest {
  TaperedFormat to;
  bool saturate = false;
  CastRequest reading;
};
Result<TaperedCastRequest> parse_tapered_cast_request(TaperedFormat to, const CastRequestNames& names);
// One input's exact value, as read_cast_input reads it.
Result<double> read_tapered_cast_input(const TaperedCastRequest& request, std::string_view text);

// What a cast came to, as lines every front end shows alike: "exact" (yes, or no with the error value − input),
// "between" (the two codes around an inexact finite input, toward zero first), "clamped" (a posit input beyond
// maxpos or below minpos, or a HiF8 input beyond its range or flushed to zero).
std::vector<CastFact> tapered_cast_facts(TaperedFormat f, double input, std::uint32_t code);

}  // namespace typelattice
