#include "web/bindings_promotion.h"

#include <emscripten/bind.h>

#include "typelattice/compare.h"
#include "typelattice/compiled_system.h"
#include "typelattice/dtype.h"
#include "typelattice/graph_join.h"
#include "typelattice/graph_layout.h"
#include "typelattice/table_diff.h"
#include "typelattice/promotion.h"
#include "typelattice/selection.h"
#include "web/bindings.h"
#include "web/bindings_handles.h"

namespace typelattice::web {
namespace {

constexpr const char* kKindNames[] = {"bool", "uint", "int", "float", "complex"};
constexpr const char* kTableViolationNames[] = {"not_commutative", "not_associative", "not_idempotent"};
constexpr const char* kLatticeViolationNames[] = {"cycle", "no_upper_bound", "no_least_upper_bound"};

Result<PromotionOptions> options_from(const std::string& system, const std::string& mode, bool x64) {
  Result<System> s = parse_system(system);
  if (!s) return s.error();
  Result<Mode> m = parse_mode(mode);
  if (!m) return m.error();
  return checked_options(PromotionOptions{*s, *m, x64});
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
  for (Dtype d : dtypes) push_value(out, dtype_name_js(d));
  return out;
}



val dtypes() {
  val out = val::array();
  for (const DtypeInfo& info : all_dtypes()) {
    val d = val::object();
    set_text(d, "name", info.name);
    set_property(d, "kind", kKindNames[static_cast<int>(info.kind)]);
    set_property(d, "bits", info.bits);
    set_property(d, "weak", info.weak);
    set_text(d, "shortCode", info.short_code);
    push_value(out, d);
  }
  return out;
}

val systems() {
  val out = val::array();
  for (const SystemInfo& info : all_systems()) {
    val entry = val::object();
    set_text(entry, "name", info.name);
    set_text(entry, "title", info.title);
    set_text(entry, "version", info.version);
    set_text(entry, "source", info.source);
    set_text(entry, "kind", system_kind_name(info.kind));
    set_property(entry, "isLattice", !check_table(PromotionOptions{info.id, Mode::standard, true}).has_value());
    set_property(entry, "modes", info.jax_modes);
    set_text(entry, "sourceUrl", info.source_url);
    push_value(out, entry);
  }
  return out;
}

val presets() {
  val out = val::array();
  for (const LatticePreset& preset : design_presets()) {
    val p = val::object();
    set_text(p, "name", preset.name);
    set_text(p, "title", preset.title);
    set_property(p, "graph", graph_value(preset.graph));
    // The design story's frame: a type has the same place in every stage.
    set_property(p, "layout", positions_value(framed_layout(preset.graph, "design-story")));
    push_value(out, p);
  }
  return out;
}

val node_or_null(const Lattice& lattice, NodeId id) {
  return id < 0 ? val::null() : js_string(lattice.names()[static_cast<std::size_t>(id)]);
}


val table_violation_value(const std::optional<TableViolation>& violation) {
  val out = val::object();
  set_property(out, "isLattice", !violation.has_value());
  if (!violation) {
    set_property(out, "violation", val::null());
    return out;
  }
  val v = val::object();
  set_property(v, "kind", kTableViolationNames[static_cast<int>(violation->kind)]);
  set_property(v, "inputs", dtype_array(violation->inputs));
  set_property(v, "left", violation->left ? dtype_name_js(*violation->left) : val::null());
  set_property(v, "right", violation->right ? dtype_name_js(*violation->right) : val::null());
  set_text(v, "description", violation->description);
  set_property(out, "violation", v);
  return out;
}

val lattice_check_value(const Lattice& lattice, const Graph& graph) {
  const std::optional<LatticeViolation> violation = lattice.check();
  val out = val::object();
  set_property(out, "isLattice", !violation.has_value());
  if (violation) {
    val v = val::object();
    set_property(v, "kind", kLatticeViolationNames[static_cast<int>(violation->kind)]);
    set_property(v, "a", node_or_null(lattice, violation->a));
    set_property(v, "b", node_or_null(lattice, violation->b));
    set_property(v, "competing", node_names(lattice, violation->competing));
    set_property(v, "cycle", node_names(lattice, violation->cycle));
    set_text(v, "description", lattice.describe(*violation).encoded());
    set_property(out, "violation", v);
  } else {
    set_property(out, "violation", val::null());
  }
  set_property(out, "layout", positions_value(layout_for(graph)));
  return out;
}

val selection_value(const Selection& s) {
  val out = val::object();
  set_property(out, "join", s.join ? js_string(*s.join) : val::null());
  set_property(out, "pathEdges", name_pairs(s.path_edges));
  set_property(out, "minimalUpperBounds", string_array(s.minimal_upper_bounds));
  set_property(out, "cycle", string_array(s.cycle));
  set_text(out, "text", s.text.encoded());
  set_text(out, "reason", s.reason.encoded());  // the JS wrapper opens and renders it (message.h)
  return out;
}

// A compiled promotion system (compiled_system.h); JS owns it and calls delete().
class SystemHandle {
 public:
  explicit SystemHandle(const PromotionOptions& options) : system_(options) {}

