// Fuzz the lattice-file reader and checker: never crash or hang; a graph the checker calls a lattice has a
// commutative, idempotent join on every pair it checks, and every violation names nodes of the graph.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/cli/lattice_json.h"
#include "typelattice/graph_join.h"
#include "typelattice/lattice.h"

using namespace typelattice;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto graph = parse_lattice_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!graph) {
    if (graph.error().message.empty()) std::abort();
    return 0;
  }
  auto lattice = Lattice::from_graph(*graph);
  if (!lattice) return 0;
  const int n = lattice->size();
  auto violation = lattice->check();
  if (violation) {
    auto valid = [n](NodeId id) { return id >= 0 && id < n; };
    if (violation->kind != LatticeViolation::Kind::cycle && (!valid(violation->a) || !valid(violation->b)))
      std::abort();
    if (lattice->describe(*violation).empty()) std::abort();
    return 0;
  }
  const int limit = n < 24 ? n : 24;
  for (NodeId a = 0; a < limit; ++a) {
    if (least_upper_bound(*lattice, a, a) != a) std::abort();
    for (NodeId b = 0; b < limit; ++b) {
      auto ab = least_upper_bound(*lattice, a, b);
      if (!ab || ab != least_upper_bound(*lattice, b, a)) std::abort();
      if (!lattice->promotes_to(a, *ab) || !lattice->promotes_to(b, *ab)) std::abort();
    }
  }
  return 0;
}
