// The text format of the built-in lattices in assets/lattices/*.txt (documented at the top of each file):
// `title: TEXT`, `nodes: A B ...`, `A -> B C` (edges A->B, A->C), `#` comments.
#pragma once
#include <string>
#include <string_view>

#include "typelattice/lattice.h"
#include "typelattice/result.h"

namespace typelattice {

struct LatticeText {
  std::string title;
  Graph graph;
};

// Fails (ErrorKind::invalid_lattice, naming the line) on a line that is none of the three statements.
// Node names are not checked against each other here: Lattice::from_graph does that.
Result<LatticeText> parse_lattice_text(std::string_view text);

}  // namespace typelattice
