// Where the last frame drew the things a user looks for (selected nodes, the join, the clicked bit), in
// framebuffer pixels. Headless runs print them (--print-positions) so tests can sample the screenshot there.
#pragma once
#include <imgui.h>

#include <cfloat>
#include <string>
#include <vector>

namespace typelattice::gui {

struct Region {
  std::string kind;   // "node", "cell", "bit", "code"
  std::string name;   // dtype name, "row,col", bit index, code
  std::string role;   // "selected", "join", "plain", "set", "clear", ...
  ImVec2 min, max;    // in ImGui coordinates
  ImU32 fill;         // the colour that fills most of the region
};

// An edge as drawn: the points of its line, from its source's border to its target's.
struct Route {
  std::string from, to;
  std::vector<ImVec2> points;
};

// A clip rectangle that hides nothing: for regions drawn outside any scrolled child window.
inline const ImVec4 kEverywhere(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX);

class Probes {
 public:
  void begin_frame() {
    regions_.clear();
    routes_.clear();
  }
  // Records a region only when it is fully visible inside `clip` (what a screenshot would show).
  void add(Region region, const ImVec4& clip);
  void add_route(Route route) { routes_.push_back(std::move(route)); }
  const std::vector<Region>& regions() const { return regions_; }
  const std::vector<Route>& routes() const { return routes_; }

 private:
  std::vector<Region> regions_;
  std::vector<Route> routes_;
};

}  // namespace typelattice::gui
