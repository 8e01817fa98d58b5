// The Blocks panel's "As libraries store them" section: the values quantized to a block family of bitsandbytes,
// ggml, GPTQ/AWQ/MLX or DeepSeek and laid out as that library stores them (BlockModel::stored, from the core's
// store_codec_blocks): each stored field byte by byte, every bit coloured by the element whose code it holds, and
// a row per element. Pointing at an element's row or one of its bits outlines all of its bits.
#include <imgui.h>

#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "app/gui/panel.h"
#include "typelattice/block_text.h"
#include "typelattice/codec_block_targets.h"
#include "typelattice/hex_text.h"
#include "typelattice/int_group_packing.h"

namespace typelattice::gui {

namespace {

constexpr std::string_view kFamilies[] = {"bitsandbytes", "gguf", "gptq", "awq", "mlx", "deepseek"};
constexpr const char* kFamilyTitles[] = {"bitsandbytes", "GGUF (ggml)", "GPTQ", "AWQ", "MLX", "DeepSeek FP8"};

void draw_format_pickers(PanelContext& ctx) {
  AppState& state = ctx.state;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Format");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(170.0f * ctx.scale);
  if (ImGui::BeginCombo("##stored-format", state.stored_format.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (std::size_t k = 0; k < std::size(kFamilies); ++k) {
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%s", kFamilyTitles[k]);
      for (const std::string_view name : stored_codec_block_names()) {
        if (find_codec_block_target(name)->family != kFamilies[k]) continue;
        const std::string label = "  " + std::string(name);
        if (ImGui::Selectable(label.c_str(), name == state.stored_format)) state.stored_format = name;
      }
    }
    ImGui::EndCombo();
  }
  const CodecBlockTarget* target = find_codec_block_target(state.stored_format);
  const bool integer = target != nullptr && target->integer_group();
  ImGui::SameLine();
  ImGui::BeginDisabled(!integer);
  ImGui::TextUnformatted("Packing");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(100.0f * ctx.scale);
  const std::string shown = state.stored_packing.empty() ? "gptq" : state.stored_packing;
  if (ImGui::BeginCombo("##stored-packing", shown.c_str())) {
    for (const IntPackingSpec& p : int_packings())
      if (ImGui::Selectable(std::string(p.name).c_str(), p.name == shown))
        state.stored_packing = p.name == "gptq" ? "" : std::string(p.name);
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  // A packing is the integer groups' alone: another family's layout is the one its library has.
  if (!integer && !state.stored_packing.empty() && target != nullptr) state.stored_packing.clear();
}

// An element's colour: hues spread around the circle so that neighbours differ; a clear bit is the same hue, dark.
ImU32 element_colour(std::size_t j, bool set) {
  const float hue = static_cast<float>((j * 137) % 360) / 360.0f;
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(hue, set ? 0.55f : 0.45f, set ? 0.9f : 0.42f, r, g, b);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, 1.0f));
}

// Which element owns each bit of each field (-1: a scale's, minimum's or zero point's bit).
std::vector<std::vector<int>> bit_owners(const StoredBlock& block) {
  std::vector<std::vector<int>> owners;
  for (const StoredField& f : block.fields) owners.emplace_back(f.bytes.size() * 8, -1);
  for (std::size_t j = 0; j < block.elements.size(); ++j)
    for (const StoredBit& b : block.elements[j].bits)
      owners[static_cast<std::size_t>(b.field)][static_cast<std::size_t>(b.bit)] = static_cast<int>(j);
  return owners;
}

// "qs byte 1 bits 4-7, qh byte 2 bit 1": where an element's bits are, runs of one byte together.
std::string where_bits_are(const StoredBlock& block, const StoredElement& e) {
  std::string out;
  for (std::size_t k = 0; k < e.bits.size();) {
    std::size_t end = k + 1;
    while (end < e.bits.size() && e.bits[end].field == e.bits[k].field && e.bits[end].bit == e.bits[end - 1].bit + 1 &&
           e.bits[end].bit / 8 == e.bits[k].bit / 8)
      ++end;
    const int low = e.bits[k].bit % 8, high = e.bits[end - 1].bit % 8;
    out += (out.empty() ? "" : ", ") + block.fields[static_cast<std::size_t>(e.bits[k].field)].name + " byte " +
           std::to_string(e.bits[k].bit / 8) + (low == high ? " bit " + std::to_string(low)
                                                            : " bits " + std::to_string(low) + "-" + std::to_string(high));
    k = end;
  }
  return out;
}

// One field's bytes, wrapped to the panel's width: each byte as its bits 7..0, coloured by their elements.
void draw_field_bytes(PanelContext& ctx, std::size_t block_number, const StoredField& field,
                      const std::vector<int>& owners, int hovered) {
  const float box = 16.0f * ctx.scale, gap = 2.0f * ctx.scale, byte_gap = 8.0f * ctx.scale;
  const float byte_width = 8.0f * (box + gap) + byte_gap;
  const std::size_t per_line =
      std::max<std::size_t>(1, static_cast<std::size_t>(ImGui::GetContentRegionAvail().x / byte_width));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Probes only for bits the scrolled child shows.
  const ImVec4 clip(draw->GetClipRectMin().x, draw->GetClipRectMin().y, draw->GetClipRectMax().x,
                    draw->GetClipRectMax().y);
  for (std::size_t first = 0; first < field.bytes.size(); first += per_line) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const std::size_t last = std::min(field.bytes.size(), first + per_line);
    for (std::size_t i = first; i < last; ++i) {
      for (int bit = 7; bit >= 0; --bit) {
        const int index = static_cast<int>(i) * 8 + bit;
        const int owner = owners[static_cast<std::size_t>(index)];
        const bool set = (field.bytes[i] >> bit) & 1u;
        const ImVec2 min(origin.x + static_cast<float>(i - first) * byte_width + static_cast<float>(7 - bit) * (box + gap),
                         origin.y);
        const ImVec2 max = min + ImVec2(box, box);
        const ImU32 fill = owner >= 0 ? element_colour(static_cast<std::size_t>(owner), set)
                                      : (set ? colours::text_dim : colours::bit_clear);
        draw->AddRectFilled(min, max, fill, 2.0f * ctx.scale);
        if (owner >= 0 && owner == hovered) draw->AddRect(min, max, colours::text, 2.0f * ctx.scale, 0, 2.0f * ctx.scale);
        const char* digit = set ? "1" : "0";
        const ImVec2 size = ImGui::CalcTextSize(digit);
        draw->AddText(min + ImVec2((box - size.x) * 0.5f, (box - size.y) * 0.5f),
                      set ? colours::text_on_bright : colours::text_dim, digit);
        if (ImGui::IsMouseHoveringRect(min, max) && ImGui::IsWindowHovered()) {
          if (owner >= 0) {
            ctx.blocks.stored_hover_next = {static_cast<int>(block_number), owner};
            ImGui::SetTooltip("element %d: %s byte %zu, bit %d", owner, field.name.c_str(), i, bit);
          } else {
            ImGui::SetTooltip("%s: byte %zu, bit %d", field.name.c_str(), i, bit);
          }
        }
        const std::string role = owner >= 0 ? "element-" + std::to_string(owner) : std::string("scale");
        ctx.probes.add({"stored-bit", std::to_string(block_number + 1) + "/" + field.name + "/" + std::to_string(index),
                        role + (set ? "-set" : "-clear"), min, max, fill}, clip);
      }
    }
    ImGui::Dummy(ImVec2(static_cast<float>(last - first) * byte_width, box + gap));
  }
}

void draw_stored_block(PanelContext& ctx, std::size_t b, const StoredBlock& block) {
  ImGui::PushID(static_cast<int>(b));
  ImGui::Separator();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::selected), "Block %zu", b + 1);
  const int hovered = ctx.blocks.stored_hover.first == static_cast<int>(b) ? ctx.blocks.stored_hover.second : -1;
  const std::vector<std::vector<int>> owners = bit_owners(block);
  for (std::size_t f = 0; f < block.fields.size(); ++f) {
    const StoredField& field = block.fields[f];
    std::string scales;
    for (const StoredScale& s : field.scales)
      scales += (scales.empty() ? "" : ", ") + hex_text(s.code) + " = " + block_value_text(s.value);
    ImGui::Text("%s  %zu bytes%s%s", field.name.c_str(), field.bytes.size(), scales.empty() ? "" : "   ", scales.c_str());
    if (!field.meaning.empty()) {
      ImGui::SameLine();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "(%s)", field.meaning.c_str());
    }
    // A zero point is packed with the other groups' in a tensor of its own: its stored code is shown, not bytes.
    if (field.bytes.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                                                "stored as %s, packed with the other groups' zero points",
                                                field.scales.empty() ? "?" : hex_text(field.scales[0].code).c_str());
    draw_field_bytes(ctx, b, field, owners[f], hovered);
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("stored-elements", 6, flags)) {
    for (const char* heading : {"#", "input", "code", "dequantized", "error", "where its bits are"})
      ImGui::TableSetupColumn(heading);
    ImGui::TableHeadersRow();
    for (std::size_t j = 0; j < block.elements.size(); ++j) {
      const StoredElement& e = block.elements[j];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::ColorButton("##colour", ImGui::ColorConvertU32ToFloat4(element_colour(j, true)),
                         ImGuiColorEditFlags_NoTooltip, ImVec2(10.0f * ctx.scale, 10.0f * ctx.scale));
      ImGui::SameLine();
      // The index spans the row, so pointing anywhere on it marks the element's bits.
      ImGui::Selectable(std::to_string(j).c_str(), static_cast<int>(j) == hovered, ImGuiSelectableFlags_SpanAllColumns);
      if (ImGui::IsItemHovered()) ctx.blocks.stored_hover_next = {static_cast<int>(b), static_cast<int>(j)};
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(block_input_text(e.input).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(hex_text(e.code).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(block_value_text(static_cast<double>(e.dequantized)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(block_value_text(static_cast<double>(e.dequantized) - static_cast<double>(e.input)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(where_bits_are(block, e).c_str());
    }
    ImGui::EndTable();
  }
  ImGui::PopID();
}

}  // namespace

void draw_stored_section(PanelContext& ctx) {
  AppState& state = ctx.state;
  ImGui::SetNextItemOpen(!state.stored_format.empty());
  const bool open = ImGui::CollapsingHeader("As libraries store them: GGUF, bitsandbytes, GPTQ, AWQ, MLX, DeepSeek");
  if (open != !state.stored_format.empty()) state.stored_format = open ? "nf4" : "";
  if (!open) return;
  ImGui::TextWrapped("Each library packs the same codes differently: bitsandbytes puts element 2i in the high nibble, "
                     "ggml puts elements j and j + 16 in one byte, GPTQ streams the codes through 32-bit words from "
                     "the low bits, and AWQ interleaves them. Each bit is coloured by the element whose code it holds; "
                     "point at an element or one of its bits to see all of them.");
  draw_format_pickers(ctx);
  ctx.blocks.refresh(state);  // the pickers may have changed the format or the packing this frame
  if (!ctx.blocks.stored_error.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", ctx.blocks.stored_error.c_str());
  if (!ctx.blocks.stored) return;
  const StoredBlocks& stored = *ctx.blocks.stored;
  const std::size_t blocks = (stored.count + static_cast<std::size_t>(stored.block_size) - 1) /
                             static_cast<std::size_t>(stored.block_size);
  const std::string laid_out =
      stored.blocks.size() < blocks ? ", the first " + std::to_string(stored.blocks.size()) + " laid out" : "";
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                     "%s (%s): %d elements per block, %s bits per element; %zu values in %zu block%s%s",
                     std::string(stored.format).c_str(), std::string(stored.family).c_str(), stored.block_size,
                     block_value_text(stored.bits_per_element).c_str(), stored.count, blocks, blocks == 1 ? "" : "s",
                     laid_out.c_str());
  // What the mouse was over last frame is outlined; this frame's drawing finds what it is over now.
  ctx.blocks.stored_hover = ctx.blocks.stored_hover_next;
  ctx.blocks.stored_hover_next = {-1, -1};
  for (std::size_t b = 0; b < stored.blocks.size(); ++b) draw_stored_block(ctx, b, stored.blocks[b]);
}

}  // namespace typelattice::gui
