#include "app/gui/block_model.h"

#include "typelattice/block_text.h"
#include "typelattice/cast_request.h"
#include "typelattice/hex_text.h"

namespace typelattice::gui {

Result<std::vector<float>> read_block_values(std::string_view text) {
  CastRequest request;
  request.from = SourceType::float32;
  std::vector<float> values;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = text.find_first_not_of(", \t\r\n", i);
    if (start == std::string_view::npos) break;
    std::size_t end = text.find_first_of(", \t\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    const Result<double> value = read_cast_input(request, text.substr(start, end - start));
    if (!value) {
      return Error{value.error().kind, "value " + std::to_string(values.size() + 1) + ": " + value.error().message,
                   value.error().suggestions};
    }
    values.push_back(static_cast<float>(*value));  // already a float32
    i = end;
  }
  if (values.empty()) return Error{ErrorKind::bad_value, "no values to quantize: type them, separated by commas", {}};
  return values;
}

std::string stored_blocks_text(const StoredBlocks& stored) {
  std::string out = "stored: " + std::string(stored.format) + " (" + std::string(stored.family) + "), " +
                    std::to_string(stored.count) + " values in blocks of " + std::to_string(stored.block_size) + ", " +
                    block_value_text(stored.bits_per_element) + " bits per element; " +
                    std::to_string(stored.blocks.size()) + " laid out\n";
  for (std::size_t b = 0; b < stored.blocks.size(); ++b) {
    const StoredBlock& block = stored.blocks[b];
    out += "block " + std::to_string(b + 1) + "\n";
    for (const StoredField& f : block.fields) {
      out += "  field " + f.name + ":";
      for (const std::uint8_t byte : f.bytes) out += " " + hex_text(byte, 2).substr(2);
      for (std::size_t s = 0; s < f.scales.size(); ++s)
        out += (s == 0 ? "; scale " : ", ") + hex_text(f.scales[s].code) + " = " + block_value_text(f.scales[s].value);
      out += "\n";
    }
    for (std::size_t j = 0; j < block.elements.size(); ++j) {
      const StoredElement& e = block.elements[j];
      out += "  element " + std::to_string(j) + ": " + block_input_text(e.input) + " -> " + hex_text(e.code) + " -> " +
             block_value_text(static_cast<double>(e.dequantized)) + ", bits";
      for (const StoredBit& bit : e.bits)
        out += " " + block.fields[static_cast<std::size_t>(bit.field)].name + ":" + std::to_string(bit.bit);
      out += "\n";
    }
  }
  return out;
}

bool BlockModel::refresh(const AppState& state) {
  const std::string inputs = std::string(block_format_name(state.block_format)) + "|" +
                             (state.block_scale_mode ? std::string(scale_mode_name(*state.block_scale_mode)) : "") +
                             "|" + (state.block_tensor_scale ? "t" : "") + "|" + state.stored_format + "|" +
                             state.stored_packing + "|" + state.block_values_input.data();
  if (inputs == inputs_) return false;
  inputs_ = inputs;
  error.clear();
  Result<std::vector<float>> read = read_block_values(state.block_values_input.data());
  if (!read) {
    error = read.error().message;
    return true;
  }
  stored_error.clear();
  if (state.stored_format.empty()) {
    stored.reset();
  } else if (Result<StoredBlocks> laid = store_codec_blocks(state.stored_format, *read, state.stored_packing,
                                                            kStoredBlocksShown)) {
    stored = std::move(laid).value();
  } else {
    stored_error = laid.error().message;
  }
  const Result<BlockOptions> chosen =
      block_options(state.block_format, state.block_scale_mode, state.block_tensor_scale, *read);
  if (!chosen) {
    error = chosen.error().message;
    return true;
  }
  Result<std::vector<QuantizedBlock>> detail = quantize_detail(state.block_format, *chosen, *read);
  if (!detail) {
    error = detail.error().message;
    return true;
  }
  format = state.block_format;
  options = *chosen;
  tensor_scale = state.block_tensor_scale;
  values = std::move(read).value();
  blocks = std::move(detail).value();
  text = blocks_text(format, options, tensor_scale, blocks);
  return true;
}

}  // namespace typelattice::gui
