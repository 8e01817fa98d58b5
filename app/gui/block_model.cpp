#include "app/gui/block_model.h"

#include "typelattice/block_text.h"
#include "typelattice/cast_request.h"

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

bool BlockModel::refresh(const AppState& state) {
  const std::string inputs = std::string(block_format_name(state.block_format)) + "|" +
                             (state.block_scale_mode ? std::string(scale_mode_name(*state.block_scale_mode)) : "") +
                             "|" + (state.block_tensor_scale ? "t" : "") + "|" + state.block_values_input.data();
  if (inputs == inputs_) return false;
  inputs_ = inputs;
  error.clear();
  Result<std::vector<float>> read = read_block_values(state.block_values_input.data());
  if (!read) {
    error = read.error().message;
    return true;
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
