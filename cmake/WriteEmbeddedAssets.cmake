# Script mode: writes OUT, a C++ file defining typelattice::embedded_asset() over FILES.
string(REPLACE "|" ";" FILES "${FILES}")
list(LENGTH FILES count)
set(body "// Generated from assets/ by cmake/WriteEmbeddedAssets.cmake; do not edit.\n#include \"core/base/assets.h\"\n\n#include <array>\n\nnamespace typelattice {\nnamespace {\nstruct Entry { std::string_view name; std::string_view text; };\nconstexpr std::array<Entry, ${count}> kAssets{{\n")
foreach(f IN LISTS FILES)
  get_filename_component(parent ${f} DIRECTORY)
  get_filename_component(folder ${parent} NAME)
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  # Whole-line comments (sources, choices: for the people reading assets/) are dropped: every reader skips them,
  # and they were 1.8 KB of the gzipped wasm module, which has a size budget (scripts/page-size.mjs).
  string(REGEX REPLACE "(^|\n)#[^\n]*" "\\1" text "${text}")
  string(REGEX REPLACE "\n\n+" "\n" text "${text}")  # and the blank lines they leave
  string(REGEX REPLACE "^\n+" "" text "${text}")
  # Raw strings with a delimiter no asset uses; MSVC's 16 KB literal limit does not apply to gcc/clang/emcc.
  string(APPEND body "  {\"${folder}/${name}\", R\"TL_ASSET(${text})TL_ASSET\"},\n")
endforeach()
string(APPEND body "}};\n}  // namespace\n\nstd::optional<std::string_view> embedded_asset(std::string_view name) {\n  for (const Entry& e : kAssets)\n    if (e.name == name) return e.text;\n  return std::nullopt;\n}\n\nstd::vector<std::string_view> embedded_asset_names() {\n  std::vector<std::string_view> names;\n  for (const Entry& e : kAssets) names.push_back(e.name);\n  return names;\n}\n\n}  // namespace typelattice\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
