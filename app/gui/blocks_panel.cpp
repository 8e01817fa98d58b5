// The Blocks panel: a block of values quantized to a block-scaled format (MX, NVFP4) by the core: the format and
// scale-mode pickers, the values field, the same values as libraries store them (stored_blocks_panel.cpp), the
// shared scale and its bits, one row per element and the block's statistics. Every number is the core's
// (BlockModel); the panel draws.
#include <imgui.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "app/gui/text_input.h"
#include "app/gui/panel.h"
#include "typelattice/block_text.h"
#include "typelattice/minifloat.h"

namespace typelattice::gui {

namespace {

constexpr ScaleMode kScaleModes[] = {ScaleMode::floor, ScaleMode::ceil, ScaleMode::even, ScaleMode::rceil,
                                     ScaleMode::nearest};

void draw_pickers(PanelContext& ctx) {
  AppState& state = ctx.state;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Block format");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150.0f * ctx.scale);
  if (ImGui::BeginCombo("##block-format", std::string(block_format_name(state.block_format)).c_str())) {
    for (const BlockFormatSpec& spec : block_formats())
      if (ImGui::Selectable(std::string(spec.name).c_str(), spec.id == state.block_format)) {
        state.block_format = spec.id;
        // A mode the new format does not take goes with the format it was chosen for.
        if (state.block_scale_mode && !has_scale_mode(spec.id, *state.block_scale_mode)) state.block_scale_mode.reset();
        if (spec.id != BlockFormat::nvfp4) state.block_tensor_scale = false;
      }
    ImGui::EndCombo();
  }
  const BlockFormatSpec& spec = block_format_spec(state.block_format);
  const ScaleMode shown = state.block_scale_mode.value_or(spec.default_scale_mode);
  ImGui::SameLine();
  ImGui::TextUnformatted("Scale mode");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110.0f * ctx.scale);
  if (ImGui::BeginCombo("##scale-mode", std::string(scale_mode_name(shown)).c_str())) {
    for (const ScaleMode m : kScaleModes)
      if (has_scale_mode(state.block_format, m) && ImGui::Selectable(std::string(scale_mode_name(m)).c_str(), m == shown))
        state.block_scale_mode = m;
    ImGui::EndCombo();
  }
  if (state.block_format == BlockFormat::nvfp4) {
    ImGui::SameLine();
    ImGui::Checkbox("tensor scale", &state.block_tensor_scale);
  }
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%d elements of %s, one %s scale: %.2f bits each",
                     spec.block_size, spec.element ? format_name(*spec.element).c_str() : "int8 (q / 64)",
                     format_name(spec.scale).c_str(), spec.bits_per_element());
}

void draw_values_field(PanelContext& ctx) {
  AppState& state = ctx.state;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Values");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  input_text_with_hint("##block-values", "e.g. 7.5, 1, 1, 1", state.block_values_input);
  ctx.probes.add({"field", "block-values", "plain", ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                  ImGui::GetColorU32(ImGuiCol_FrameBg)}, ImVec4(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX));
  if (!ctx.blocks.error.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s (showing the last values that were read)",
                       ctx.blocks.error.c_str());
}

// The scale code's bits, coloured by the core's layout of the scale format (E8M0: 8 exponent bits; E4M3: S E M).
void draw_scale_bits(PanelContext& ctx, Format scale_format, std::uint32_t code, int block_number) {
  const Layout l = layout(scale_format, code);
  const int bits = format_spec(scale_format).total_bits();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float box = 22.0f * ctx.scale, gap = 3.0f * ctx.scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  for (int bit = bits - 1; bit >= 0; --bit) {
    std::string_view field_name = "mantissa";
    for (const BitField& f : l.fields)
      if (bit >= f.low_bit && bit <= f.high_bit) field_name = f.name;
    const bool set = (code >> bit) & 1u;
    const ImVec2 min(origin.x + static_cast<float>(bits - 1 - bit) * (box + gap), origin.y);
    const ImU32 fill = set ? field_colour(field_name) : colours::bit_clear;
    draw->AddRectFilled(min, min + ImVec2(box, box), fill, 3.0f * ctx.scale);
    draw->AddRect(min, min + ImVec2(box, box), field_colour(field_name), 3.0f * ctx.scale);
    const char* digit = set ? "1" : "0";
    const ImVec2 size = ImGui::CalcTextSize(digit);
    draw->AddText(min + ImVec2((box - size.x) * 0.5f, (box - size.y) * 0.5f),
                  set ? colours::text_on_bright : colours::text_dim, digit);
    ctx.probes.add({"scale-bit", std::to_string(block_number) + "/" + std::to_string(bit), set ? "set" : "clear", min,
                    min + ImVec2(box, box), fill}, ImVec4(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX));
  }
  ImGui::Dummy(ImVec2(static_cast<float>(bits) * (box + gap), box));
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%s", l.formula.empty() ? l.exact_value.c_str()
                                                                                               : l.formula.c_str());
}

