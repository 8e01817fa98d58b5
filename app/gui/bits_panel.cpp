// The Bits panel: one format's bit layout (clickable bits), a value cast into it, the decoded exact value and
// category from the core's layout(), and a grid of 256 codes. Codes are up to 32 bits wide (float32). What it
// shows comes from the Bits model (bits_model.h), recomputed when the format, the code's page or the cast change;
// codes are written by the core's hex_code ("0x7e", as `typelattice cast` prints them). The tapered formats
// (posit8, posit16, hif8), listed last in the format selector, are drawn by tapered_bits_panel.cpp.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/panel.h"
#include "typelattice/defined_formats.h"

namespace typelattice::gui {

namespace {

void draw_format_selector(PanelContext& ctx, const FormatSpec& spec) {
  AppState& state = ctx.state;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Format");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(220.0f * ctx.scale);
  const std::string shown = state.tapered ? std::string(tapered_format_name(*state.tapered)) : format_name(state.format);
  if (ImGui::BeginCombo("##format", shown.c_str(), ImGuiComboFlags_HeightLarge)) {
    // The built-in formats, then IEEE P3109's family (a defined format comes from --format and stays listed).
    std::vector<Format> listed = builtin_formats();
    const std::vector<Format> p3109 = p3109_formats();
    listed.insert(listed.end(), p3109.begin(), p3109.end());
    if (format_spec(state.format).family == FormatFamily::defined) listed.push_back(state.format);
    for (const Format f : listed) {
      if (f == p3109.front()) {
        ImGui::Separator();
        ImGui::TextDisabled("IEEE P3109");
      }
      if (ImGui::Selectable(format_name(f).c_str(), !state.tapered && f == state.format)) {
        state.format = f;
        state.tapered.reset();
        state.code &= code_mask(f);
        // A round mode the new format does not have (E8M0's, say) goes with the format it was chosen for.
        if (!cast_options(f, state.cast_saturate, state.cast_round)) state.cast_round.reset();
      }
    }
    // The tapered formats (tapered_formats.h): their fields change width from code to code.
    ImGui::Separator();
    ImGui::TextDisabled("Tapered precision");
    for (const TaperedFormat t : tapered_formats()) {
      if (ImGui::Selectable(std::string(tapered_format_name(t)).c_str(), state.tapered == t)) {
        state.tapered = t;
        state.code &= state.shown_code_mask();
        // A posit takes no "no saturate" (it never overflows): that choice goes with the format it was made for.
        if (!state.tapered_cast_request(t)) state.cast_saturate.reset();
      }
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (state.tapered) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%d bits: %s",
                       tapered_format_bits(*state.tapered), std::string(tapered_format_summary(*state.tapered)).c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%d bits: %s%dE + %dM, bias %d.  %s",
                     spec.total_bits(), spec.has_sign ? "1S + " : "", spec.exponent_bits, spec.mantissa_bits,
                     spec.bias, std::string(specials_description(spec.specials)).c_str());
}

// One square per bit, most significant first, coloured by the field it belongs to; a click flips it. Wide
// formats (float32's 32 bits) get smaller squares so the row fits the panel.
void draw_bit_row(PanelContext& ctx, const Layout& l, int bits) {
  AppState& state = ctx.state;
  const bool wide = code_bytes(state.format) > 1;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float gap = 4.0f * ctx.scale;
  const float fitting = (ImGui::GetContentRegionAvail().x + gap) / static_cast<float>(bits) - gap;
  const float box = std::max(std::min((wide ? 40.0f : 52.0f) * ctx.scale, fitting), 12.0f * ctx.scale);
  // The digits use the large font only where it fits the square with a margin.
  ImFont* digit_font = box >= ctx.fonts.large->FontSize * 1.3f ? ctx.fonts.large : ImGui::GetFont();
  const float label_height = ImGui::GetTextLineHeight() + 4.0f * ctx.scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec4 clip(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX);
  for (const BitField& field : l.fields) {
    const float x = origin.x + static_cast<float>(bits - 1 - field.high_bit) * (box + gap);
    draw->AddText(ImVec2(x, origin.y), field_colour(field.name), std::string(field.name).c_str());
  }
  ImGui::PushFont(digit_font);
  for (int bit = bits - 1; bit >= 0; --bit) {
    const std::string_view field_name = [&] {
      for (const BitField& f : l.fields)
        if (bit >= f.low_bit && bit <= f.high_bit) return f.name;
      return std::string_view("mantissa");
    }();
    const bool set = (state.code >> bit) & 1u;
    const ImVec2 min(origin.x + static_cast<float>(bits - 1 - bit) * (box + gap), origin.y + label_height);
    ImGui::SetCursorScreenPos(min);
    ImGui::PushID(bit);
    if (ImGui::InvisibleButton("bit", ImVec2(box, box))) state.code ^= 1u << bit;
    const bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    const ImU32 fill = set ? field_colour(field_name) : colours::bit_clear;
    draw->AddRectFilled(min, min + ImVec2(box, box), fill, 5.0f * ctx.scale);
    draw->AddRect(min, min + ImVec2(box, box), hovered ? colours::text : field_colour(field_name), 5.0f * ctx.scale, 0,
                  2.0f * ctx.scale);
    const char* digit = set ? "1" : "0";
    const ImVec2 size = ImGui::CalcTextSize(digit);
    draw->AddText(min + ImVec2((box - size.x) * 0.5f, (box - size.y) * 0.5f), set ? colours::text_on_bright : colours::text_dim,
                  digit);
    ctx.probes.add({"bit", std::to_string(bit), set ? "set" : "clear", min, min + ImVec2(box, box), fill}, clip);
    if (hovered) ImGui::SetTooltip("bit %d (%s): click to flip", bit, std::string(field_name).c_str());
  }
  ImGui::PopFont();
  for (int bit = bits - 1; bit >= 0; --bit) {
    const std::string index = std::to_string(bit);
    const float x = origin.x + static_cast<float>(bits - 1 - bit) * (box + gap);
    draw->AddText(ImVec2(x + (box - ImGui::CalcTextSize(index.c_str()).x) * 0.5f, origin.y + label_height + box + 2.0f),
                  colours::text_dim, index.c_str());
  }
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(ImVec2(static_cast<float>(bits) * (box + gap), label_height + box + ImGui::GetTextLineHeight() + 6.0f));
}

void draw_value_input(PanelContext& ctx) {
  AppState& state = ctx.state;
  const bool cast_asked = draw_cast_field(ctx);
  // The options in effect: the user's, else the format's ONNX defaults (the core resolves them).
  const Result<CastOptions> options = cast_options(state.cast_request());
  const CastOptions shown = options ? *options : onnx_default_options(state.format);
  bool saturate = shown.saturate;
  ImGui::SameLine();
  if (ImGui::Checkbox("saturate", &saturate)) state.cast_saturate = saturate;
  const std::vector<RoundModeName> modes = round_modes_of(state.format);
  if (!modes.empty()) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(130.0f * ctx.scale);
    if (ImGui::BeginCombo("round", std::string(round_mode_name(shown.round)).c_str())) {
      for (const RoundModeName& r : modes) {
        if (ImGui::Selectable(std::string(r.name).c_str(), r.mode == shown.round)) state.cast_round = r.mode;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(r.description).c_str());
      }
      ImGui::EndCombo();
    }
  }
  if (cast_asked) {
    const Result<CastOutcome> cast = cast_text(state.cast_request(), state.value_input.data());
    if (cast) {
      state.code = cast->code;
      state.value_error.clear();
      state.cast_value = state.value_input.data();
    } else {
      state.value_error = cast.error().message;
    }
  }
  draw_cast_error(state);
}

void draw_details(PanelContext& ctx, const Layout& l) {
  AppState& state = ctx.state;
  ImGui::PushFont(ctx.fonts.large);
  ImGui::TextUnformatted(hex_code(l.format, l.code).c_str());
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "=");
  ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::join), "%s", l.exact_value.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Button, category_colour(l.category));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, category_colour(l.category));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, category_colour(l.category));
  ImGui::SmallButton(std::string(category_name(l.category)).c_str());
  ImGui::PopStyleColor(3);
  ImGui::SameLine();
  ImGui::Text("significand %s", l.significand.c_str());
  if (l.unbiased_exponent)
    ImGui::Text("exponent %d (biased %u, bias %d)", *l.unbiased_exponent,
                [&] {
                  for (const BitField& f : l.fields)
                    if (f.name == "exponent") return f.raw;
                  return 0u;
                }(),
                l.bias);
  else
    ImGui::Text("exponent: none (%s)", std::string(category_name(l.category)).c_str());
  if (!l.formula.empty()) ImGui::TextUnformatted(l.formula.c_str());  // the core's: the value from its fields
  for (const BitField& f : l.fields) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(field_colour(f.name)), "%-8s", std::string(f.name).c_str());
    ImGui::SameLine();
    ImGui::Text("bits %d..%d = %u", f.high_bit, f.low_bit, f.raw);
  }
  draw_code_steps(state, l.next_down, l.next_up);
}

}  // namespace

