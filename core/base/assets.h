// Built-in data files from assets/ (lattices, comparison tables), compiled in.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace typelattice {

// name is "folder/file", e.g. "tables/torch.csv": the file's text without its whole-line comments; nullopt when no
// such asset was embedded.
std::optional<std::string> embedded_asset(std::string_view name);
std::vector<std::string_view> embedded_asset_names();

namespace detail {
// The generated file (cmake/WriteEmbeddedAssets.cmake) stores each text packed: a byte 0x80 + i stands for
// packed_asset_words()[i].
struct PackedAsset {
  std::string_view name;
  std::string_view packed_text;
};
std::span<const PackedAsset> packed_assets();
std::span<const std::string_view> packed_asset_words();
}  // namespace detail

}  // namespace typelattice