  val promote(const std::string& a, const std::string& b) const {
    Result<Dtype> da = parse_dtype(a);
    if (!da) return error_value(da.error());
    Result<Dtype> db = parse_dtype(b);
    if (!db) return error_value(db.error());
    return translate(system_.promote(*da, *db), dtype_name_js);
  }

  val result_type(const val& names) const {
    Result<std::vector<Dtype>> dtypes = dtypes_from(names);
    if (!dtypes) return error_value(dtypes.error());
    return translate(system_.result_type(*dtypes), dtype_name_js);
  }

  val table(const val& types) const {
    Result<std::vector<Dtype>> wanted = dtypes_from(types);
    if (!wanted) return error_value(wanted.error());
    const PromotionTable table = system_.table(*wanted);
    val rows = val::array();
    for (const auto& row : table.cells) {
      val cells = val::array();
      for (const auto& cell : row) push_value(cells, cell ? dtype_name_js(*cell) : val::null());
      push_value(rows, cells);
    }
    val out = val::object();
    set_property(out, "types", dtype_array(table.types));
    set_property(out, "cells", rows);
    return ok_value(out);
  }

  val lattice() const {
    if (!system_.graph()) return ok_value(val::null());
    val out = graph_value(*system_.graph());
    set_property(out, "nodes", positions_value(layout_for(*system_.graph(), system_name(system_.options().system))));
    return ok_value(out);
  }

  val check() const { return ok_value(table_violation_value(check_table(system_.options()))); }

  val reachable(const std::string& name) const {
    if (!system_.lattice())
      return error_value(Error{ErrorKind::bad_value,
                               std::string(system_name(system_.options().system)) + " has a table, not a lattice",
                               {}});
    Result<NodeId> id = find_node(*system_.lattice(), name);
    if (!id) return error_value(id.error());
    return ok_value(node_names(*system_.lattice(), system_.lattice()->reachable_from(*id)));
  }

  val select(const val& names) const {
    return translate(typelattice::select(system_, strings_from(names)), selection_value);
  }

  // The join table by Dtype value (CompiledSystem::join_cells), copied out once so JS answers hits itself.
  val join_cells() const {
    return typed_array_copy(system_.join_cells());
  }

 private:
  CompiledSystem system_;
};

// A user's graph compiled once (the Lattice with its closure); JS owns it and calls delete().
class GraphHandle {
 public:
  GraphHandle(Graph graph, Lattice lattice) : graph_(std::move(graph)), lattice_(std::move(lattice)) {}

  val reachable(const std::string& name) const {
    Result<NodeId> id = find_node(lattice_, name);
    if (!id) return error_value(id.error());
    return ok_value(node_names(lattice_, lattice_.reachable_from(*id)));
  }

  val check() const { return ok_value(lattice_check_value(lattice_, graph_)); }

  // The one join of a selection (graph_join.h through selection.h): the wrapper's select() and joinOnGraph()
  // both read it; where there is no join, its text is what joinOnGraph() calls its description.
  val select(const val& names) const {
    return translate(typelattice::select(lattice_, strings_from(names)), selection_value);
  }

