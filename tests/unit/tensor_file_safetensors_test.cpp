// safetensors headers read into an index: files are built byte by byte here from the format's description,
// and every expected offset comes from how the file was built.
#include <gtest/gtest.h>

#include <string>

#include "tests/unit/tensor_file_builders.h"
#include "typelattice/tensor_file.h"

namespace {

using namespace tensor_test;
using typelattice::TensorDtype;
using typelattice::TensorFileKind;

using tensor_test::has;

// The absolute file offset of the first occurrence of `part` in a JSON header (the JSON starts at byte 8).
std::string byte_of(const std::string& json, const std::string& part) {
  return "(at byte " + std::to_string(8 + json.find(part)) + ")";
}

const std::string kTwoTensors =
    R"({"b": {"dtype": "BF16", "shape": [4], "data_offsets": [24, 32]},)"
    R"( "__metadata__": {"format": "pt", "note": "x"},)"
    R"( "a": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]}})";

TEST(TensorFileSafetensors, ReadsTwoTensorsSortedByOffsetWithMetadata) {
  const Bytes file = safetensors_file(kTwoTensors, filled(32));
  const std::uint64_t data_start = 8 + kTwoTensors.size();
  auto header = typelattice::tensor_file_header_bytes(std::span(file.data(), 16), file.size());
  ASSERT_TRUE(header.ok()) << header.error().message;
  EXPECT_EQ(*header, data_start);
  auto index = index_of(file);
  ASSERT_TRUE(index.ok()) << index.error().message;
  EXPECT_EQ(index->kind, TensorFileKind::safetensors);
  ASSERT_EQ(index->tensors.size(), 2U);
  const auto& a = index->tensors[0];
  const auto& b = index->tensors[1];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.dtype, TensorDtype::f32);
  EXPECT_EQ(a.shape, (std::vector<std::uint64_t>{2, 3}));
  EXPECT_EQ(a.begin, data_start);
  EXPECT_EQ(a.end, data_start + 24);
  EXPECT_FALSE(a.fortran_order);
  EXPECT_EQ(b.name, "b");
  EXPECT_EQ(b.dtype, TensorDtype::bf16);
  EXPECT_EQ(b.shape, (std::vector<std::uint64_t>{4}));
  EXPECT_EQ(b.begin, data_start + 24);
  EXPECT_EQ(b.end, data_start + 32);
}

TEST(TensorFileSafetensors, AcceptsTrailingSpacePaddingEscapedNamesAndEmptyTensors) {
  const std::string json = R"({"w\u00e9\n": {"dtype": "F16", "shape": [3], "data_offsets": [0, 6]},)"
                           R"( "z": {"dtype": "I32", "shape": [0, 5], "data_offsets": [2, 2]}})";
  const Bytes file = safetensors_file(json, filled(6), 7);
  auto index = index_of(file);
  ASSERT_TRUE(index.ok()) << index.error().message;
  ASSERT_EQ(index->tensors.size(), 2U);
  EXPECT_EQ(index->tensors[0].name, "w\xc3\xa9\n");
  EXPECT_EQ(index->tensors[0].begin, 8 + json.size() + 7);
  EXPECT_EQ(index->tensors[1].begin, index->tensors[1].end);  // no bytes, inside another's range: no overlap
}

TEST(TensorFileSafetensors, AnEmptyObjectIsAnEmptyIndex) {
  for (const std::string json : {"{}", "  { }  ", R"({"__metadata__": {}})"}) {
    auto index = index_of(safetensors_file(json));
    ASSERT_TRUE(index.ok()) << json << ": " << index.error().message;
    EXPECT_TRUE(index->tensors.empty());
  }
}

TEST(TensorFileSafetensors, RefusesHeaderLengthsTheFileCannotHold) {
  Bytes past;
  append_le(past, 1000, 8);
  append_text(past, "{}");
  EXPECT_TRUE(has(error_of(past), "header length 1000 (bytes 0 to 7) runs past the end of the file (2 bytes"))
      << error_of(past);
  Bytes over_limit;
  append_le(over_limit, 100'000'001, 8);
  EXPECT_TRUE(has(error_of(over_limit), "above the format's limit of 100000000 bytes")) << error_of(over_limit);
  Bytes huge;
  append_le(huge, std::uint64_t{1} << 63, 8);
  append_text(huge, "{}");
  EXPECT_TRUE(has(error_of(huge), "9223372036854775808")) << error_of(huge);
  EXPECT_TRUE(has(error_of(Bytes{1, 2, 3}), "the file is 3 bytes: too short")) << error_of(Bytes{1, 2, 3});
}

