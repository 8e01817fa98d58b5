// Bindings for the tapered formats (typelattice/tapered_formats.h: posit8, posit16, HiFloat8). They live in the
// tensors part, which the wrapper loads on demand (tl.taperedFormat, as tl.analyze), so createTypeLattice()'s
// module does not carry them.
#include "web/bindings_tapered.h"

#include <emscripten/bind.h>

#include <cmath>
#include <string>
#include <vector>

#include "web/bindings.h"
#include "web/bindings_formats.h"
#include "typelattice/tapered_formats.h"

namespace typelattice::web {
namespace {

val tapered_format_info(TaperedFormat f) {
  val out = val::object();
  set_text(out, "name", tapered_format_name(f));
  set_property(out, "bits", tapered_format_bits(f));
  set_property(out, "max", tapered_max(f));
  set_property(out, "minPositive", tapered_min_positive(f));
  set_text(out, "summary", tapered_format_summary(f));
  return out;
}

// A TaperedLayout as the JS layout of a code: fields most significant first, each with what its bits mean.
val tapered_layout_value(TaperedFormat f, const TaperedLayout& l) {
  val fields = val::array();
  for (const TaperedField& field : l.fields) {
    val v = val::object();
    set_text(v, "name", field.name);
    set_property(v, "lowBit", field.low_bit);
    set_property(v, "highBit", field.high_bit);
    set_property(v, "raw", field.raw);
    set_text(v, "meaning", field.meaning.encoded());  // the wrapper opens and renders it (message.h)
    push_value(fields, v);
  }
  val out = val::object();
  set_text(out, "format", tapered_format_name(f));
  set_property(out, "code", l.code);
  set_text(out, "hex", tapered_hex_code(f, l.code));
  set_property(out, "fields", fields);
  set_property(out, "truncatedExponentBits", l.truncated_exponent_bits);
  set_property(out, "scale", l.scale ? val(*l.scale) : val::null());
  set_text(out, "formula", l.formula);
  set_text(out, "category", tapered_category_name(l.category));
  set_text(out, "exactValue", l.exact_value);
  set_property(out, "value", l.value);
  set_property(out, "nextUp", optional_code(l.next_up));
  set_property(out, "nextDown", optional_code(l.next_down));
  return out;
}

val tapered_format_js(const std::string& name) { return translate(parse_tapered_format(name), tapered_format_info); }

// A code as text (the wrapper passes a number as its decimal), read by the core's grammar and range check.
val tapered_layout_js(const std::string& name, const std::string& code_text) {
  const Result<TaperedFormat> f = parse_tapered_format(name);
  if (!f) return error_value(f.error());
  const Result<std::uint32_t> code = parse_tapered_code(*f, code_text);
  if (!code) return error_value(code.error());
  return ok_value(tapered_layout_value(*f, tapered_layout(*f, *code)));
}

// One cast as `typelattice layout FORMAT VALUE` makes it: the code's layout, the input's exact value, the line
// `typelattice cast` prints and the cast's facts (messages, which the wrapper opens).
val tapered_cast_js(const std::string& name, const std::string& text, const val& saturate, const val& round,
                    const val& input, const val& from) {
  const Result<TaperedFormat> f = parse_tapered_format(name);
  if (!f) return error_value(f.error());
  const CastOptionTexts texts(saturate, round, input, from, val::undefined());
  const Result<TaperedCastRequest> request = parse_tapered_cast_request(*f, texts.names());
  if (!request) return error_value(request.error());
  const Result<double> value = read_tapered_cast_input(*request, text);
  if (!value) return error_value(value.error());
  const std::uint32_t code = tapered_encode(*f, *value, request->saturate);
  val out = tapered_layout_value(*f, tapered_layout(*f, code));
  set_property(out, "input", exact_text(*value));
  set_text(out, "line", tapered_cast_line(*f, code));
  val facts = val::array();
  for (const CastFact& fact : tapered_cast_facts(*f, *value, code)) {
    val entry = val::object();
    set_text(entry, "name", fact.name);
    set_text(entry, "text", fact.text.encoded());
    push_value(facts, entry);
  }
  set_property(out, "facts", facts);
  return ok_value(out);
}

// Every code's value, code order (NaN for NaR and HiF8's NaN).
val tapered_values_js(const std::string& name) {
  const Result<TaperedFormat> f = parse_tapered_format(name);
  if (!f) return error_value(f.error());
  std::vector<double> values(std::size_t{1} << tapered_format_bits(*f));
  for (std::size_t c = 0; c < values.size(); ++c) values[c] = tapered_decode(*f, static_cast<std::uint32_t>(c));
  return ok_value(typed_array_copy(values));
}

}  // namespace

void register_tapered_bindings() {
  emscripten::function("taperedFormat", &tapered_format_js);
  emscripten::function("taperedLayout", &tapered_layout_js);
  emscripten::function("taperedCast", &tapered_cast_js);
  emscripten::function("taperedValues", &tapered_values_js);
}

}  // namespace typelattice::web
