#include "web/bindings_promotion.h"

#include <emscripten/bind.h>

#include "typelattice/dtype.h"
#include "typelattice/graph_join.h"
#include "typelattice/graph_layout.h"
#include "typelattice/promotion.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

constexpr const char* kKindNames[] = {"bool", "uint", "int", "float", "complex"};
constexpr const char* kTableViolationNames[] = {"not_commutative", "not_associative", "not_idempotent"};
constexpr const char* kLatticeViolationNames[] = {"cycle", "no_upper_bound", "no_least_upper_bound"};
constexpr System kSystems[] = {System::jax, System::numpy, System::torch, System::tensorflow, System::jax_lax};

Result<PromotionOptions> options_from(const std::string& system, const std::string& mode, bool x64) {
  Result<System> s = parse_system(system);
  if (!s) return s.error();
  Result<Mode> m = parse_mode(mode);
  if (!m) return m.error();
  return PromotionOptions{*s, *m, x64};
}

Result<std::vector<Dtype>> dtypes_from(const val& names) {
  std::vector<Dtype> out;
  for (const std::string& name : strings_from(names)) {
    Result<Dtype> d = parse_dtype(name);
    if (!d) return d.error();
    out.push_back(*d);
  }
  return out;
}

val dtype_name_js(Dtype d) { return js_string(dtype_name(d)); }

val dtype_array(std::span<const Dtype> dtypes) {
  val out = val::array();
  for (Dtype d : dtypes) out.call<void>("push", dtype_name_js(d));
  return out;
}

val graph_value(const Graph& graph) {
  val nodes = string_array(graph.nodes);
  val edges = val::array();
  for (const auto& [from, to] : graph.edges) {
    val edge = val::array();
    edge.call<void>("push", js_string(from));
    edge.call<void>("push", js_string(to));
    edges.call<void>("push", edge);
  }
  val out = val::object();
  out.set("nodes", nodes);
  out.set("edges", edges);
  return out;
}

val positions_value(const std::vector<NodePosition>& positions) {
  val out = val::array();
  for (const NodePosition& p : positions) {
    val node = val::object();
    node.set("name", js_string(p.name));
    node.set("x", p.x);
    node.set("y", p.y);
    out.call<void>("push", node);
  }
  return out;
}

val dtypes() {
  val out = val::array();
  for (const DtypeInfo& info : all_dtypes()) {
    val d = val::object();
    d.set("name", js_string(info.name));
    d.set("kind", kKindNames[static_cast<int>(info.kind)]);
    d.set("bits", info.bits);
    d.set("weak", info.weak);
    d.set("shortCode", js_string(info.short_code));
    out.call<void>("push", d);
  }
  return out;
}

val systems() {
  val out = val::array();
  for (System s : kSystems) {
    val entry = val::object();
    entry.set("name", js_string(system_name(s)));
    entry.set("isLattice", !check_table(PromotionOptions{s, Mode::standard, true}).has_value());
    out.call<void>("push", entry);
  }
  return out;
}

val promote_types_js(const std::string& a, const std::string& b, const std::string& system,
                     const std::string& mode, bool x64) {
  Result<PromotionOptions> options = options_from(system, mode, x64);
  if (!options) return error_value(options.error());
  Result<Dtype> da = parse_dtype(a);
  if (!da) return error_value(da.error());
  Result<Dtype> db = parse_dtype(b);
  if (!db) return error_value(db.error());
  return translate(promote_types(*da, *db, *options), dtype_name_js);
}

val result_type_js(const val& names, const std::string& system, const std::string& mode, bool x64) {
  Result<PromotionOptions> options = options_from(system, mode, x64);
  if (!options) return error_value(options.error());
  Result<std::vector<Dtype>> dtypes = dtypes_from(names);
  if (!dtypes) return error_value(dtypes.error());
  return translate(result_type(*dtypes, *options), dtype_name_js);
}

val table_js(const std::string& system, const std::string& mode, bool x64, const val& types) {
  Result<PromotionOptions> options = options_from(system, mode, x64);
  if (!options) return error_value(options.error());
  Result<std::vector<Dtype>> wanted = dtypes_from(types);
  if (!wanted) return error_value(wanted.error());
  const PromotionTable table = promotion_table(*options, *wanted);
  val rows = val::array();
  for (const auto& row : table.cells) {
    val cells = val::array();
    for (const auto& cell : row) cells.call<void>("push", cell ? dtype_name_js(*cell) : val::null());
    rows.call<void>("push", cells);
  }
  val out = val::object();
  out.set("types", dtype_array(table.types));
  out.set("cells", rows);
  return ok_value(out);
}

