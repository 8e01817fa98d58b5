#include "app/gui/headless.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <thread>

#include "app/common/tapered_layout_text.h"
#include "app/gui/shell.h"
#include "app/gui/user_lattice.h"

namespace typelattice::gui {

namespace {

void print_frame_times(const char* what, std::vector<double> ms, const Arguments& args, const std::string& source) {
  if (ms.empty()) return;
  std::sort(ms.begin(), ms.end());
  const double mean = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  auto at = [&](double q) {
    return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * static_cast<double>(ms.size())))];
  };
  std::printf("%s: mean %.2f ms, median %.2f ms, p95 %.2f ms, max %.2f ms over %zu frames (%dx%d, %s)\n", what,
              mean, at(0.5), at(0.95), ms.back(), ms.size(), args.width, args.height, source.c_str());
}

// Frames to render: a few to settle the layout, each click as move / press / release, each key press or typed
// text as a frame of its own and one after, the mouse moved away
// (so nothing is hovered in the screenshot), then the requested number of measured frames.
std::vector<HeadlessInput> input_script(const Arguments& args, int settle) {
  std::vector<HeadlessInput> script(static_cast<std::size_t>(settle));
  for (const Arguments::Action& action : args.actions) {
    if (action.is_key || !action.text.empty()) {
      HeadlessInput down;
      if (action.is_key) down.key_down = action.scancode;
      down.text = action.text;
      script.insert(script.end(), {down, HeadlessInput{}});
      continue;
    }
    const HeadlessInput at{static_cast<float>(action.x), static_cast<float>(action.y), false, -1, {}};
    HeadlessInput down = at;
    down.left_down = true;
    script.insert(script.end(), {at, down, at});
  }
  if (!args.actions.empty()) script.insert(script.end(), static_cast<std::size_t>(settle), HeadlessInput{});
  return script;
}

}  // namespace