bool draw_cast_field(PanelContext& ctx) {
  AppState& state = ctx.state;
  return draw_field_with_button(
      ctx, {value_field_label(state), "##value", value_field_hint(state), 160.0f, "cast", "cast-value", "cast"},
      state.value_input);
}

void draw_cast_error(const AppState& state) {
  if (!state.value_error.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", state.value_error.c_str());
}

void draw_code_steps(AppState& state, std::optional<std::uint32_t> next_down, std::optional<std::uint32_t> next_up) {
  ImGui::BeginDisabled(!next_down);
  if (ImGui::Button("< next down")) state.code = *next_down;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!next_up);
  if (ImGui::Button("next up >")) state.code = *next_up;
  ImGui::EndDisabled();
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput && !io.KeyCtrl) {
    const std::uint32_t mask = state.shown_code_mask();
    if (ImGui::IsKeyPressed(SDL_SCANCODE_RIGHT)) state.code = (state.code + 1u) & mask;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_LEFT)) state.code = (state.code - 1u) & mask;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_UP) && next_up) state.code = *next_up;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_DOWN) && next_down) state.code = *next_down;
  }
}

// Formats wider than a byte show a page of 256 codes: those that share all but the low byte with the current
// code, so the page follows clicks on the bits. This picks the page (the code's top bits) and keeps the low byte:
// a slider over the 256 pages of a 16-bit format; for float32's 2^24 pages a hex field and -/+ buttons.
void draw_code_cell(PanelContext& ctx, const CodeCell& cell, ImVec2 min, ImVec2 max, float font_size,
                    const ImVec4& probe_clip) {
  AppState& state = ctx.state;
  ImGui::SetCursorScreenPos(min);
  ImGui::PushID(static_cast<int>(cell.code));
  if (ImGui::InvisibleButton("code", max - min)) state.code = cell.code;
  const bool hovered = ImGui::IsItemHovered();
  ImGui::PopID();
  const bool current = cell.code == state.code;
  const ImU32 fill = current ? colours::selected : cell.category_fill;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(min, max, fill);  // square: a rounded, anti-aliased fill is 5x the triangles
  if (hovered) draw->AddRect(min, max, colours::text, 3.0f, 0, 2.0f);
  // Fit the value in the cell by dropping digits (no per-cell clip rect: each one costs a draw call).
  char value[32];
  for (int digits = 6; digits >= 1; --digits) {
    std::snprintf(value, sizeof value, "%.*g", digits, cell.value);
    if (ctx.fonts.mono->CalcTextSizeA(font_size, FLT_MAX, 0.0f, value).x <= max.x - min.x + 2.0f - 6.0f) break;
  }
  const ImU32 text = current ? colours::text_on_bright : colours::text;
  const std::string low_byte = cell.hex.substr(cell.hex.size() - std::min<std::size_t>(2, cell.hex.size() - 2));
  draw->AddText(ctx.fonts.mono, font_size, min + ImVec2(3.0f, 1.0f), current ? text : colours::text_dim,
                low_byte.c_str());
  draw->AddText(ctx.fonts.mono, font_size, min + ImVec2(3.0f, (max.y - min.y + 2.0f) * 0.46f), text, value);
  ctx.probes.add({"code", cell.hex, current ? "selected" : cell.category, min, max, fill}, probe_clip);
  if (hovered) ImGui::SetTooltip("%s = %s (%s)", cell.hex.c_str(), cell.exact_value.c_str(), cell.category.c_str());
}

