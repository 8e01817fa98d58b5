#include "app/gui/platform.h"

#include <SDL.h>
#include <SDL_opengl.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cfloat>
#include <utility>

namespace typelattice::gui {

namespace {

// Framebuffer objects are OpenGL 3.0, beyond what <GL/gl.h> declares: fetched from the context.
struct FramebufferFunctions {
  PFNGLGENFRAMEBUFFERSPROC gen_framebuffers = nullptr;
  PFNGLBINDFRAMEBUFFERPROC bind_framebuffer = nullptr;
  PFNGLDELETEFRAMEBUFFERSPROC delete_framebuffers = nullptr;
  PFNGLGENRENDERBUFFERSPROC gen_renderbuffers = nullptr;
  PFNGLBINDRENDERBUFFERPROC bind_renderbuffer = nullptr;
  PFNGLDELETERENDERBUFFERSPROC delete_renderbuffers = nullptr;
  PFNGLRENDERBUFFERSTORAGEPROC renderbuffer_storage = nullptr;
  PFNGLFRAMEBUFFERRENDERBUFFERPROC framebuffer_renderbuffer = nullptr;
  PFNGLCHECKFRAMEBUFFERSTATUSPROC check_framebuffer_status = nullptr;

  template <class F>
  static bool load(F& function, const char* name) {
    function = reinterpret_cast<F>(SDL_GL_GetProcAddress(name));
    return function != nullptr;
  }
  bool load_all() {
    return load(gen_framebuffers, "glGenFramebuffers") && load(bind_framebuffer, "glBindFramebuffer") &&
           load(delete_framebuffers, "glDeleteFramebuffers") && load(gen_renderbuffers, "glGenRenderbuffers") &&
           load(bind_renderbuffer, "glBindRenderbuffer") && load(delete_renderbuffers, "glDeleteRenderbuffers") &&
           load(renderbuffer_storage, "glRenderbufferStorage") &&
           load(framebuffer_renderbuffer, "glFramebufferRenderbuffer") &&
           load(check_framebuffer_status, "glCheckFramebufferStatus");
  }
};
FramebufferFunctions gl_fbo;

float display_scale(SDL_Window* window) {
  float dpi = 0.0f;
  const int display = window ? SDL_GetWindowDisplayIndex(window) : 0;
  if (SDL_GetDisplayDPI(display < 0 ? 0 : display, &dpi, nullptr, nullptr) != 0 || dpi <= 0.0f) return 1.0f;
  return std::clamp(dpi / 96.0f, 1.0f, 3.0f);
}

}  // namespace

std::unique_ptr<Platform> Platform::create(const PlatformConfig& config, std::string& error) {
  std::unique_ptr<Platform> p(new Platform());
  p->config_ = config;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    error = std::string("cannot start SDL video (is there a display? try xvfb-run -a): ") + SDL_GetError();
    return nullptr;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 2);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI;
  flags |= config.headless ? SDL_WINDOW_HIDDEN : SDL_WINDOW_RESIZABLE;
  p->window_ = SDL_CreateWindow("typelattice", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, config.width,
                                config.height, flags);
  if (!p->window_) {
    error = std::string("cannot create a window: ") + SDL_GetError();
    return nullptr;
  }
  p->gl_context_ = SDL_GL_CreateContext(p->window_);
  if (!p->gl_context_) {
    error = std::string("cannot create an OpenGL 3.2 context: ") + SDL_GetError();
    return nullptr;
  }
  SDL_GL_MakeCurrent(p->window_, p->gl_context_);
  SDL_GL_SetSwapInterval(config.headless ? 0 : 1);
  if (config.headless && !p->create_framebuffer(error)) return nullptr;
  p->scale_ = config.scale > 0.0f ? config.scale : (config.headless ? 1.0f : display_scale(p->window_));
  return p;
}

bool Platform::attach_imgui(std::string& error) {
  imgui_sdl_ = ImGui_ImplSDL2_InitForOpenGL(window_, gl_context_);
  imgui_gl_ = ImGui_ImplOpenGL3_Init("#version 150");
  if (!imgui_sdl_ || !imgui_gl_) {
    error = "cannot start Dear ImGui's SDL2/OpenGL3 backends";
    return false;
  }
  return true;
}

void Platform::detach_imgui() {
  if (imgui_gl_) ImGui_ImplOpenGL3_Shutdown();
  if (imgui_sdl_) ImGui_ImplSDL2_Shutdown();
  imgui_gl_ = imgui_sdl_ = false;
}

