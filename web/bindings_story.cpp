// The design story for the playground's Design story view: the stages in one frame, each with what it
// changes relative to the stage before (the core's compare_stages).
#include <emscripten/bind.h>

#include "typelattice/design_story.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

val join_changes(const std::vector<JoinChange>& changes) {
  val out = val::array();
  for (const JoinChange& c : changes) {
    val entry = val::object();
    entry.set("a", js_string(c.a));
    entry.set("b", js_string(c.b));
    entry.set("before", c.before ? js_string(*c.before) : val::null());
    entry.set("after", c.after ? js_string(*c.after) : val::null());
    out.call<void>("push", entry);
  }
  return out;
}

val changes_value(const StageChanges& c) {
  val out = val::object();
  out.set("addedNodes", string_array(c.added_nodes));
  out.set("removedNodes", string_array(c.removed_nodes));
  out.set("addedEdges", name_pairs(c.added_edges));
  out.set("removedEdges", name_pairs(c.removed_edges));
  out.set("gained", join_changes(c.gained));
  out.set("lost", join_changes(c.lost));
  out.set("changed", join_changes(c.changed));
  return out;
}

val design_story_js() {
  const std::vector<StoryStage> story = design_story();
  val out = val::array();
  std::optional<Lattice> before;
  for (std::size_t i = 0; i < story.size(); ++i) {
    // The stages are built-in graphs: each builds.
    std::optional<Lattice> now = Lattice::from_graph(story[i].graph).value();
    val stage = val::object();
    stage.set("name", js_string(story[i].name));
    stage.set("title", js_string(story[i].title));
    stage.set("graph", graph_value(story[i].graph));
    stage.set("layout", positions_value(story[i].layout));
    stage.set("changes", before ? changes_value(compare_stages(*before, *now)) : val::null());
    out.call<void>("push", stage);
    before = std::move(now);
  }
  return out;
}

}  // namespace
}  // namespace typelattice::web

EMSCRIPTEN_BINDINGS(typelattice_story) {
  emscripten::function("designStory", &typelattice::web::design_story_js);
}
