// Reader for the built-in lattice files: one statement per line, names separated by blanks.
#include "typelattice/lattice_text.h"
#include "typelattice/display_text.h"

#include <algorithm>
#include <vector>

namespace typelattice {
namespace {

std::string_view trim_blanks(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

void declare(Graph& g, const std::string& name) {
  if (std::find(g.nodes.begin(), g.nodes.end(), name) == g.nodes.end()) g.nodes.push_back(name);
}

}  // namespace

Result<LatticeText> parse_lattice_text(std::string_view text) {
  LatticeText out;
  int line_number = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    line = trim_blanks(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    const auto fail = [&](const std::string& why) {
      return Error{ErrorKind::invalid_lattice, "line " + std::to_string(line_number) + ": " + why, {}};
    };
    if (line.starts_with("title:")) {
      out.title = std::string(trim_blanks(line.substr(6)));
    } else if (line.starts_with("nodes:")) {
      for (const std::string& name : words(line.substr(6))) declare(out.graph, name);
    } else if (const std::size_t arrow = line.find("->"); arrow != std::string_view::npos) {
      const std::vector<std::string> from = words(line.substr(0, arrow));
      const std::vector<std::string> to = words(line.substr(arrow + 2));
      if (from.size() != 1) return fail("expected one node before '->'");
      if (to.empty()) return fail("expected at least one node after '->'");
      declare(out.graph, from[0]);
      for (const std::string& t : to) {
        declare(out.graph, t);
        out.graph.edges.emplace_back(from[0], t);
      }
    } else {
      return fail("expected 'title: ...', 'nodes: ...' or 'A -> B ...', got '" + displayed(line) + "'");
    }
  }
  return out;
}

}  // namespace typelattice