bool Platform::create_framebuffer(std::string& error) {
  if (!gl_fbo.load_all()) {
    error = "the OpenGL context has no framebuffer objects";
    return false;
  }
  gl_fbo.gen_framebuffers(1, &framebuffer_);
  gl_fbo.bind_framebuffer(GL_FRAMEBUFFER, framebuffer_);
  gl_fbo.gen_renderbuffers(1, &colour_buffer_);
  gl_fbo.bind_renderbuffer(GL_RENDERBUFFER, colour_buffer_);
  gl_fbo.renderbuffer_storage(GL_RENDERBUFFER, GL_RGBA8, config_.width, config_.height);
  gl_fbo.framebuffer_renderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_buffer_);
  if (gl_fbo.check_framebuffer_status(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    error = "the offscreen framebuffer is incomplete";
    return false;
  }
  return true;
}

Platform::~Platform() {
  detach_imgui();
  if (framebuffer_) gl_fbo.delete_framebuffers(1, &framebuffer_);
  if (colour_buffer_) gl_fbo.delete_renderbuffers(1, &colour_buffer_);
  if (gl_context_) SDL_GL_DeleteContext(static_cast<SDL_GLContext>(gl_context_));
  if (window_) SDL_DestroyWindow(window_);
  SDL_Quit();
}

bool Platform::poll_events(bool busy) {
  // When nothing happened for a few frames, sleep until something does (or half a second passes): an idle
  // window costs no CPU, and ImGui still gets the frames it needs to settle after each input.
  if (idle_frames_ >= 3 && !busy) SDL_WaitEventTimeout(nullptr, 500);
  SDL_Event event;
  bool running = true;
  ++idle_frames_;
  while (SDL_PollEvent(&event)) {
    idle_frames_ = 0;
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) running = false;
    if (event.type == SDL_DROPFILE && event.drop.file != nullptr) {
      dropped_files_.emplace_back(event.drop.file);
      SDL_free(event.drop.file);
    }
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
        event.window.windowID == SDL_GetWindowID(window_))
      running = false;
  }
  return running;
}

std::vector<std::string> Platform::take_dropped_files() { return std::exchange(dropped_files_, {}); }

void Platform::new_frame(const HeadlessInput& input) {
  ImGui_ImplOpenGL3_NewFrame();
  if (config_.headless) {
    // No SDL input: a fixed size, a fixed time step, and only the scripted mouse.
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(config_.width), static_cast<float>(config_.height));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    io.DeltaTime = 1.0f / 60.0f;
    io.MousePos = input.mouse_x < -1.0e29f ? ImVec2(-FLT_MAX, -FLT_MAX) : ImVec2(input.mouse_x, input.mouse_y);
    io.MouseDown[0] = input.left_down;
    for (bool& down : io.KeysDown) down = false;
    if (input.key_down >= 0 && input.key_down < IM_ARRAYSIZE(io.KeysDown)) io.KeysDown[input.key_down] = true;
    if (!input.text.empty()) io.AddInputCharactersUTF8(input.text.c_str());
  } else {
    ImGui_ImplSDL2_NewFrame();
  }
  ImGui::NewFrame();
}

void Platform::render() {
  ImGuiIO& io = ImGui::GetIO();
  if (config_.headless) gl_fbo.bind_framebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x),
             static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y));
  const ImVec4 clear = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(clear.x, clear.y, clear.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (config_.headless) glFinish();
}

void Platform::present() {
  if (!config_.headless) SDL_GL_SwapWindow(window_);
}

Screenshot Platform::read_pixels() const {
  Screenshot shot;
  shot.width = config_.width;
  shot.height = config_.height;
  const std::size_t row = static_cast<std::size_t>(shot.width) * 4;
  std::vector<std::uint8_t> bottom_up(row * static_cast<std::size_t>(shot.height));
  if (config_.headless) gl_fbo.bind_framebuffer(GL_FRAMEBUFFER, framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, shot.width, shot.height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  shot.rgba.resize(bottom_up.size());
  for (int y = 0; y < shot.height; ++y)
    std::copy_n(bottom_up.begin() + static_cast<std::ptrdiff_t>(row * static_cast<std::size_t>(shot.height - 1 - y)),
                row, shot.rgba.begin() + static_cast<std::ptrdiff_t>(row * static_cast<std::size_t>(y)));
  for (std::size_t i = 3; i < shot.rgba.size(); i += 4) shot.rgba[i] = 255;  // the window is opaque
  return shot;
}

std::string Platform::renderer() const {
  const GLubyte* name = glGetString(GL_RENDERER);
  return name ? reinterpret_cast<const char*>(name) : "unknown";
}

bool write_png(const std::string& path, const Screenshot& shot, std::string& error) {
  if (!stbi_write_png(path.c_str(), shot.width, shot.height, 4, shot.rgba.data(), shot.width * 4)) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace typelattice::gui
