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
    set_text(entry, "a", c.a);
    set_text(entry, "b", c.b);
    set_property(entry, "before", c.before ? js_string(*c.before) : val::null());
    set_property(entry, "after", c.after ? js_string(*c.after) : val::null());
    push_value(out, entry);
  }
  return out;
}

val changes_value(const StageChanges& c) {
  val out = val::object();
  set_property(out, "addedNodes", string_array(c.added_nodes));
  set_property(out, "removedNodes", string_array(c.removed_nodes));
  set_property(out, "addedEdges", name_pairs(c.added_edges));
  set_property(out, "removedEdges", name_pairs(c.removed_edges));
  set_property(out, "gained", join_changes(c.gained));
  set_property(out, "lost", join_changes(c.lost));
  set_property(out, "changed", join_changes(c.changed));
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
    set_text(stage, "name", story[i].name);
    set_text(stage, "title", story[i].title);
    set_property(stage, "graph", graph_value(story[i].graph));
    set_property(stage, "layout", positions_value(story[i].layout));
    set_property(stage, "changes", before ? changes_value(compare_stages(*before, *now)) : val::null());
    push_value(out, stage);
    before = std::move(now);
  }
  return out;
}

}  // namespace
}  // namespace typelattice::web

EMSCRIPTEN_BINDINGS(typelattice_story) {
  emscripten::function("designStory", &typelattice::web::design_story_js);
}
