#include "app/gui/app_state.h"

#include <algorithm>
#include <array>

namespace typelattice::gui {

namespace {
constexpr std::array<std::string_view, kViewCount> kViewNames = {"lattice", "table", "bits"};
}

std::string_view view_name(View v) { return kViewNames[static_cast<std::size_t>(v)]; }

std::optional<View> parse_view(std::string_view text) {
  for (std::size_t i = 0; i < kViewNames.size(); ++i)
    if (kViewNames[i] == text) return static_cast<View>(i);
  return std::nullopt;
}

void AppState::toggle_selected(Dtype d) {
  auto it = std::find(selection.begin(), selection.end(), d);
  if (it == selection.end())
    selection.push_back(d);
  else
    selection.erase(it);
}

bool same_options(const PromotionOptions& a, const PromotionOptions& b) {
  return a.system == b.system && a.mode == b.mode && a.x64 == b.x64;
}

bool PromotionModel::refresh(const AppState& state) {
  const bool system_changed = !initialised_ || !same_options(options, state.options);
  const bool compare_changed = system_changed || compare != state.compare;
  const bool selection_changed = system_changed || selection != state.selection;
  initialised_ = true;
  options = state.options;
  compare = state.compare;
  selection = state.selection;
  if (system_changed) compute_system();
  if (compare_changed) compute_compare();
  if (selection_changed) compute_join();
  return system_changed || compare_changed || selection_changed;
}

void PromotionModel::compute_system() {
  system_types = system_dtypes(options);
  graph = promotion_graph(options);
  lattice.reset();
  graph_error.clear();
  layout.clear();
  lattice_violation.reset();
  lattice_violation_text.clear();
  table_violation.reset();
  if (graph) {
    auto built = Lattice::from_graph(*graph);
    if (built) {
      lattice = std::move(built).value();
      lattice_violation = lattice->check();
      if (lattice_violation) lattice_violation_text = lattice->describe(*lattice_violation);
      layout = layout_for(*graph, system_name(options.system));
    } else {
      graph_error = built.error().message;
    }
  } else {
    table_violation = check_table(options);
  }
  table = promotion_table(options);
}

void PromotionModel::compute_compare() {
  compare_table.reset();
  if (!compare || *compare == options.system) return;
  PromotionOptions other = options;
  other.system = *compare;
  compare_table = promotion_table(other, table.types);
}

void PromotionModel::compute_join() {
  join.reset();
  join_error.clear();
  path_edges.clear();
  if (selection.empty()) return;
  auto joined = result_type(selection, options);
  if (!joined) {
    join_error = joined.error().message;
    return;
  }
  join = joined.value();
  if (!lattice) return;
  const auto join_node = lattice->find(dtype_name(*join));
  if (!join_node) return;
  for (Dtype d : selection) {
    const auto from = lattice->find(dtype_name(d));
    if (!from) continue;
    const std::vector<NodeId> path = lattice->path_to(*from, *join_node);
    for (std::size_t i = 1; i < path.size(); ++i) {
      std::pair<NodeId, NodeId> edge{path[i - 1], path[i]};
      if (std::find(path_edges.begin(), path_edges.end(), edge) == path_edges.end()) path_edges.push_back(edge);
    }
  }
}

}  // namespace typelattice::gui
