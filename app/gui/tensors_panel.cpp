// The Tensors panel: a checkpoint opened from the path field or dropped on the window, analyzed off the UI thread
// (TensorModel: the passes `typelattice analyze` runs) with a progress bar and Cancel; the tensor list with a
// filter; for the selected tensor its statistics, the log2|x| histogram with each target's range, the targets
// by SQNR with the best marked, and the block targets' per-block SQNR distributions. Every number is the core's;
// the panel draws.
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/gui/panel.h"
#include "app/gui/tensor_histogram.h"
#include "app/gui/text_input.h"
#include "typelattice/display_text.h"

namespace typelattice::gui {

namespace {


std::string shape_text(const std::vector<std::uint64_t>& shape) {
  std::string out = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

std::string bytes_text(std::uint64_t bytes) {
  char buffer[32];
  if (bytes < 1000) std::snprintf(buffer, sizeof buffer, "%llu B", static_cast<unsigned long long>(bytes));
  else if (bytes < 1000000) std::snprintf(buffer, sizeof buffer, "%.1f kB", static_cast<double>(bytes) / 1e3);
  else if (bytes < 1000000000) std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(bytes) / 1e6);
  else std::snprintf(buffer, sizeof buffer, "%.2f GB", static_cast<double>(bytes) / 1e9);
  return buffer;
}

void draw_file_row(PanelContext& ctx) {
  AppState& state = ctx.state;
  const bool open = draw_field_with_button(ctx,
                                           {"File", "##tensor-file", "path/to/model.safetensors (or drop a file here)",
                                            420.0f, "Open##tensors", "tensor-file", "open-tensors"},
                                           state.tensor_path_input);
  if (open && !state.tensor_path_input.empty()) open_tensor_file(ctx, state.tensor_path_input);
  ImGui::SameLine();
  ImGui::TextUnformatted("Targets");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (input_text("##tensor-targets", state.tensor_targets_input, ImGuiInputTextFlags_EnterReturnsTrue) &&
      ctx.tensors.open_file())
    open_tensor_file(ctx, ctx.tensors.path());
  if (!state.tensor_targets_error.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "Targets: %s", state.tensor_targets_error.c_str());
}

void draw_status(PanelContext& ctx) {
  TensorModel& model = ctx.tensors;
  if (model.running()) {
    const std::string label = std::to_string(static_cast<int>(model.progress() * 100.0)) + "% of " +
                              displayed(model.path()) + ", " + std::to_string(model.results().size()) +
                              " tensors done";
    ImGui::ProgressBar(static_cast<float>(model.progress()), ImVec2(480.0f * ctx.scale, 0.0f), label.c_str());
    ImGui::SameLine();
    // Cancel, or Esc when no text field has the keyboard: the passes stop after the slice they are in.
    const bool escape = !ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE, false);
    if (ImGui::Button("Cancel (Esc)") || escape) model.cancel();
    return;
  }
  if (!model.error().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::error), "%s", model.error().c_str());
    ImGui::PopTextWrapPos();
  } else if (model.cancelled()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim), "cancelled: %zu tensors analyzed",
                       model.results().size());
  } else if (!model.open_file()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                       "Open a safetensors, .npy, .npz or GGUF file (or drop one on the window): what each target format "
                       "does to every tensor, as `typelattice analyze` prints it. The file is read here, in slices.");
  }
  if (const TensorFileIndex* index = model.index()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                       "%s: %s, %zu tensors (%zu not analyzed: types not converted). Blocks are consecutive elements "
                       "along each tensor's last axis in storage order; a row ends in a short block.",
                       displayed(model.path()).c_str(), std::string(tensor_file_kind_name(index->kind)).c_str(),
                       index->tensors.size() + index->unsupported.size(), index->unsupported.size());
    ImGui::PopTextWrapPos();
  }
}

