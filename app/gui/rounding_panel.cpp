// Under the bits panel's cast: what the core says the rounding came to (its facts: the shortest decimal, the two
// values around the input, the tie rule, stochastic rounding's share and mean) and, for stochastic rounding, the
// draws of the seeded stream as two bars and a running mean. The panel draws the Bits model (bits_model.h), which
// the core computes when the value or its options change.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/panel.h"
#include "typelattice/cast_request.h"

namespace typelattice::gui {
namespace {

// The random bits, the seed and the number of draws; a change casts again next frame. A seed typed here takes
// the place of --srbits (the core takes one or the other).
void draw_stochastic_controls(AppState& state, float scale) {
  // One row under the facts: the details column is narrow, and the grid beside it must keep its height.
  int bits = state.cast_sr_num_bits.value_or(8);
  ImGui::SetNextItemWidth(44.0f * scale);
  if (ImGui::DragInt("bits", &bits, 0.2f, 0, 32)) state.cast_sr_num_bits = std::clamp(bits, 0, 32);
  ImGui::SameLine();
  // ImGui has no unsigned 64-bit field in 1.86's InputInt: the seed is edited as ImGuiDataType_U64.
  std::uint64_t seed = state.cast_seed.value_or(0);
  ImGui::SetNextItemWidth(90.0f * scale);
  if (ImGui::InputScalar("seed", ImGuiDataType_U64, &seed)) {
    state.cast_seed = seed;
    state.cast_sr_bits.reset();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(60.0f * scale);
  if (ImGui::DragInt("draws", &state.draws, 10.0f, 1, 100000)) state.draws = std::clamp(state.draws, 1, 100000);
}

void draw_draws(const CastOutcome& cast, const std::vector<std::uint32_t>& codes, float scale) {
  const CastOutcome::Bracket& b = *cast.bracket;
  std::size_t away = 0;
  std::vector<float> means;
  means.reserve(codes.size());
  double sum = 0;
  for (std::size_t i = 0; i < codes.size(); ++i) {
    const bool up = codes[i] == b.away_code;
    away += up;
    sum += up ? b.away : b.toward_zero;
    means.push_back(static_cast<float>(sum / static_cast<double>(i + 1)));
  }
  const float counts[2] = {static_cast<float>(codes.size() - away), static_cast<float>(away)};
  const std::string bars = std::to_string(codes.size() - away) + " toward 0, " + std::to_string(away) + " away";
  // Side by side in the details column, half its width each.
  const float width = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  ImGui::PlotHistogram("##draws", counts, 2, 0, bars.c_str(), 0.0f, static_cast<float>(codes.size()),
                       ImVec2(width, 46.0f * scale));
  ImGui::SameLine();
  // The running mean between the two values; it closes in on the expected value (the core's), not the input.
  const std::string label = "mean " + std::to_string(sum / static_cast<double>(codes.size())).substr(0, 8);
  const auto [lo, hi] = std::minmax(b.toward_zero, b.away);
  ImGui::PlotLines("##mean", means.data(), static_cast<int>(means.size()), 0, label.c_str(), static_cast<float>(lo),
                   static_cast<float>(hi), ImVec2(width, 46.0f * scale));
}

}  // namespace

void draw_cast_explained(PanelContext& ctx) {
  AppState& state = ctx.state;
  if (state.cast_value.empty()) return;
  ctx.bits.refresh(state);
  const std::optional<CastOutcome>& cast = ctx.bits.cast;
  if (!cast) return;  // the options changed to ones the value does not take: the input line shows the error
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%s", ("cast " + state.cast_value).c_str());
  for (const CastFact& fact : ctx.bits.facts) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%-9s", std::string(fact.name).c_str());
    ImGui::SameLine();
    ImGui::TextUnformatted(render(fact.text).c_str());
  }
  if (cast->options.round != RoundMode::stochastic) return;
  draw_stochastic_controls(state, ctx.scale);
  // The model draws only where the input lies between two values: else there is nothing to draw.
  if (!ctx.bits.samples.empty()) draw_draws(*cast, ctx.bits.samples, ctx.scale);
}

}  // namespace typelattice::gui
