# Script mode: writes OUT, a C++ file with the texts of FILES packed for core/base/assets.cpp, which unpacks them.
# Packing: each word of kWords below becomes one byte, 0x80 + its index (the assets are ASCII, so no byte of theirs
# is one of these). The dtype names, " -> " and the cells are most of the tables' and lattices' bytes: packed, they
# are 13.6 KB less raw wasm, which keeps every .wasm under webpack's default asset size hint (tests/bundlers).
string(REPLACE "|" ";" FILES "${FILES}")
list(LENGTH FILES count)
# Longest first, so that a word inside a longer one (float16 in bfloat16) does not split it.
set(kWords
  float8_e4m3b11fnuz float8_e4m3fnuz float8_e5m2fnuz float8_e8m0fnu float8_e4m3fn float6_e3m2fn float6_e2m3fn
  float4_e2m1fn float8_e5m2 float8_e4m3 float8_e3m4 complex128 complex64 complex32 bfloat16 float16 float32
  float64 lattice uint16 uint32 uint64 Option partial uint8 uint4 uint2 uint1 int16 int32 int64 nodes title
  int8 int4 int2 int1 bool " -> "
  # The tables' cells, each with the comma before it: after the names, most of the tables' bytes.
  ,c16 ,b1 ,u1 ,u2 ,u4 ,u8 ,i1 ,i2 ,i4 ,i8 ,bf ,f2 ,f4 ,f8 ,c8 ,i* ,f* ,c* ,-)
list(LENGTH kWords word_count)
if(word_count GREATER 128)
  message(FATAL_ERROR "WriteEmbeddedAssets.cmake: at most 128 words pack into one byte each")
endif()

set(body "// Generated from assets/ by cmake/WriteEmbeddedAssets.cmake; do not edit.\n#include \"core/base/assets.h\"\n\n#include <array>\n\nnamespace typelattice::detail {\nnamespace {\nconstexpr std::array<std::string_view, ${word_count}> kWords{\n")
foreach(word IN LISTS kWords)
  string(APPEND body "    \"${word}\",\n")
endforeach()
string(APPEND body "};\nconstexpr std::array<PackedAsset, ${count}> kAssets{{\n")
foreach(f IN LISTS FILES)
  get_filename_component(parent ${f} DIRECTORY)
  get_filename_component(folder ${parent} NAME)
  get_filename_component(name ${f} NAME)
  file(READ ${f} text)
  string(REGEX MATCH "[^\n -~]" not_ascii "${text}")
  if(NOT not_ascii STREQUAL "")
    message(FATAL_ERROR "${f}: only printable ASCII and newlines can be embedded (a byte of 0x80 or more is a packed word)")
  endif()
  # Whole-line comments (sources, choices: for the people reading assets/) are dropped: every reader skips them,
  # and they were 1.8 KB of the gzipped wasm module, which has a size budget (scripts/page-size.mjs).
  string(REGEX REPLACE "(^|\n)#[^\n]*" "\\1" text "${text}")
  string(REGEX REPLACE "\n\n+" "\n" text "${text}")  # and the blank lines they leave
  string(REGEX REPLACE "^\n+" "" text "${text}")
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  set(index 0)
  foreach(word IN LISTS kWords)
    # 0x80 + index as an octal escape, which never takes a following digit into the byte (at most three digits).
    math(EXPR high "${index} / 8")
    math(EXPR low "${index} % 8")
    if(index LESS 64)
      string(REPLACE "${word}" "\\2${high}${low}" text "${text}")
    else()
      math(EXPR high "${high} - 8")
      string(REPLACE "${word}" "\\3${high}${low}" text "${text}")
    endif()
    math(EXPR index "${index} + 1")
  endforeach()
  string(REPLACE "\n" "\\n\"\n     \"" text "${text}")
  string(APPEND body "  {\"${folder}/${name}\",\n     \"${text}\"},\n")
endforeach()
string(APPEND body "}};\n}  // namespace\n\nstd::span<const PackedAsset> packed_assets() { return kAssets; }\nstd::span<const std::string_view> packed_asset_words() { return kWords; }\n\n}  // namespace typelattice::detail\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
