// The one name table: every spelling of a dtype parses to it, a format is found from its dtype, and every parser
// answers an unknown name with the same "did you mean" error, in bounded time and memory whatever the input.
#include <gtest/gtest.h>

#include <string>

#include "typelattice/closest_names.h"
#include "typelattice/dtype.h"
#include "typelattice/graph_join.h"
#include "typelattice/minifloat.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;

std::vector<std::string> words(std::string_view list) {
  std::vector<std::string> out;
  std::string word;
  for (char c : std::string(list) + " ") {
    if (c != ' ') word += c;
    else if (!word.empty()) out.push_back(std::exchange(word, {}));
  }
  return out;
}

TEST(NameTable, EveryAliasAndOnnxNameParsesToItsDtype) {
  for (const DtypeInfo& info : all_dtypes()) {
    for (const std::string& alias : words(info.aliases)) {
      const Result<Dtype> r = parse_dtype(alias);
      ASSERT_TRUE(r.ok()) << alias;
      EXPECT_EQ(*r, info.id) << alias;
    }
    // ONNX's FLOAT is Python's float (the weak float) as a dtype; as a format it is float32 (below).
    if (!info.onnx_name.empty() && info.onnx_name != "FLOAT") {
      EXPECT_EQ(*parse_dtype(info.onnx_name), info.id);
    }
  }
  EXPECT_EQ(*parse_dtype("FLOAT"), Dtype::weak_float);
}

TEST(NameTable, EveryFormatIsFoundFromItsDtypeAndTakesItsNames) {
  for (int i = 0; i < kFormatCount; ++i) {
    const Format f = static_cast<Format>(i);
    const FormatSpec& spec = format_spec(f);
    const DtypeInfo& info = dtype_info(*spec.dtype);
    EXPECT_EQ(format_of(*spec.dtype), f) << spec.name;
    EXPECT_EQ(spec.name, info.name);
    EXPECT_EQ(spec.onnx_name, info.onnx_name);
    for (const std::string& alias : words(info.aliases)) EXPECT_EQ(*parse_format(alias), f) << alias;
    if (!info.onnx_name.empty()) {
      EXPECT_EQ(*parse_format(info.onnx_name), f) << info.onnx_name;
    }
    if (!info.short_code.empty()) {
      EXPECT_EQ(*parse_format(info.short_code), f) << info.short_code;
    }
  }
  int with_format = 0;
  for (const DtypeInfo& info : all_dtypes()) with_format += format_of(info.id).has_value() ? 1 : 0;
  EXPECT_EQ(with_format, kFormatCount);  // one format per dtype at most
  EXPECT_EQ(format_of(Dtype::float64), std::nullopt);
  EXPECT_EQ(format_of(Dtype::int8), std::nullopt);
  EXPECT_EQ(*parse_format("float"), Format::float32);  // ONNX's FLOAT, lower-cased
  const Result<Format> weak = parse_format("int");    // a dtype (Python's int) with no format
  ASSERT_FALSE(weak.ok());
  EXPECT_TRUE(weak.error().message.starts_with("unknown format 'int'; did you mean ")) << weak.error().message;
}

TEST(NameTable, EveryParserGivesTheSameUnknownNameError) {
  const Lattice lattice = std::move(Lattice::from_graph({{"alpha", "beta"}, {{"alpha", "beta"}}})).value();
  const std::pair<Error, std::string> cases[] = {
      {parse_dtype("flaot16").error(), "unknown dtype 'flaot16'; did you mean float16, "},
      {parse_format("flaot16").error(), "unknown format 'flaot16'; did you mean float16, "},
      {parse_system("nupmy").error(), "unknown promotion system 'nupmy'; did you mean numpy?"},
      {parse_mode("strcit").error(), "unknown promotion mode 'strcit'; did you mean strict?"},
      {find_node(lattice, "alpah").error(), "unknown node 'alpah'; did you mean alpha"},
  };
  for (const auto& [error, prefix] : cases) {
    EXPECT_EQ(error.kind, ErrorKind::unknown_name);
    EXPECT_TRUE(error.message.starts_with(prefix)) << error.message;
    ASSERT_FALSE(error.suggestions.empty()) << error.message;
    EXPECT_NE(error.message.find(error.suggestions.back() + "?"), std::string::npos) << error.message;
  }
  const Result<Lattice> bad_edge = Lattice::from_graph({{"int8", "int16"}, {{"int8", "int61"}}});
  ASSERT_FALSE(bad_edge.ok());
  EXPECT_EQ(bad_edge.error().message, "edge [\"int8\", \"int61\"] names unknown node 'int61'; did you mean int16?");
}

TEST(NameTable, APartOfANameSuggestsTheNamesContainingIt) {
  const std::vector<std::string> s = parse_format("e4m3").error().suggestions;
  ASSERT_EQ(s.size(), 3U);
  for (const std::string& name : s) EXPECT_NE(name.find("e4m3"), std::string::npos) << name;
  // A one-letter typo still ranks above a name that merely contains the text.
  EXPECT_EQ(parse_dtype("float8_e4m3f").error().suggestions.at(2), "float8_e4m3fnuz");
}

TEST(NameTable, AMegabyteNameIsRefusedWithoutEchoingIt) {
  const std::string huge(1 << 20, 'x');
  const std::string expected = "the name given is 1048576 characters long; names are at most 256";
  const Error errors[] = {parse_dtype(huge).error(), parse_format(huge).error(), parse_system(huge).error(),
                          parse_mode(huge).error()};
  for (const Error& e : errors) {
    EXPECT_EQ(e.kind, ErrorKind::unknown_name);
    EXPECT_NE(e.message.find(expected), std::string::npos) << e.message.substr(0, 200);
    EXPECT_EQ(e.message.find(huge.substr(0, 64)), std::string::npos) << e.message.substr(0, 200);
    EXPECT_LT(e.message.size(), 400U);  // the valid names (17 systems) and no echo of the given one
    EXPECT_TRUE(e.suggestions.empty());
  }
  // Just over the limit is refused; at the limit the name is compared (and echoed) as usual.
  EXPECT_TRUE(parse_dtype(std::string(kMaxNameLength + 1, 'f')).error().suggestions.empty());
  EXPECT_FALSE(parse_dtype(std::string(kMaxNameLength, 'f')).error().suggestions.empty());
}

TEST(NameTable, ClosestNamesComparesBoundedPrefixes) {
  // A megabyte on either side is compared on its first kComparedNameLength characters only.
  const std::string long_float = "float16" + std::string(1 << 20, 'z');
  const std::vector<std::string_view> candidates{"int8", "float16", long_float};
  EXPECT_EQ(closest_names(long_float, candidates, 1), std::vector<std::string>{long_float});
  EXPECT_EQ(closest_names("float61", candidates, 1), std::vector<std::string>{"float16"});
  const std::string typo_then_noise = "flaot16" + std::string(kComparedNameLength, 'q');
  EXPECT_EQ(closest_names(typo_then_noise, std::vector<std::string_view>{"int8", "float16"}, 1),
            std::vector<std::string>{"float16"});
}

}  // namespace
