// The lattice JSON reader for the module: the playground's "Your lattice" box reads exactly what
// `typelattice check` reads.
#include <emscripten/bind.h>

#include <string>

#include "typelattice/lattice_json.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

val parse_lattice_json_js(const std::string& text) { return translate(parse_lattice_json(text), graph_value); }

}  // namespace
}  // namespace typelattice::web

EMSCRIPTEN_BINDINGS(typelattice_lattice_json) {
  emscripten::function("parseLatticeJson", &typelattice::web::parse_lattice_json_js);
}
