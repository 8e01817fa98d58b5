#include "app/gui/text_input.h"

namespace typelattice::gui {
namespace {

// ImGui asks for a larger buffer (ImGuiInputTextFlags_CallbackResize) before it writes past the one it was given:
// the string grows to the length asked for and ImGui continues in its new storage.
int grow(ImGuiInputTextCallbackData* data) {
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto& text = *static_cast<std::string*>(data->UserData);
    text.resize(static_cast<std::size_t>(data->BufTextLen));
    data->Buf = text.data();
  }
  return 0;
}

}  // namespace

bool input_text(const char* label, std::string& text, ImGuiInputTextFlags flags) {
  return ImGui::InputText(label, text.data(), text.capacity() + 1, flags | ImGuiInputTextFlags_CallbackResize, grow,
                          &text);
}

bool input_text_with_hint(const char* label, const char* hint, std::string& text, ImGuiInputTextFlags flags) {
  return ImGui::InputTextWithHint(label, hint, text.data(), text.capacity() + 1,
                                  flags | ImGuiInputTextFlags_CallbackResize, grow, &text);
}

}  // namespace typelattice::gui
