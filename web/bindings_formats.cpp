#include "web/bindings_formats.h"

#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>

#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

// The category names of typelattice.d.ts (the core says "infinity").
constexpr const char* kCategoryNames[] = {"zero", "subnormal", "normal", "inf", "nan"};
val category_js(Category c) { return val(kCategoryNames[static_cast<int>(c)]); }

template <class T>
std::span<T> heap_span(std::uintptr_t address, std::size_t count) {
  return {reinterpret_cast<T*>(address), count};
}

// ONNX Cast's defaults for the format (as the CLI uses), with the options the caller gave (undefined: default).
CastOptions cast_options(Format f, const val& saturate, const val& round) {
  CastOptions options = onnx_default_options(f);
  if (!saturate.isUndefined()) options.saturate = saturate.as<bool>();
  if (!round.isUndefined()) options.e8m0_round = round.as<RoundMode>();
  return options;
}

val exact_text(double value) {
  if (std::isnan(value)) return js_string("nan");
  if (std::isinf(value)) return js_string(value > 0 ? "inf" : "-inf");
  return js_string(exact_decimal(value));
}

val formats() {
  val out = val::array();
  for (int index = 0; index < kFormatCount; ++index) {
    const Format f = static_cast<Format>(index);
    const FormatSpec& spec = format_spec(f);
    const FormatRange range = format_range(f);
    val entry = val::object();
    entry.set("name", js_string(spec.name));
    entry.set("onnxName", js_string(spec.onnx_name));
    entry.set("exponentBits", spec.exponent_bits);
    entry.set("mantissaBits", spec.mantissa_bits);
    entry.set("hasSign", spec.has_sign);
    entry.set("bias", spec.bias);
    entry.set("totalBits", spec.total_bits());
    entry.set("isMinifloat", is_minifloat(f));
    entry.set("hasInf", spec.has_inf());
    entry.set("hasNaN", spec.has_nan());
    entry.set("hasNegativeZero", spec.has_negative_zero());
    entry.set("max", range.max);
    entry.set("minNormal", range.min_normal);
    entry.set("minSubnormal", range.min_subnormal.value_or(range.min_normal));  // no subnormals: the least normal
    out.call<void>("push", entry);
  }
  return out;
}

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

// in: `count` float32 at `in_address`; out: `count` codes (uint8, or uint16 for 16-bit formats).
val cast_float32_js(const std::string& format, std::uintptr_t in_address, std::uintptr_t out_address,
                    std::size_t count, const val& saturate, const val& round) {
  Result<Format> f = kernel_format(format, "castFloat32");
  if (!f) return error_value(f.error());
  const auto in = heap_span<const float>(in_address, count);
  if (format_spec(*f).total_bits() > 8)
    cast_from_float32(*f, in, heap_span<std::uint16_t>(out_address, count), cast_options(*f, saturate, round));
  else
    cast_from_float32(*f, in, heap_span<std::uint8_t>(out_address, count), cast_options(*f, saturate, round));
  return ok_value(val::null());
}

val decode_js(const std::string& format, std::uintptr_t in_address, std::uintptr_t out_address,
              std::size_t count) {
  Result<Format> f = kernel_format(format, "decode");
  if (!f) return error_value(f.error());
  const auto out = heap_span<float>(out_address, count);
  if (format_spec(*f).total_bits() > 8)
    cast_to_float32(*f, heap_span<const std::uint16_t>(in_address, count), out);
  else
    cast_to_float32(*f, heap_span<const std::uint8_t>(in_address, count), out);
  return ok_value(val::null());
}

val optional_code(const std::optional<std::uint32_t>& code) { return code ? val(*code) : val::null(); }

val layout_value(const Layout& l) {
  val fields = val::array();
  for (const BitField& field : l.fields) {
    val f = val::object();
    f.set("name", js_string(field.name));
    f.set("lowBit", field.low_bit);
    f.set("highBit", field.high_bit);
    f.set("raw", field.raw);
    fields.call<void>("push", f);
  }
  val out = val::object();
  out.set("format", js_string(format_spec(l.format).name));
  out.set("code", l.code);
  out.set("fields", fields);
  out.set("bias", l.bias);
  out.set("unbiasedExponent", l.unbiased_exponent ? val(*l.unbiased_exponent) : val::null());
  out.set("significand", js_string(l.significand));
  out.set("category", category_js(l.category));
  out.set("exactValue", js_string(l.exact_value));
  out.set("value", l.value);
  out.set("nextUp", optional_code(l.next_up));
  out.set("nextDown", optional_code(l.next_down));
  return out;
}

val format_name_js(const std::string& format) {
  return translate(parse_format(format), [](Format f) { return js_string(format_spec(f).name); });
}

val layout_js(const std::string& format, std::uint32_t code) {
  Result<Format> f = parse_format(format);
  if (!f) return error_value(f.error());
  return ok_value(layout_value(layout(*f, code)));
}

// text is read as the CLI's `cast` reads it: hex_bits 32/64 for a float32/float64 bit pattern, else a decimal,
// rounded once to float32 when decimal_as_float32.
Result<double> read_value(const std::string& text, int hex_bits, bool decimal_as_float32) {
  if (hex_bits != 0) return parse_hex_bits(text, hex_bits);
  if (!decimal_as_float32) return parse_number(text);
  const Result<float> value = parse_number_float32(text);
  if (!value) return value.error();
  return static_cast<double>(*value);
}

val cast_value_js(const std::string& format, const std::string& text, const val& saturate, const val& round,
                  int hex_bits, bool decimal_as_float32) {
  Result<Format> f = parse_format(format);
  if (!f) return error_value(f.error());
  const Result<double> parsed = read_value(text, hex_bits, decimal_as_float32);
  if (!parsed) return error_value(parsed.error());
  const double input = *parsed;
  const CastOptions options = cast_options(*f, saturate, round);
  const std::uint32_t code = encode(*f, input, options);
  const Layout l = layout(*f, code);
  val interval = val::null();
  if (const std::optional<RoundingInterval> r = rounding_interval(*f, code, options)) {
    interval = val::object();
    interval.set("low", exact_text(r->low));
    interval.set("high", exact_text(r->high));
    interval.set("lowInclusive", r->low_inclusive);
    interval.set("highInclusive", r->high_inclusive);
  }
  val out = val::object();
  out.set("input", exact_text(input));
  out.set("code", code);
  out.set("exactValue", js_string(l.exact_value));
  out.set("value", l.value);
  out.set("category", category_js(l.category));
  out.set("saturated", saturates(*f, input, options));
  out.set("roundingInterval", interval);
  return ok_value(out);
}

}  // namespace

void register_format_bindings() {
  using emscripten::function;
  emscripten::enum_<RoundMode>("RoundMode")
      .value("nearest_even", RoundMode::nearest_even)
      .value("up", RoundMode::up)
      .value("down", RoundMode::down)
      .value("nearest", RoundMode::nearest);
  function("isa", +[] { return js_string(isa_name(best_isa())); });
  function("formats", &formats);
  function("formatName", &format_name_js);
  function("castFloat32", &cast_float32_js);
  function("decode", &decode_js);
  function("layout", &layout_js);
  function("castValue", &cast_value_js);
}

}  // namespace typelattice::web