int run_headless(const Arguments& args, Platform& platform, PanelContext& ctx, PromotionModel& model) {
  const int settle = 3;  // tabs, auto-sized widgets and scrolling settle over the first frames
  const std::vector<HeadlessInput> script = input_script(args, settle);
  const std::size_t measured = static_cast<std::size_t>(args.frames);
  bool force_view = true, settled_after_analysis = false;
  std::vector<double> ms, ui_ms;
  const bool draws_pixels = !args.screenshot.empty() || args.report_frame_time;
  using Clock = std::chrono::steady_clock;
  // An analysis (the Tensors view) runs on its own thread: frames go on until it ends, then a few more settle.
  std::size_t frames = script.size() + measured;
  for (std::size_t i = 0; i < frames; ++i) {
    const auto start = Clock::now();
    platform.new_frame(i < script.size() ? script[i] : HeadlessInput{});
    ctx.probes.begin_frame();
    model.refresh(ctx.state);
    draw_app(ctx, force_view);
    ImGui::Render();
    const auto built = Clock::now();
    // The answers and positions come from building the UI; pixels are drawn only for what reads them.
    if (draws_pixels) platform.render();
    if (i + 1 == frames && ctx.tensors.open_file() && !settled_after_analysis) {
      settled_after_analysis = !ctx.tensors.running();
      if (!settled_after_analysis) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      frames += settled_after_analysis ? static_cast<std::size_t>(settle) : 1;
    }
    if (i >= script.size() && i < script.size() + measured) {
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
      ui_ms.push_back(std::chrono::duration<double, std::milli>(built - start).count());
    }
  }
  int status = 0;
  if (ctx.state.view == View::tensors) {
    // The Tensors view: what `typelattice analyze FILE --to TARGETS` prints, from the view's own results.
    std::cout << ctx.tensors.report_text();
    if (!ctx.tensors.error().empty()) {
      std::cout.flush();
      std::cerr << "typelattice-app: " << ctx.tensors.error() << "\n";
      status = 2;
    } else if (ctx.tensors.cancelled()) {  // as the CLI stopped by Ctrl-C: what was done, and exit 130
      std::cout.flush();
      std::cerr << "typelattice-app: cancelled\n";
      status = 130;
    }
  } else {
    std::cout << model.selection_line << "\n";  // the core's selection line, as `typelattice select` prints it
    if (!model.join_reason.empty()) std::cout << "why: " << model.join_reason << "\n";
  }
  // The compare view: one line per system, as `typelattice compare` prints them (or why the operands do not parse).
  if (ctx.state.view == View::compare) {
    for (const CompareRow& row : model.compare_rows) std::cout << "compare: " << compare_line(row) << "\n";
    if (!model.operands_error.empty()) std::cout << "compare: " << model.operands_error << "\n";
  }
  // The bits view for a tapered format: the code as `typelattice decode` prints it, then `typelattice layout`'s
  // text for it (`layout F V` when the code is the value's cast, else `layout F --code C`).
  if (ctx.state.view == View::bits && ctx.state.tapered) {
    ctx.bits.refresh(ctx.state);
    const TaperedFormat f = *ctx.state.tapered;
    const bool cast_shown = !ctx.state.cast_value.empty() && ctx.bits.tapered_cast_code == ctx.state.code;
    std::cout << "bits: " << tapered_cast_line(f, ctx.state.code) << "\n"
              << options::tapered_layout_text(f, ctx.state.code, cast_shown ? ctx.state.cast_value : "",
                                              cast_shown ? ctx.bits.facts : std::vector<CastFact>{});
  }
  // The bits view: the code shown, as `typelattice cast` prints it.
  if (ctx.state.view == View::bits && !ctx.state.tapered)
    std::cout << "bits: " << cast_line(ctx.state.format, ctx.state.code) << "\n";
  // ... and the core's facts about the value cast, as `typelattice layout FORMAT VALUE` prints them.
  if (ctx.state.view == View::bits && !ctx.state.tapered && !ctx.state.cast_value.empty()) {
    ctx.bits.refresh(ctx.state);
    for (const CastFact& fact : ctx.bits.facts) std::cout << fact.name << ": " << render(fact.text) << "\n";
  }
  // The blocks view: the core's block text, as `typelattice quantize --format text` prints it, then (--stored) the
  // layout the section draws (stored_blocks_text).
  if (ctx.state.view == View::blocks) {
    ctx.blocks.refresh(ctx.state);
    std::cout << (ctx.blocks.error.empty() ? ctx.blocks.text : "blocks: " + ctx.blocks.error + "\n");
    if (ctx.blocks.stored) std::cout << stored_blocks_text(*ctx.blocks.stored);
  }
  // A user's lattice: the core's check (the CLI's `check` text when it is not a lattice), and a failed Open.
  if (!model.user_path.empty())
    std::cout << "check: " << (model.lattice_violation ? model.lattice_violation_text : "is a lattice") << "\n";
  if (!ctx.state.lattice_error.empty()) std::cout << "lattice file: " << ctx.state.lattice_error << "\n";
  if (args.print_positions)
    for (const Region& r : ctx.probes.regions())
      std::printf("region %s %s %s %d %d %d %d %s\n", r.kind.c_str(), r.name.c_str(), r.role.c_str(),
                  static_cast<int>(r.min.x), static_cast<int>(r.min.y), static_cast<int>(r.max.x),
                  static_cast<int>(r.max.y), hex_colour(r.fill).c_str());
  if (args.print_positions)
    for (const Route& route : ctx.probes.routes()) {
      std::printf("route %s %s", route.from.c_str(), route.to.c_str());
      for (const ImVec2& p : route.points) std::printf(" %.1f %.1f", static_cast<double>(p.x), static_cast<double>(p.y));
      std::printf("\n");
    }
  if (args.report_frame_time) {
    print_frame_times("frame time", ms, args, platform.renderer());
    print_frame_times("  of which building the UI", ui_ms, args, "CPU");
    const ImDrawData* data = ImGui::GetDrawData();
    int commands = 0;
    for (int i = 0; i < data->CmdListsCount; ++i) commands += data->CmdLists[i]->CmdBuffer.Size;
    std::printf("  last frame: %d draw calls, %d vertices, %d indices\n", commands, data->TotalVtxCount,
                data->TotalIdxCount);
  }
  std::string error;
  if (!args.screenshot.empty() && !write_png(args.screenshot, platform.read_pixels(), error)) {
    std::cerr << "typelattice-app: " << error << "\n";
    return 1;
  }
  return status;
}

int answer_headless(const Arguments& args, Platform& platform) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // a headless run writes nothing but its screenshot
  AppState state;
  apply_arguments(args, state);
  reopen_saved_lattice(state);
  int status = 1;
  std::string error;
  if (platform.attach_imgui(error)) {
    PanelSession session(state, platform.scale());
    if (args.tensor_file) open_tensor_file(session.ctx, *args.tensor_file);
    if (args.tensor_whole_file) session.ctx.tensors.selected = TensorModel::kWholeFile;
    status = run_headless(args, platform, session.ctx, session.model);
  } else {
    std::cerr << "typelattice-app: " << error << "\n";
  }
  platform.detach_imgui();
  ImGui::DestroyContext();
  return status;
}

}  // namespace typelattice::gui
