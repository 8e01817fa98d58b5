// Bindings for blocks as their libraries store them (typelattice/codec_block_storage.h: bitsandbytes, GGUF and the
// integer groups). They live in the tensors part, loaded on demand (tl.storedBlocks), with the formats' other
// codecs that analysis uses.
#include "web/bindings_stored_blocks.h"

#include <emscripten/bind.h>

#include <cmath>
#include <string>

#include "typelattice/block_text.h"
#include "typelattice/codec_block_storage.h"
#include "typelattice/codec_block_targets.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

val stored_formats_js() {
  val out = val::array();
  for (const std::string_view name : stored_codec_block_names()) {
    const CodecBlockTarget* t = find_codec_block_target(name);
    val v = val::object();
    set_text(v, "name", t->name);
    set_text(v, "family", t->family);
    set_property(v, "blockSize", t->block_size);
    set_property(v, "bitsPerElement", t->bits_per_element);
    set_property(v, "wholeBlocks", t->whole_blocks);
    push_value(out, v);
  }
  return out;
}

val bytes_value(const std::vector<std::uint8_t>& bytes) {
  return typed_array_copy(bytes);
}

val field_value(const StoredField& f) {
  val scales = val::array();
  for (const StoredScale& s : f.scales) {
    val v = val::object();
    set_property(v, "code", s.code);
    set_property(v, "value", s.value);
    push_value(scales, v);
  }
  val out = val::object();
  set_text(out, "name", f.name);
  set_property(out, "bytes", bytes_value(f.bytes));
  set_text(out, "meaning", f.meaning);
  set_property(out, "scales", scales);
  return out;
}

// An element's bits as one flat array, [field, bit, field, bit, ...], least significant first.
val element_value(const StoredElement& e) {
  std::vector<int> flat;
  for (const StoredBit& b : e.bits) flat.insert(flat.end(), {b.field, b.bit});
  val out = val::object();
  set_property(out, "input", e.input);
  set_text(out, "inputText", block_input_text(e.input));  // as `typelattice quantize` prints them
  set_property(out, "code", e.code);
  set_property(out, "dequantized", e.dequantized);
  set_text(out, "dequantizedText", block_value_text(static_cast<double>(e.dequantized)));
  set_property(out, "error", std::isnan(e.input) || std::isnan(e.dequantized)
                                  ? NAN : static_cast<double>(e.dequantized) - static_cast<double>(e.input));
  set_property(out, "bits", typed_array_copy(flat));
  return out;
}

val stored_blocks_value(const StoredBlocks& s) {
  val blocks = val::array();
  for (const StoredBlock& b : s.blocks) {
    val fields = val::array();
    for (const StoredField& f : b.fields) push_value(fields, field_value(f));
    val elements = val::array();
    for (const StoredElement& e : b.elements) push_value(elements, element_value(e));
    val v = val::object();
    set_property(v, "fields", fields);
    set_property(v, "elements", elements);
    push_value(blocks, v);
  }
  val out = val::object();
  set_text(out, "format", s.format);
  set_text(out, "family", s.family);
  set_property(out, "blockSize", s.block_size);
  set_property(out, "bitsPerElement", s.bits_per_element);
  set_property(out, "count", static_cast<double>(s.count));
  set_property(out, "blocks", blocks);
  return out;
}

// `count` float32 at in_address, quantized to `name` and its first `max_blocks` blocks laid out.
val stored_blocks_js(const std::string& name, std::uintptr_t in_address, std::size_t count, const std::string& packing,
                     std::size_t max_blocks) {
  return translate(store_codec_blocks(name, heap_span<const float>(in_address, count), packing, max_blocks),
                   stored_blocks_value);
}

}  // namespace

void register_stored_block_bindings() {
  emscripten::function("storedBlockFormats", &stored_formats_js);
  emscripten::function("storedBlocks", &stored_blocks_js);
}

}  // namespace typelattice::web
