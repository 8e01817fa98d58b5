// A lattice file the user opened (the format `typelattice check FILE.json` reads), loaded with the CLI's reader
// and checked by the core. Loading never touches the graph already shown: a failed load only reports why.
#pragma once
#include <string>

#include "typelattice/lattice.h"
#include "typelattice/result.h"

namespace typelattice::gui {

struct UserLattice {
  std::string path;
  Graph graph;
};

// Reads and parses `path`. Errors read as the CLI's `check` prints them (without its program name):
// "cannot read 'PATH': reason", or "PATH: malformed JSON: line L, column C: ...", an unknown node, a node
// listed twice. A cycle is not an error: the graph loads and the core's check reports the cycle.
Result<UserLattice> load_user_lattice(const std::string& path);

struct AppState;
// Draws `lattice` instead of the system from now on, its path in the path field.
void show_user_lattice(AppState& state, UserLattice lattice);
// Opens the file named in the path field: on success shows it (selection cleared, view fitted); on failure
// only sets state.lattice_error, so the graph shown and the typed path stay.
bool open_lattice_file(AppState& state);
// The lattice file shown when the app last closed (state.show_user_lattice from the settings): opened again, or
// state.lattice_error says why not and the system is shown.
void reopen_saved_lattice(AppState& state);

}  // namespace typelattice::gui
