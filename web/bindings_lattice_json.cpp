// The lattice JSON reader for the module: the playground's "Your lattice" box reads exactly what
// `typelattice check` reads.
#include <emscripten/bind.h>

#include <string>

#include "typelattice/lattice_json.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

val parse_lattice_json_js(const std::string& text) {
  return translate(parse_lattice_json(text), [](const Graph& graph) {
    val out = val::object();
    out.set("nodes", string_array(graph.nodes));
    val edges = val::array();
    for (const auto& [from, to] : graph.edges) {
      val edge = val::array();
      edge.call<void>("push", js_string(from));
      edge.call<void>("push", js_string(to));
      edges.call<void>("push", edge);
    }
    out.set("edges", edges);
    return out;
  });
}

}  // namespace
}  // namespace typelattice::web

EMSCRIPTEN_BINDINGS(typelattice_lattice_json) {
  emscripten::function("parseLatticeJson", &typelattice::web::parse_lattice_json_js);
}
