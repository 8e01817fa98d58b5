// What a selection of nodes means, in one call for every front end: the join, the edges of the paths up to it,
// or why there is none (the competing minimal upper bounds, the cycle they sit on), and the one line the CLI's
// `select`, the app's headless run and the JS handles' select() all print.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "typelattice/compiled_system.h"
#include "typelattice/lattice.h"
#include "typelattice/message.h"
#include "typelattice/result.h"

namespace typelattice {

struct Selection {
  std::optional<std::string> join;                             // node / dtype name
  std::vector<std::pair<std::string, std::string>> path_edges;  // drawn edges on shortest paths up to the join
  std::vector<std::string> minimal_upper_bounds;               // no join: the bounds that compete (two or more)
  std::vector<std::string> cycle;   // the competing bounds promote to one another around it (first repeated last)
  Message explanation;              // why there is no join (on a graph: no_join_sentence); empty with one
  Message reason;                   // why this join (join_reason.h for a system, the paths on a graph); may be empty
  Message text;                     // "join: NAME", "join: none (nothing selected)", or the explanation
};

// A built-in system: the join is the system's own promotion (result_type, so strict mode, x64 and the table
// systems' left fold all count); path edges only where the system has a lattice whose least upper bound of the
// selection is that join. Unknown dtype names: ErrorKind::unknown_name with the closest names.
Result<Selection> select(const CompiledSystem& system, std::span<const std::string> names);

// Any graph (a user's, or a design stage): join_on_graph (graph_join.h) with names, so the explanation is its
// no_join_sentence (for two nodes, the sentence `typelattice check` prints when that pair is its counterexample).
// Unknown node names: ErrorKind::unknown_name with the closest node names.
Result<Selection> select(const Lattice& lattice, std::span<const std::string> names);

}  // namespace typelattice
