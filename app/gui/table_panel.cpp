// The Table panel: the core's promotion table, cells coloured where a second system's table differs;
// clicking a cell selects its row and column types.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <array>
#include <string>

#include "app/gui/panel.h"

namespace typelattice::gui {

namespace {

// Short labels: the JAX docs' codes (u1, bf, f*), and the newer float types without their family prefix.
std::string label_of(Dtype d, bool codes) {
  const DtypeInfo& info = dtype_info(d);
  if (!codes) return std::string(info.name);
  if (!info.short_code.empty()) return std::string(info.short_code);
  const std::size_t underscore = info.name.find('_');
  return std::string(underscore == std::string_view::npos ? info.name : info.name.substr(underscore + 1));
}

std::string cell_text(const std::optional<Dtype>& d, bool codes) { return d ? label_of(*d, codes) : "-"; }

bool is_selected_pair(const std::vector<std::string>& selection, Dtype row, Dtype col) {
  if (selection.size() != 2) return false;
  const std::string_view r = dtype_name(row), c = dtype_name(col);
  return (selection[0] == r && selection[1] == c) || (selection[0] == c && selection[1] == r);
}

void draw_compare_controls(PanelContext& ctx, bool& codes, int differing) {
  AppState& state = ctx.state;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("compare with");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150.0f * ctx.scale);
  const std::string current = state.compare ? std::string(system_name(*state.compare)) : "none";
  if (ImGui::BeginCombo("##compare", current.c_str())) {
    if (ImGui::Selectable("none", !state.compare)) state.compare.reset();
    for (const SystemInfo& info : all_systems())
      if (ImGui::Selectable(std::string(info.name).c_str(), state.compare == info.id)) state.compare = info.id;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::Checkbox("short codes", &codes);
  ImGui::SameLine(0.0f, 24.0f * ctx.scale);
  ImGui::ColorButton("##differs", ImGui::ColorConvertU32ToFloat4(colours::differs), ImGuiColorEditFlags_NoTooltip);
  ImGui::SameLine();
  if (ctx.model.compare_table)
    ImGui::Text("differs from %s (%d cells)", current.c_str(), differing);
  else
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "differs (pick another system)");
  if (ctx.model.compare_table) {
    ImGui::SameLine();
    ImGui::ColorButton("##missing", ImGui::ColorConvertU32ToFloat4(colours::missing), ImGuiColorEditFlags_NoTooltip);
    ImGui::SameLine();
    ImGui::Text("undefined in %s", current.c_str());
  }
  ImGui::SameLine();
  ImGui::ColorButton("##pair", ImGui::ColorConvertU32ToFloat4(colours::selected), ImGuiColorEditFlags_NoTooltip);
  ImGui::SameLine();
  ImGui::TextUnformatted("selected pair");
}

}  // namespace

