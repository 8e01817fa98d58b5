// Edge routes around node boxes (see typelattice/edge_routes.h): the straight segment if it is clear, else the
// shortest way around the corners of the boxes.
#include "typelattice/edge_routes.h"

#include <algorithm>
#include <cmath>

namespace typelattice {
namespace {

using Polyline = std::vector<RoutePoint>;

// sqrt(x² + y²): drawing coordinates are far from overflow, and std::hypot would cost the wasm module 1 KB.
double length_of(double x, double y) { return std::sqrt(x * x + y * y); }

bool inside(RoutePoint p, const NodeRect& box, double margin) {
  return std::fabs(p.x - box.x) < box.half_width + margin && std::fabs(p.y - box.y) < box.half_height + margin;
}

// The point where the segment from the centre of `box` toward `toward` leaves the box grown by `gap`.
RoutePoint leave(const NodeRect& box, RoutePoint toward, double gap) {
  const double dx = toward.x - box.x, dy = toward.y - box.y;
  if (dx == 0 && dy == 0) return {box.x, box.y};
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

Corners corners_of(std::span<const NodeRect> boxes, double clearance) {
  Corners c;
  for (const NodeRect& box : boxes)
    for (int corner = 0; corner < 4; ++corner) {
      const RoutePoint p{box.x + (corner & 1 ? 1 : -1) * (box.half_width + clearance + 1),
                         box.y + (corner & 2 ? 1 : -1) * (box.half_height + clearance + 1)};
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
        way = !segment_crosses_box(c.points[i], c.points[j], boxes[k], clearance);
      c.visible[i * n + j] = c.visible[j * n + i] = way ? 1 : 0;
    }
  return c;
}

// Whether a segment of the edge from -> to keeps `clearance` from every box but its own; it may pass through
// the box it leaves or enters (leaves_from / enters_to) and touch, not cross, the edge's other box.
bool clear(RoutePoint p, RoutePoint q, std::span<const NodeRect> boxes, std::size_t from, std::size_t to,
           bool leaves_from, bool enters_to, double clearance) {
  for (std::size_t k = 0; k < boxes.size(); ++k) {
    if ((k == from && leaves_from) || (k == to && enters_to)) continue;
    if (segment_crosses_box(p, q, boxes[k], k == from || k == to ? 0 : clearance)) return false;
  }
  return true;
}

// The shortest way from the centre of `from` to the centre of `to` through the corners (Dijkstra over the
// dense corner graph), the straight segment excluded when the edge must bend; nothing if there is none.
Polyline shortest_way(std::span<const NodeRect> boxes, std::size_t from, std::size_t to, bool must_bend,
                      const Corners& corners, double clearance) {
  const RoutePoint a{boxes[from].x, boxes[from].y}, b{boxes[to].x, boxes[to].y};
  const std::size_t n = corners.points.size();
  std::vector<double> distance(n + 1, HUGE_VAL);  // n: the target
  std::vector<std::size_t> previous(n + 1, n + 1);  // n + 1: the source
  std::vector<unsigned char> done(n + 1, 0), to_target(n, 0);
  for (std::size_t v = 0; v < n; ++v) {
    const RoutePoint p = corners.points[v];
    if (clear(a, p, boxes, from, to, true, false, clearance)) distance[v] = length_of(p.x - a.x, p.y - a.y);
    to_target[v] = clear(p, b, boxes, from, to, false, true, clearance) ? 1 : 0;
  }
  if (!must_bend && clear(a, b, boxes, from, to, true, true, clearance)) distance[n] = length_of(b.x - a.x, b.y - a.y);
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

}  // namespace

bool segment_crosses_box(RoutePoint a, RoutePoint b, const NodeRect& box, double margin) {
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
  const double length = length_of(d[0], d[1]);
  return (t1 - t0) * length > 1e-9 * std::max(1.0, length);
}

std::vector<std::vector<RoutePoint>> route_edges(std::span<const NodeRect> boxes,
                                                 std::span<const EdgeEnds> edges,
                                                 const RouteOptions& options) {
  // Which edges exist, to find two-node cycles (only where edges are routed: n² bytes).
  const std::size_t n = boxes.size() <= kMaxRoutedBoxes ? boxes.size() : 0;
  std::vector<unsigned char> has_edge(n * n, 0);
  for (const auto [from, to] : edges)
    if (from < n && to < n) has_edge[from * n + to] = 1;
  Corners corners;  // computed when the first edge needs it
  bool have_corners = false;
  std::vector<std::vector<RoutePoint>> routes;
  for (const auto [from, to] : edges) {
    if (from >= boxes.size() || to >= boxes.size() || from == to) {
      routes.emplace_back();
      continue;
    }
    const RoutePoint a{boxes[from].x, boxes[from].y}, b{boxes[to].x, boxes[to].y};
    // Of a two-node cycle, the edge from the higher index bends; the other stays straight if it can.
    const bool must_bend = from > to && to < n && from < n && has_edge[to * n + from] != 0;
    Polyline route{a, b};
    if (from < n && to < n && (must_bend || !clear(a, b, boxes, from, to, true, true, options.clearance))) {
      if (!have_corners) corners = corners_of(boxes, options.clearance);
      have_corners = true;
      if (Polyline way = shortest_way(boxes, from, to, must_bend, corners, options.clearance); !way.empty())
        route = std::move(way);
    }
    route.front() = leave(boxes[from], route[1], options.end_gap);
    route.back() = leave(boxes[to], route[route.size() - 2], options.end_gap);
    routes.push_back(std::move(route));
  }
  return routes;
}

}  // namespace typelattice
