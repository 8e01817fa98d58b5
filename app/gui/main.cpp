// typelattice-app: the native explorer (Dear ImGui + SDL2 + OpenGL 3). Interactive by default; --headless
// renders offscreen, writes a screenshot, prints the join and exits (DESIGN.md's headless contract).
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>

#include "app/gui/args.h"
#include "app/gui/platform.h"
#include "app/gui/settings.h"
#include "app/gui/shell.h"

namespace typelattice::gui {
namespace {

// The line the headless contract prints: "join: NAME", or the core's error text exactly as the CLI shows it.
std::string join_line(const PromotionModel& model) {
  if (model.join) return "join: " + std::string(dtype_name(*model.join));
  if (!model.join_error.empty()) return model.join_error;
  return "join: none (nothing selected)";
}

void print_frame_times(const char* what, std::vector<double> ms, int warmup, const Arguments& args,
                       const std::string& renderer) {
  ms.erase(ms.begin(), ms.begin() + std::min<std::ptrdiff_t>(warmup, static_cast<std::ptrdiff_t>(ms.size()) - 1));
  std::sort(ms.begin(), ms.end());
  const double mean = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * static_cast<double>(ms.size())))]; };
  std::printf("%s: mean %.2f ms, median %.2f ms, p95 %.2f ms, max %.2f ms over %zu frames (%dx%d, %s)\n", what,
              mean, at(0.5), at(0.95), ms.back(), ms.size(), args.width, args.height, renderer.c_str());
}

int run(const Arguments& args) {
  AppState state;
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  std::string ini_path;
  if (args.headless) {
    io.IniFilename = nullptr;  // a headless run writes nothing but its screenshot
  } else {
    ini_path = settings_path();
    io.IniFilename = ini_path.c_str();
    register_settings(state);
    ImGui::LoadIniSettingsFromDisk(ini_path.c_str());
  }
  apply_arguments(args, state);

  std::string error;
  auto platform = Platform::create({args.headless, args.width, args.height, args.scale.value_or(0.0f)}, error);
  if (!platform) {
    std::cerr << "typelattice-app: " << error << "\n";
    ImGui::DestroyContext();
    return 1;
  }
  const Fonts fonts = setup_style(platform->scale());
  PromotionModel model;
  Probes probes;
  PanelContext ctx{state, model, fonts, probes, platform->scale()};
  bool force_view = true;

  if (args.headless) {
    const int warmup = 3;  // tabs and auto-sized widgets settle over the first frames
    const int frames = args.frames ? std::max(args.frames, warmup) : warmup;
    std::vector<double> ms, ui_ms;
    using Clock = std::chrono::steady_clock;
    for (int i = 0; i < frames; ++i) {
      const auto start = Clock::now();
      platform->new_frame();
      probes.begin_frame();
      model.refresh(state);
      draw_app(ctx, force_view);
      ImGui::Render();
      const auto built = Clock::now();
      platform->render();
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      ui_ms.push_back(std::chrono::duration<double, std::milli>(built - start).count());
    }
    std::cout << join_line(model) << "\n";
    if (args.print_positions)
      for (const Region& r : probes.regions())
        std::printf("region %s %s %s %d %d %d %d %s\n", r.kind.c_str(), r.name.c_str(), r.role.c_str(),
                    static_cast<int>(r.min.x), static_cast<int>(r.min.y), static_cast<int>(r.max.x),
                    static_cast<int>(r.max.y), hex_colour(r.fill).c_str());
    if (args.report_frame_time) {
      print_frame_times("frame time", ms, args.frames > warmup ? warmup : 0, args, platform->renderer());
      print_frame_times("  of which building the UI", ui_ms, args.frames > warmup ? warmup : 0, args, "CPU");
      const ImDrawData* data = ImGui::GetDrawData();
      int commands = 0;
      for (int i = 0; i < data->CmdListsCount; ++i) commands += data->CmdLists[i]->CmdBuffer.Size;
      std::printf("  last frame: %d draw calls, %d vertices, %d indices\n", commands, data->TotalVtxCount,
                  data->TotalIdxCount);
    }
    int status = 0;
    if (!args.screenshot.empty() && !write_png(args.screenshot, platform->read_pixels(), error)) {
      std::cerr << "typelattice-app: " << error << "\n";
      status = 1;
    }
    platform.reset();
    ImGui::DestroyContext();
    return status;
  }

  bool running = true;
  while (running && platform->poll_events()) {
    platform->new_frame();
    probes.begin_frame();
    if (model.refresh(state)) ImGui::MarkIniSettingsDirty();
    const View view = state.view;
    running = draw_app(ctx, force_view);
    if (view != state.view) ImGui::MarkIniSettingsDirty();
    ImGui::Render();
    platform->render();
    platform->present();
  }
  platform.reset();
  ImGui::DestroyContext();  // saves the ini file
  return 0;
}

}  // namespace
}  // namespace typelattice::gui

int main(int argc, char** argv) {
  const std::vector<std::string> argv_list(argv, argv + argc);
  const auto parsed = typelattice::gui::parse_arguments(argv_list);
  if (!parsed.arguments) {
    (parsed.exit_code == 0 ? std::cout : std::cerr) << parsed.output;
    return parsed.exit_code;
  }
  return typelattice::gui::run(*parsed.arguments);
}
