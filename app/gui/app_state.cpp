#include "app/gui/app_state.h"

#include <algorithm>
#include <array>

#include "typelattice/graph_join.h"

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

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  for (const LatticePreset& p : design_presets()) names.push_back(p.name);
  return names;
}

std::uint64_t code_count(Format f) { return std::uint64_t{1} << format_spec(f).total_bits(); }

std::uint32_t code_mask(Format f) { return static_cast<std::uint32_t>(code_count(f) - 1u); }

CastRequest AppState::cast_request() const {
  CastRequest request;
  request.to = format;
  request.saturate = cast_saturate;
  request.round = cast_round;
  return request;
}

void AppState::set_lattice_path_input(std::string_view path) {
  const std::size_t n = std::min(path.size(), lattice_path_input.size() - 1);
  std::copy_n(path.begin(), n, lattice_path_input.begin());
  lattice_path_input[n] = '\0';
}

void AppState::toggle_selected(std::string_view name) {
  auto it = std::find(selection.begin(), selection.end(), name);
  if (it == selection.end())
    selection.emplace_back(name);
  else
    selection.erase(it);
}

bool same_options(const PromotionOptions& a, const PromotionOptions& b) {
  return a.system == b.system && a.mode == b.mode && a.x64 == b.x64;
}

bool PromotionModel::refresh(const AppState& state) {
  const std::string shown_path = state.user_lattice_shown() ? state.user_lattice->path : "";
  const bool system_changed = !initialised_ || !same_options(options, state.options) || preset != state.preset ||
                              user_path != shown_path || user_lattice_loads_ != state.user_lattice_loads;
  const bool compare_changed = system_changed || compare != state.compare;
  const bool selection_changed = system_changed || selection != state.selection;
  initialised_ = true;
  options = state.options;
  preset = state.preset;
  user_path = shown_path;
  user_lattice_loads_ = state.user_lattice_loads;
  compare = state.compare;
  selection = state.selection;
  if (system_changed) compute_system(state);
  if (compare_changed) compute_compare();
  if (selection_changed) compute_join();
  return system_changed || compare_changed || selection_changed;
}

void PromotionModel::compute_system(const AppState& state) {
  const auto stage = std::find_if(presets_.begin(), presets_.end(), [&](const auto& p) { return p.name == preset; });
  const bool user = state.user_lattice_shown();
  preset_title = stage == presets_.end() || user ? "" : stage->title;
  system_types = system_dtypes(options);
  if (user)
    graph = state.user_lattice->graph;
  else
    graph = stage == presets_.end() ? promotion_graph(options) : std::optional<Graph>(stage->graph);
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
      // A user's graph has no hand-tuned positions: layout_for lays it out in layers.
      layout = user ? layout_for(*graph)
                    : layout_for(*graph, stage == presets_.end() ? std::string(system_name(options.system))
                                                                 : "design-" + stage->name);
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
  competing.clear();
  if (selection.empty()) return;
  if (!user_path.empty()) {
    compute_user_join();
  } else if (!preset_title.empty()) {
    compute_preset_join();
  } else {
    std::vector<Dtype> dtypes;
    for (const std::string& name : selection) {
      auto d = parse_dtype(name);
      if (!d) {  // a design stage's node such as u*, still selected after switching to a system
        join_error = d.error().message;
        return;
      }
      dtypes.push_back(*d);
    }
    auto joined = result_type(dtypes, options);
    if (!joined) {
      join_error = joined.error().message;
      return;
    }
    join = std::string(dtype_name(joined.value()));
  }
  if (!lattice || !join) return;
  const auto join_node = lattice->find(*join);
  if (!join_node) return;
  for (const std::string& name : selection) {
    const auto from = lattice->find(name);
    if (!from) continue;
    const std::vector<NodeId> path = lattice->path_to(*from, *join_node);
    for (std::size_t i = 1; i < path.size(); ++i) {
      std::pair<NodeId, NodeId> edge{path[i - 1], path[i]};
      if (std::find(path_edges.begin(), path_edges.end(), edge) == path_edges.end()) path_edges.push_back(edge);
    }
  }
}

// A user's graph: the core's join_on_graph. Without a unique join for a pair, the text is the one the CLI's
// `check` prints when that pair is the counterexample; for more nodes, join_on_graph's own sentence.
void PromotionModel::compute_user_join() {
  if (!lattice) return;
  std::vector<NodeId> ids;
  for (const std::string& name : selection) {
    const auto id = find_node(*lattice, name);
    if (!id) {
      join_error = id.error().message;
      return;
    }
    ids.push_back(*id);
  }
  const GraphJoin joined = join_on_graph(*lattice, ids);
  if (joined.join) {
    join = lattice->names()[static_cast<std::size_t>(*joined.join)];
    return;
  }
  if (joined.minimal_upper_bounds.size() > 1) competing = joined.minimal_upper_bounds;
  if (ids.size() != 2) {
    join_error = joined.description;
    return;
  }
  LatticeViolation pair{competing.empty() ? LatticeViolation::Kind::no_upper_bound
                                          : LatticeViolation::Kind::no_least_upper_bound,
                        ids[0], ids[1], competing, {}};
  join_error = lattice->describe(pair);
}

// A design stage is only a graph: its join is the graph's least upper bound, as the core computes it.
void PromotionModel::compute_preset_join() {
  if (!lattice) return;
  std::vector<NodeId> ids;
  for (const std::string& name : selection) {
    const auto id = lattice->find(name);
    if (!id) {
      join_error = name + " is not in the stage \"" + preset_title + "\"";
      return;
    }
    ids.push_back(*id);
  }
  if (const auto lub = lattice->least_upper_bound(ids)) {
    join = lattice->names()[static_cast<std::size_t>(*lub)];
    return;
  }
  if (ids.size() == 2) {
    const std::vector<NodeId> bounds = lattice->minimal_upper_bounds(ids[0], ids[1]);
    competing = bounds;
    if (bounds.empty()) {
      join_error = selection[0] + " and " + selection[1] + " have no common upper bound in this stage";
    } else {
      join_error = selection[0] + " and " + selection[1] + " have no unique join in this stage; minimal upper bounds: ";
      for (std::size_t i = 0; i < bounds.size(); ++i)
        join_error.append(i ? ", " : "").append(lattice->names()[static_cast<std::size_t>(bounds[i])]);
    }
    return;
  }
  join_error = "the selected types have no unique join in this stage";
}

}  // namespace typelattice::gui
