// The pieces the lattice and table panels share: roles of dtypes and the promotion toolbar.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "app/gui/panel.h"
#include "app/gui/text_input.h"

namespace typelattice::gui {

Role role_of(const PromotionModel& model, std::string_view name) {
  if (model.join && *model.join == name) return Role::join;
  if (std::find(model.selection.begin(), model.selection.end(), name) != model.selection.end()) return Role::selected;
  return Role::plain;
}

std::string_view role_name(Role role) {
  switch (role) {
    case Role::plain: return "plain";
    case Role::selected: return "selected";
    case Role::join: return "join";
  }
  return "plain";
}

int table_columns(int names) {
  const int most = IMGUI_TABLE_MAX_COLUMNS - 1;
  if (names <= most) return names;
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                     "all %d rows, but only the first %d columns: a table here holds at most %d", names, most, most);
  return most;
}

void draw_promotion_toolbar(PanelContext& ctx) {
  AppState& state = ctx.state;
  const float combo_width = 190.0f * ctx.scale;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("System");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(combo_width);
  const bool user = state.user_lattice_shown();
  const std::string user_label =
      state.user_lattice ? "file: " + std::filesystem::path(state.user_lattice->path).filename().string() : "";
  const std::string current = user                   ? user_label
                              : state.preset.empty() ? std::string(system_name(state.options.system))
                                                     : "design: " + state.preset;
  if (ImGui::BeginCombo("##system", current.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (const SystemInfo& info : all_systems())
      if (const System s = info.id; ImGui::Selectable(std::string(info.name).c_str(),
                            !user && state.preset.empty() && s == state.options.system))
        state.choose_system(s);
    ImGui::Separator();
    ImGui::TextDisabled("the design document's stages");
    for (const std::string& name : preset_names())
      if (ImGui::Selectable(("design: " + name).c_str(), !user && state.preset == name)) {
        state.preset = name;
        state.show_user_lattice = false;
      }
    if (state.user_lattice) {
      ImGui::Separator();
      ImGui::TextDisabled("your lattice (Lattice file, in the Lattice panel)");
      if (ImGui::Selectable(user_label.c_str(), user)) state.show_user_lattice = true;
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  // strict and x64 are settings of JAX's system (SystemInfo::jax_modes), not of the other systems, a stage or a
  // user's graph: checked_options refuses them there
  ImGui::BeginDisabled(!state.preset.empty() || user || !system_info(state.options.system).jax_modes);
  bool strict = state.options.mode == Mode::strict;
  if (ImGui::Checkbox("strict (S)", &strict)) state.options.mode = strict ? Mode::strict : Mode::standard;
  ImGui::SameLine();
  ImGui::Checkbox("x64 (X)", &state.options.x64);
  ImGui::EndDisabled();

  ImGui::SameLine(0.0f, 24.0f * ctx.scale);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "selected");
  if (state.selection.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "(click nodes or cells)");
  }
  std::optional<std::string> remove;
  for (const std::string& name : state.selection) {
    ImGui::SameLine();
    ImGui::PushID(name.c_str());
    ImGui::PushStyleColor(ImGuiCol_Button, colours::selected);
    ImGui::PushStyleColor(ImGuiCol_Text, colours::text_on_bright);
    if (ImGui::SmallButton((name + "  x").c_str())) remove = name;
    ImGui::PopStyleColor(2);
    ImGui::PopID();
  }
  if (remove) state.toggle_selected(*remove);

  ImGui::SameLine(0.0f, 24.0f * ctx.scale);
  if (ctx.model.join) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "join");
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::join), "%s", ctx.model.join->c_str());
    if (!ctx.model.join_reason.empty()) {  // the core's sentence, as the playground shows it under the join
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%s", ctx.model.join_reason.c_str());
      ImGui::PopTextWrapPos();
    }
  } else if (!ctx.model.join_error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", ctx.model.join_error.c_str());
    ImGui::PopTextWrapPos();
  } else {
    ImGui::NewLine();  // end the toolbar's line: what follows starts a row of its own
  }
}

bool draw_field_with_button(PanelContext& ctx, const FieldWithButton& row, std::string& text) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(row.label);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(row.width * ctx.scale);
  const bool entered = input_text_with_hint(row.id, row.hint, text, ImGuiInputTextFlags_EnterReturnsTrue);
  ctx.probes.add({"field", row.field_probe, "plain", ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                  ImGui::GetColorU32(ImGuiCol_FrameBg)}, kEverywhere);
  ImGui::SameLine();
  const bool clicked = ImGui::Button(row.button);
  ctx.probes.add({"button", row.button_probe, "plain", ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                  ImGui::GetColorU32(ImGuiCol_Button)}, kEverywhere);
  return entered || clicked;
}

}  // namespace typelattice::gui
