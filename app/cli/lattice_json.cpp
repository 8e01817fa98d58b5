// The lattice JSON reader, on nlohmann-json (Debian's nlohmann-json3-dev).
#include "app/cli/lattice_json.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "typelattice/dtype.h"

namespace typelattice::cli {
namespace {

using nlohmann::json;

Error fail(std::string message) { return Error{ErrorKind::invalid_lattice, std::move(message), {}}; }

std::string kind_of(const json& j) {
  if (j.is_string()) return "a string";
  if (j.is_number()) return "a number";
  if (j.is_boolean()) return "a boolean";
  if (j.is_null()) return "null";
  if (j.is_array()) return "an array";
  return "an object";
}

// nlohmann's message reads "[json.exception.parse_error.101] parse error at line 3, column 5: ..."; keep the
// part from "line" on.
std::string describe_parse_error(const json::parse_error& e) {
  std::string what = e.what();
  const std::size_t at = what.find("line ");
  if (at != std::string::npos) return what.substr(at);
  return what + " (at byte " + std::to_string(e.byte) + ")";
}

// What the reader refuses before nlohmann sees the text: a NUL byte (which would end the input early, so the
// rest would be silently ignored) and nesting deeper than kMaxLatticeJsonDepth (whose values any description
// would have to recurse over). One pass, no recursion; the position is given as the parser gives it.
std::optional<std::string> refuse_before_parsing(std::string_view text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  std::size_t line = 1, column = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    ++column;
    const auto where = [&] { return "line " + std::to_string(line) + ", column " + std::to_string(column); };
    if (c == '\0') return "a NUL byte at " + where() + " (byte " + std::to_string(i) + "): JSON text has none";
    if (c == '\n') line += 1, column = 0;
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > kMaxLatticeJsonDepth)
        return "nested deeper than " + std::to_string(kMaxLatticeJsonDepth) + " levels at " + where() +
               " (a lattice file needs 3)";
    } else if (c == ']' || c == '}') {
      depth -= 1;
    }
  }
  return std::nullopt;
}

// A value as an error message shows it: short strings verbatim, anything else by its kind and size (never a
// dump of the whole value, which may be huge).
std::string shown(const json& j) {
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    return s.size() <= 40 ? j.dump() : "a string of " + std::to_string(s.size()) + " bytes";
  }
  if (j.is_array()) return "an array of " + std::to_string(j.size()) + (j.size() == 1 ? " element" : " elements");
  return kind_of(j);
}

}  // namespace

Result<Graph> parse_lattice_json(std::string_view text) {
  if (text.size() > kMaxLatticeJsonBytes)
    return fail("the JSON text is " + std::to_string(text.size()) + " bytes; at most " +
                std::to_string(kMaxLatticeJsonBytes) + " are read");
  if (const auto refusal = refuse_before_parsing(text)) return fail("malformed JSON: " + *refusal);
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    return fail("malformed JSON: " + describe_parse_error(e));
  } catch (const json::exception& e) {
    // e.g. out_of_range.406, a number too large for a double ("1e999999"): found by fuzz_lattice_json.
    const std::string what = e.what();
    const std::size_t at = what.find("] ");
    return fail("malformed JSON: " + (at == std::string::npos ? what : what.substr(at + 2)));
  }
  if (!doc.is_object())
    return fail("expected a JSON object {\"nodes\": [...], \"edges\": [[\"from\", \"to\"], ...]}, got " + kind_of(doc));
  for (const auto& [key, value] : doc.items()) {
    if (key != "nodes" && key != "edges" && key != "title" && key != "name")
      return fail("unknown key \"" + key + "\" (expected \"nodes\" and \"edges\", optionally \"title\" or \"name\")");
  }
  if (!doc.contains("nodes")) return fail("missing \"nodes\": a list of node names");
  const json& nodes = doc["nodes"];
  if (!nodes.is_array()) return fail("\"nodes\" must be an array of names, got " + kind_of(nodes));

  Graph g;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const json& n = nodes[i];
    std::string name;
    if (n.is_string()) {
      name = n.get<std::string>();
    } else if (n.is_object() && n.contains("name") && n["name"].is_string()) {
      name = n["name"].get<std::string>();
    } else {
      return fail("nodes[" + std::to_string(i) + "] must be a name (a string, or an object with a \"name\"), got " +
                  kind_of(n));
    }
    if (name.empty()) return fail("nodes[" + std::to_string(i) + "] is an empty name");
    if (!seen.insert(name).second) return fail("node \"" + name + "\" is listed twice (nodes[" + std::to_string(i) + "])");
    g.nodes.push_back(std::move(name));
  }

  if (!doc.contains("edges")) return g;
  const json& edges = doc["edges"];
  if (!edges.is_array()) return fail("\"edges\" must be an array of [\"from\", \"to\"] pairs, got " + kind_of(edges));
  const std::vector<std::string_view> known(g.nodes.begin(), g.nodes.end());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const json& e = edges[i];
    const std::string where = "edges[" + std::to_string(i) + "]";
    if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_string())
      return fail(where + " must be a pair of node names [\"from\", \"to\"], got " + shown(e));
    const std::string from = e[0].get<std::string>(), to = e[1].get<std::string>();
    for (const std::string& end : {from, to}) {
      if (seen.count(end)) continue;
      std::string message = where + " [\"" + from + "\", \"" + to + "\"] names unknown node \"" + end + "\"";
      const std::vector<std::string> close = closest_names(end, known, 1);
      if (!close.empty()) message += "; did you mean \"" + close[0] + "\"?";
      return fail(message);
    }
    g.edges.emplace_back(from, to);
  }
  return g;
}

Result<Graph> read_lattice_stream(std::istream& in, const std::string& name) {
  // Read at most one byte past the limit, so an endless source (/dev/zero, a pipe) ends with an error, not
  // with all memory.
  std::string text;
  char buffer[1 << 16];
  while (text.size() <= kMaxLatticeJsonBytes && in.read(buffer, sizeof buffer).gcount() > 0)
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  if (in.bad()) return fail("cannot read '" + name + "': " + std::strerror(errno));
  if (text.size() > kMaxLatticeJsonBytes)
    return fail(name + ": larger than " + std::to_string(kMaxLatticeJsonBytes >> 20) +
                " MiB; a lattice file is read whole, so larger ones are refused");
  Result<Graph> graph = parse_lattice_json(text);
  if (!graph) return fail(name + ": " + graph.error().message);
  return graph;
}

Result<Graph> read_lattice_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail("cannot read '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read '" + path + "': " + std::strerror(errno));
  return read_lattice_stream(in, path);
}

}  // namespace typelattice::cli
