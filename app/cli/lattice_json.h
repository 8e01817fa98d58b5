// Reads a user's lattice from JSON: {"nodes": ["a", ...], "edges": [["a", "b"], ...]} (nodes may also be
// objects {"name": "a", "x": 0.1, "y": 0.5}, as the JS module's lattice() returns them). Shared by the CLI's
// `check`, the fuzzers and the native app; JSON is a front-end concern, so this lives outside core/.
#pragma once
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "typelattice/lattice.h"
#include "typelattice/result.h"

namespace typelattice::cli {

// Limits that keep hostile input from taking the stack or all memory: a lattice file nests 3 levels
// ({"edges": [["a", "b"]]}) and the largest useful one is a few MB.
inline constexpr int kMaxLatticeJsonDepth = 64;
inline constexpr std::size_t kMaxLatticeJsonBytes = std::size_t{16} << 20;

// Errors (ErrorKind::invalid_lattice) name the place: the line and column of malformed JSON, the index of a
// wrongly typed entry, the edge that names an unknown node, the node listed twice.
Result<Graph> parse_lattice_json(std::string_view text);

// Reads and parses a lattice file; a missing, unreadable or directory path is an error naming the path and the
// reason, and a parse error is prefixed with the path. Shared by the CLI's `check` and the native app.
Result<Graph> read_lattice_file(const std::string& path);
// The same for an open stream (the CLI's `check -` reads stdin); `name` stands for it in messages.
Result<Graph> read_lattice_stream(std::istream& in, const std::string& name);

}  // namespace typelattice::cli