const char* direction_text(RoundDirection d) {
  return d == RoundDirection::up ? "up" : d == RoundDirection::down ? "down" : "exact";
}

void draw_block(PanelContext& ctx, std::size_t index, const QuantizedBlock& block) {
  const BlockModel& model = ctx.blocks;
  const BlockFormatSpec& spec = block_format_spec(model.format);
  ImGui::PushID(static_cast<int>(index));
  ImGui::Separator();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::selected), "Block %zu", index + 1);
  ImGui::SameLine();
  ImGui::Text("amax %s (log2 %s)   scale %s = %s", block_value_text(static_cast<double>(block.amax)).c_str(),
              fixed_decimal(std::log2(static_cast<double>(block.amax)), 3).c_str(),
              block_scale_hex(model.format, block.scale_code).c_str(), block_value_text(block.scale).c_str());
  draw_scale_bits(ctx, spec.scale, block.scale_code, static_cast<int>(index + 1));
  const BlockError& e = block.error;
  ImGui::TextWrapped("MSE %s   SQNR %s dB   max abs error %s   saturated %d   flushed %d   %.2f bits per element",
              block_value_text(e.mse).c_str(), fixed_decimal(e.sqnr_db, 2).c_str(),
              block_value_text(e.max_abs_error).c_str(), e.saturated, e.flushed, e.bits_per_element);
  // Scrolled sideways in a narrow window rather than squeezed: every column keeps its numbers whole.
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollX;
  const float height = (static_cast<float>(block.elements.size()) + 1.0f) * ImGui::GetTextLineHeightWithSpacing() +
                       ImGui::GetStyle().ScrollbarSize + 8.0f * ctx.scale;
  if (ImGui::BeginTable("elements", 9, flags, ImVec2(0.0f, height))) {
    for (const char* heading : {"#", "input", "scaled", "code", "element", "dequantized", "error", "rounded", "flags"})
      ImGui::TableSetupColumn(heading);
    ImGui::TableSetupScrollFreeze(2, 1);  // the index and the input stay in view when scrolled sideways
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < block.elements.size(); ++i) {
      const QuantizedElement& el = block.elements[i];
      const bool is_amax = std::fabs(el.input) == block.amax;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%zu", i);
      ImGui::TableNextColumn();
      const std::string input = block_input_text(el.input);
      if (is_amax) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::join), "%s  amax", input.c_str());
      else ImGui::TextUnformatted(input.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(block_value_text(el.scaled).c_str());
      ImGui::TableNextColumn();
      std::string bits;
      for (int bit = spec.element_bits - 1; bit >= 0; --bit) bits += ((el.code >> bit) & 1u) ? '1' : '0';
      ImGui::Text("%s %s", block_element_hex(model.format, el.code).c_str(), bits.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(block_value_text(el.value).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(block_value_text(el.dequantized).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(block_value_text(el.error).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(direction_text(el.direction));
      ImGui::TableNextColumn();
      if (el.saturated) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "saturated");
      else if (el.flushed) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::counterexample), "flushed");
    }
    ImGui::EndTable();
  }
  ImGui::PopID();
}

}  // namespace

void draw_blocks_panel(PanelContext& ctx) {
  ctx.blocks.refresh(ctx.state);
  draw_pickers(ctx);
  draw_values_field(ctx);
  if (ImGui::BeginChild("blocks", ImVec2(0, 0), false)) {
    if (ctx.blocks.tensor_scale)
      ImGui::Text("tensor scale %s", block_value_text(static_cast<double>(ctx.blocks.options.tensor_scale)).c_str());
    // First, where a one-line header costs little: opened, it is what the user asked to see.
    draw_stored_section(ctx);
    for (std::size_t b = 0; b < ctx.blocks.blocks.size(); ++b) draw_block(ctx, b, ctx.blocks.blocks[b]);
  }
  ImGui::EndChild();
}

}  // namespace typelattice::gui
