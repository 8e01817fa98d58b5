#include "web/bindings_blocks.h"

#include <emscripten/bind.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/block_summary.h"
#include "typelattice/block_text.h"
#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

constexpr const char* kDirectionNames[] = {"down", "exact", "up"};  // by RoundDirection + 1

val block_format_entry(const BlockFormatSpec& spec) {
  std::vector<std::string_view> modes;
  for (const ScaleMode m : {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil, ScaleMode::nearest})
    if (has_scale_mode(spec.id, m)) modes.push_back(scale_mode_name(m));
  val element_values = val::array();  // by code
  for (std::uint32_t code = 0; code < (1u << spec.element_bits); ++code)
    push_value(element_values, block_element_value(spec.id, code));
  val entry = val::object();
  set_text(entry, "name", spec.name);
  set_property(entry, "elementFormat", spec.element ? js_string(format_name(*spec.element)) : val::null());
  set_text(entry, "scaleFormat", format_name(spec.scale));
  set_property(entry, "blockSize", spec.block_size);
  set_property(entry, "elementBits", spec.element_bits);
  set_property(entry, "bitsPerElement", spec.bits_per_element());
  set_property(entry, "emaxElem", spec.emax_elem);
  set_property(entry, "elementMantissaBits", spec.element_mantissa_bits);
  set_property(entry, "elementMax", spec.element_max);
  set_property(entry, "scaleModes", string_array(modes));
  set_text(entry, "defaultScaleMode", scale_mode_name(spec.default_scale_mode));
  set_property(entry, "powerOfTwoScale", spec.power_of_two_scale());
  set_property(entry, "takesTensorScale", spec.takes_tensor_scale());
  set_property(entry, "elementValues", element_values);
  return entry;
}

val block_formats_js() {
  val out = val::array();
  for (const BlockFormatSpec& spec : block_formats()) push_value(out, block_format_entry(spec));
  return out;
}

// The options as the CLI reads them: a scale mode name or undefined (the format's default), and whether to take
// NVFP4's per-tensor scale of `values`.
// tensor_scale, as the wrapper passes the option: 0 none, -1 amax / (448 · 6) of the values (true), else the
// per-tensor scale to use (a number; the wrapper checked it is a positive float32). A float, not a JS value: the
// value's type tests would cost the page more than the three cases.
Result<BlockOptions> options_of(BlockFormat f, const val& scale_mode, float tensor_scale,
                                std::span<const float> values) {
  std::optional<ScaleMode> mode;
  if (!scale_mode.isUndefined()) {
    const Result<ScaleMode> parsed = parse_scale_mode(scale_mode.as<std::string>());
    if (!parsed) return parsed.error();
    mode = *parsed;
  }
  if (tensor_scale > 0) return block_options(f, mode, tensor_scale);
  return block_options(f, mode, tensor_scale < 0, values);
}

// `count` float32 at in_address -> block_count scale codes, `count` element codes and `count` dequantized float32.
val quantize_blocks_js(const std::string& format, const val& scale_mode, float tensor_scale,
                       std::uintptr_t in_address,
                       std::size_t count, std::uintptr_t scales_address, std::uintptr_t codes_address,
                       std::uintptr_t out_address) {
  const Result<BlockFormat> f = parse_block_format(format);
  if (!f) return error_value(f.error());
  const auto values = heap_span<const float>(in_address, count);
  const Result<BlockOptions> options = options_of(*f, scale_mode, tensor_scale, values);
  if (!options) return error_value(options.error());
  const auto scales = heap_span<std::uint8_t>(scales_address, block_count(*f, count));
  const auto codes = heap_span<std::uint8_t>(codes_address, count);
  const Result<std::size_t> done = quantize_blocks(*f, *options, values, scales, codes);
  if (!done) return error_value(done.error());
  const Result<std::size_t> back =
      dequantize_blocks(*f, scales, codes, heap_span<float>(out_address, count), options->tensor_scale);
  if (!back) return error_value(back.error());
  val out = val::object();
  set_property(out, "tensorScale", options->tensor_scale);
  set_text(out, "scaleMode", scale_mode_name(options->scale_mode));
  return ok_value(out);
}

val dequantize_blocks_js(const std::string& format, std::uintptr_t scales_address, std::size_t scale_count,
                         std::uintptr_t codes_address, std::size_t count, std::uintptr_t out_address,
                         float tensor_scale) {
  const Result<BlockFormat> f = parse_block_format(format);
  if (!f) return error_value(f.error());
  const Result<std::size_t> done =
      dequantize_blocks(*f, heap_span<const std::uint8_t>(scales_address, scale_count),
                        heap_span<const std::uint8_t>(codes_address, count), heap_span<float>(out_address, count),
                        tensor_scale);
  return done ? ok_value(val::null()) : error_value(done.error());
}

val element_value(const QuantizedElement& e) {
  val out = val::object();
  set_property(out, "input", e.input);
  set_property(out, "code", e.code);
  set_property(out, "value", e.value);
  set_property(out, "dequantized", e.dequantized);
  set_property(out, "scaled", e.scaled);
  set_property(out, "error", e.error);
  set_property(out, "direction", kDirectionNames[static_cast<int>(e.direction) + 1]);
  set_property(out, "saturated", e.saturated);
  set_property(out, "flushed", e.flushed);
  return out;
}

