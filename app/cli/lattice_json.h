// Reading a user's lattice file for the CLI's `check` and the native app: the file or stream is read (up to
// kMaxLatticeJsonBytes) and handed to the core's parse_lattice_json, the one reader every front end shares.
#pragma once
#include <iosfwd>
#include <string>

#include "typelattice/lattice.h"
#include "typelattice/lattice_json.h"
#include "typelattice/result.h"

namespace typelattice::cli {

// Reads and parses a lattice file; a missing, unreadable or directory path, or one larger than
// kMaxLatticeJsonBytes, is an error naming the path and the reason, and a parse error is prefixed with the path.
Result<Graph> read_lattice_file(const std::string& path);
// The same for an open stream (the CLI's `check -` reads stdin); `name` stands for it in messages.
Result<Graph> read_lattice_stream(std::istream& in, const std::string& name);

}  // namespace typelattice::cli
