// A user's lattice as JSON: {"nodes": ["a", ...], "edges": [["a", "b"], ...]}. Nodes may also be objects
// {"name": "a", "x": 0.1, "y": 0.5}, as the JS module's lattice() returns them; "title" and "name" are allowed
// beside "nodes" and "edges". One reader for every front end: the CLI's `check`, the app's lattice file, the
// playground's "Your lattice" box and the JS module's parseLattice.
#pragma once
#include <cstddef>
#include <string_view>

#include "typelattice/lattice.h"
#include "typelattice/result.h"

namespace typelattice {

// Limits that keep hostile input from taking the stack or all memory: a lattice file nests 3 levels
// ({"edges": [["a", "b"]]}) and the largest useful one is a few MB.
inline constexpr int kMaxLatticeJsonDepth = 64;
inline constexpr std::size_t kMaxLatticeJsonBytes = std::size_t{16} << 20;

// Strict JSON (RFC 8259): UTF-8 text, no NUL bytes, no comments or trailing commas, no lone surrogates, no key
// given twice in one object. Errors (ErrorKind::invalid_lattice) name the place: "malformed JSON: line L,
// column C: ..." for the syntax, the index of a wrongly typed entry, the edge that names an unknown node, the
// node listed twice. Values are described by kind and size, never echoed whole.
Result<Graph> parse_lattice_json(std::string_view text);

}  // namespace typelattice
