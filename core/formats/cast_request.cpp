// Cast requests: the names of the options, the target's defaults, how inputs are read, and the output line.
#include "typelattice/cast_request.h"
#include "typelattice/hex_text.h"
#include "typelattice/display_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

#include "core/base/ascii_text.h"
#include "core/base/joined_text.h"
#include "typelattice/cast_kernels.h"

namespace typelattice {
namespace {

using ascii::has_hex_prefix;
using ascii::trim;

// ONNX Cast's round_mode values for float8_e8m0fnu (docs/formats.md has their table), then the IEEE 754
// directions and round-to-odd for every other format, each with its short alias. A new name is a new row.
constexpr std::array<RoundModeName, 15> kRoundModes = {{
    {"up", RoundMode::up, true, false, "2^k <= x < 2^(k+1) gives 2^(k+1) unless x = 2^k (ONNX's default)"},
    {"down", RoundMode::down, true, false, "2^k (toward zero)"},
    {"nearest", RoundMode::nearest, true, false, "2^(k+1) if x >= 1.5 * 2^k, else 2^k (1.5 * 2^k, the midpoint, rounds up)"},
    {"ties-to-even", RoundMode::nearest_even, false, false, "the nearer value; a tie takes the even code (the default)"},
    {"ties-to-away", RoundMode::ties_to_away, false, false, "the nearer value; a tie takes the one farther from zero"},
    {"toward-zero", RoundMode::toward_zero, false, false, "the value below |x|: truncation"},
    {"toward-positive", RoundMode::toward_positive, false, false, "the value above x (toward +Inf)"},
    {"toward-negative", RoundMode::toward_negative, false, false, "the value below x (toward -Inf)"},
    {"to-odd", RoundMode::to_odd, false, false, "x if exact, else whichever value around x has the odd code"},
    {"stochastic", RoundMode::stochastic, false, false,
     "away from zero iff round_half_even(delta * 2^srnumbits) + srbits >= 2^srnumbits, delta the fraction of a step"},
    {"rne", RoundMode::nearest_even, false, true, "ties-to-even"},
    {"rna", RoundMode::ties_to_away, false, true, "ties-to-away"},
    {"rtz", RoundMode::toward_zero, false, true, "toward-zero"},
    {"rtp", RoundMode::toward_positive, false, true, "toward-positive"},
    {"rtn", RoundMode::toward_negative, false, true, "toward-negative"},
}};

bool all_float32(std::span<const double> inputs) {
  return std::all_of(inputs.begin(), inputs.end(), [](double v) {
    return std::isnan(v) || static_cast<double>(static_cast<float>(v)) == v;
  });
}

template <class Code>
void cast_float32_batch(Format to, const CastOptions& options, std::span<const double> inputs,
                        std::span<std::uint32_t> codes) {
  const std::vector<float> floats(inputs.begin(), inputs.end());
  std::vector<Code> out(inputs.size());
  cast_from_float32(to, floats, std::span<Code>(out), options);
  std::copy(out.begin(), out.end(), codes.begin());
}

}  // namespace

std::span<const RoundModeName> round_mode_names() { return kRoundModes; }

namespace {

// "a, b or c": the names of the rows `keep` accepts, aliases left out, in the table's order. `mark_default`: the
// first is the default (E8M0's rows and the other formats' each start with their default).
std::string names_where(bool (*keep)(const RoundModeName&), bool mark_default) {
  std::vector<std::string_view> names;
  for (const RoundModeName& r : kRoundModes)
    if (!r.alias && keep(r)) names.push_back(r.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
    if (i == 0 && mark_default) out += " (the default)";
  }
  return out;
}

// Whether `mode` is one of E8M0's ONNX modes: the table's scale_format_only rows.
bool is_scale_mode(RoundMode mode) {
  for (const RoundModeName& r : kRoundModes)
    if (r.mode == mode) return r.scale_format_only;
  return false;
}

}  // namespace

std::string round_mode_list() {
  return names_where([](const RoundModeName&) { return true; }, false);
}

std::vector<RoundModeName> round_modes_of(Format f) {
  std::vector<RoundModeName> modes;
  for (const RoundModeName& r : kRoundModes)
    if (!r.alias && cast_options(f, std::nullopt, r.mode)) modes.push_back(r);
  return modes;
}

Result<RoundMode> parse_round_mode(std::string_view name) {
  for (const RoundModeName& r : kRoundModes)
    if (r.name == name) return r.mode;
  return bad_value_error("unknown round mode '" + displayed(name) + "': expected " + round_mode_list());
}

std::string_view round_mode_name(RoundMode mode) {
  for (const RoundModeName& r : kRoundModes)
    if (r.mode == mode && !r.alias) return r.name;
  return "ties-to-even";
}

Result<InputKind> parse_input_kind(std::string_view name) {
  if (name == "decimal") return InputKind::decimal;
  if (name == "hex") return InputKind::hex;
  return bad_value_error("unknown input kind '" + displayed(name) + "': expected decimal or hex");
}

Result<SourceType> parse_source_type(std::string_view name) {
  if (name == "float32") return SourceType::float32;
  if (name == "float64") return SourceType::float64;
  return bad_value_error("unknown source type '" + displayed(name) + "': inputs are read as float32 or float64");
}

Result<CastRequest> parse_cast_request(const CastRequestNames& names) {
  const Result<Format> to = parse_format(names.to);
  if (!to) return to.error();
  return parse_cast_request(*to, names);
}

Result<CastRequest> parse_cast_request(Format to, const CastRequestNames& names) {
  CastRequest request;
  request.to = to;
  request.saturate = names.saturate;
  if (names.round) {
    const Result<RoundMode> round = parse_round_mode(*names.round);
    if (!round) return round.error();
    request.round = *round;
  }
  if (names.input) {
    const Result<InputKind> input = parse_input_kind(*names.input);
    if (!input) return input.error();
    request.input = *input;
  }
  if (names.from) {
    const Result<SourceType> from = parse_source_type(*names.from);
    if (!from) return from.error();
    request.from = *from;
  }
  // The stochastic bits: decimal integers in range, and only for stochastic rounding.
  const auto integer = [](std::string_view flag, std::string_view text, std::uint64_t max) -> Result<std::uint64_t> {
    const std::string_view t = trim(text);
    const std::optional<std::uint64_t> v = t.size() <= 20 ? ascii::decimal_integer(t, max) : std::nullopt;
    if (!v) {
      std::string message(flag);
      message.append(" must be an integer from 0 to ").append(std::to_string(max)).append(", got '");
      message.append(displayed(text)).append("'");
      return bad_value_error(std::move(message));
    }
    return *v;
  };
  if (names.sr_num_bits) {
    const Result<std::uint64_t> n = integer("srnumbits", *names.sr_num_bits, 32);
    if (!n) return n.error();
    request.sr_num_bits = static_cast<int>(*n);
  }
  if (names.sr_bits) {
    const int n = request.sr_num_bits.value_or(8);
    const Result<std::uint64_t> b = integer("srbits", *names.sr_bits, (std::uint64_t{1} << n) - 1);
    if (!b) return b.error();
    request.sr_bits = static_cast<std::uint32_t>(*b);
  }
  if (names.seed) {
    const Result<std::uint64_t> seed = integer("seed", *names.seed, ~std::uint64_t{0});
    if (!seed) return seed.error();
    request.seed = *seed;
  }
  const Result<CastOptions> options = cast_options(request);  // an option the target does not have: refused here
  if (!options) return options.error();
  return request;
}

Result<CastOptions> cast_options(Format to, std::optional<bool> saturate, std::optional<RoundMode> round) {
  CastOptions options = onnx_default_options(to);
  if (saturate) options.saturate = *saturate;
  if (round) {
    const FormatSpec& spec = format_spec(to);
    const bool scale_mode = is_scale_mode(*round);
    if (!spec.is_scale_format() && scale_mode) {
      return bad_value_error("round mode '" + std::string(round_mode_name(*round)) + "' applies to float8_e8m0fnu only; " +
                             format_name(to) + " takes " +
                             names_where([](const RoundModeName& r) { return !r.scale_format_only; }, true));
    }
    if (spec.is_scale_format() && !scale_mode) {
      return bad_value_error("round mode '" + std::string(round_mode_name(*round)) + "' is not one of float8_e8m0fnu's: " +
                             "it takes ONNX Cast's " +
                             names_where([](const RoundModeName& r) { return r.scale_format_only; }, true));
    }
    options.round = *round;
  }
  return options;
}

Result<CastOptions> cast_options(const CastRequest& request) {
  const Result<CastOptions> resolved = cast_options(request.to, request.saturate, request.round);
  if (!resolved) return resolved;
  CastOptions options = *resolved;
  const bool any_bits = request.sr_num_bits || request.sr_bits || request.seed;
  if (any_bits && request.round != RoundMode::stochastic) {
    return bad_value_error("srnumbits, srbits and seed apply to stochastic rounding only (round mode 'stochastic')");
  }
  if (request.sr_bits && request.seed) return bad_value_error("give srbits or a seed for stochastic rounding, not both");
  if (request.round == RoundMode::stochastic) {
    StochasticBits& sr = options.stochastic;
    sr.num_bits = request.sr_num_bits.value_or(8);
    if (sr.num_bits < 0 || sr.num_bits > 32) return bad_value_error("srnumbits must be an integer from 0 to 32");
    const std::uint64_t one = std::uint64_t{1} << sr.num_bits;
    if (request.sr_bits && *request.sr_bits >= one) {
      return bad_value_error("srbits must be below 2^srnumbits = " + std::to_string(one));
    }
    if (request.sr_bits) sr.bits = *request.sr_bits;
    else sr.seed = request.seed.value_or(0);
  }
  return options;
}

Result<double> read_cast_input(const CastRequest& request, std::string_view text) {
  if (request.input == InputKind::hex) {
    if (request.from) return parse_hex_bits(text, *request.from == SourceType::float32 ? 32 : 64);
    const std::string_view t = trim(text);
    const std::size_t digits = t.size() > 2 ? t.size() - 2 : 0;
    if (digits != 8 && digits != 16 && has_hex_prefix(t)) {
      std::string message = "'";  // appended, not chained with +: GCC 12 warns falsely (-Wrestrict) on the chain
      message.append(t).append("' has ").append(std::to_string(digits));
      message.append(" hex digits; expected 8 (a float32 bit pattern) or 16 (a float64 bit pattern)");
      return bad_value_error(std::move(message));
    }
    return parse_hex_bits(t, digits == 8 ? 32 : 64);
  }
  if (request.from == SourceType::float32) {
    const Result<float> value = parse_number_float32(text);
    if (!value) return value.error();
    return static_cast<double>(*value);
  }
  return parse_number(text);
}

void cast_many(Format to, const CastOptions& options, std::span<const double> inputs, std::span<std::uint32_t> codes) {
  const std::size_t count = std::min(inputs.size(), codes.size());
  inputs = inputs.first(count);
  codes = codes.first(count);
  if (has_cast_kernels(to) && all_float32(inputs)) {  // float32, P3109 and defined formats have none
    if (code_bytes(to) == 1) cast_float32_batch<std::uint8_t>(to, options, inputs, codes);
    else cast_float32_batch<std::uint16_t>(to, options, inputs, codes);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) codes[i] = encode(to, inputs[i], element_options(options, i));
}

std::string hex_code(Format f, std::uint32_t code) { return hex_text(code, (format_spec(f).total_bits() + 3) / 4); }

std::string cast_line(Format f, std::uint32_t code) {
  return hex_code(f, code) + " " + exact_decimal(decode_to_float64(f, code));
}

namespace {
std::optional<CastOutcome::Bracket> bracket_of(Format f, double input) {
  const FormatSpec spec = format_spec(f);
  if (!std::isfinite(input) || (input < 0 && !spec.has_sign) || std::fabs(input) > format_range(f).max) {
    return std::nullopt;
  }
  const bool negative = std::signbit(input);
  const std::uint32_t low = encode(f, input, CastOptions{true, RoundMode::toward_zero});
  const std::uint32_t high =
      encode(f, input, CastOptions{true, negative ? RoundMode::toward_negative : RoundMode::toward_positive});
  const double low_value = decode_to_float64(f, low), high_value = decode_to_float64(f, high);
  const double fraction = low == high ? 0.0 : (input - low_value) / (high_value - low_value);
  return CastOutcome::Bracket{low, high, low_value, high_value, fraction};
}

// The least srbits that round away (casting is monotonic in them) gives the share of patterns that do.
double share_rounding_away(Format f, double input, const CastOptions& options, const CastOutcome::Bracket& bracket) {
  if (bracket.toward_zero_code == bracket.away_code) return 0.0;  // a value of the format: nothing to round
  const int n = std::clamp(options.stochastic.num_bits, 0, 32);
  const std::uint64_t patterns = std::uint64_t{1} << n;
  CastOptions given = options;
  given.stochastic.seed.reset();
  auto rounds_away = [&](std::uint64_t bits) {
    given.stochastic.bits = static_cast<std::uint32_t>(bits);
    return encode(f, input, given) == bracket.away_code;
  };
  std::uint64_t lo = 0, hi = patterns;  // the least bits rounding away lie in [lo, hi]; hi: none do
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (rounds_away(mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return static_cast<double>(patterns - lo) / static_cast<double>(patterns);
}
}  // namespace

Result<CastOutcome> cast_text(const CastRequest& request, std::string_view text) {
  const Result<CastOptions> options = cast_options(request);
  if (!options) return options.error();
  const Result<double> input = read_cast_input(request, text);
  if (!input) return input.error();
  const CastOptions element = element_options(*options, 0);  // a seeded stochastic cast: the first element's bits
  const std::uint32_t code = encode(request.to, *input, element);
  const double value = decode_to_float64(request.to, code);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double error = std::isfinite(value) && std::isfinite(*input) ? value - *input : nan;
  const double relative = *input != 0 && std::isfinite(error) ? error / std::fabs(*input) : nan;
  CastOutcome out{*input, element, code, cast_line(request.to, code), error, relative};
  const FormatRange range = format_range(request.to);
  const double smallest = range.min_subnormal.value_or(range.min_normal);
  if (*input != 0 && std::fabs(*input) < smallest && std::isfinite(value))
    out.underflow = value == 0 ? CastOutcome::Underflow::to_zero : CastOutcome::Underflow::to_nonzero;
  if (std::isnan(value) ? !std::isnan(*input) : std::isinf(value) && std::isfinite(*input)) {
    out.overflow = std::isnan(value) ? CastOutcome::Overflow::to_nan : CastOutcome::Overflow::to_inf;
  } else if (saturates(request.to, *input, element)) {
    out.overflow = CastOutcome::Overflow::saturated;
  }
  if (!format_spec(request.to).is_scale_format()) {
    CastOptions even = element, away = element;
    even.round = RoundMode::nearest_even;
    away.round = RoundMode::ties_to_away;
    out.tie = encode(request.to, *input, even) != encode(request.to, *input, away);
    out.bracket = bracket_of(request.to, *input);
  }
  if (out.bracket && element.round == RoundMode::stochastic) {
    const double p = share_rounding_away(request.to, *input, element, *out.bracket);
    out.away_probability = p;
    out.expected_value = out.bracket->toward_zero + p * (out.bracket->away - out.bracket->toward_zero);
  }
  return out;
}

namespace {

// "2^-9": a format's smallest positive value, which is a power of two.
std::string power_of_two(double v) {
  int k = 0;
  for (; v < 1; v *= 2) --k;
  for (; v >= 2; v /= 2) ++k;
  return "2^" + std::to_string(k);
}

}  // namespace

std::vector<CastFact> cast_facts(Format to, const CastOutcome& cast) {
  std::vector<CastFact> facts;
  const FormatRange range = format_range(to);
  // Past max without saturation: NaN where the format has no Inf, else Inf (one sentence; the wasm module's size
  // has a budget, scripts/page-size.mjs).
  if (cast.overflow == CastOutcome::Overflow::to_nan || cast.overflow == CastOutcome::Overflow::to_inf) {
    const bool nan = cast.overflow == CastOutcome::Overflow::to_nan;
    const std::string max = exact_decimal(range.max);
    facts.push_back({"overflow", nan ? message("%1 has no Inf: past its max, %2, a cast without saturation gives NaN",
                                               {format_name(to), max})
                                     : message("past the max, %1, a cast without saturation gives Inf", {max})});
  }
  if (cast.underflow != CastOutcome::Underflow::none) {
    facts.push_back({"underflow", message(cast.underflow == CastOutcome::Underflow::to_zero
                                              ? "below the smallest positive value, %1: rounded to 0"
                                              : "below the smallest positive value, %1: rounded up, away from 0",
                                          {power_of_two(range.min_subnormal.value_or(range.min_normal))})});
  }
  if (std::string shortest = shortest_decimal(to, cast.code); !shortest.empty())
    facts.push_back({"shortest", literal(shortest)});
  const std::optional<CastOutcome::Bracket>& b = cast.bracket;
  if (b && b->toward_zero_code != b->away_code)
    facts.push_back(
        {"between", message("%1 and %2", {cast_line(to, b->toward_zero_code), cast_line(to, b->away_code)})});
  if (cast.tie) {
    CastOptions even = cast.options, away = cast.options;
    even.round = RoundMode::nearest_even;
    away.round = RoundMode::ties_to_away;
    facts.push_back({"tie", message("halfway: ties-to-even gives %1, ties-to-away %2",
                                    {cast_line(to, encode(to, cast.input, even)),
                                     cast_line(to, encode(to, cast.input, away))})});
  }
  if (cast.away_probability && cast.expected_value) {
    // The share is k / 2^N with N <= 32, so k and the share's decimal are exact.
    const int n = std::clamp(cast.options.stochastic.num_bits, 0, 32);
    const double patterns = std::ldexp(1.0, n);
    const auto k = static_cast<std::uint64_t>(*cast.away_probability * patterns);
    facts.push_back({"p(away)", literal(joined({std::to_string(k), "/",
                                                std::to_string(static_cast<std::uint64_t>(patterns)), " = ",
                                                exact_decimal(*cast.away_probability)}))});
    facts.push_back({"expected", literal(exact_decimal(*cast.expected_value))});
    // The result above is one draw: name its bits, so that the reader knows another draw may differ.
    if (cast.bracket->toward_zero_code != cast.bracket->away_code) {
      const StochasticBits& sr = cast.options.stochastic;
      const std::string bits = std::to_string(n >= 32 ? sr.bits : sr.bits & ((std::uint32_t{1} << n) - 1));
      facts.push_back({"draw", message("one draw: srbits %1 of 2^%2", {bits, std::to_string(n)})});
    }
  }
  return facts;
}

Result<std::vector<std::uint32_t>> cast_samples(const CastRequest& request, std::string_view text, std::size_t count) {
  if (count > kMaxCastSamples)
    return bad_value_error("at most " + std::to_string(kMaxCastSamples) + " samples of one value; asked for " +
                           std::to_string(count));
  const Result<CastOptions> options = cast_options(request);
  if (!options) return options.error();
  const Result<double> input = read_cast_input(request, text);
  if (!input) return input.error();
  // One value: the scalar encoder with each element's bits (`cast --repeat` takes the bulk path; the tests
  // hold the two equal).
  std::vector<std::uint32_t> codes(count);
  for (std::size_t i = 0; i < count; ++i) codes[i] = encode(request.to, *input, element_options(*options, i));
  return codes;
}

}  // namespace typelattice
