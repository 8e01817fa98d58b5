// typelattice-app: the native explorer (Dear ImGui + SDL2 + OpenGL 3). Interactive by default; --headless
// renders offscreen, writes a screenshot, prints the join and exits (the headless run, docs/app.md); --batch
// answers a file of headless runs in one start.
#include <imgui.h>
#include <imgui_internal.h>

#include <iostream>

#include "app/gui/args.h"
#include "app/gui/batch.h"
#include "app/gui/headless.h"
#include "app/gui/platform.h"
#include "app/gui/settings.h"
#include "app/gui/shell.h"
#include "app/gui/user_lattice.h"

namespace typelattice::gui {
namespace {

int run_interactive(const Arguments& args) {
  AppState state;
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  const std::string ini_path = settings_path();
  io.IniFilename = ini_path.c_str();
  register_settings(state);
  ImGui::LoadIniSettingsFromDisk(ini_path.c_str());
  for (const std::string& note : state.settings_notes)
    std::cerr << "typelattice-app: " << ini_path << ": ignored " << note << " (kept the default)\n";
  apply_arguments(args, state);
  reopen_saved_lattice(state);

  std::string error;
  auto platform = Platform::create({false, args.width, args.height, args.scale.value_or(0.0f)}, error);
  if (!platform || !platform->attach_imgui(error)) {
    std::cerr << "typelattice-app: " << error << "\n";
    platform.reset();
    ImGui::DestroyContext();
    return 1;
  }
  PanelSession session(state, platform->scale());
  PanelContext& ctx = session.ctx;
  if (args.tensor_file) open_tensor_file(ctx, *args.tensor_file);
  if (args.tensor_whole_file) ctx.tensors.selected = TensorModel::kWholeFile;

  bool running = true, force_view = true;
  while (running && platform->poll_events(session.tensors.running())) {
    // A file dropped on the window: analyzed in the Tensors view.
    for (const std::string& path : platform->take_dropped_files()) {
      state.tensor_path_input = path;
      state.view = View::tensors;
      force_view = true;
      open_tensor_file(ctx, path);
    }
    platform->new_frame();
    session.probes.begin_frame();
    if (session.model.refresh(state)) ImGui::MarkIniSettingsDirty();
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

int run_headless_once(const Arguments& args) {
  std::string error;
  auto platform = Platform::create({true, args.width, args.height, args.scale.value_or(0.0f)}, error);
  if (!platform) {
    std::cerr << "typelattice-app: " << error << "\n";
    return 1;
  }
  return answer_headless(args, *platform);
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
  const typelattice::gui::Arguments& args = *parsed.arguments;
  if (args.batch) return typelattice::gui::run_batch(args);
  return args.headless ? typelattice::gui::run_headless_once(args) : typelattice::gui::run_interactive(args);
}