void draw_tensor_list(PanelContext& ctx) {
  TensorModel& model = ctx.tensors;
  ImGui::SetNextItemWidth(-FLT_MIN);
  input_text_with_hint("##tensor-filter", "filter tensors by name", ctx.state.tensor_filter);
  // Two tensors or more: the whole file above them, as the CLI prints its summary.
  if (model.results().size() > 1) {
    const std::string label = "whole file (" + std::to_string(model.results().size()) + " tensors)";
    if (ImGui::Selectable(label.c_str(), model.selected == TensorModel::kWholeFile))
      model.selected = TensorModel::kWholeFile;
  }
  if (!ImGui::BeginTable("tensor-list", 4,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                             ImGuiTableFlags_SizingStretchProp))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("tensor", ImGuiTableColumnFlags_WidthStretch, 3.0f);
  ImGui::TableSetupColumn("dtype", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("shape", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < model.results().size(); ++i) {
    const TensorEntry& t = *model.results()[i].tensor;
    const std::string name = tensor_display_name(t.name);
    if (!ctx.state.tensor_filter.empty() && name.find(ctx.state.tensor_filter) == std::string::npos) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(name.c_str(), model.selected == i, ImGuiSelectableFlags_SpanAllColumns)) model.selected = i;
    ImGui::PopID();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(tensor_dtype_name(t.dtype)).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(shape_text(t.shape).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(bytes_text(t.end - t.begin).c_str());
  }
  ImGui::EndTable();
}

// The targets from the highest SQNR to the lowest (the core's order), the best one marked and highlighted; the
// last column is the worst block of a tensor, or the worst tensor of the file (`last(i)` gives each target's).
template <typename LastColumn>
void draw_metrics(PanelContext& ctx, const std::vector<TargetError>& errors, const char* last_heading,
                  LastColumn&& last) {
  const std::vector<AnalysisTarget>& targets = ctx.tensors.targets();
  const std::vector<std::size_t> order = targets_by_sqnr(targets, errors);
  constexpr int kColumns = 9;
  if (!ImGui::BeginTable("tensor-metrics", kColumns, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupColumn("target", ImGuiTableColumnFlags_WidthFixed, 190.0f * ctx.scale);
  for (const char* name : {"bits", "SQNR dB", "MSE", "max abs", "max rel", "saturated", "flushed", last_heading})
    ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthStretch, name[0] == 'w' ? 2.0f : (name[0] == 'M' || name[0] == 'm' ? 1.3f : 1.0f));
  ImGui::TableHeadersRow();
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    const std::size_t i = order[rank];
    const TargetError& e = errors[i];
    const bool best = rank == 0;
    ImGui::TableNextRow();
    if (best) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, colours::ok & 0x50FFFFFF);
    ImGui::TableNextColumn();
    // The best row: a bar in the "ok" colour before its name (and the row tinted), a '*' as the CLI marks it.
    const ImVec2 mark_min = ImGui::GetCursorScreenPos();
    const ImVec2 mark_max(mark_min.x + 5.0f * ctx.scale, mark_min.y + ImGui::GetTextLineHeight());
    if (best) {
      ImGui::GetWindowDrawList()->AddRectFilled(mark_min, mark_max, colours::ok);
      ctx.probes.add({"metric", targets[i].name, "best", mark_min, mark_max, colours::ok}, kEverywhere);
    }
    ImGui::SetCursorScreenPos(ImVec2(mark_max.x + 4.0f * ctx.scale, mark_min.y));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(best ? colours::ok : colours::text), "%s %s", best ? "*" : " ",
                       targets[i].name.c_str());
    const std::string cells[] = {report_figure(targets[i].bits_per_element), report_figure(e.sqnr_db),
                                 report_figure(e.mse), report_figure(e.max_abs_error),
                                 report_figure(e.max_relative_error), std::to_string(e.saturated),
                                 std::to_string(e.flushed), last(i)};
    for (const std::string& cell : cells) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(cell.c_str());
    }
  }
  ImGui::EndTable();
}

// Each block target's per-block SQNR distribution, in the targets' order, as the CLI's text lists it.
void draw_block_sqnr(PanelContext& ctx, const std::vector<TargetError>& errors) {
  const std::vector<AnalysisTarget>& targets = ctx.tensors.targets();
  if (std::none_of(targets.begin(), targets.end(), [](const AnalysisTarget& t) { return t.has_blocks(); })) return;
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                     "Block SQNR (dB) over the blocks that have one: nearest rank, to 0.01 dB; exact blocks are inf");
  if (!ImGui::BeginTable("tensor-block-sqnr", 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
  ImGui::TableSetupColumn("target", ImGuiTableColumnFlags_WidthFixed, 190.0f * ctx.scale);
  for (const char* name : {"blocks", "exact", "min", "1st percentile", "median"})
    ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!targets[i].has_blocks()) continue;
    const BlockSqnrDistribution& d = errors[i].block_sqnr;
    const bool any = d.blocks > 0;
    const std::string cells[] = {"  " + targets[i].name, std::to_string(d.blocks), std::to_string(d.exact),
                                 any ? report_figure(d.min_db) : "-", any ? report_figure(d.p1_db) : "-",
                                 any ? report_figure(d.median_db) : "-"};
    ImGui::TableNextRow();
    for (const std::string& cell : cells) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(cell.c_str());
    }
  }
  ImGui::EndTable();
}

