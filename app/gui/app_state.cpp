#include "app/gui/app_state.h"

#include "typelattice/tensor_report.h"

#include <algorithm>
#include <array>

#include "typelattice/selection.h"

namespace typelattice::gui {

namespace {
constexpr std::array<std::string_view, kViewCount> kViewNames = {"lattice", "table", "bits", "blocks", "compare",
                                                                           "tensors"};
}

std::string default_tensor_targets_text() {
  std::string text;
  for (const std::string& name : default_analysis_target_names()) text += (text.empty() ? "" : " ") + name;
  return text;
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
  request.input = cast_input;
  request.from = cast_from;
  if (cast_round == RoundMode::stochastic) {
    request.sr_num_bits = cast_sr_num_bits;
    request.sr_bits = cast_sr_bits;
    request.seed = cast_seed;
  }
  return request;
}

const char* value_field_label(const AppState& state) {
  return state.cast_input == InputKind::hex ? "Cast bits (hex)" : "Cast a value";
}

const char* value_field_hint(const AppState& state) {
  return state.cast_input == InputKind::hex ? "e.g. 0x3fc00000" : "e.g. 0.3, -448, inf";
}

Result<TaperedCastRequest> AppState::tapered_cast_request(TaperedFormat to) const {
  CastRequestNames names;
  names.to = tapered_format_name(to);
  names.saturate = cast_saturate;
  const Result<TaperedCastRequest> parsed = parse_tapered_cast_request(to, names);
  if (!parsed) return parsed;
  TaperedCastRequest request = *parsed;
  request.reading.input = cast_input;  // the value field is read as the minifloats' is
  request.reading.from = cast_from;
  return request;
}

std::uint32_t AppState::shown_code_mask() const {
  return tapered ? (std::uint32_t{1} << tapered_format_bits(*tapered)) - 1u : code_mask(format);
}

void AppState::choose_system(System s) {
  options.system = s;
  if (!system_info(s).jax_modes) options = PromotionOptions{s};
  preset.clear();
  show_user_lattice = false;
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
  // The rows answer in the chosen mode and x64 where a system has them, so a new setting recomputes them.
  const bool operands_changed = operands != state.operands_input.data() || system_changed;
  if (operands_changed) {
    operands = state.operands_input.data();
    compare_rows.clear();
    operands_error.clear();
    const Result<std::vector<Operand>> parsed = parse_operands(*operands);
    if (parsed)
      compare_rows = typelattice::compare(*parsed, options.mode, options.x64);
    else
      operands_error = parsed.error().message;
  }
  return system_changed || compare_changed || selection_changed || operands_changed;
}

void PromotionModel::compute_system(const AppState& state) {
  const auto stage = std::find_if(presets_.begin(), presets_.end(), [&](const auto& p) { return p.name == preset; });
  const bool user = state.user_lattice_shown();
  preset_title = stage == presets_.end() || user ? "" : stage->title;
  system = CompiledSystem(options);
  system_types = system->dtypes();
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
      if (lattice_violation) lattice_violation_text = render(lattice->describe(*lattice_violation));
      // A user's graph has no hand-tuned positions: layout_for lays it out in layers.
      // Design stages share the story's frame, so a type stays in place when the stage changes.
      layout = user                     ? layout_for(*graph)
               : stage == presets_.end() ? layout_for(*graph, system_name(options.system))
                                         : framed_layout(*graph, "design-story");
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

// The core's selection: the system's own promotion, or the least upper bound on a stage's or the user's graph.
// Its text is the headless line; the panels draw the path edges and competing bounds by node id.
void PromotionModel::compute_join() {
  join.reset();
  join_error.clear();
  path_edges.clear();
  competing.clear();
  selection_line.clear();
  join_reason.clear();
  const bool on_graph = !user_path.empty() || !preset_title.empty();
  if (on_graph && !lattice) {  // the core rejected the graph: say so instead of a join
    selection_line = graph_error;
    return;
  }
  const Result<Selection> selected = on_graph ? select(*lattice, selection) : select(*system, selection);
  if (!selected) {  // a stage's node such as u*, still selected after switching to a system
    join_error = selected.error().message;
    selection_line = join_error;
    return;
  }
  selection_line = render(selected->text);
  join_reason = render(selected->reason);
  join = selected->join;
  if (!join && !selection.empty()) join_error = selection_line;
  if (!lattice) return;
  const auto id = [&](const std::string& name) { return lattice->find(name).value_or(-1); };
  for (const auto& [from, to] : selected->path_edges) path_edges.emplace_back(id(from), id(to));
  for (const std::string& name : selected->minimal_upper_bounds) competing.push_back(id(name));
}

}  // namespace typelattice::gui