 private:
  Graph graph_;
  Lattice lattice_;
};

val make_system(const std::string& system, const std::string& mode, bool x64) {
  Result<PromotionOptions> options = options_from(system, mode, x64);
  if (!options) return error_value(options.error());
  return ok_value(new_handle<SystemHandle>(*options));
}

val make_graph(const val& nodes, const val& edges) {
  Graph graph = graph_from(nodes, edges);
  Result<Lattice> lattice = Lattice::from_graph(graph);
  if (!lattice) return error_value(lattice.error());
  return ok_value(new_handle<GraphHandle>(std::move(graph), std::move(lattice).value()));
}

// A dtype's value (its index in dtypeNames()), for the JS handles' table lookups.
val dtype_index(const std::string& name) {
  return translate(parse_dtype(name), [](Dtype d) { return val(static_cast<int>(d)); });
}

val dtype_names() {
  val out = val::array();
  for (int d = 0; d < kDtypeCount; ++d) push_value(out, dtype_name_js(static_cast<Dtype>(d)));
  return out;
}

// The cells of two systems' tables side by side, each with the core's class (table_diff.h).
val compare_tables_js(const std::string& system, const std::string& mode, bool x64, const std::string& other,
                      const std::string& other_mode, bool other_x64, const val& types) {
  const Result<PromotionOptions> here = options_from(system, mode, x64);
  if (!here) return error_value(here.error());
  const Result<PromotionOptions> there = options_from(other, other_mode, other_x64);
  if (!there) return error_value(there.error());
  const Result<std::vector<Dtype>> wanted = dtypes_from(types);
  if (!wanted) return error_value(wanted.error());
  const TableComparison t = compare_tables(*here, *there, *wanted);
  // Only the classes, one digit per cell (r * n + c, CellDifference's order): the wrapper takes both systems'
  // answers from their own tables, which the module already gives.
  std::string kinds;
  for (CellDifference k : t.kinds) kinds += static_cast<char>('0' + static_cast<int>(k));
  val out = val::object();
  set_property(out, "types", dtype_array(t.types));
  set_text(out, "kinds", kinds);
  set_text(out, "source", system_source(here->system));
  set_text(out, "otherSource", system_source(there->system));
  return ok_value(out);
}

// One expression in every system (compare.h): a row per system, its text the CLI's (compare_text); `mode` and `x64`
// apply to the systems that have them, and each row says what it used (null where the system has no such setting).
val compare_js(const val& texts, const std::string& mode_text, bool x64) {
  Result<Mode> mode = parse_mode(mode_text);
  if (!mode) return error_value(mode.error());
  std::vector<Operand> operands;
  for (const std::string& text : strings_from(texts)) {
    Result<Operand> op = parse_operand(text);
    if (!op) return error_value(op.error());
    operands.push_back(std::move(op).value());
  }
  if (operands.empty()) return error_value(Error{ErrorKind::bad_value, "compare needs at least one operand", {}});
  val rows = val::array();
  for (const CompareRow& row : compare(operands, *mode, x64)) {
    const SystemInfo& info = system_info(row.system);
    val r = val::object();
    set_text(r, "system", info.name);
    set_text(r, "title", info.title);
    set_text(r, "version", info.version);
    set_property(r, "result", row.result ? dtype_name_js(*row.result) : val::null());
    set_property(r, "error", row.result ? val::null() : js_string(row.error.encoded()));  // opened as `note`
    set_text(r, "note", row.note.encoded());  // the JS wrapper opens and renders it (message.h)
    set_property(r, "mode", info.jax_modes ? js_string(mode_name(row.mode)) : val::null());
    set_property(r, "x64", info.jax_modes ? val(row.x64) : val::null());
    set_text(r, "line", compare_line(row));
    set_text(r, "source", info.source);
    set_text(r, "sourceUrl", info.source_url);
    push_value(rows, r);
  }
  return ok_value(rows);
}

val check_system_js(const std::string& system, const std::string& mode, bool x64) {
  Result<PromotionOptions> options = options_from(system, mode, x64);
  if (!options) return error_value(options.error());
  return ok_value(table_violation_value(check_table(*options)));
}

val check_lattice_js(const val& nodes, const val& edges) {
  const Graph graph = graph_from(nodes, edges);
  Result<Lattice> lattice = Lattice::from_graph(graph);
  if (!lattice) return error_value(lattice.error());
  return ok_value(lattice_check_value(*lattice, graph));
}

// What the wrapper uses when an option is left out: PromotionOptions' own defaults.
val promotion_defaults() {
  const PromotionOptions defaults;
  val out = val::object();
  set_text(out, "system", system_name(defaults.system));
  set_text(out, "mode", mode_name(defaults.mode));
  set_property(out, "x64", defaults.x64);
  return out;
}

// CellDifference's names by value: compareTables' kinds are these values as digits.
val cell_differences() {
  val out = val::array();
  for (int k = 0; k < kCellDifferenceCount; ++k)
    push_value(out, js_string(cell_difference_name(static_cast<CellDifference>(k))));
  return out;
}

}  // namespace

void register_promotion_bindings() {
  using emscripten::function;
  function("promotionDefaults", &promotion_defaults);
  function("cellDifferences", &cell_differences);
  emscripten::constant("noPromotion", static_cast<int>(CompiledSystem::kNoPromotion));
  function("dtypes", &dtypes);
  function("dtypeNames", &dtype_names);
  function("dtypeIndex", &dtype_index);
  function("systems", &systems);
  function("checkSystem", &check_system_js);
  function("compareTables", &compare_tables_js);
  function("compare", &compare_js);
  function("presets", &presets);
  function("checkLattice", &check_lattice_js);
  function("makeSystem", &make_system);
  function("makeGraph", &make_graph);
  HandleFunctions<SystemHandle>("system")
      .method<&SystemHandle::promote>("promote")
      .method<&SystemHandle::result_type>("resultType")
      .method<&SystemHandle::table>("table")
      .method<&SystemHandle::lattice>("lattice")
      .method<&SystemHandle::check>("check")
      .method<&SystemHandle::reachable>("reachable")
      .method<&SystemHandle::select>("select")
      .method<&SystemHandle::join_cells>("joinCells");
  HandleFunctions<GraphHandle>("graph")
      .method<&GraphHandle::reachable>("reachable")
      .method<&GraphHandle::check>("check")
      .method<&GraphHandle::select>("select");
}

}  // namespace typelattice::web
