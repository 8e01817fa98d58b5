#include "app/gui/tensor_histogram.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace typelattice::gui {

namespace {


constexpr ImU32 kBar = IM_COL32(96, 165, 250, 255);
// A range's parts, from small magnitudes to large.
constexpr ImU32 kFlushed = IM_COL32(71, 85, 105, 255);
constexpr ImU32 kSubnormal = IM_COL32(202, 138, 4, 255);
constexpr ImU32 kNormal = IM_COL32(22, 163, 74, 255);
constexpr ImU32 kSaturated = IM_COL32(220, 38, 38, 255);

struct Axis {
  int lo = 0, hi = 0;  // binades drawn: [lo, hi], each one bin wide
  float x0 = 0, width = 0;
  float x(double log2_magnitude) const {
    const double t = (log2_magnitude - lo) / static_cast<double>(hi + 1 - lo);
    return x0 + static_cast<float>(std::clamp(t, 0.0, 1.0)) * width;
  }
};

// The binades with values, widened by two on each side and toward each target's flush and saturation points that
// lie within eight binades of them (further ones show as a lane clipped at the axis's end).
Axis make_axis(const TensorStats& s, const std::vector<TargetRange>& ranges) {
  Axis axis{kHighestBinade, kLowestBinade};
  for (int k = 0; k < kBinadeCount; ++k)
    if (s.binades[static_cast<std::size_t>(k)] != 0) {
      axis.lo = std::min(axis.lo, kLowestBinade + k);
      axis.hi = std::max(axis.hi, kLowestBinade + k);
    }
  const int data_lo = axis.lo, data_hi = axis.hi;
  axis.lo -= 2;
  axis.hi += 2;
  for (const TargetRange& range : ranges)
    for (const double point : {range.flush, range.saturation}) {
      if (!(point > 0) || !std::isfinite(point)) continue;
      const int k = static_cast<int>(std::floor(std::log2(point)));
      if (k >= data_lo - 8 && k <= data_hi + 8) {
        axis.lo = std::min(axis.lo, k - 1);
        axis.hi = std::max(axis.hi, k + 1);
      }
    }
  axis.lo = std::max(axis.lo, kLowestBinade);
  axis.hi = std::min(axis.hi, kHighestBinade);
  return axis;
}

void draw_segment(PanelContext& ctx, const std::string& name, const char* part, float x0, float x1, float y0,
                  float y1, ImU32 colour) {
  if (x1 - x0 < 1.0f) return;
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), colour);
  if (x1 - x0 >= 6.0f) ctx.probes.add({"range", name + "/" + part, part, ImVec2(x0, y0), ImVec2(x1, y1), colour}, kEverywhere);
}

}  // namespace