void draw_page_control(PanelContext& ctx, int total_bits, const std::function<std::string(std::uint32_t)>& hex) {
  AppState& state = ctx.state;
  const int page_bits = total_bits - 8;
  const std::uint32_t last_page = state.shown_code_mask() >> 8;
  std::uint32_t page = state.code >> 8;
  bool changed = false;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("page");
  ImGui::SameLine();
  if (last_page <= 0xFFu) {
    const std::uint32_t first_page = 0;
    ImGui::SetNextItemWidth(260.0f * ctx.scale);
    changed = ImGui::SliderScalar("##page", ImGuiDataType_U32, &page, &first_page, &last_page, "0x%02x");
  } else {
    ImGui::SetNextItemWidth(110.0f * ctx.scale);
    changed = ImGui::InputScalar("##page", ImGuiDataType_U32, &page, nullptr, nullptr, "%06x",
                                 ImGuiInputTextFlags_CharsHexadecimal);
    page = std::min(page, last_page);
    // One page per click (256 with Ctrl), wrapping around as Left/Right wrap the codes.
    const std::uint32_t step = ImGui::GetIO().KeyCtrl ? 0x100u : 1u;
    const ImVec4 clip(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX);
    ImGui::PushButtonRepeat(true);
    for (const char* sign : {"-", "+"}) {
      ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
      if (ImGui::Button(sign, ImVec2(ImGui::GetFrameHeight(), 0.0f))) {
        page = (*sign == '+' ? page + step : page - step) & last_page;
        changed = true;
      }
      const ImU32 fill = ImGui::GetColorU32(ImGui::IsItemActive()    ? ImGuiCol_ButtonActive
                                            : ImGui::IsItemHovered() ? ImGuiCol_ButtonHovered
                                                                     : ImGuiCol_Button);
      ctx.probes.add({"page", sign, "step", ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), fill}, clip);
    }
    ImGui::PopButtonRepeat();
  }
  if (changed) state.code = page << 8 | (state.code & 0xFFu);
  ImGui::SameLine();
  const std::string first = hex(state.code & ~0xFFu);  // the page's codes: 0x3f80__
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "codes %s__ (the top %d bits)",
                     first.substr(0, first.size() - 2).c_str(), page_bits);
}