val block_value(BlockFormat f, std::size_t number, const QuantizedBlock& block) {
  val elements = val::array();
  for (const QuantizedElement& e : block.elements) {
    val element = element_value(e);
    set_text(element, "inputText", block_input_text(e.input));
    set_text(element, "codeHex", block_element_hex(f, e.code));
    set_text(element, "line", element_line(f, e));
    push_value(elements, element);
  }
  const BlockError& e = block.error;
  val stats = val::object();
  set_property(stats, "mse", e.mse);
  set_property(stats, "sqnrDb", e.sqnr_db);
  set_property(stats, "maxAbsError", e.max_abs_error);
  set_property(stats, "saturated", e.saturated);
  set_property(stats, "flushed", e.flushed);
  set_property(stats, "count", block.elements.size());
  set_property(stats, "bitsPerElement", e.bits_per_element);
  val out = val::object();
  set_property(out, "amax", block.amax);
  set_property(out, "scaleCode", block.scale_code);
  set_text(out, "scaleHex", block_scale_hex(f, block.scale_code));
  set_property(out, "scale", block.scale);
  set_property(out, "elements", elements);
  set_property(out, "statistics", stats);
  set_text(out, "line", block_line(f, number, block));
  return out;
}

// Every block of `count` float32 at in_address in full, and the text `typelattice quantize` prints for them.
val quantize_detail_js(const std::string& format, const val& scale_mode, float tensor_scale,
                       std::uintptr_t in_address,
                       std::size_t count) {
  const Result<BlockFormat> f = parse_block_format(format);
  if (!f) return error_value(f.error());
  const auto values = heap_span<const float>(in_address, count);
  const Result<BlockOptions> options = options_of(*f, scale_mode, tensor_scale, values);
  if (!options) return error_value(options.error());
  const Result<std::vector<QuantizedBlock>> blocks = quantize_detail(*f, *options, values);
  if (!blocks) return error_value(blocks.error());
  val list = val::array();
  for (std::size_t b = 0; b < blocks->size(); ++b) push_value(list, block_value(*f, b + 1, (*blocks)[b]));
  val out = val::object();
  set_text(out, "format", block_format_name(*f));
  set_text(out, "scaleMode", scale_mode_name(options->scale_mode));
  set_property(out, "tensorScale", options->tensor_scale);
  set_property(out, "blocks", list);
  set_text(out, "text", blocks_text(*f, *options, tensor_scale != 0, *blocks));
  return ok_value(out);
}

// Each block of `count` float32 at in_address without its elements: one Float64Array of nine numbers per
// block (amax, scale code, scale, values, mse, sqnr dB, max abs error, saturated, flushed), then six for all the
// values together (combined_error: mse, sqnr dB, max abs error, saturated, flushed, values kept), and the scale
// codes as hex, space-separated. Flat, so that thousands of blocks cross into JS in two values.
val quantize_summary_js(const std::string& format, const val& scale_mode, float tensor_scale,
                       std::uintptr_t in_address,
                        std::size_t count) {
  const Result<BlockFormat> f = parse_block_format(format);
  if (!f) return error_value(f.error());
  const auto values = heap_span<const float>(in_address, count);
  const Result<BlockOptions> options = options_of(*f, scale_mode, tensor_scale, values);
  if (!options) return error_value(options.error());
  const Result<std::vector<BlockSummary>> blocks = quantize_summary(*f, *options, values);
  if (!blocks) return error_value(blocks.error());
  std::vector<double> numbers;
  numbers.reserve(9 * blocks->size() + 6);
  std::string hex;
  for (const BlockSummary& b : *blocks) {
    const BlockError& e = b.error;
    numbers.insert(numbers.end(), {static_cast<double>(b.amax), static_cast<double>(b.scale_code), b.scale,
                                   static_cast<double>(b.count), e.mse, e.sqnr_db, e.max_abs_error,
                                   static_cast<double>(e.saturated), static_cast<double>(e.flushed)});
    if (!hex.empty()) hex += ' ';
    hex += block_scale_hex(*f, b.scale_code);
  }
  const CombinedError all = combined_error(*blocks);
  numbers.insert(numbers.end(), {all.error.mse, all.error.sqnr_db, all.error.max_abs_error,
                                 static_cast<double>(all.error.saturated), static_cast<double>(all.error.flushed),
                                 static_cast<double>(all.count)});
  val out = val::object();
  set_text(out, "format", block_format_name(*f));
  set_text(out, "scaleMode", scale_mode_name(options->scale_mode));
  set_property(out, "tensorScale", options->tensor_scale);
  set_property(out, "numbers", typed_array_copy(numbers));
  set_text(out, "scaleHex", hex);
  return ok_value(out);
}

// Values as text, each read as a float32 as `typelattice quantize` reads its arguments (a decimal rounded once).
val read_float32_values_js(const val& texts) {
  CastRequest request;
  request.from = SourceType::float32;
  val out = val::array();
  const std::vector<std::string> words = strings_from(texts);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Result<double> value = read_cast_input(request, words[i]);
    if (!value) {
      return error_value(Error{value.error().kind, "value " + std::to_string(i + 1) + ": " + value.error().message,
                               value.error().suggestions});
    }
    push_value(out, *value);
  }
  return ok_value(out);
}

}  // namespace

void register_block_bindings() {
  function("readFloat32Values", &read_float32_values_js);
  using emscripten::function;
  function("blockFormats", &block_formats_js);
  function("blockFormatName", +[](const std::string& name) {
    return translate(parse_block_format(name), [](BlockFormat f) { return js_string(block_format_name(f)); });
  });
  function("scaleModeName", +[](const std::string& name) {
    return translate(parse_scale_mode(name), [](ScaleMode m) { return js_string(scale_mode_name(m)); });
  });
  function("quantizeBlocks", &quantize_blocks_js);
  function("dequantizeBlocks", &dequantize_blocks_js);
  function("quantizeDetail", &quantize_detail_js);
  function("quantizeSummary", &quantize_summary_js);
}

}  // namespace typelattice::web
