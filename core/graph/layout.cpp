// Layouts: the hand-tuned positions shipped in assets/, or longest-path layers ordered by barycentres.
#include "typelattice/graph_layout.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <string_view>

#include "core/base/assets.h"
#include "core/base/decimal_to_binary.h"

namespace typelattice {
namespace {

struct IndexedGraph {
  std::size_t n = 0;
  std::vector<std::vector<std::size_t>> out, in;
};

IndexedGraph index_graph(const Graph& graph) {
  std::map<std::string, std::size_t> id;
  for (const std::string& name : graph.nodes) id.emplace(name, id.size());
  IndexedGraph g;
  g.n = graph.nodes.size();
  g.out.resize(g.n);
  g.in.resize(g.n);
  for (const auto& [from, to] : graph.edges) {
    const auto a = id.find(from), b = id.find(to);
    if (a == id.end() || b == id.end() || a->second == b->second) continue;  // not drawable as a layer step
    g.out[a->second].push_back(b->second);
    g.in[b->second].push_back(a->second);
  }
  return g;
}

// Kahn's order; when only cycles remain, the lowest-numbered remaining node goes next (its open in-edges are
// then ignored), so every graph gets an order.
std::vector<std::size_t> topological_order(const IndexedGraph& g) {
  std::vector<std::size_t> indegree(g.n), order;
  std::vector<bool> placed(g.n, false);
  for (std::size_t v = 0; v < g.n; ++v) indegree[v] = g.in[v].size();
  while (order.size() < g.n) {
    std::size_t next = g.n;
    for (std::size_t v = 0; v < g.n && next == g.n; ++v)
      if (!placed[v] && indegree[v] == 0) next = v;
    for (std::size_t v = 0; v < g.n && next == g.n; ++v)
      if (!placed[v]) next = v;
    placed[next] = true;
    order.push_back(next);
    for (std::size_t w : g.out[next])
      if (indegree[w] > 0) --indegree[w];
  }
  return order;
}

double mean_position(const std::vector<std::size_t>& neighbours, const std::vector<double>& y, double fallback) {
  double sum = 0;
  int count = 0;
  for (std::size_t v : neighbours) {
    if (y[v] < 0) continue;
    sum += y[v];
    ++count;
  }
  return count ? sum / count : fallback;
}

// A coordinate of a positions file: an optional '-', digits with at most one '.'; anything else is no number.
std::optional<double> coordinate(std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  std::size_t digits = 0, points = 0;
  for (char c : text) {
    if (c >= '0' && c <= '9') ++digits;
    else if (c == '.') ++points;
    else return std::nullopt;
  }
  if (digits == 0 || points > 1) return std::nullopt;
  const double value = detail::nearest_double(text);
  return negative ? -value : value;
}

}  // namespace

std::vector<NodePosition> layered_layout(const Graph& graph) {
  const IndexedGraph g = index_graph(graph);
  const std::vector<std::size_t> order = topological_order(g);
  std::vector<std::size_t> rank(g.n), layer(g.n, 0);
  for (std::size_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  for (std::size_t v : order)  // longest path from a source, along edges that go forward in the order
    for (std::size_t w : g.out[v])
      if (rank[w] > rank[v]) layer[w] = std::max(layer[w], layer[v] + 1);

  const std::size_t layers = g.n ? *std::max_element(layer.begin(), layer.end()) + 1 : 0;
  std::vector<std::vector<std::size_t>> rows(layers);
  for (std::size_t v : order) rows[layer[v]].push_back(v);

  // Barycentre sweeps: down the layers by predecessors, back up by successors. y holds the unit position
  // inside a node's layer, or -1 while unplaced.
  std::vector<double> y(g.n, -1.0);
  const auto place = [&](std::vector<std::size_t>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) y[row[i]] = (static_cast<double>(i) + 1) / (static_cast<double>(row.size()) + 1);
  };
  const auto sweep = [&](std::size_t l, bool use_predecessors) {
    // (barycentre, place in the row): sorting the pairs keeps ties in row order, as a stable sort would, with
    // the one sort the module already has (std::stable_sort alone costs the wasm module 1.5 KB).
    std::vector<std::pair<double, std::size_t>> keyed;
    const std::vector<std::size_t> row = rows[l];
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::size_t v = row[i];
      keyed.emplace_back(mean_position(use_predecessors ? g.in[v] : g.out[v], y, y[v] < 0 ? 0.5 : y[v]), i);
    }
    std::sort(keyed.begin(), keyed.end());
    for (std::size_t i = 0; i < keyed.size(); ++i) rows[l][i] = row[keyed[i].second];
    place(rows[l]);
  };
  for (auto& row : rows) place(row);
  for (int round = 0; round < 4; ++round) {
    for (std::size_t l = 1; l < layers; ++l) sweep(l, true);
    for (std::size_t l = layers; l-- > 1;) sweep(l - 1, false);
  }

