// Text fields over a std::string that grows as the user types or pastes, so that a field holds whatever the CLI
// takes (a long --operands expression, a long value list) instead of a copy cut at a fixed buffer size.
#pragma once
#include <imgui.h>

#include <string>

namespace typelattice::gui {

bool input_text(const char* label, std::string& text, ImGuiInputTextFlags flags = 0);
bool input_text_with_hint(const char* label, const char* hint, std::string& text, ImGuiInputTextFlags flags = 0);

}  // namespace typelattice::gui
