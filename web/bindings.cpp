// Embind bindings: each function converts JS arguments, calls the core, and converts the result back.
// Nothing here decides anything; the wrapper (src/typelattice.mjs) validates arguments and throws.
// This file holds the translations both parts of the module share (bindings_part_*.cpp register each part).
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include "typelattice/cast_request.h"
#include "web/bindings.h"
#include "web/bindings_handles.h"

namespace typelattice::web {

val js_string(std::string_view text) { return val(std::string(text)); }

void set_property(val& object, const char* key, const val& value) { object.set(key, value); }

void push_value(val& array, const val& value) { array.call<void>("push", value); }
val sliced_view(const val& view) { return view.call<val>("slice"); }

void set_text(val& object, const char* key, std::string_view text) { object.set(key, js_string(text)); }

val error_value(const Error& error) {
  static constexpr const char* kKinds[] = {"unknown_name", "bad_value", "promotion", "invalid_lattice"};
  val out = val::object();
  set_property(out, "ok", false);
  set_property(out, "kind", kKinds[static_cast<int>(error.kind)]);
  set_text(out, "message", error.message);
  set_property(out, "suggestions", string_array(error.suggestions));
  return out;
}

val deleted_handle_error() { return error_value(bad_value_error("this handle was deleted")); }

val ok_value(const val& value) {
  val out = val::object();
  set_property(out, "ok", true);
  set_property(out, "value", value);
  return out;
}

std::vector<std::string> strings_from(const val& array) {
  return emscripten::vecFromJSArray<std::string>(array);
}

Graph graph_from(const val& nodes, const val& edges) {
  Graph graph;
  graph.nodes = strings_from(nodes);
  const auto length = edges["length"].as<unsigned>();
  for (unsigned i = 0; i < length; ++i) {
    const val edge = edges[i];
    graph.edges.emplace_back(edge[0].as<std::string>(), edge[1].as<std::string>());
  }
  return graph;
}

val name_pairs(const std::vector<std::pair<std::string, std::string>>& pairs) {
  val out = val::array();
  for (const auto& [from, to] : pairs) {
    val edge = val::array();
    push_value(edge, js_string(from));
    push_value(edge, js_string(to));
    push_value(out, edge);
  }
  return out;
}

val graph_value(const Graph& graph) {
  val out = val::object();
  set_property(out, "nodes", string_array(graph.nodes));
  set_property(out, "edges", name_pairs(graph.edges));
  return out;
}

val node_names(const Lattice& lattice, std::span<const NodeId> ids) {
  val out = val::array();
  for (NodeId id : ids) push_value(out, js_string(lattice.names()[static_cast<std::size_t>(id)]));
  return out;
}

val positions_value(const std::vector<NodePosition>& positions) {
  val out = val::array();
  for (const NodePosition& p : positions) {
    val node = val::object();
    set_text(node, "name", p.name);
    set_property(node, "x", p.x);
    set_property(node, "y", p.y);
    push_value(out, node);
  }
  return out;
}

// Bytes malloc has handed out and not had back: the leak check of the JS tests.
double heap_bytes_in_use() { return static_cast<double>(mallinfo().uordblks); }

// Limits the wrapper checks before it allocates, registered by every build so that JS never retypes them: the most
// the heap can grow to (-sMAXIMUM_MEMORY) and the most stochastic samples of one value.
void register_limits() {
  emscripten::constant("maximumMemoryBytes", static_cast<double>(emscripten_get_heap_max()));
  emscripten::constant("maxCastSamples", static_cast<double>(kMaxCastSamples));
}

}  // namespace typelattice::web
