#include "core/base/assets.h"

namespace typelattice {

std::optional<std::string> embedded_asset(std::string_view name) {
  const std::span<const std::string_view> words = detail::packed_asset_words();
  for (const detail::PackedAsset& asset : detail::packed_assets()) {
    if (asset.name != name) continue;
    std::string text;
    for (const char c : asset.packed_text) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte < 0x80) text += c;
      else if (byte - 0x80u < words.size()) text += words[byte - 0x80u];
    }
    return text;
  }
  return std::nullopt;
}

std::vector<std::string_view> embedded_asset_names() {
  std::vector<std::string_view> names;
  for (const detail::PackedAsset& asset : detail::packed_assets()) names.push_back(asset.name);
  return names;
}

}  // namespace typelattice