TEST(TensorFileSafetensors, RefusesTextThatIsNotUtf8OrNotJson) {
  const std::string bad_utf8 = "{\"a\xff\": {}}";
  EXPECT_EQ(error_of(safetensors_file(bad_utf8)), "the safetensors header is not valid UTF-8 (at byte 11)");
  const std::string surrogate = "{\"\xed\xa0\x80\": {}}";  // UTF-8 of U+D800 is not valid UTF-8
  EXPECT_TRUE(has(error_of(safetensors_file(surrogate)), "not valid UTF-8 (at byte 10)"));
  EXPECT_TRUE(has(error_of(safetensors_file("hello")), "(at byte 8)")) << error_of(safetensors_file("hello"));
  EXPECT_TRUE(has(error_of(safetensors_file("")), "end of the header")) << error_of(safetensors_file(""));
  const std::string garbage = "{} x";
  EXPECT_EQ(error_of(safetensors_file(garbage)), "unexpected 'x' after the header's JSON object (at byte 11)");
  const std::string trailing_comma = R"({"__metadata__": {},})";
  EXPECT_TRUE(has(error_of(safetensors_file(trailing_comma)),
                  "expected a tensor name in double quotes (at byte " + std::to_string(8 + trailing_comma.size() - 1) + ")"))
      << error_of(safetensors_file(trailing_comma));
}

TEST(TensorFileSafetensors, DeepNestingIsAnErrorNotARecursion) {
  const std::string deep_top = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_TRUE(has(error_of(safetensors_file(deep_top)), "(at byte 8)"));
  const std::string deep_tensor = "{\"a\": " + std::string(65, '{') + std::string(65, '}') + "}";
  EXPECT_TRUE(has(error_of(safetensors_file(deep_tensor)), "tensor 'a': ")) << error_of(safetensors_file(deep_tensor));
  const std::string deep_shape = R"({"a": {"dtype": "F32", "shape": )" + std::string(70, '[') + "]";
  EXPECT_TRUE(has(error_of(safetensors_file(deep_shape)), "tensor 'a': shape: an entry is not a non-negative integer"))
      << error_of(safetensors_file(deep_shape));
  const std::string deep_metadata = R"({"__metadata__": {"k": )" + std::string(70, '{');
  EXPECT_TRUE(has(error_of(safetensors_file(deep_metadata)), "\"__metadata__\": the value of 'k' is not a string"))
      << error_of(safetensors_file(deep_metadata));
}

TEST(TensorFileSafetensors, RefusesMetadataThatIsNotAnObjectOfStrings) {
  const std::string array = R"({"__metadata__": [1]})";
  EXPECT_EQ(error_of(safetensors_file(array)), "\"__metadata__\": not an object of strings " + byte_of(array, "[1]"));
  const std::string number = R"({"__metadata__": {"k": 1}})";
  EXPECT_EQ(error_of(safetensors_file(number)),
            "\"__metadata__\": the value of 'k' is not a string " + byte_of(number, "1"));
}

const std::string kTensorA = R"("a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]})";

TEST(TensorFileSafetensors, RefusesDuplicateNamesAndUnknownOrMissingKeys) {
  const std::string twice = "{" + kTensorA + ", " + kTensorA + "}";
  EXPECT_EQ(error_of(safetensors_file(twice, filled(8))),
            "tensor 'a': the name appears twice (at byte " + std::to_string(8 + 2 + kTensorA.size() + 1) + ")");
  const std::string extra = R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8], "foo": 1}})";
  const std::string e = error_of(safetensors_file(extra, filled(8)));
  EXPECT_TRUE(has(e, "tensor 'a': unknown key \"foo\"") && has(e, byte_of(extra, "\"foo\""))) << e;
  const std::string missing = R"({"a": {"dtype": "F32", "data_offsets": [0, 8]}})";
  EXPECT_EQ(error_of(safetensors_file(missing, filled(8))), "tensor 'a': no \"shape\" " + byte_of(missing, "{\"dtype"));
  const std::string repeated = R"({"a": {"dtype": "F32", "dtype": "F32"}})";
  EXPECT_EQ(error_of(safetensors_file(repeated)),
            "tensor 'a': \"dtype\" appears twice (at byte " + std::to_string(8 + repeated.rfind("\"dtype\"")) + ")");
  const std::string number = R"({"a": 5})";
  EXPECT_TRUE(has(error_of(safetensors_file(number)), "tensor 'a': expected an object")
              && has(error_of(safetensors_file(number)), byte_of(number, "5")));
}

TEST(TensorFileSafetensors, RefusesUnknownDtypesListingTheKnownOnes) {
  const std::string json = R"({"a": {"dtype": "F4", "shape": [2], "data_offsets": [0, 1]}})";
  EXPECT_EQ(error_of(safetensors_file(json, filled(1))),
            "tensor 'a': unknown dtype \"F4\" " + byte_of(json, "\"F4\"") +
                "; known: F64, F32, F16, BF16, F8_E4M3, F8_E5M2, F8_E8M0, I8, U8, I16, I32");
  const std::string not_string = R"({"a": {"dtype": 4, "shape": [2], "data_offsets": [0, 1]}})";
  EXPECT_TRUE(has(error_of(safetensors_file(not_string)), "tensor 'a': dtype is not a string " + byte_of(not_string, "4")));
}

