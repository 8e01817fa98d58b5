// The window, the OpenGL 3 context and Dear ImGui's SDL2/OpenGL3 backends. Headless, it renders into an
// offscreen framebuffer of a fixed size, with no mouse, so a frame is the same on every run.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct SDL_Window;

namespace typelattice::gui {

struct PlatformConfig {
  bool headless = false;
  int width = 1280, height = 800;
  float scale = 0.0f;  // 0: from the display's DPI (1 when headless)
};

// A headless frame's mouse: nowhere by default, so nothing is hovered in a screenshot.
struct HeadlessInput {
  float mouse_x = -1.0e30f, mouse_y = -1.0e30f;
  bool left_down = false;
  int key_down = -1;  // an SDL scancode held in this frame
  std::string text;   // typed in this frame (UTF-8)
};

struct Screenshot {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // top row first
};

class Platform {
 public:
  // nullptr and `error` set when SDL, the GL context or the framebuffer cannot be created.
  static std::unique_ptr<Platform> create(const PlatformConfig& config, std::string& error);
  ~Platform();
  Platform(const Platform&) = delete;
  Platform& operator=(const Platform&) = delete;

  // Dear ImGui's SDL2/OpenGL3 backends for the current ImGui context: attached after ImGui::CreateContext and
  // detached before ImGui::DestroyContext, so that one window serves several contexts (a --batch run).
  bool attach_imgui(std::string& error);
  void detach_imgui();

  float scale() const { return scale_; }
  // Interactive: forwards events to ImGui; false when the user closed the window.
  // `busy`: something changes without input (an analysis running), so frames keep coming without waiting.
  bool poll_events(bool busy = false);
  // The files dropped on the window since the last call (SDL_DROPFILE), in order.
  std::vector<std::string> take_dropped_files();
  void new_frame(const HeadlessInput& input = {});
  // Renders the draw data of ImGui::Render(); glFinish()es so frame timings include the (software) rasteriser's work.
  void render();
  void present();
  Screenshot read_pixels() const;
  std::string renderer() const;  // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"

 private:
  Platform() = default;
  bool create_framebuffer(std::string& error);

  PlatformConfig config_;
  float scale_ = 1.0f;
  SDL_Window* window_ = nullptr;
  void* gl_context_ = nullptr;
  unsigned framebuffer_ = 0, colour_buffer_ = 0;
  bool imgui_sdl_ = false, imgui_gl_ = false;
  int idle_frames_ = 0;
  std::vector<std::string> dropped_files_;
};

bool write_png(const std::string& path, const Screenshot& shot, std::string& error);

}  // namespace typelattice::gui
