// Edge routes for the module's drawings: the playground and <type-lattice> measure their boxes and draw what
// the core routes (the app calls route_edges directly). The wrapper checks the arguments and copies them into
// the heap: boxes as 4 doubles each (x, y, half width, half height), edges as 2 uint32 each.
#include <emscripten/bind.h>

#include <cstdint>
#include <vector>

#include "typelattice/edge_routes.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

static_assert(sizeof(NodeRect) == 4 * sizeof(double) && sizeof(EdgeEnds) == 2 * sizeof(std::uint32_t));

// One Float64Array: per edge, its number of points, then x and y of each.
val route_edges_js(std::uintptr_t boxes, unsigned box_count, std::uintptr_t edges, unsigned edge_count) {
  const auto routes = route_edges(std::span(reinterpret_cast<const NodeRect*>(boxes), box_count),
                                  std::span(reinterpret_cast<const EdgeEnds*>(edges), edge_count));
  std::vector<double> flat;
  for (const std::vector<RoutePoint>& route : routes) {
    flat.push_back(static_cast<double>(route.size()));
    for (const RoutePoint& p : route) {
      flat.push_back(p.x);
      flat.push_back(p.y);
    }
  }
  return typed_array_copy(flat);
}

}  // namespace
}  // namespace typelattice::web

EMSCRIPTEN_BINDINGS(typelattice_edge_routes) {
  emscripten::function("routeEdges", &typelattice::web::route_edges_js);
}
