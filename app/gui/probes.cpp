#include "app/gui/probes.h"

namespace typelattice::gui {

void Probes::add(Region region, const ImVec4& clip) {
  const bool visible = region.min.x >= clip.x && region.min.y >= clip.y && region.max.x <= clip.z &&
                       region.max.y <= clip.w && region.max.x > region.min.x && region.max.y > region.min.y;
  if (visible) regions_.push_back(std::move(region));
}

}  // namespace typelattice::gui