// A title in the large font, then what it holds ("... values") and its statistics, dimmed, on one line.
void draw_heading(PanelContext& ctx, const std::string& title, const std::string& what, const TensorStats& s) {
  ImGui::PushFont(ctx.fonts.large);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopFont();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colours::text_dim),
                     "%s | amax %s  mean %s  std %s | zeros %llu  subnormals %llu  nan %llu  inf %llu", what.c_str(),
                     report_figure(s.amax, 6).c_str(), report_figure(s.mean, 6).c_str(),
                     report_figure(s.std, 6).c_str(), static_cast<unsigned long long>(s.zeros),
                     static_cast<unsigned long long>(s.subnormals), static_cast<unsigned long long>(s.nans),
                     static_cast<unsigned long long>(s.infinities));
}

// The whole file: its values' statistics and each target's figures over them, with its worst tensor.
void draw_whole_file(PanelContext& ctx) {
  const FileSummary& summary = ctx.tensors.summary();
  draw_heading(ctx, "whole file",
               std::to_string(summary.tensors) + " tensors, " + std::to_string(summary.stats.count) + " values",
               summary.stats);
  ImGui::Spacing();
  draw_metrics(ctx, summary.errors, "worst tensor (SQNR dB)",
               [&](std::size_t i) { return worst_tensor_cell(summary, i); });
}

void draw_selected(PanelContext& ctx) {
  TensorModel& model = ctx.tensors;
  if (model.results().empty()) return;
  if (model.selected == TensorModel::kWholeFile && model.results().size() > 1) {
    draw_whole_file(ctx);
    return;
  }
  // The whole file asked for before a second tensor is in: the first one meanwhile.
  if (model.selected >= model.results().size() && model.selected != TensorModel::kWholeFile) model.selected = 0;
  const TensorResult& r = model.results()[model.selected == TensorModel::kWholeFile ? 0 : model.selected];
  draw_heading(ctx, tensor_display_name(r.tensor->name),
               std::string(tensor_dtype_name(r.tensor->dtype)) + " " + shape_text(r.tensor->shape) + ", " +
                   std::to_string(r.count) + " values, rows of " + std::to_string(r.row_length),
               r.stats);
  draw_tensor_histogram(ctx, r, model.targets());
  ImGui::Spacing();
  draw_metrics(ctx, r.errors, "worst block (SQNR dB)",
               [&](std::size_t i) { return worst_block_cell(ctx.tensors.targets()[i], r.errors[i]); });
  ImGui::Spacing();
  draw_block_sqnr(ctx, r.errors);
}

}  // namespace

void open_tensor_file(PanelContext& ctx, const std::string& path) {
  const std::vector<std::string> names = split_target_names(ctx.state.tensor_targets_input);
  if (names.empty()) {
    ctx.state.tensor_targets_error = "name at least one format (e.g. " + default_tensor_targets_text() + ")";
    return;
  }
  Result<std::vector<AnalysisTarget>> targets = analysis_targets(names, std::nullopt, std::nullopt, std::nullopt, false);
  if (!targets) {
    ctx.state.tensor_targets_error = targets.error().message;
    return;
  }
  ctx.state.tensor_targets_error.clear();
  ctx.tensors.open(path, std::move(targets).value());
}

void draw_tensors_panel(PanelContext& ctx) {
  draw_file_row(ctx);
  draw_status(ctx);
  if (ctx.tensors.results().empty()) return;
  const float list_width = std::max(260.0f * ctx.scale, ImGui::GetContentRegionAvail().x * 0.3f);
  if (ImGui::BeginChild("tensor-list-pane", ImVec2(list_width, 0.0f), true)) draw_tensor_list(ctx);
  ImGui::EndChild();
  ImGui::SameLine();
  if (ImGui::BeginChild("tensor-detail-pane", ImVec2(0.0f, 0.0f), false)) draw_selected(ctx);
  ImGui::EndChild();
}

}  // namespace typelattice::gui