val lattice_js(const std::string& system, const std::string& mode, bool x64) {
  Result<PromotionOptions> options = options_from(system, mode, x64);
  if (!options) return error_value(options.error());
  const std::optional<Graph> graph = promotion_graph(*options);
  if (!graph) return ok_value(val::null());
  val out = graph_value(*graph);
  out.set("nodes", positions_value(layout_for(*graph, system_name(options->system))));
  return ok_value(out);
}

val check_system_js(const std::string& system, const std::string& mode, bool x64) {
  Result<PromotionOptions> options = options_from(system, mode, x64);
  if (!options) return error_value(options.error());
  const std::optional<TableViolation> violation = check_table(*options);
  val out = val::object();
  out.set("isLattice", !violation.has_value());
  if (!violation) {
    out.set("violation", val::null());
    return ok_value(out);
  }
  val v = val::object();
  v.set("kind", kTableViolationNames[static_cast<int>(violation->kind)]);
  v.set("inputs", dtype_array(violation->inputs));
  v.set("left", violation->left ? dtype_name_js(*violation->left) : val::null());
  v.set("right", violation->right ? dtype_name_js(*violation->right) : val::null());
  v.set("description", js_string(violation->description));
  out.set("violation", v);
  return ok_value(out);
}

val presets() {
  val out = val::array();
  for (const LatticePreset& preset : design_presets()) {
    val p = val::object();
    p.set("name", js_string(preset.name));
    p.set("title", js_string(preset.title));
    p.set("graph", graph_value(preset.graph));
    // The document's own drawing positions, kept with the stage in assets/lattices/design-<name>.positions.txt.
    p.set("layout", positions_value(layout_for(preset.graph, "design-" + preset.name)));
    out.call<void>("push", p);
  }
  return out;
}

val node_or_null(const Lattice& lattice, NodeId id) {
  return id < 0 ? val::null() : js_string(lattice.names()[static_cast<std::size_t>(id)]);
}

val check_lattice_js(const val& nodes, const val& edges) {
  const Graph graph = graph_from(nodes, edges);
  Result<Lattice> lattice = Lattice::from_graph(graph);
  if (!lattice) return error_value(lattice.error());
  const std::optional<LatticeViolation> violation = lattice->check();
  val out = val::object();
  out.set("isLattice", !violation.has_value());
  if (violation) {
    val v = val::object();
    v.set("kind", kLatticeViolationNames[static_cast<int>(violation->kind)]);
    v.set("a", node_or_null(*lattice, violation->a));
    v.set("b", node_or_null(*lattice, violation->b));
    v.set("competing", node_names(*lattice, violation->competing));
    v.set("cycle", node_names(*lattice, violation->cycle));
    v.set("description", js_string(lattice->describe(*violation)));
    out.set("violation", v);
  } else {
    out.set("violation", val::null());
  }
  out.set("layout", positions_value(layout_for(graph)));
  return ok_value(out);
}

val join_on_graph_js(const val& nodes, const val& edges, const val& selected_names) {
  Result<Lattice> lattice = Lattice::from_graph(graph_from(nodes, edges));
  if (!lattice) return error_value(lattice.error());
  std::vector<NodeId> selected;
  for (const std::string& name : strings_from(selected_names)) {
    Result<NodeId> id = find_node(*lattice, name);
    if (!id) return error_value(id.error());
    selected.push_back(*id);
  }
  const GraphJoin join = join_on_graph(*lattice, selected);
  val out = val::object();
  out.set("join", join.join ? node_or_null(*lattice, *join.join) : val::null());
  out.set("minimalUpperBounds", node_names(*lattice, join.minimal_upper_bounds));
  out.set("pathEdges", edge_array(*lattice, join.path_edges));
  out.set("description", js_string(join.description));
  return ok_value(out);
}

val reachable_js(const val& nodes, const val& edges, const std::string& name) {
  Result<Lattice> lattice = Lattice::from_graph(graph_from(nodes, edges));
  if (!lattice) return error_value(lattice.error());
  Result<NodeId> id = find_node(*lattice, name);
  if (!id) return error_value(id.error());
  return ok_value(node_names(*lattice, lattice->reachable_from(*id)));
}

}  // namespace

void register_promotion_bindings() {
  using emscripten::function;
  function("dtypes", &dtypes);
  function("systems", &systems);
  function("promoteTypes", &promote_types_js);
  function("resultType", &result_type_js);
  function("table", &table_js);
  function("lattice", &lattice_js);
  function("checkSystem", &check_system_js);
  function("presets", &presets);
  function("checkLattice", &check_lattice_js);
  function("joinOnGraph", &join_on_graph_js);
  function("reachable", &reachable_js);
}

}  // namespace typelattice::web