namespace {

// Up to 256 codes (the current code's page for wider formats), coloured by category, the current one highlighted.
void draw_code_grid(PanelContext& ctx, const FormatSpec& spec) {
  AppState& state = ctx.state;
  if (code_bytes(state.format) > 1)
    draw_page_control(ctx, spec.total_bits(), [&](std::uint32_t code) { return hex_code(state.format, code); });
  ctx.bits.refresh(state);  // the page control may have moved to another page this frame
  const std::vector<Layout>& cells = ctx.bits.grid;
  const auto count = static_cast<std::uint32_t>(cells.size());
  const std::uint32_t page = ctx.bits.page;
  // Small formats get fewer, bigger cells: FP4's 16 codes as two rows, positive and negative.
  const std::uint32_t columns = count <= 16 ? 8 : 16;
  const std::uint32_t rows = (count + columns - 1) / columns;
  const float width = ImGui::GetContentRegionAvail().x;
  const float cell_w = std::min((width - 2.0f) / static_cast<float>(columns), 110.0f * ctx.scale);
  const float cell_h = ImGui::GetTextLineHeight() * (rows <= 4 ? 3.0f : 1.9f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec4 clip(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX);
  ImGui::PushFont(ctx.fonts.mono);
  const float small = ctx.fonts.mono->FontSize * (rows <= 4 ? 1.0f : 0.8f);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t code = page << 8 | i;
    const ImVec2 min = origin + ImVec2(static_cast<float>(i % columns) * cell_w, static_cast<float>(i / columns) * cell_h);
    const ImVec2 max = min + ImVec2(cell_w - 2.0f, cell_h - 2.0f);
    const Layout& cell = cells[i];
    draw_code_cell(ctx, {code, hex_code(state.format, code), cell.value, cell.exact_value,
                         std::string(category_name(cell.category)), category_colour(cell.category)},
                   min, max, small, clip);
  }
  ImGui::PopFont();
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(ImVec2(static_cast<float>(columns) * cell_w, static_cast<float>(rows) * cell_h));
  ImGui::Spacing();
  for (Category c : {Category::zero, Category::subnormal, Category::normal, Category::infinity, Category::nan}) {
    ImGui::ColorButton(std::string(category_name(c)).c_str(), ImGui::ColorConvertU32ToFloat4(category_colour(c)),
                       ImGuiColorEditFlags_NoTooltip);
    ImGui::SameLine();
    ImGui::TextUnformatted(std::string(category_name(c)).c_str());
    ImGui::SameLine();
  }
  ImGui::NewLine();
}

}  // namespace

