// Where to draw a graph's edges so that none passes through a node it does not join: a straight segment where
// the way is clear, else a polyline bent around the boxes in its way. Front ends measure their node boxes (they
// know their fonts) and draw the routes; the geometry is decided here, once for the playground, the element
// and the app.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace typelattice {

// A node's box in drawing units: its centre and half extents (x to the right, y down or up: either works).
struct NodeRect {
  double x, y, half_width, half_height;
};

struct RoutePoint {
  double x, y;
};

// An edge as indices into the boxes: `from` may promote to `to`.
struct EdgeEnds {
  std::uint32_t from, to;
};

struct RouteOptions {
  double clearance = 6;   // free space kept between an edge and any box it does not join
  double end_gap = 3;     // space between an edge's ends and the borders of its own boxes
};

// One route per edge (indices into `boxes`): its first point is on the source's border (plus end_gap), its last
// on the target's. The straight segment is used when it keeps `clearance` from every other box; else the
// shortest way around the corners of the boxes (each grown by a little more than the clearance) that does.
// An edge whose reverse is also an edge (a two-node cycle) always bends, so the pair is drawn as two lines.
// Edges stay straight when no way clears, and in graphs of more than kMaxRoutedBoxes boxes (where the search
// would take seconds). An edge with an index out of range, from a node to itself or touching a box with a
// NaN or infinite number gets an empty route: there is nothing to draw. Every point of a route is finite, at
// any magnitude from subnormal sizes to the ends of the double range (a point past the largest double, on a
// box reaching beyond it, is drawn at the largest double); spacing that is not a finite distance ≥ 0 counts
// as none.
inline constexpr std::size_t kMaxRoutedBoxes = 100;

std::vector<std::vector<RoutePoint>> route_edges(std::span<const NodeRect> boxes,
                                                 std::span<const EdgeEnds> edges,
                                                 const RouteOptions& options = {});

// Whether the segment a-b passes through the inside of `box` grown by `margin` on every side (touching the
// border is not passing through). The routes' own test of a clear way, public so tests check drawings with it.
bool segment_crosses_box(RoutePoint a, RoutePoint b, const NodeRect& box, double margin);

}  // namespace typelattice
