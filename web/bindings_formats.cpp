#include "web/bindings_formats.h"

#include <emscripten/bind.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/cast_request.h"
#include "typelattice/defined_formats.h"
#include "typelattice/minifloat.h"
#include "web/bindings.h"

namespace typelattice::web {

// The category names of typelattice.d.ts (the core says "infinity").
constexpr const char* kCategoryNames[] = {"zero", "subnormal", "normal", "inf", "nan"};
val category_js(Category c) { return val(kCategoryNames[static_cast<int>(c)]); }

namespace {

std::optional<std::string> optional_string(const val& value) {
  if (value.isUndefined()) return std::nullopt;
  return value.as<std::string>();
}

}  // namespace

CastOptionTexts::CastOptionTexts(const val& saturate_, const val& round_, const val& input_, const val& from_,
                                 const val& stochastic)
    : round(optional_string(round_)), input(optional_string(input_)), from(optional_string(from_)) {
  if (!saturate_.isUndefined()) saturate = saturate_.as<bool>();
  if (!stochastic.isUndefined())
    for (int i = 0; i < 3; ++i) sr[i] = optional_string(stochastic[i]);
}

CastRequestNames CastOptionTexts::names() const {
  CastRequestNames names;
  names.saturate = saturate;
  if (round) names.round = *round;
  if (input) names.input = *input;
  if (from) names.from = *from;
  if (sr[0]) names.sr_num_bits = *sr[0];
  if (sr[1]) names.sr_bits = *sr[1];
  if (sr[2]) names.seed = *sr[2];
  return names;
}

namespace {

// The cast the caller asked for (undefined options: the format's ONNX defaults, as the CLI's), every name checked
// by the core. The wrapper has checked the options' JS types.
// stochastic: undefined, or [srNumBits, srBits, seed] as decimal strings or undefined (the wrapper checked types).
Result<CastRequest> cast_request(const std::string& format, const val& saturate, const val& round, const val& input,
                                 const val& from, const val& stochastic) {
  const CastOptionTexts texts(saturate, round, input, from, stochastic);
  CastRequestNames names = texts.names();
  names.to = format;
  return parse_cast_request(names);
}

}  // namespace

val exact_text(double value) {
  if (std::isnan(value)) return js_string("nan");
  if (std::isinf(value)) return js_string(value > 0 ? "inf" : "-inf");
  return js_string(exact_decimal(value));
}

namespace {

// A saturating cast of an infinity (the format's default round mode): the Bits view sets these beside ONNX's
// table of them.
val saturated_infinity(Format f, double infinity) {
  const std::uint32_t code = encode(f, infinity, cast_options(f, true, std::nullopt).value());
  const Layout l = layout(f, code);
  val out = val::object();
  set_property(out, "code", code);
  set_text(out, "hex", hex_code(f, code));
  set_text(out, "exactValue", l.exact_value);
  set_property(out, "category", category_js(l.category));
  return out;
}

}  // namespace

val format_entry(Format f) {
  const FormatSpec spec = format_spec(f);
  const FormatRange range = format_range(f);
  val entry = val::object();
  set_text(entry, "name", format_name(f));
  set_text(entry, "onnxName", spec.onnx_name);
  set_property(entry, "family", js_string(spec.family == FormatFamily::builtin ? "builtin"
                                : spec.family == FormatFamily::p3109 ? "p3109" : "defined"));
  set_property(entry, "exponentBits", spec.exponent_bits);
  set_property(entry, "mantissaBits", spec.mantissa_bits);
  set_property(entry, "hasSign", spec.has_sign);
  set_property(entry, "bias", spec.bias);
  set_property(entry, "totalBits", spec.total_bits());
  set_property(entry, "codeBytes", code_bytes(f));
  std::vector<std::string_view> round_modes, rules;
  for (const RoundModeName& r : round_modes_of(f)) {
    round_modes.push_back(r.name);
    rules.push_back(r.description);
  }
  set_property(entry, "roundModes", string_array(round_modes));
  set_property(entry, "roundModeRules", string_array(rules));  // for 2^k <= |x| < 2^(k+1): what each mode gives
  set_property(entry, "isMinifloat", is_minifloat(f));
  set_property(entry, "hasInf", spec.has_inf());
  set_property(entry, "hasNaN", spec.has_nan());
  set_property(entry, "hasNegativeZero", spec.has_negative_zero());
  set_text(entry, "specials", specials_description(spec.specials));
  const std::optional<DefinedFormat> defined = defined_params(f);
  set_property(entry, "convention", defined ? js_string(convention_name(defined->convention)) : val::null());
  set_property(entry, "max", range.max);
  set_property(entry, "minNormal", range.min_normal);
  set_property(entry, "minSubnormal", range.min_subnormal.value_or(range.min_normal));  // no subnormals: the least normal
  set_property(entry, "hasSubnormals", range.min_subnormal.has_value());
  set_property(entry, "hasZero", !spec.is_scale_format());  // E8M0: 0x00 is 2^-127
  // The options a cast without any takes (ONNX Cast's), and whether it is the scale format (E8M0: ONNX's own
  // round modes, no zero, no sign), so views need not infer it from a mode's name.
  const CastOptions defaults = onnx_default_options(f);
  set_text(entry, "defaultRound", round_mode_name(defaults.round));
  set_property(entry, "saturateByDefault", defaults.saturate);
  set_property(entry, "isScaleFormat", spec.is_scale_format());
  val infinities = val::object();
  set_property(infinities, "plus", saturated_infinity(f, std::numeric_limits<double>::infinity()));
  set_property(infinities, "minus", saturated_infinity(f, -std::numeric_limits<double>::infinity()));
  set_property(entry, "saturatedInf", infinities);
  return entry;
}

namespace {

// The built-in formats, or ("p3109") IEEE P3109's family.
val formats(const std::string& family) {
  val out = val::array();
  for (const Format f : family == "p3109" ? p3109_formats() : builtin_formats()) push_value(out, format_entry(f));
  return out;
}

val format_info_js(const std::string& format) { return translate(parse_format(format), &format_entry); }

// The bulk casts are float32 <-> minifloat; float32 itself has layout and castValue only.
Result<Format> kernel_format(const std::string& format, const char* what) {
  Result<Format> f = parse_format(format);
  if (f && !is_minifloat(*f)) {
    return Error{ErrorKind::bad_value,
                 std::string(what) + ": float32 is not a minifloat format; the bulk casts convert between float32 and "
                     "the 8- and 16-bit formats (use layout or castValue for one float32 value)",
                 {}};
  }
  return f;
}

// in: `count` float32 at `in_address`; out: `count` codes of code_bytes(format) each.
val cast_float32_js(const std::string& format, std::uintptr_t in_address, std::uintptr_t out_address,
                    std::size_t count, const val& saturate, const val& round, const val& stochastic) {
  Result<Format> f = kernel_format(format, "castFloat32");
  if (!f) return error_value(f.error());
  const Result<CastRequest> request = cast_request(format, saturate, round, val::undefined(), val::undefined(), stochastic);
  if (!request) return error_value(request.error());
  const CastOptions options = cast_options(*request).value();
  const auto in = heap_span<const float>(in_address, count);
  if (code_bytes(*f) == 1)
    cast_from_float32(*f, in, heap_span<std::uint8_t>(out_address, count), options);
  else
    cast_from_float32(*f, in, heap_span<std::uint16_t>(out_address, count), options);
  return ok_value(val::null());
}

val decode_js(const std::string& format, std::uintptr_t in_address, std::uintptr_t out_address,
              std::size_t count) {
  Result<Format> f = kernel_format(format, "decode");
  if (!f) return error_value(f.error());
  const auto out = heap_span<float>(out_address, count);
  if (code_bytes(*f) == 1)
    cast_to_float32(*f, heap_span<const std::uint8_t>(in_address, count), out);
  else
    cast_to_float32(*f, heap_span<const std::uint16_t>(in_address, count), out);
  return ok_value(val::null());
}

}  // namespace

val optional_code(const std::optional<std::uint32_t>& code) { return code ? val(*code) : val::null(); }

val layout_value(const Layout& l) {
  val fields = val::array();
  for (const BitField& field : l.fields) {
    val f = val::object();
    set_text(f, "name", field.name);
    set_property(f, "lowBit", field.low_bit);
    set_property(f, "highBit", field.high_bit);
    set_property(f, "raw", field.raw);
    push_value(fields, f);
  }
  val out = val::object();
  set_text(out, "format", format_name(l.format));
  set_property(out, "code", l.code);
  set_text(out, "hex", hex_code(l.format, l.code));
  set_property(out, "fields", fields);
  set_property(out, "bias", l.bias);
  set_property(out, "unbiasedExponent", l.unbiased_exponent ? val(*l.unbiased_exponent) : val::null());
  set_text(out, "significand", l.significand);
  set_text(out, "formula", l.formula);
  set_property(out, "category", category_js(l.category));
  set_text(out, "exactValue", l.exact_value);
  set_property(out, "value", l.value);
  set_property(out, "nextUp", optional_code(l.next_up));
  set_property(out, "nextDown", optional_code(l.next_down));
  return out;
}

val cast_row_value(Format f, const CastOutcome& cast) {
  const Layout l = layout(f, cast.code);
  val out = val::object();
  set_property(out, "code", cast.code);
  set_text(out, "hex", hex_code(f, cast.code));
  set_text(out, "exactValue", l.exact_value);
  set_property(out, "value", l.value);
  set_property(out, "category", category_js(l.category));
  set_property(out, "saturated", cast.overflow == CastOutcome::Overflow::saturated);
  set_property(out, "error", std::isfinite(cast.error) ? val(cast.error) : val::null());
  set_property(out, "relativeError", std::isfinite(cast.relative_error) ? val(cast.relative_error) : val::null());
  set_property(out, "underflow", cast.underflow == CastOutcome::Underflow::to_zero       ? val("zero")
                       : cast.underflow == CastOutcome::Underflow::to_nonzero ? val("nonzero")
                                                                                : val::null());
  set_property(out, "overflow", cast.overflow == CastOutcome::Overflow::saturated ? val("saturated")
                      : cast.overflow == CastOutcome::Overflow::to_inf  ? val("inf")
                      : cast.overflow == CastOutcome::Overflow::to_nan  ? val("nan")
                                                                        : val::null());
  return out;
}

val cast_outcome_value(Format f, const CastOutcome& cast) {
  val interval = val::null();
  if (const std::optional<RoundingInterval> r = rounding_interval(f, cast.code, cast.options)) {
    interval = val::object();
    set_property(interval, "low", exact_text(r->low));
    set_property(interval, "high", exact_text(r->high));
    set_property(interval, "lowInclusive", r->low_inclusive);
    set_property(interval, "highInclusive", r->high_inclusive);
  }
  val out = cast_row_value(f, cast);
  set_property(out, "input", exact_text(cast.input));
  set_property(out, "roundingInterval", interval);
  set_text(out, "line", cast.line);
  set_property(out, "tie", cast.tie);
  val bracket = val::null();
  if (const std::optional<CastOutcome::Bracket>& b = cast.bracket) {
    bracket = val::object();
    set_property(bracket, "towardZeroCode", b->toward_zero_code);
    set_property(bracket, "awayCode", b->away_code);
    set_property(bracket, "towardZero", exact_text(b->toward_zero));
    set_property(bracket, "away", exact_text(b->away));
    set_property(bracket, "fraction", b->fraction);
  }
  set_property(out, "bracket", bracket);
  set_property(out, "awayProbability", cast.away_probability ? val(*cast.away_probability) : val::null());
  set_property(out, "expectedValue", cast.expected_value ? val(*cast.expected_value) : val::null());
  val facts = val::array();
  for (const CastFact& fact : cast_facts(f, cast)) {
    val entry = val::object();
    set_text(entry, "name", fact.name);
    set_text(entry, "text", fact.text.encoded());  // the JS wrapper opens and renders it (message.h)
    push_value(facts, entry);
  }
  set_property(out, "facts", facts);
  return out;
}

namespace {

val format_name_js(const std::string& format) {
  return translate(parse_format(format), [](Format f) { return js_string(format_name(f)); });
}

val layout_js(const std::string& format, std::uint32_t code) {
  Result<Format> f = parse_format(format);
  if (!f) return error_value(f.error());
  return ok_value(layout_value(layout(*f, code)));
}

// A code of the format as text, read by the core's one grammar for codes (docs/formats.md, "Codes").
val parse_code_js(const std::string& format, const std::string& text) {
  const Result<Format> f = parse_format(format);
  if (!f) return error_value(f.error());
  return translate(parse_code(*f, text), [](std::uint32_t code) { return val(code); });
}

// One cast of `text`, read and cast as `typelattice cast` does; `line` is the line it prints.
val cast_value_js(const std::string& format, const std::string& text, const val& saturate, const val& round,
                  const val& input, const val& from, const val& stochastic) {
  const Result<CastRequest> request = cast_request(format, saturate, round, input, from, stochastic);
  if (!request) return error_value(request.error());
  const Result<CastOutcome> cast = cast_text(*request, text);
  if (!cast) return error_value(cast.error());
  return ok_value(cast_outcome_value(request->to, *cast));
}

val shortest_decimal_js(const std::string& format, std::uint32_t code) {
  return translate(parse_format(format), [code](Format f) { return js_string(shortest_decimal(f, code)); });
}

// `count` stochastic roundings of one value (the seeded stream's first elements), written as uint32 codes at
// `out_address`, which the wrapper allocated for `count` of them.
val cast_samples_js(const std::string& format, const std::string& text, const val& saturate, const val& round,
                    const val& input, const val& from, const val& stochastic, std::uintptr_t out_address,
                    std::size_t count) {
  const Result<CastRequest> request = cast_request(format, saturate, round, input, from, stochastic);
  if (!request) return error_value(request.error());
  const Result<std::vector<std::uint32_t>> codes = cast_samples(*request, text, count);
  if (!codes) return error_value(codes.error());
  std::copy(codes->begin(), codes->end(), heap_span<std::uint32_t>(out_address, count).begin());
  return ok_value(val::null());
}

}  // namespace

void register_format_bindings() {
  using emscripten::function;
  function("isa", +[] { return js_string(isa_name(best_isa())); });
  function("formats", &formats);
  function("formatName", &format_name_js);
  function("formatInfo", &format_info_js);
  function("castFloat32", &cast_float32_js);
  function("decode", &decode_js);
  function("layout", &layout_js);
  function("castValue", &cast_value_js);
  function("castSamples", &cast_samples_js);
  function("shortestDecimal", &shortest_decimal_js);
  register_format_handle();
  function("parseCode", &parse_code_js);
}

}  // namespace typelattice::web
