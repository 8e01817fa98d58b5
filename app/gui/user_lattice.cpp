// The user's own lattice file: loading it (the CLI's JSON reader, the core's checks), the path field that opens
// one, and its join table, computed pair by pair by the core.
#include "app/gui/user_lattice.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

#include "app/cli/lattice_json.h"
#include "app/gui/panel.h"
#include "typelattice/graph_join.h"

namespace typelattice::gui {

Result<UserLattice> load_user_lattice(const std::string& path) {
  auto graph = cli::read_lattice_file(path);
  if (!graph) return graph.error();
  // The reader already rejects unknown and repeated nodes; the core also limits the size.
  if (auto lattice = Lattice::from_graph(*graph); !lattice) {
    return Error{ErrorKind::invalid_lattice, path + ": " + lattice.error().message, {}};
  }
  return UserLattice{path, std::move(graph).value()};
}

void show_user_lattice(AppState& state, UserLattice lattice) {
  state.set_lattice_path_input(lattice.path);
  state.user_lattice = std::move(lattice);
  state.show_user_lattice = true;
  ++state.user_lattice_loads;
  state.lattice_error.clear();
}

bool open_lattice_file(AppState& state) {
  auto loaded = load_user_lattice(state.lattice_path_input.data());
  if (!loaded) {
    state.lattice_error = loaded.error().message;
    return false;
  }
  show_user_lattice(state, std::move(loaded).value());
  state.selection.clear();  // the old names mean nothing in the new graph
  state.zoom = 1.0f;
  state.pan_x = state.pan_y = 0.0f;
  return true;
}

void draw_lattice_file_row(PanelContext& ctx) {
  AppState& state = ctx.state;
  if (draw_field_with_button(
          ctx, {"Lattice file", "##lattice-file", "path/to/lattice.json", 360.0f, "Open", "lattice-file", "Open"},
          state.lattice_path_input))
    open_lattice_file(state);
  ImGui::SameLine();
  if (!state.lattice_error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", state.lattice_error.c_str());
    ImGui::PopTextWrapPos();
  } else {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                       "{\"nodes\": [...], \"edges\": [[\"from\", \"to\"], ...]}, as `typelattice check` reads");
  }
}

void draw_user_join_table(PanelContext& ctx) {
  const PromotionModel& model = ctx.model;
  const Lattice& lattice = *model.lattice;
  const std::vector<std::string>& names = lattice.names();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                     "the join (least upper bound) of each pair in %s; - where it is not unique or there is none",
                     model.user_path.c_str());
  const int n = lattice.size();
  if (n == 0) return;
  const int columns = table_columns(n);
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInner |
                                ImGuiTableFlags_BordersOuter | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("joins", columns + 1, flags)) return;
  // Node names are the user's text: drawn with TextUnformatted / AddText, never as ImGui labels (where "##"
  // would hide the rest of a name).
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(nullptr, ImGuiTableColumnFlags_NoHide);
  for (NodeId c = 0; c < columns; ++c) ImGui::TableSetupColumn(nullptr);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::TableNextColumn();
  for (NodeId c = 0; c < columns; ++c) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(names[static_cast<std::size_t>(c)].c_str());
  }
  const float header_bottom = ImGui::GetItemRectMax().y;
  const ImRect inner = ImGui::GetCurrentWindow()->InnerClipRect;
  const ImVec4 clip(std::max(inner.Min.x, ImGui::GetCurrentTable()->Columns[0].ClipRect.Max.x),
                    std::max(inner.Min.y, header_bottom), inner.Max.x, inner.Max.y);
  const std::vector<std::string>& selection = model.selection;
  for (NodeId r = 0; r < n; ++r) {
    const std::string& row = names[static_cast<std::size_t>(r)];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
    ImGui::TextUnformatted(row.c_str());
    for (NodeId c = 0; c < columns; ++c) {
      const std::string& col = names[static_cast<std::size_t>(c)];
      ImGui::TableNextColumn();
      const std::optional<NodeId> join = least_upper_bound(lattice, r, c);
      const bool pair = selection.size() == 2 && ((selection[0] == row && selection[1] == col) ||
                                                  (selection[0] == col && selection[1] == row));
      if (pair) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, colours::selected);
      const char* text = join ? names[static_cast<std::size_t>(*join)].c_str() : "-";
      const ImVec2 at = ImGui::GetCursorScreenPos();
      ImGui::PushID(r * n + c);
      if (ImGui::Selectable("##cell", false, 0, ImGui::CalcTextSize(text))) ctx.state.selection = {row, col};
      ImGui::PopID();
      ImGui::GetWindowDrawList()->AddText(at,
                                          pair ? colours::text_on_bright : join ? colours::text : colours::text_dim,
                                          text);
      ctx.probes.add({"cell", row + "," + col, pair ? "pair" : "plain", ImGui::GetItemRectMin(),
                      ImGui::GetItemRectMax(), pair ? colours::selected : colours::background},
                     clip);
    }
  }
  ImGui::EndTable();
}

void reopen_saved_lattice(AppState& state) {
  if (!state.show_user_lattice || state.user_lattice) return;
  auto reopened = load_user_lattice(state.lattice_path_input.data());
  if (reopened) {
    show_user_lattice(state, std::move(reopened).value());
  } else {
    state.lattice_error = reopened.error().message;
    state.show_user_lattice = false;
  }
}

}  // namespace typelattice::gui
