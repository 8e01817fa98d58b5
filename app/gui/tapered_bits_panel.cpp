// The Bits panel for the tapered formats (posit8, posit16, hif8; core/include/typelattice/tapered_formats.h).
// Their fields change width from code to code, so the bit row is drawn from each code's own layout: one box per
// field the code has (a posit's regime run with its terminator, the exponent that is left, the fraction; HiF8's
// dot field, exponent and mantissa), plus the posit exponent bits cut off by the end of the code. Everything shown
// is the core's: tapered_layout, tapered_encode (the format's own rounding) and tapered_cast_facts.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/panel.h"

namespace typelattice::gui {

namespace {


ImVec4 colour_of(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

// One square per bit under a box per field, as wide as the field's bits, coloured by its kind; a click on a bit
// flips it. Cut exponent bits follow bit 0 as dashed boxes (they are not in the code: they read as 0).
void draw_field_row(PanelContext& ctx, const TaperedLayout& l, int bits) {
  AppState& state = ctx.state;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float gap = 4.0f * ctx.scale;
  const int columns = bits + l.truncated_exponent_bits;
  const float fitting = (ImGui::GetContentRegionAvail().x + gap) / static_cast<float>(columns) - gap;
  const float box = std::max(std::min((bits > 8 ? 40.0f : 52.0f) * ctx.scale, fitting), 12.0f * ctx.scale);
  const float label_height = ImGui::GetTextLineHeight() + 4.0f * ctx.scale;
  const float frame = 1.5f * ctx.scale;  // the field box's margin around its bits: less than half the gap
  const float bar = 8.0f * ctx.scale;    // the field's bar, as wide as its bits, between its name and its bits
  const ImVec2 origin = ImGui::GetCursorScreenPos() + ImVec2(frame, 0.0f);
  const auto x_of = [&](int bit) { return origin.x + static_cast<float>(bits - 1 - bit) * (box + gap); };
  const float bits_top = origin.y + label_height + bar + frame;
  // The field's name, its bar (the probe a test measures) and a box around its bits, all in the field's colour.
  const auto field_box = [&](std::string_view kind, std::string_view label, std::string probe_name, int high_bit,
                             int low_bit) {
    const ImU32 colour = field_colour(kind);
    const ImVec2 min(x_of(high_bit) - frame, origin.y + label_height);
    const ImVec2 max(x_of(low_bit) + box + frame, bits_top + box + frame);
    draw->AddText(ImVec2(min.x, origin.y), colour, std::string(label).c_str());
    draw->AddRectFilled(min, ImVec2(max.x, min.y + bar), colour, 3.0f * ctx.scale);
    draw->AddRect(min, max, colour, 6.0f * ctx.scale, 0, 2.0f * ctx.scale);
    ctx.probes.add({"field", std::move(probe_name), std::to_string(high_bit - low_bit + 1) + "-bit", min,
                    ImVec2(max.x, min.y + bar), colour}, kEverywhere);
  };
  for (const TaperedField& field : l.fields)
    field_box(field.name, field.name, std::string(field.name), field.high_bit, field.low_bit);
  if (l.truncated_exponent_bits > 0) {
    // Its name goes under the bits, where the code's bits have their index: a 1-bit exponent's name fills the top.
    field_box("exponent", "", "cut-exponent", -1, -l.truncated_exponent_bits);
    draw->AddText(ImVec2(x_of(-1), bits_top + box + frame + 2.0f), colours::exponent, "cut exponent");
  }
  for (int cut = 0; cut < l.truncated_exponent_bits; ++cut) {
    const ImVec2 min(x_of(-1 - cut), bits_top);
    for (int dash = 0; dash < 4; ++dash) {  // a dashed outline: the bit is not in the code
      const float t0 = static_cast<float>(dash) / 4.0f, t1 = t0 + 0.125f;
      for (const float y : {min.y, min.y + box})
        draw->AddLine(ImVec2(min.x + box * t0, y), ImVec2(min.x + box * t1, y), colours::exponent, 2.0f * ctx.scale);
      for (const float x : {min.x, min.x + box})
        draw->AddLine(ImVec2(x, min.y + box * t0), ImVec2(x, min.y + box * t1), colours::exponent, 2.0f * ctx.scale);
    }
    const ImVec2 size = ImGui::CalcTextSize("0");
    draw->AddText(min + ImVec2((box - size.x) * 0.5f, (box - size.y) * 0.5f), colours::text_dim, "0");
  }
  for (int bit = bits - 1; bit >= 0; --bit) {
    const auto field = std::find_if(l.fields.begin(), l.fields.end(), [bit](const TaperedField& f) {
      return bit >= f.low_bit && bit <= f.high_bit;
    });
    const std::string_view field_name = field == l.fields.end() ? std::string_view("fraction") : field->name;
    const bool set = (state.code >> bit) & 1u;
    const ImVec2 min(x_of(bit), bits_top);
    ImGui::SetCursorScreenPos(min);
    ImGui::PushID(bit);
    if (ImGui::InvisibleButton("bit", ImVec2(box, box))) state.code ^= 1u << bit;
    const bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    const ImU32 fill = set ? field_colour(field_name) : colours::bit_clear;
    draw->AddRectFilled(min, min + ImVec2(box, box), fill, 5.0f * ctx.scale);
    if (hovered) draw->AddRect(min, min + ImVec2(box, box), colours::text, 5.0f * ctx.scale, 0, 2.0f * ctx.scale);
    const char* digit = set ? "1" : "0";
    const ImVec2 size = ImGui::CalcTextSize(digit);
    draw->AddText(min + ImVec2((box - size.x) * 0.5f, (box - size.y) * 0.5f),
                  set ? colours::text_on_bright : colours::text_dim, digit);
    ctx.probes.add({"bit", std::to_string(bit), set ? "set" : "clear", min, min + ImVec2(box, box), fill}, kEverywhere);
    if (hovered) ImGui::SetTooltip("bit %d (%s): click to flip", bit, std::string(field_name).c_str());
    const std::string index = std::to_string(bit);
    draw->AddText(ImVec2(min.x + (box - ImGui::CalcTextSize(index.c_str()).x) * 0.5f, bits_top + box + frame + 2.0f),
                  colours::text_dim, index.c_str());
  }
  ImGui::SetCursorScreenPos(origin - ImVec2(frame, 0.0f));
  ImGui::Dummy(ImVec2(static_cast<float>(columns) * (box + gap) + 2.0f * frame,
                      label_height + bar + box + 2.0f * frame + ImGui::GetTextLineHeight() + 6.0f));
}

// The value field: cast with the format's own rounding (tapered_encode); HiF8 alone has a saturate option.
void draw_value_input(PanelContext& ctx, TaperedFormat format) {
  AppState& state = ctx.state;
  const bool cast_asked = draw_cast_field(ctx);
  const Result<TaperedCastRequest> request = state.tapered_cast_request(format);
  // A posit never overflows: "saturate" is how it always rounds, so the box is ticked and fixed. (The core refuses
  // --no-saturate for posits; a request it refuses shows as unticked and the cast's error says why.)
  const bool posit = format != TaperedFormat::hif8;
  bool saturate = posit || (request && request->saturate);
  ImGui::SameLine();
  ImGui::BeginDisabled(posit);
  if (ImGui::Checkbox("saturate", &saturate)) state.cast_saturate = saturate;
  ImGui::EndDisabled();
  if (cast_asked) {
    const Result<double> input =
        request ? read_tapered_cast_input(*request, state.value_input) : Result<double>(request.error());
    if (input) {
      state.code = tapered_encode(format, *input, request->saturate);
      state.value_error.clear();
      state.cast_value = state.value_input;
    } else {
      state.value_error = input.error().message;
    }
  }
  draw_cast_error(state);
}

void draw_details(PanelContext& ctx, const TaperedLayout& l) {
  AppState& state = ctx.state;
  ImGui::PushFont(ctx.fonts.large);
  ImGui::TextUnformatted(tapered_hex_code(l.format, l.code).c_str());
  ImGui::SameLine();
  ImGui::TextColored(colour_of(colours::text_dim), "=");
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(colour_of(colours::join), "%s", l.exact_value.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  const ImU32 category = tapered_category_colour(l.category);
  ImGui::PushStyleColor(ImGuiCol_Button, category);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, category);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, category);
  ImGui::SmallButton(std::string(tapered_category_name(l.category)).c_str());
  ImGui::PopStyleColor(3);
  if (l.scale) {
    ImGui::SameLine();
    ImGui::Text("scale 2^%d", *l.scale);
  }
  ImGui::PushTextWrapPos(0.0f);
  if (!l.formula.empty()) ImGui::TextUnformatted(l.formula.c_str());  // the core's: the value from its fields
  for (const TaperedField& f : l.fields) {
    ImGui::TextColored(colour_of(field_colour(f.name)), "%-8s", std::string(f.name).c_str());
    ImGui::SameLine();
    ImGui::Text("bits %d..%d = %u: %s", f.high_bit, f.low_bit, f.raw, render(f.meaning).c_str());
  }
  if (l.truncated_exponent_bits > 0)
    ImGui::TextColored(colour_of(colours::exponent), "cut exponent: %d bit(s), read as 0", l.truncated_exponent_bits);
  ImGui::PopTextWrapPos();
  draw_code_steps(state, l.next_down, l.next_up);
}

// The facts about the value last cast, as `typelattice layout F V` prints them under the value.
void draw_cast_facts(PanelContext& ctx) {
  if (ctx.state.cast_value.empty() || !ctx.bits.tapered_cast_code) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(colour_of(colours::text_dim), "%s", ("cast " + ctx.state.cast_value).c_str());
  for (const CastFact& fact : ctx.bits.facts) {
    ImGui::TextColored(colour_of(colours::text_dim), "%-9s", std::string(fact.name).c_str());
    ImGui::SameLine();
    ImGui::TextUnformatted(render(fact.text).c_str());
  }
  ImGui::PopTextWrapPos();
}

// 256 codes (posit16: the page of the current code, as float16's), coloured by category, the current one
// highlighted.
void draw_code_grid(PanelContext& ctx, TaperedFormat format) {
  AppState& state = ctx.state;
  const int bits = tapered_format_bits(format);
  if (bits > 8) draw_page_control(ctx, bits, [format](std::uint32_t code) { return tapered_hex_code(format, code); });
  ctx.bits.refresh(state);  // the page control may have moved to another page this frame
  const std::vector<TaperedLayout>& cells = ctx.bits.tapered_grid;
  const std::uint32_t page = ctx.bits.page, columns = 16;
  const auto count = static_cast<std::uint32_t>(cells.size());
  const float cell_w = std::min((ImGui::GetContentRegionAvail().x - 2.0f) / static_cast<float>(columns), 110.0f * ctx.scale);
  const float cell_h = ImGui::GetTextLineHeight() * 1.9f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float small = ctx.fonts.mono->FontSize * 0.8f;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t code = page << 8 | i;
    const ImVec2 min = origin + ImVec2(static_cast<float>(i % columns) * cell_w, static_cast<float>(i / columns) * cell_h);
    const ImVec2 max = min + ImVec2(cell_w - 2.0f, cell_h - 2.0f);
    const TaperedLayout& cell = cells[i];
    draw_code_cell(ctx, {code, tapered_hex_code(format, code), cell.value, cell.exact_value,
                         std::string(tapered_category_name(cell.category)), tapered_category_colour(cell.category)},
                   min, max, small, kEverywhere);
  }
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(ImVec2(static_cast<float>(columns) * cell_w, static_cast<float>((count + columns - 1) / columns) * cell_h));
  ImGui::Spacing();
  for (const TaperedCategory c : {TaperedCategory::zero, TaperedCategory::denormal, TaperedCategory::normal,
                                  TaperedCategory::infinity, TaperedCategory::nan}) {
    const std::string name(tapered_category_name(c));
    ImGui::ColorButton(name.c_str(), colour_of(tapered_category_colour(c)), ImGuiColorEditFlags_NoTooltip);
    ImGui::SameLine();
    ImGui::TextUnformatted(name.c_str());
    ImGui::SameLine();
  }
  ImGui::NewLine();
}

}  // namespace

void draw_tapered_bits(PanelContext& ctx) {
  AppState& state = ctx.state;
  const TaperedFormat format = *state.tapered;
  ctx.bits.refresh(state);
  const TaperedLayout l = ctx.bits.tapered_current;  // a copy: the panel's clicks may refresh the model
  ImGui::Spacing();
  draw_field_row(ctx, l, tapered_format_bits(format));
  draw_value_input(ctx, format);
  ImGui::Separator();
  if (ImGui::BeginTable("bits_columns", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("details", ImGuiTableColumnFlags_WidthStretch, 0.3f);
    ImGui::TableSetupColumn("grid", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    draw_details(ctx, l);
    draw_number_line(ctx, state.code);
    draw_cast_facts(ctx);
    ImGui::TableNextColumn();
    draw_code_grid(ctx, format);
    ImGui::EndTable();
  }
}

}  // namespace typelattice::gui