void draw_tensor_histogram(PanelContext& ctx, const TensorResult& r, const std::vector<AnalysisTarget>& targets) {
  const TensorStats& s = r.stats;
  const auto most = *std::max_element(s.binades.begin(), s.binades.end());
  if (most == 0) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "log2|x|: no nonzero finite values");
    return;
  }
  std::vector<TargetRange> ranges;
  for (std::size_t i = 0; i < targets.size(); ++i)
    ranges.push_back(target_range(targets[i], s.amax, i < r.tensor_scales.size() ? r.tensor_scales[i] : 1.0f));

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float scale = ctx.scale, line = ImGui::GetTextLineHeight();
  const float label_width = 170.0f * scale, lane_height = line * 0.9f, lane_gap = 3.0f * scale;
  const float plot_height = 150.0f * scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(200.0f * scale, ImGui::GetContentRegionAvail().x - label_width - 8.0f * scale);
  Axis axis = make_axis(s, ranges);
  axis.x0 = origin.x + label_width;
  axis.width = width;
  const float plot_top = origin.y + line + 4.0f * scale, plot_bottom = plot_top + plot_height;

  draw->AddText(origin, colours::text_dim, "log2|x|: one bar per binade [2^k, 2^k+1), height log(1 + count)");
  draw->AddRectFilled(ImVec2(axis.x0, plot_top), ImVec2(axis.x0 + width, plot_bottom), colours::grid_line);
  const float bin_width = width / static_cast<float>(axis.hi + 1 - axis.lo);
  const double top = std::log1p(static_cast<double>(most));
  int hovered = kLowestBinade - 1;
  for (int k = axis.lo; k <= axis.hi; ++k) {
    const std::uint64_t count = s.binades[static_cast<std::size_t>(k - kLowestBinade)];
    const float x0 = axis.x(k), x1 = x0 + bin_width;
    if (ImGui::IsMouseHoveringRect(ImVec2(x0, plot_top), ImVec2(x1, plot_bottom))) hovered = k;
    if (count == 0) continue;
    const float h = std::max(2.0f, static_cast<float>(std::log1p(static_cast<double>(count)) / top) * plot_height);
    const ImVec2 bar_min(x0 + 1.0f, plot_bottom - h), bar_max(std::max(x0 + 2.0f, x1 - 1.0f), plot_bottom);
    draw->AddRectFilled(bar_min, bar_max, kBar);
    if (bar_max.x - bar_min.x >= 4.0f && h >= 4.0f)
      ctx.probes.add({"bin", std::to_string(k), "bar", bar_min, bar_max, kBar}, kEverywhere);
  }
  // Binade labels, as many as fit.
  const int step = std::max(1, static_cast<int>(std::ceil(44.0f * scale / bin_width)));
  for (int k = axis.lo; k <= axis.hi; ++k) {
    if (((k % step) + step) % step != 0) continue;
    const std::string label = std::to_string(k);
    draw->AddText(ImVec2(axis.x(k) + 2.0f, plot_bottom + 2.0f), colours::text_dim, label.c_str());
  }

  // One lane per target: flushed | subnormal | normal | saturated, on the histogram's axis.
  float y = plot_bottom + line + 8.0f * scale;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const TargetRange& range = ranges[i];
    draw->AddText(ImVec2(origin.x, y), colours::text, targets[i].name.c_str());
    const float left = axis.x0, right = axis.x0 + width;
    const float flush = axis.x(std::log2(range.flush)), subnormal = axis.x(std::log2(range.smallest_normal));
    const float saturation = axis.x(std::log2(range.saturation));
    const float y1 = y + lane_height;
    draw_segment(ctx, targets[i].name, "flushed", left, flush, y, y1, kFlushed);
    draw_segment(ctx, targets[i].name, "subnormal", flush, subnormal, y, y1, kSubnormal);
    draw_segment(ctx, targets[i].name, "normal", subnormal, saturation, y, y1, kNormal);
    draw_segment(ctx, targets[i].name, "saturated", saturation, right, y, y1, kSaturated);
    y = y1 + lane_gap;
  }
  // The legend.
  float x = axis.x0;
  y += 2.0f * scale;
  for (const auto& [colour, text] : {std::pair{kFlushed, "flushes to 0"}, std::pair{kSubnormal, "subnormal"},
                                     std::pair{kNormal, "normal"}, std::pair{kSaturated, "saturates"}}) {
    draw->AddRectFilled(ImVec2(x, y + 2.0f), ImVec2(x + line - 4.0f, y + line - 2.0f), colour);
    draw->AddText(ImVec2(x + line, y), colours::text_dim, text);
    x += line + ImGui::CalcTextSize(text).x + 16.0f * scale;
  }
  if (std::any_of(ranges.begin(), ranges.end(), [](const TargetRange& t) { return t.per_block; }))
    draw->AddText(ImVec2(x, y), colours::text_dim, "block formats: a block holding the amax");
  ImGui::Dummy(ImVec2(label_width + width, y + line - origin.y));
  if (hovered >= axis.lo) {
    const std::uint64_t count = s.binades[static_cast<std::size_t>(hovered - kLowestBinade)];
    ImGui::SetTooltip("2^%d <= |x| < 2^%d: %llu values", hovered, hovered + 1, static_cast<unsigned long long>(count));
  }
}

}  // namespace typelattice::gui
