// The compare panel: one expression in every promotion system, a row each, as `typelattice compare` prints it
// (the core's compare.h computes every row; PromotionModel holds them). Rows whose answer differs from the first
// row's are marked in colour and in words.
#include <imgui.h>

#include <array>
#include <string>

#include "app/gui/text_input.h"
#include "app/gui/panel.h"

namespace typelattice::gui {
namespace {

constexpr std::array<const char*, 6> kExamples = {"uint8, 300", "int8, uint8", "float16, bfloat16", "int32, 1.5",
                                                  "float32, 1j", "uint64, -1"};

void text_dim(const char* text) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "%s", text);
  ImGui::PopTextWrapPos();
}

}  // namespace

void draw_compare_panel(PanelContext& ctx) {
  AppState& state = ctx.state;
  const PromotionModel& model = ctx.model;
  text_dim("One expression in every promotion system: dtypes and Python values (300, -1, 1.5, 1j, True), "
           "combined left to right, as `typelattice compare` prints it. S and X toggle strict mode and x64 for the "
           "systems that have them (JAX's system selected).");
  ImGui::SetNextItemWidth(320.0f * ctx.scale);
  input_text("operands", state.operands_input);
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "try");
  for (const char* example : kExamples) {
    ImGui::SameLine();
    if (ImGui::SmallButton(example)) state.operands_input = example;
  }
  if (!model.operands_error.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", model.operands_error.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  if (model.compare_rows.empty()) return;
  const CompareRow& reference = model.compare_rows.front();
  const std::string reference_text = compare_text(reference);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("compare", 3, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("system", ImGuiTableColumnFlags_WidthFixed, 260.0f * ctx.scale);
  ImGui::TableSetupColumn("answer");
  ImGui::TableSetupColumn("source", ImGuiTableColumnFlags_WidthFixed, 300.0f * ctx.scale);
  ImGui::TableHeadersRow();
  for (const CompareRow& row : model.compare_rows) {
    const SystemInfo& info = system_info(row.system);
    const std::string text = compare_text(row);
    const bool differs = text != reference_text;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text), "%s", std::string(info.name).c_str());
    text_dim((std::string(info.title) + ", " + std::string(info.version)).c_str());
    // The mode the row was answered in (the toolbar's strict/x64 where the system has them), never more.
    const std::string used = info.jax_modes
                                 ? "answered in: " + std::string(mode_name(row.mode)) + (row.x64 ? ", x64 on" : ", x64 off")
                                 : "one mode only: no strict or x64 setting";
    text_dim(used.c_str());
    ImGui::TableNextColumn();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(row.result ? colours::join : colours::error), "%s", text.c_str());
    ImGui::PopTextWrapPos();
    if (differs)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::selected), "differs from %s",
                         std::string(system_name(reference.system)).c_str());
    if (!row.note.empty()) text_dim(render(row.note).c_str());
    ImGui::TableNextColumn();
    text_dim(std::string(info.source).c_str());
  }
  ImGui::EndTable();
}

}  // namespace typelattice::gui