void draw_table_panel(PanelContext& ctx) {
  const PromotionModel& model = ctx.model;
  const PromotionTable& table = model.table;
  draw_promotion_toolbar(ctx);
  if (!model.user_path.empty() && model.lattice) {
    draw_user_join_table(ctx);
    return;
  }
  if (!model.preset_title.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                       "The design stage \"%s\" is a graph: see the Lattice panel. Pick a system to see its table.",
                       model.preset_title.c_str());
    return;
  }
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID codes_id = ImGui::GetID("short codes");
  bool codes = storage->GetBool(codes_id, true);

  const PromotionTable* other = model.compare_table ? &*model.compare_table : nullptr;
  auto other_cell = [&](std::size_t r, std::size_t c) -> std::optional<Dtype> {
    if (!other || r >= other->cells.size() || c >= other->cells[r].size()) return std::nullopt;
    return other->cells[r][c];
  };
  // Cells the other system leaves undefined are "missing" there, not a different answer.
  auto differs = [&](std::size_t r, std::size_t c) {
    return other_cell(r, c) && table.cells[r][c] && *other_cell(r, c) != *table.cells[r][c];
  };
  auto missing = [&](std::size_t r, std::size_t c) { return other && !other_cell(r, c) && table.cells[r][c]; };
  int differing = 0;
  for (std::size_t r = 0; r < table.cells.size(); ++r)
    for (std::size_t c = 0; c < table.cells[r].size(); ++c) differing += differs(r, c) ? 1 : 0;
  draw_compare_controls(ctx, codes, differing);
  storage->SetBool(codes_id, codes);

  const int n = static_cast<int>(table.types.size());
  if (n == 0) return;
  const auto columns = static_cast<std::size_t>(table_columns(n));
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInner |
                                ImGuiTableFlags_BordersOuter | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("promotion", static_cast<int>(columns) + 1, flags)) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_NoHide);
  for (std::size_t c = 0; c < columns; ++c) ImGui::TableSetupColumn(label_of(table.types[c], codes).c_str());
  ImGui::TableHeadersRow();

  // Bring the selected pair into view once per new selection made elsewhere (lattice, command line).
  std::vector<std::string>& scrolled_to = ctx.state.table_scrolled_to;
  // A probe counts only where it is visible: inside the table, right of the frozen column, below the header.
  const float header_bottom = ImGui::GetItemRectMax().y;
  const ImRect inner = ImGui::GetCurrentWindow()->InnerClipRect;
  const ImVec4 clip(std::max(inner.Min.x, ImGui::GetCurrentTable()->Columns[0].ClipRect.Max.x),
                    std::max(inner.Min.y, header_bottom), inner.Max.x, inner.Max.y);
  for (std::size_t r = 0; r < table.types.size(); ++r) {
    const Dtype row = table.types[r];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
    ImGui::TextUnformatted(label_of(row, codes).c_str());
    for (std::size_t c = 0; c < columns; ++c) {
      const Dtype col = table.types[c];
      ImGui::TableNextColumn();
      const bool pair = is_selected_pair(model.selection, row, col);
      const bool changed = differs(r, c), absent = missing(r, c);
      const ImU32 fill = pair ? colours::selected : changed ? colours::differs : absent ? colours::missing : 0;
      if (fill) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, fill);
      if (pair) ImGui::PushStyleColor(ImGuiCol_Text, colours::text_on_bright);
      if (!table.cells[r][c]) ImGui::PushStyleColor(ImGuiCol_Text, colours::text_dim);
      const std::string text = cell_text(table.cells[r][c], codes);
      ImGui::PushID(static_cast<int>(r * table.types.size() + c));
      if (ImGui::Selectable(text.c_str(), false)) {
        ctx.state.selection = {std::string(dtype_name(row)), std::string(dtype_name(col))};
        scrolled_to = ctx.state.selection;  // the user sees the cell they clicked
      }
      ImGui::PopID();
      if (pair && scrolled_to != model.selection && dtype_name(row) == model.selection[0]) {
        ImGui::SetScrollHereX(0.5f);
        ImGui::SetScrollHereY(0.5f);
        scrolled_to = model.selection;
      }
      if (!table.cells[r][c]) ImGui::PopStyleColor();
      if (pair) ImGui::PopStyleColor();
      std::string name(dtype_name(row));
      name.append(",").append(dtype_name(col));
      const char* role = pair ? "pair" : changed ? "differs" : absent ? "missing" : "plain";
      ctx.probes.add({"cell", std::move(name), role, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                      fill ? fill : colours::background},
                     clip);
      if (ImGui::IsItemHovered()) {
        std::string tip(dtype_name(row));
        tip.append(" with ").append(dtype_name(col)).append(" -> ").append(cell_text(table.cells[r][c], false));
        tip.append(" (").append(system_name(model.options.system)).append(")");
        if (other && r < other->cells.size() && c < other->cells[r].size())
          tip.append("\n").append(cell_text(other->cells[r][c], false)).append(" (")
              .append(system_name(*model.compare)).append(")");
        ImGui::SetTooltip("%s", tip.c_str());
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace typelattice::gui