std::string with_shape(const std::string& shape, const std::string& offsets = "[0, 8]") {
  return R"({"a": {"dtype": "F32", "shape": )" + shape + R"(, "data_offsets": )" + offsets + "}}";
}

TEST(TensorFileSafetensors, RefusesShapesThatAreNotNonNegativeIntegers) {
  for (const std::string shape : {"[-1]", "[1.5]", "[2e0]", "[\"2\"]", "[[2]]", "[02]", "[true]", "[null]", "2"}) {
    const std::string json = with_shape(shape);
    const std::string e = error_of(safetensors_file(json, filled(8)));
    EXPECT_TRUE(has(e, "tensor 'a': shape")) << shape << ": " << e;
    EXPECT_TRUE(has(e, "(at byte ")) << shape << ": " << e;
  }
  EXPECT_TRUE(has(error_of(safetensors_file(with_shape("[18446744073709551616]"))), "an entry is past 2^64 - 1"));
  const std::string overflow = with_shape("[4294967296, 4294967297]");
  EXPECT_EQ(error_of(safetensors_file(overflow, filled(8))),
            "tensor 'a': shape [4294967296, 4294967297] " + byte_of(overflow, "[4294967296") +
                " has more than 2^64 - 1 elements");
}

TEST(TensorFileSafetensors, RefusesDataOffsetsOutsideTheDataOrOfTheWrongSize) {
  for (const std::string offsets : {"[0]", "[0, 4, 8]", "[]", "0", "[0, -8]"}) {
    const std::string e = error_of(safetensors_file(with_shape("[2]", offsets), filled(8)));
    EXPECT_TRUE(has(e, "tensor 'a': data_offsets")) << offsets << ": " << e;
  }
  const std::string backwards = with_shape("[2]", "[8, 0]");
  EXPECT_EQ(error_of(safetensors_file(backwards, filled(8))),
            "tensor 'a': data_offsets [8, 0) " + byte_of(backwards, "[8, 0]") + ": begin is after end");
  const std::string past = with_shape("[2]", "[4, 12]");
  EXPECT_EQ(error_of(safetensors_file(past, filled(8))),
            "tensor 'a': data_offsets [4, 12) end past the file (its data section holds 8 bytes, from byte " +
                std::to_string(8 + past.size()) + ")");
  // Exact 64-bit integers: the largest end is kept as written, not rounded through a double.
  const std::string largest = with_shape("[2]", "[0, 18446744073709551615]");
  EXPECT_TRUE(has(error_of(safetensors_file(largest, filled(8))), "[0, 18446744073709551615) end past the file"));
  const std::string wrong_size = with_shape("[2, 3]", "[0, 20]");
  EXPECT_EQ(error_of(safetensors_file(wrong_size, filled(20))),
            "tensor 'a': data_offsets [0, 20) " + byte_of(wrong_size, "[0, 20]") +
                " holds 20 bytes, but shape [2, 3] of F32 needs 24");
}

TEST(TensorFileSafetensors, RefusesOverlappingTensors) {
  const std::string json = R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},)"
                           R"( "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}})";
  const std::uint64_t d = 8 + json.size();
  EXPECT_EQ(error_of(safetensors_file(json, filled(12))),
            "tensor 'b': file bytes [" + std::to_string(d + 4) + ", " + std::to_string(d + 12) + ") overlap tensor 'a' (file bytes [" +
                std::to_string(d) + ", " + std::to_string(d + 8) + "))");
  const std::string inside = R"({"a": {"dtype": "U8", "shape": [10], "data_offsets": [0, 10]},)"
                             R"( "b": {"dtype": "U8", "shape": [2], "data_offsets": [6, 8]},)"
                             R"( "c": {"dtype": "U8", "shape": [1], "data_offsets": [9, 10]}})";
  EXPECT_TRUE(has(error_of(safetensors_file(inside, filled(10))), "tensor 'b': file bytes")) << error_of(safetensors_file(inside, filled(10)));
}

TEST(TensorFileSafetensors, EveryTruncationIsAnErrorNamingTheCutTensorOnceTheHeaderIsWhole) {
  const Bytes file = safetensors_file(kTwoTensors, filled(32));
  const std::size_t header = 8 + kTwoTensors.size();
  for (std::size_t size = 0; size < file.size(); ++size) {
    const Bytes cut(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(size));
    auto r = index_of(cut);
    ASSERT_FALSE(r.ok()) << size;
    if (size >= header) {
      const std::string cut_tensor = size < header + 24 ? "tensor 'a': " : "tensor 'b': ";
      EXPECT_TRUE(r.error().message.starts_with(cut_tensor) && has(r.error().message, "end past the file"))
          << size << ": " << r.error().message;
    }
  }
}

}  // namespace
