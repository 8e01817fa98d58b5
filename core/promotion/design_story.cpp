// The design story's stages and what each one changes (see typelattice/design_story.h).
#include "typelattice/design_story.h"

#include <algorithm>

#include "typelattice/dtype.h"
#include "typelattice/graph_join.h"
#include "typelattice/promotion.h"

namespace typelattice {
namespace {

std::optional<std::string> join_of(const Lattice& lattice, NodeId a, NodeId b) {
  const auto join = least_upper_bound(lattice, a, b);
  if (!join) return std::nullopt;
  return lattice.names()[static_cast<std::size_t>(*join)];
}

// The edges of `a` that `b` does not have, by name, in `a`'s order.
std::vector<std::pair<std::string, std::string>> edges_missing_from(const Lattice& a, const Lattice& b) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto& names = a.names();
  for (const auto& [from, to] : a.edges()) {
    const auto x = b.find(names[static_cast<std::size_t>(from)]), y = b.find(names[static_cast<std::size_t>(to)]);
    const auto& other = b.edges();
    if (!x || !y || std::find(other.begin(), other.end(), std::pair{*x, *y}) == other.end())
      out.emplace_back(names[static_cast<std::size_t>(from)], names[static_cast<std::size_t>(to)]);
  }
  return out;
}

}  // namespace

StageChanges compare_stages(const Lattice& before, const Lattice& after) {
  StageChanges out;
  for (const std::string& name : after.names())
    if (!before.find(name)) out.added_nodes.push_back(name);
  for (const std::string& name : before.names())
    if (!after.find(name)) out.removed_nodes.push_back(name);
  out.added_edges = edges_missing_from(after, before);
  out.removed_edges = edges_missing_from(before, after);
  const auto& names = after.names();
  for (NodeId i = 0; i < after.size(); ++i) {
    const auto old_i = before.find(names[static_cast<std::size_t>(i)]);
    for (NodeId j = i + 1; j < after.size() && old_i; ++j) {
      const auto old_j = before.find(names[static_cast<std::size_t>(j)]);
      if (!old_j) continue;
      JoinChange change{names[static_cast<std::size_t>(i)], names[static_cast<std::size_t>(j)],
                        join_of(before, *old_i, *old_j), join_of(after, i, j)};
      if (change.before == change.after) continue;
      (!change.before ? out.gained : !change.after ? out.lost : out.changed).push_back(std::move(change));
    }
  }
  return out;
}

std::vector<StoryStage> design_story() {
  std::vector<StoryStage> out;
  for (LatticePreset& preset : design_presets())
    out.push_back({std::move(preset.name), std::move(preset.title), std::move(preset.graph), {}});
  // Today's lattice over the JAX docs' types (those with a short code, as the docs' table lists them).
  Graph today;
  const Graph jax = *promotion_graph({System::jax, Mode::standard, true});
  const auto in_docs = [](const std::string& name) {
    const auto d = parse_dtype(name);
    return d && !dtype_info(*d).short_code.empty();
  };
  for (const std::string& node : jax.nodes)
    if (in_docs(node)) today.nodes.push_back(node);
  for (const auto& edge : jax.edges)
    if (in_docs(edge.first) && in_docs(edge.second)) today.edges.push_back(edge);
  out.push_back({"today", "JAX today: the Lattice view's 18 types (bool joins below i*)", std::move(today), {}});
  for (StoryStage& stage : out) stage.layout = framed_layout(stage.graph, "design-story");
  return out;
}

}  // namespace typelattice
