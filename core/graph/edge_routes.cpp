// Edge routes around node boxes (see typelattice/edge_routes.h): the straight segment if it is clear, else the
// shortest way around the corners of the boxes.
#include "typelattice/edge_routes.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <initializer_list>

namespace typelattice {
namespace {

using Polyline = std::vector<RoutePoint>;

// sqrt(x² + y²): route_edges scales its input so that no square overflows (see kLargest), and std::hypot
// would cost the wasm module 1 KB.
double length_of(double x, double y) { return std::sqrt(x * x + y * y); }

// The routes are computed on coordinates of magnitude at most kLargest: differences, squares and sums of a
// few hundred lengths then stay finite, and scaling by a power of two is exact. Tiny coordinates need no
// scaling: a subnormal difference makes a direction (leave) or a slab bound (crosses) large, never NaN.
constexpr double kLargest = 0x1p480;

// Whether the segment crosses the box grown by `margin`; `unit` is one drawing unit in these coordinates (the
// length below which a crossing does not count scales with it).
bool crosses(RoutePoint a, RoutePoint b, const NodeRect& box, double margin, double unit) {
  // Clip the segment's parameter range [0, 1] to the box's two slabs; it crosses if some length remains.
  double t0 = 0, t1 = 1;
  const double d[2] = {b.x - a.x, b.y - a.y};
  const double lo[2] = {box.x - box.half_width - margin - a.x, box.y - box.half_height - margin - a.y};
  const double hi[2] = {box.x + box.half_width + margin - a.x, box.y + box.half_height + margin - a.y};
  for (int axis = 0; axis < 2; ++axis) {
    if (d[axis] == 0) {
      if (lo[axis] >= 0 || hi[axis] <= 0) return false;  // parallel to the slab and outside (or on) it
      continue;
    }
    double enter = lo[axis] / d[axis], exit = hi[axis] / d[axis];
    if (enter > exit) std::swap(enter, exit);
    t0 = std::max(t0, enter);
    t1 = std::min(t1, exit);
  }
  if (t1 <= t0) return false;
  const double length = length_of(d[0], d[1]);
  return (t1 - t0) * length > 1e-9 * std::max(unit, length);
}

// The power of two that brings `largest` (finite, ≥ 0) down to at most kLargest, or 1. Found in steps of
// 2^-64, exact, rather than with ilogb and ldexp, which would grow the wasm module.
double scale_for(double largest) {
  double scale = 1;
  while (largest * scale > kLargest) scale *= 0x1p-64;
  return scale;
}

// The largest finite magnitude of `values`.
double largest_of(std::initializer_list<double> values) {
  double largest = 0;
  for (const double v : values)
    if (std::isfinite(v)) largest = std::max(largest, std::fabs(v));
  return largest;
}

// A point scaled back to the caller's coordinates: one past the largest double (a box reaching beyond the
// double range) is drawn at the largest double.
double unscaled(double v, double scale) {
  return std::clamp(v / scale, -DBL_MAX, DBL_MAX);
}

bool inside(RoutePoint p, const NodeRect& box, double margin) {
  return std::fabs(p.x - box.x) < box.half_width + margin && std::fabs(p.y - box.y) < box.half_height + margin;
}

// The point where the segment from the centre of `box` toward `toward` leaves the box grown by `gap`. The
// direction is divided by its larger component first, so that a tiny (even subnormal) step gives a finite
// factor: one component is ±1, and s is at most the grown half extent on that axis.
RoutePoint leave(const NodeRect& box, RoutePoint toward, double gap) {
  double dx = toward.x - box.x, dy = toward.y - box.y;
  const double larger = std::max(std::fabs(dx), std::fabs(dy));
  if (larger == 0) return {box.x, box.y};
  dx /= larger;
  dy /= larger;
  const double sx = dx == 0 ? HUGE_VAL : (box.half_width + gap) / std::fabs(dx);
  const double sy = dy == 0 ? HUGE_VAL : (box.half_height + gap) / std::fabs(dy);
  const double s = std::min(sx, sy);
  return {box.x + dx * s, box.y + dy * s};
}

// The corners of every box, grown by a little more than the clearance (those clear of every box), and which
// corners see each other: the graph a blocked edge's shortest way runs through. Computed once per call of
// route_edges, when the first edge needs it.
struct Corners {
  std::vector<RoutePoint> points;
  std::vector<unsigned char> visible;  // n × n, row by row
};

// The routes' spacing in the coordinates they are computed in: the options' and one drawing unit.
struct Spacing {
  double clearance, end_gap, unit;
};

Corners corners_of(std::span<const NodeRect> boxes, const Spacing& spacing) {
  const double clearance = spacing.clearance, grown = clearance + spacing.unit;
  Corners c;
  for (const NodeRect& box : boxes)
    for (int corner = 0; corner < 4; ++corner) {
      const RoutePoint p{box.x + (corner & 1 ? 1 : -1) * (box.half_width + grown),
                         box.y + (corner & 2 ? 1 : -1) * (box.half_height + grown)};
      bool free = true;
      for (const NodeRect& other : boxes) free = free && !inside(p, other, clearance);
      if (free) c.points.push_back(p);
    }
  const std::size_t n = c.points.size();
  c.visible.assign(n * n, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      bool way = true;
      for (std::size_t k = 0; k < boxes.size() && way; ++k)
        way = !crosses(c.points[i], c.points[j], boxes[k], clearance, spacing.unit);
      c.visible[i * n + j] = c.visible[j * n + i] = way ? 1 : 0;
    }
  return c;
}

// Whether a segment of the edge from -> to keeps `clearance` from every box but its own; it may pass through
// the box it leaves or enters (leaves_from / enters_to) and touch, not cross, the edge's other box.
bool clear(RoutePoint p, RoutePoint q, std::span<const NodeRect> boxes, std::size_t from, std::size_t to,
           bool leaves_from, bool enters_to, const Spacing& spacing) {
  for (std::size_t k = 0; k < boxes.size(); ++k) {
    if ((k == from && leaves_from) || (k == to && enters_to)) continue;
    if (crosses(p, q, boxes[k], k == from || k == to ? 0 : spacing.clearance, spacing.unit)) return false;
  }
  return true;
}

// The shortest way from the centre of `from` to the centre of `to` through the corners (Dijkstra over the
// dense corner graph), the straight segment excluded when the edge must bend; nothing if there is none.
Polyline shortest_way(std::span<const NodeRect> boxes, std::size_t from, std::size_t to, bool must_bend,
                      const Corners& corners, const Spacing& spacing) {
  const RoutePoint a{boxes[from].x, boxes[from].y}, b{boxes[to].x, boxes[to].y};
  const std::size_t n = corners.points.size();
  std::vector<double> distance(n + 1, HUGE_VAL);  // n: the target
  std::vector<std::size_t> previous(n + 1, n + 1);  // n + 1: the source
  std::vector<unsigned char> done(n + 1, 0), to_target(n, 0);
  for (std::size_t v = 0; v < n; ++v) {
    const RoutePoint p = corners.points[v];
    if (clear(a, p, boxes, from, to, true, false, spacing)) distance[v] = length_of(p.x - a.x, p.y - a.y);
    to_target[v] = clear(p, b, boxes, from, to, false, true, spacing) ? 1 : 0;
  }
  if (!must_bend && clear(a, b, boxes, from, to, true, true, spacing)) distance[n] = length_of(b.x - a.x, b.y - a.y);
  for (;;) {
    std::size_t u = n + 1;
    for (std::size_t v = 0; v <= n; ++v)
      if (!done[v] && distance[v] < HUGE_VAL && (u > n || distance[v] < distance[u])) u = v;
    if (u > n) return {};
    if (u == n) break;
    done[u] = 1;
    const RoutePoint p = corners.points[u];
    for (std::size_t v = 0; v <= n; ++v) {
      if (done[v] || (v < n ? !corners.visible[u * n + v] : !to_target[u])) continue;
      const RoutePoint q = v < n ? corners.points[v] : b;
      const double via = distance[u] + length_of(q.x - p.x, q.y - p.y);
      if (via < distance[v]) {
        distance[v] = via;
        previous[v] = u;
      }
    }
  }
  std::size_t bends = 0;
  for (std::size_t v = previous[n]; v < n; v = previous[v]) ++bends;
  Polyline way(bends + 2, a);
  way.back() = b;
  for (std::size_t v = previous[n]; v < n; v = previous[v]) way[bends--] = corners.points[v];
  return way;
}

bool finite(const NodeRect& box) {
  return std::isfinite(box.x) && std::isfinite(box.y) && std::isfinite(box.half_width) && std::isfinite(box.half_height);
}

}  // namespace

bool segment_crosses_box(RoutePoint a, RoutePoint b, const NodeRect& box, double margin) {
  const double s = scale_for(largest_of({a.x, a.y, b.x, b.y, box.x, box.y, box.half_width, box.half_height, margin}));
  return crosses({a.x * s, a.y * s}, {b.x * s, b.y * s}, {box.x * s, box.y * s, box.half_width * s, box.half_height * s},
                 margin * s, s);
}

std::vector<std::vector<RoutePoint>> route_edges(std::span<const NodeRect> given_boxes,
                                                 std::span<const EdgeEnds> edges,
                                                 const RouteOptions& options) {
  // Routed on a copy scaled by a power of two (exact) into the range where the arithmetic cannot overflow or
  // lose a subnormal step to NaN; the points are scaled back.
  // Spacing that is not a finite distance ≥ 0 counts as none.
  const auto distance = [](double d) { return std::isfinite(d) && d > 0 ? d : 0.0; };
  const double clearance = distance(options.clearance), end_gap = distance(options.end_gap);
  double largest = std::max(clearance, end_gap);
  for (const NodeRect& box : given_boxes)
    if (finite(box)) largest = std::max(largest, largest_of({box.x, box.y, box.half_width, box.half_height}));
  const double scale = scale_for(largest);
  std::vector<NodeRect> boxes(given_boxes.begin(), given_boxes.end());
  for (NodeRect& box : boxes) box = {box.x * scale, box.y * scale, box.half_width * scale, box.half_height * scale};
  const Spacing spacing{clearance * scale, end_gap * scale, scale};
  // Which edges exist, to find two-node cycles (only where edges are routed: n² bytes).
  const std::size_t n = boxes.size() <= kMaxRoutedBoxes ? boxes.size() : 0;
  std::vector<unsigned char> has_edge(n * n, 0);
  for (const auto [from, to] : edges)
    if (from < n && to < n) has_edge[from * n + to] = 1;
  Corners corners;  // computed when the first edge needs it
  bool have_corners = false;
  std::vector<std::vector<RoutePoint>> routes;
  for (const auto [from, to] : edges) {
    if (from >= boxes.size() || to >= boxes.size() || from == to || !finite(boxes[from]) || !finite(boxes[to])) {
      routes.emplace_back();
      continue;
    }
    const RoutePoint a{boxes[from].x, boxes[from].y}, b{boxes[to].x, boxes[to].y};
    // Of a two-node cycle, the edge from the higher index bends; the other stays straight if it can.
    const bool must_bend = from > to && to < n && from < n && has_edge[to * n + from] != 0;
    Polyline route{a, b};
    if (from < n && to < n && (must_bend || !clear(a, b, boxes, from, to, true, true, spacing))) {
      if (!have_corners) corners = corners_of(boxes, spacing);
      have_corners = true;
      if (Polyline way = shortest_way(boxes, from, to, must_bend, corners, spacing); !way.empty())
        route = std::move(way);
    }
    route.front() = leave(boxes[from], route[1], spacing.end_gap);
    route.back() = leave(boxes[to], route[route.size() - 2], spacing.end_gap);
    for (RoutePoint& p : route) p = {unscaled(p.x, scale), unscaled(p.y, scale)};
    routes.push_back(std::move(route));
  }
  return routes;
}

}  // namespace typelattice
