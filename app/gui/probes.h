// Where the last frame drew the things a user looks for (selected nodes, the join, the clicked bit), in
// framebuffer pixels. Headless runs print them (--print-positions) so tests can sample the screenshot there.
#pragma once
#include <imgui.h>

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

class Probes {
 public:
  void begin_frame() { regions_.clear(); }
  // Records a region only when it is fully visible inside `clip` (what a screenshot would show).
  void add(Region region, const ImVec4& clip);
  const std::vector<Region>& regions() const { return regions_; }

 private:
  std::vector<Region> regions_;
};

}  // namespace typelattice::gui
