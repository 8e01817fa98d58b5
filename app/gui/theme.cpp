#include "app/gui/theme.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace typelattice::gui {

ImU32 kind_colour(DtypeKind kind) {
  switch (kind) {
    case DtypeKind::boolean: return IM_COL32(88, 96, 112, 255);
    case DtypeKind::unsigned_int: return IM_COL32(22, 110, 100, 255);
    case DtypeKind::signed_int: return IM_COL32(37, 82, 150, 255);
    case DtypeKind::floating: return IM_COL32(62, 112, 44, 255);
    case DtypeKind::complex_floating: return IM_COL32(110, 60, 140, 255);
  }
  return colours::missing;
}

ImU32 category_colour(Category category) {
  switch (category) {
    case Category::zero: return IM_COL32(70, 76, 90, 255);
    case Category::subnormal: return IM_COL32(40, 90, 140, 255);
    case Category::normal: return IM_COL32(45, 105, 65, 255);
    case Category::infinity: return IM_COL32(150, 90, 30, 255);
    case Category::nan: return IM_COL32(130, 40, 50, 255);
  }
  return colours::missing;
}

// A tapered code's category in the colour of the minifloat category it corresponds to.
ImU32 tapered_category_colour(TaperedCategory category) {
  switch (category) {
    case TaperedCategory::zero: return category_colour(Category::zero);
    case TaperedCategory::normal: return category_colour(Category::normal);
    case TaperedCategory::denormal: return category_colour(Category::subnormal);
    case TaperedCategory::infinity: return category_colour(Category::infinity);
    case TaperedCategory::nan: return category_colour(Category::nan);
  }
  return colours::missing;
}

ImU32 field_colour(std::string_view field_name) {
  if (field_name == "sign") return colours::sign;
  if (field_name == "regime") return colours::regime;
  if (field_name == "dot") return colours::dot;
  if (field_name == "exponent") return colours::exponent;
  return colours::mantissa;
}

std::string hex_colour(ImU32 colour) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", (colour >> IM_COL32_R_SHIFT) & 0xFF,
                (colour >> IM_COL32_G_SHIFT) & 0xFF, (colour >> IM_COL32_B_SHIFT) & 0xFF);
  return text;
}

namespace {

// Latin-1, and the punctuation, arrows and operators the core's sentences use: − (U+2212), … → ∨ ×.
constexpr ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};

ImFont* add_font(const char* path, float size) {
  ImGuiIO& io = ImGui::GetIO();
  if (path && std::filesystem::exists(path)) {
    ImFontConfig config;
    config.OversampleH = 2;
    config.GlyphRanges = kGlyphRanges;
    return io.Fonts->AddFontFromFileTTF(path, size, &config);
  }
  // ImGui's built-in bitmap-style font is crisp only at multiples of 13 px.
  ImFontConfig config;
  config.SizePixels = 13.0f * std::max(1.0f, std::round(size / 13.0f));
  return io.Fonts->AddFontDefault(&config);
}

}  // namespace

Fonts setup_style(float scale) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 4.0f;
  style.GrabRounding = 4.0f;
  style.TabRounding = 4.0f;
  style.FramePadding = ImVec2(8.0f, 5.0f);
  style.ItemSpacing = ImVec2(10.0f, 7.0f);
  style.WindowPadding = ImVec2(12.0f, 10.0f);
  style.AntiAliasedLines = true;
  style.AntiAliasedFill = true;
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImGui::ColorConvertU32ToFloat4(colours::background);
  c[ImGuiCol_ChildBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.0f);  // transparent: ImGui then skips the fill
  c[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.22f, 0.27f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.26f, 0.29f, 0.36f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.22f, 0.25f, 0.31f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.28f, 0.33f, 0.42f, 1.0f);
  c[ImGuiCol_Tab] = ImVec4(0.17f, 0.19f, 0.24f, 1.0f);
  c[ImGuiCol_TabActive] = ImVec4(0.16f, 0.40f, 0.58f, 1.0f);
  c[ImGuiCol_TabHovered] = ImVec4(0.20f, 0.48f, 0.68f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.20f, 0.24f, 0.31f, 1.0f);
  c[ImGuiCol_TableHeaderBg] = ImVec4(0.16f, 0.18f, 0.23f, 1.0f);
  c[ImGuiCol_CheckMark] = ImGui::ColorConvertU32ToFloat4(colours::selected);
  style.ScaleAllSizes(scale);

  const char* sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  const char* mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
  Fonts fonts;
  fonts.regular = add_font(sans, 16.0f * scale);
  fonts.mono = add_font(mono, 15.0f * scale);
  fonts.large = add_font(sans, 24.0f * scale);
  return fonts;
}

}  // namespace typelattice::gui
