// Built-in data files from assets/ (lattices, comparison tables), compiled in as text.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

namespace typelattice {

// name is "folder/file", e.g. "tables/torch.csv"; nullopt when no such asset was embedded.
std::optional<std::string_view> embedded_asset(std::string_view name);
std::vector<std::string_view> embedded_asset_names();

}  // namespace typelattice