// Every finite value of the format on a symmetric-log axis, so the spacing of the codes shows where the
// precision is; the current code is the tall mark.
void draw_number_line(PanelContext& ctx, std::uint32_t current) {
  const std::vector<std::pair<double, std::uint32_t>>& values = ctx.bits.finite_values;  // none above 8 bits
  double tiny = DBL_MAX, largest = 0.0;
  for (const auto& [v, code] : values) {
    if (v != 0.0) tiny = std::min(tiny, std::fabs(v));
    largest = std::max(largest, std::fabs(v));
  }
  if (values.empty() || largest == 0.0) return;
  auto axis = [&](double v) {
    const double magnitude = std::log2(1.0 + std::fabs(v) / tiny) / std::log2(1.0 + largest / tiny);
    return v < 0.0 ? -magnitude : magnitude;
  };
  const bool signed_values = std::any_of(values.begin(), values.end(), [](const auto& p) { return p.first < 0.0; });
  ImGui::Spacing();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                     "the finite values on a symmetric-log axis (each mark is one code)");
  ImGui::PopTextWrapPos();
  const float width = ImGui::GetContentRegionAvail().x - 20.0f * ctx.scale;
  const float height = 46.0f * ctx.scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos() + ImVec2(10.0f * ctx.scale, 0.0f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float mid_y = origin.y + height * 0.45f;
  auto x_of = [&](double v) {
    const double t = signed_values ? (axis(v) + 1.0) * 0.5 : axis(v);
    return origin.x + static_cast<float>(t) * width;
  };
  draw->AddLine(ImVec2(origin.x, mid_y), ImVec2(origin.x + width, mid_y), colours::edge, 1.0f);
  for (const auto& [v, code] : values) {
    const float x = x_of(v);
    const float tick = (code == current ? 16.0f : 6.0f) * ctx.scale;
    draw->AddLine(ImVec2(x, mid_y - tick), ImVec2(x, mid_y + tick), code == current ? colours::selected : colours::text_dim,
                  code == current ? 3.0f * ctx.scale : 1.0f);
  }
  auto label = [&](double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    const float w = ImGui::CalcTextSize(text).x;
    draw->AddText(ImVec2(std::clamp(x_of(v) - w * 0.5f, origin.x - 8.0f, origin.x + width - w + 8.0f), mid_y + 14.0f * ctx.scale),
                  colours::text_dim, text);
  };
  label(largest);
  if (signed_values) {
    label(-largest);
    label(0.0);
  } else {
    label(tiny);
  }
  ImGui::Dummy(ImVec2(width, height));
}

void draw_bits_panel(PanelContext& ctx) {
  AppState& state = ctx.state;
  const FormatSpec& spec = format_spec(state.format);
  state.code &= state.shown_code_mask();
  draw_format_selector(ctx, spec);
  if (state.tapered) {
    draw_tapered_bits(ctx);
    return;
  }
  ctx.bits.refresh(state);  // after the selector, which may have chosen another format
  const Layout l = ctx.bits.current;  // a copy: the panel's clicks may refresh the model before it is drawn
  ImGui::Spacing();
  draw_bit_row(ctx, l, spec.total_bits());
  draw_value_input(ctx);
  ImGui::Separator();
  if (ImGui::BeginTable("bits_columns", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("details", ImGuiTableColumnFlags_WidthStretch, 0.3f);
    ImGui::TableSetupColumn("grid", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    draw_details(ctx, l);
    draw_number_line(ctx, state.code);
    draw_cast_explained(ctx);  // in this column, so the grid beside it keeps its height
    ImGui::TableNextColumn();
    draw_code_grid(ctx, spec);
    ImGui::EndTable();
  }
}

}  // namespace typelattice::gui
