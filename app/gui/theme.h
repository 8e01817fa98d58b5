// Colours, fonts and sizes of the app in one place, so every panel (and the headless probes that tests sample)
// agree on what "selected" or "join" looks like.
#pragma once
#include <imgui.h>

#include <string>

#include "typelattice/dtype.h"
#include "typelattice/minifloat.h"
#include "typelattice/tapered_formats.h"

namespace typelattice::gui {

namespace colours {
inline constexpr ImU32 background = IM_COL32(24, 27, 34, 255);
inline constexpr ImU32 grid_line = IM_COL32(40, 45, 56, 255);
inline constexpr ImU32 text = IM_COL32(230, 233, 240, 255);
inline constexpr ImU32 text_dim = IM_COL32(150, 158, 175, 255);
inline constexpr ImU32 text_on_bright = IM_COL32(16, 18, 24, 255);
inline constexpr ImU32 edge = IM_COL32(110, 120, 140, 200);
inline constexpr ImU32 edge_path = IM_COL32(251, 191, 36, 255);
// The two colours a user looks for: what they picked, and where it promotes to.
inline constexpr ImU32 selected = IM_COL32(56, 189, 248, 255);
inline constexpr ImU32 join = IM_COL32(251, 191, 36, 255);
inline constexpr ImU32 error = IM_COL32(248, 113, 113, 255);
inline constexpr ImU32 counterexample = IM_COL32(232, 121, 249, 255);  // a pair without a unique join
inline constexpr ImU32 ok = IM_COL32(74, 222, 128, 255);
inline constexpr ImU32 differs = IM_COL32(154, 52, 18, 255);
inline constexpr ImU32 missing = IM_COL32(55, 60, 72, 255);
// Bit fields.
inline constexpr ImU32 sign = IM_COL32(225, 80, 110, 255);
inline constexpr ImU32 exponent = IM_COL32(45, 170, 150, 255);
inline constexpr ImU32 mantissa = IM_COL32(150, 110, 230, 255);  // a posit's fraction too
inline constexpr ImU32 regime = IM_COL32(230, 150, 50, 255);     // a posit's regime run and its terminator
inline constexpr ImU32 dot = IM_COL32(70, 140, 235, 255);        // HiFloat8's dot field (the exponent's width)
inline constexpr ImU32 bit_clear = IM_COL32(44, 49, 60, 255);
}  // namespace colours

// Muted fills, one per kind of dtype, darker than the selection colours so those stand out.
ImU32 kind_colour(DtypeKind kind);
ImU32 category_colour(Category category);
ImU32 tapered_category_colour(TaperedCategory category);
ImU32 field_colour(std::string_view field_name);  // sign, exponent, mantissa; also regime, dot and fraction
// "#rrggbb", for the headless probes.
std::string hex_colour(ImU32 colour);

struct Fonts {
  ImFont* regular = nullptr;
  ImFont* mono = nullptr;
  ImFont* large = nullptr;
};

// Loads DejaVu (when installed) at a readable size times `scale`, else ImGui's built-in font; styles ImGui.
Fonts setup_style(float scale);

}  // namespace typelattice::gui
