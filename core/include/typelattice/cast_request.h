// A cast as a user asks for it: the target, the options given (the rest are the target's ONNX defaults), and how
// the input text is read. Every front end (CLI, app, Embind) reads names and inputs and builds the output line
// here, so they agree on every default, option rule and error text.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/message.h"
#include "typelattice/minifloat.h"
#include "typelattice/result.h"

namespace typelattice {

// How an input is written: a decimal number (also inf, nan) or the hex bit pattern of a float32/float64.
enum class InputKind : std::uint8_t { decimal, hex };
// The type the input is read as. Unset in a request: a decimal is read as float64, a hex pattern's width is
// taken from its digit count (8: float32, 16: float64).
enum class SourceType : std::uint8_t { float32, float64 };

// The round-mode vocabulary, as data: each name, the mode it means, and the formats it applies to.
struct RoundModeName {
  std::string_view name;         // as users write it: "up", "toward-zero", "rtz"
  RoundMode mode;
  bool scale_format_only;        // true: only float8_e8m0fnu has it; false: every other format has it
  bool alias;                    // a short spelling of another row (rne, rna, rtz, rtp, rtn): not listed
  std::string_view description;  // for help texts (an alias: the name it stands for)
};
std::span<const RoundModeName> round_mode_names();
Result<RoundMode> parse_round_mode(std::string_view name);
std::string_view round_mode_name(RoundMode mode);  // the first name of the mode in round_mode_names()
std::string round_mode_list();                     // "up, down, ..., or to-odd": for help and error texts
// The round modes a format has: ONNX's up, down, nearest for float8_e8m0fnu; the IEEE directions and to-odd for
// the others (ties-to-even first: their default). Aliases are not listed.
std::vector<RoundModeName> round_modes_of(Format f);

Result<InputKind> parse_input_kind(std::string_view name);    // "decimal" | "hex"
Result<SourceType> parse_source_type(std::string_view name);  // "float32" | "float64"

// What a user asked for. Unset options take the target's defaults (onnx_default_options).
struct CastRequest {
  Format to = Format::float8_e4m3fn;
  std::optional<bool> saturate;
  std::optional<RoundMode> round;
  InputKind input = InputKind::decimal;
  std::optional<SourceType> from;
  // Stochastic rounding's bits (round = stochastic only): srnumbits (default 8), and srbits or a seed (neither:
  // seed 0).
  std::optional<int> sr_num_bits;
  std::optional<std::uint32_t> sr_bits;
  std::optional<std::uint64_t> seed;
};

// The same, as names (CLI flags, JS options, app flags): every name is checked here, with one error text.
struct CastRequestNames {
  std::string_view to;
  std::optional<bool> saturate;
  std::optional<std::string_view> round, input, from;
  std::optional<std::string_view> sr_num_bits, sr_bits, seed;  // decimal integers
};
Result<CastRequest> parse_cast_request(const CastRequestNames& names);
// The same for a target already read (names.to is not looked at): a format handle reads its name once.
Result<CastRequest> parse_cast_request(Format to, const CastRequestNames& names);

// The options of the cast: the target's ONNX defaults with the request's overrides. An error when an option
// does not apply to the target (a round mode other than nearest-even for a format that has no choice).
Result<CastOptions> cast_options(Format to, std::optional<bool> saturate, std::optional<RoundMode> round);
Result<CastOptions> cast_options(const CastRequest& request);

// One input's exact value, read as the request says (a float32 source rounds the decimal to float32 once).
Result<double> read_cast_input(const CastRequest& request, std::string_view text);

// Casts many exact inputs at once: when every input is a float32 (or NaN) and the target has bulk kernels, they
// go through the SIMD kernels (bit-exact with `encode`); otherwise each is encoded from its double, so a float64
// rounds once. `codes` must be as long as `inputs`.
void cast_many(Format to, const CastOptions& options, std::span<const double> inputs, std::span<std::uint32_t> codes);

// "0x7e": the code in hex, zero-padded to the format's width in hex digits.
std::string hex_code(Format f, std::uint32_t code);
// "0x7e 448": a code and its exact value, the line `typelattice cast` and `decode` print.
std::string cast_line(Format f, std::uint32_t code);

// One cast from text, for front ends that show one value: the request checked, the input read and encoded.
struct CastOutcome {
  double input;          // the exact input value
  CastOptions options;   // as resolved for the target
  std::uint32_t code;
  std::string line;      // cast_line(to, code)
  // The cast's error, value − input (positive: rounded up), and that over |input|; NaN where either is not a
  // finite number (an Inf or NaN result or input) and, for the relative error, for a zero input. Within a binade
  // of the input the difference of the two doubles is exact (Sterbenz); beyond (saturation, underflow) it is
  // the nearest double.
  double error = 0;
  double relative_error = 0;
  // A finite nonzero input below the format's smallest positive value: flushed to zero, or rounded up to a nonzero
  // value (±min subnormal; E8M0, which has no zero, always: ONNX's round "up" on the input's bits can give 2^-126).
  // The counterpart of saturation at the top.
  enum class Underflow : std::uint8_t { none, to_zero, to_nonzero };
  Underflow underflow = Underflow::none;
  // The counterpart at the top: a finite input past max clipped to ±max (saturates()), or without saturation
  // rounded to ±Inf, or to NaN in a format that has no Inf. An Inf input counts too: it is past max.
  enum class Overflow : std::uint8_t { none, saturated, to_inf, to_nan };
  Overflow overflow = Overflow::none;
  // The input lies exactly halfway between two neighbouring values (past max: between max and the value the
  // format would have next), so ties-to-even and ties-to-away send it to different codes. E8M0: never.
  bool tie = false;
  // The format's two values around a finite input within its range (signed targets, or a non-negative input;
  // never E8M0): the one toward zero and the one away from it, and the input's place between them as a fraction
  // of the step (0: the input is a value of the format, and both codes are its code).
  struct Bracket {
    std::uint32_t toward_zero_code, away_code;
    double toward_zero, away;
    double fraction;
  };
  std::optional<Bracket> bracket;
  // Stochastic rounding with N bits: the share of the 2^N bit patterns that round away from zero, which is
  // round_half_even(fraction · 2^N) / 2^N (found by casting, not by that formula), and the expected result.
  std::optional<double> away_probability, expected_value;
};
Result<CastOutcome> cast_text(const CastRequest& request, std::string_view text);

// What a cast's rounding comes to, as lines every front end shows alike (`typelattice layout FMT VALUE`, the
// playground's and the app's Bits views): "shortest" (the shortest decimal that casts back to the result),
// "between" (the two values around the input, toward zero first), "tie" (what the two ties rules give), for
// stochastic rounding "p(away)" (the share of the 2^N bit patterns that round away, as a fraction and exactly),
// "expected" (the mean result) and "draw" (the result is one draw: its srbits), and why a result left the range:
// "overflow" (Inf, or NaN in a format without Inf) and "underflow" (below the smallest positive value).
struct CastFact {
  std::string_view name;
  Message text;  // render() gives the line `typelattice layout` prints; a message for a page that translates it
};

std::vector<CastFact> cast_facts(Format to, const CastOutcome& cast);

// `count` stochastic roundings of one input: the request's seeded stream, elements 0 to count - 1 (what
// `typelattice cast --repeat K` prints), for a histogram of where stochastic rounding sends the input. At most
// kMaxCastSamples; a request that is not seeded stochastic rounding gives `count` copies of its one answer.
inline constexpr std::size_t kMaxCastSamples = std::size_t{1} << 20;
Result<std::vector<std::uint32_t>> cast_samples(const CastRequest& request, std::string_view text, std::size_t count);

}  // namespace typelattice