  std::vector<NodePosition> out;
  for (std::size_t v = 0; v < g.n; ++v) {
    const double x = layers > 1 ? static_cast<double>(layer[v]) / static_cast<double>(layers - 1) : 0.5;
    out.push_back({graph.nodes[v], x, y[v]});
  }
  return out;
}

namespace {

using KnownPositions = std::map<std::string, std::pair<double, double>, std::less<>>;

// The entries of assets/lattices/<preset>.positions.txt ('NAME X Y' per line; '#' comments), if it exists.
std::optional<KnownPositions> read_positions(std::string_view preset_name) {
  const auto text = embedded_asset("lattices/" + std::string(preset_name) + ".positions.txt");
  if (!text) return std::nullopt;
  KnownPositions known;
  std::string_view rest = *text;
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find('\n'), rest.size());
    std::string_view line = rest.substr(0, std::min(end, rest.find('#')));
    rest.remove_prefix(std::min(end + 1, rest.size()));
    const std::size_t s1 = line.find(' '), s2 = line.find(' ', s1 == std::string_view::npos ? s1 : s1 + 1);
    if (s1 == std::string_view::npos || s2 == std::string_view::npos) continue;
    const auto x = coordinate(line.substr(s1 + 1, s2 - s1 - 1)), y = coordinate(line.substr(s2 + 1));
    if (!x || !y) continue;
    known[std::string(line.substr(0, s1))] = {*x, *y};
  }
  return known;
}

// The graph's nodes at the known positions scaled into the unit box by the bounds of `frame` (the names whose
// box counts), y flipped; layered when a node has no known position.
std::vector<NodePosition> scaled(const Graph& graph, const KnownPositions& known,
                                 const std::vector<std::string>& frame) {
  double min_x = 1e300, max_x = -1e300, min_y = 1e300, max_y = -1e300;
  for (const std::string& name : graph.nodes)
    if (!known.contains(name)) return layered_layout(graph);  // hand-tuned positions must cover every node
  for (const std::string& name : frame) {
    const auto& [x, y] = known.find(name)->second;
    min_x = std::min(min_x, x);
    max_x = std::max(max_x, x);
    min_y = std::min(min_y, y);
    max_y = std::max(max_y, y);
  }
  const auto unit = [](double v, double lo, double hi) { return hi > lo ? (v - lo) / (hi - lo) : 0.5; };
  std::vector<NodePosition> out;
  for (const std::string& name : graph.nodes) {
    const auto& [x, y] = known.find(name)->second;
    out.push_back({name, unit(x, min_x, max_x), 1.0 - unit(y, min_y, max_y)});  // figure y grows upwards
  }
  return out;
}

}  // namespace

std::vector<NodePosition> layout_for(const Graph& graph, std::string_view preset_name) {
  if (preset_name.empty()) return layered_layout(graph);
  const auto known = read_positions(preset_name);
  return known ? scaled(graph, *known, graph.nodes) : layered_layout(graph);
}

std::vector<NodePosition> framed_layout(const Graph& graph, std::string_view preset_name) {
  const auto known = read_positions(preset_name);
  if (!known) return layered_layout(graph);
  std::vector<std::string> frame;
  for (const auto& entry : *known) frame.push_back(entry.first);
  return scaled(graph, *known, frame);
}

}  // namespace typelattice
