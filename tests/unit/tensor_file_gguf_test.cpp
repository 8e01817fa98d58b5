// GGUF v3 headers read into an index: files are built byte by byte here (tensor_file_gguf_builder.h) from the
// format's description, and every expected offset comes from how the file was built.
#include <gtest/gtest.h>

#include <string>

#include "tests/unit/tensor_file_gguf_builder.h"
#include "typelattice/tensor_file.h"

namespace {

using namespace tensor_test;
using typelattice::TensorDtype;
using typelattice::TensorFileKind;

using tensor_test::has;

// ggml type numbers
constexpr std::uint32_t kTypeF32 = 0, kTypeF16 = 1, kTypeQ8_0 = 8, kTypeIQ2_XXS = 16;

Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}
Bytes gguf_string(const std::string& s) {
  Bytes out;
  append_gguf_string(out, s);
  return out;
}
// An array value: element type, count, the elements' bytes.
Bytes array_of(std::uint32_t type, std::uint64_t count, const Bytes& elements) {
  return concat({value_le(type, 4), value_le(count, 8), elements});
}
// An array nested `levels` deep: arrays of one array ... of one u8.
Bytes nested(int levels) {
  return levels == 1 ? array_of(kU8, 1, {7}) : array_of(kArray, 1, nested(levels - 1));
}

// Metadata of every value type, alignment 64, then F32 "a" (ne [3, 2]), F16 "b" (ne [4]) and IQ2_XXS "q" (ne [256, 2],
// two 66-byte blocks) placed at 0, 64 and 128 of the data section; "q" ends the file.
GgufBuilder every_value_type_file() {
  GgufBuilder g;
  g.alignment = 64;
  g.kv("general.architecture", kString, gguf_string("llama"))
      .kv("u8", kU8, {200})
      .kv("i8", kI8, {0x80})
      .kv("u16", kU16, value_le(65535, 2))
      .kv("i16", kI16, value_le(0x8000, 2))
      .kv("general.alignment", kU32, value_le(64, 4))
      .kv("i32", kI32, value_le(0xffffffff, 4))
      .kv("f32", kF32, value_le(0x3f800000, 4))
      .kv("bool", kBool, {1})
      .kv("u64", kU64, value_le(~0ULL, 8))
      .kv("i64", kI64, value_le(1, 8))
      .kv("f64", kF64, value_le(0x3ff0000000000000ULL, 8))
      .kv("bytes", kArray, array_of(kU8, 3, {1, 2, 3}))
      .kv("bools", kArray, array_of(kBool, 2, {0, 1}))
      .kv("tokens", kArray, array_of(kString, 2, concat({gguf_string("<s>"), gguf_string("\xc3\xa9")})))
      .kv("pairs", kArray, array_of(kArray, 2, concat({array_of(kI32, 1, value_le(5, 4)), array_of(kF64, 0, {})})))
      .kv("deep", kArray, nested(3));
  g.tensor("a", {3, 2}, kTypeF32, 0).tensor("b", {4}, kTypeF16, 64).tensor("q", {256, 2}, kTypeIQ2_XXS, 128);
  g.data = filled(128 + 2 * 66, 0x11);
  return g;
}

TEST(TensorFileGguf, ReadsSupportedTensorsAndListsQuantizedOnesAsUnsupported) {
  const GgufBuilder g = every_value_type_file();
  const Bytes file = g.file();
  const std::uint64_t data_start = g.data_start();
  ASSERT_EQ(data_start % 64, 0U);
  auto guess = typelattice::tensor_file_header_bytes(std::span(file.data(), 16), file.size());
  ASSERT_TRUE(guess.ok()) << guess.error().message;
  EXPECT_EQ(*guess, file.size());  // below 1 MiB the first guess is the whole file
  auto index = gguf_index_of(file);
  ASSERT_TRUE(index.ok()) << index.error().message;
  EXPECT_EQ(index->kind, TensorFileKind::gguf);
  EXPECT_EQ(typelattice::tensor_file_kind_name(index->kind), "gguf");
  ASSERT_EQ(index->tensors.size(), 2U);
  const auto& a = index->tensors[0];
  const auto& b = index->tensors[1];
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(a.dtype, TensorDtype::f32);
  EXPECT_EQ(a.shape, (std::vector<std::uint64_t>{2, 3}));  // ne reversed: rows of ne[0] = 3
  EXPECT_EQ(a.begin, data_start);
  EXPECT_EQ(a.end, data_start + 24);
  EXPECT_FALSE(a.fortran_order);
  EXPECT_EQ(b.name, "b");
  EXPECT_EQ(b.dtype, TensorDtype::f16);
  EXPECT_EQ(b.shape, (std::vector<std::uint64_t>{4}));
  EXPECT_EQ(b.begin, data_start + 64);
  EXPECT_EQ(b.end, data_start + 72);
  EXPECT_EQ(index->unsupported, (std::vector<std::string>{"q: ggml type IQ2_XXS (16)"}));
}

TEST(TensorFileGguf, GrowsTheHeaderReadUntilItIsWhole) {
  const Bytes file = every_value_type_file().file();
  const std::size_t header_size = every_value_type_file().header().size();
  auto short_need = typelattice::tensor_file_header_need(std::span(file.data(), 24), file.size());
  ASSERT_TRUE(short_need.ok()) << short_need.error().message;
  EXPECT_FALSE(short_need->complete);
  EXPECT_GT(short_need->bytes, 24U);
  auto whole = typelattice::tensor_file_header_need(std::span(file.data(), header_size), file.size());
  ASSERT_TRUE(whole.ok()) << whole.error().message;
  EXPECT_TRUE(whole->complete);
  auto cut = typelattice::tensor_file_header_need(std::span(file.data(), header_size - 1), file.size());
  ASSERT_TRUE(cut.ok()) << cut.error().message;
  EXPECT_FALSE(cut->complete);
  EXPECT_GE(cut->bytes, header_size);
  auto index = gguf_index_of(file, 24);
  ASSERT_TRUE(index.ok()) << index.error().message;
  EXPECT_EQ(index->tensors.size(), 2U);
  auto early = typelattice::read_tensor_file_index(std::span(file.data(), header_size - 1), file.size());
  ASSERT_FALSE(early.ok());
  EXPECT_TRUE(has(early.error().message, "the GGUF header needs at least " + std::to_string(header_size) + " bytes"))
      << early.error().message;
}

TEST(TensorFileGguf, SafetensorsAndNpyAnswerTheNeedFromTheirLength) {
  const Bytes st = safetensors_file("{}");
  auto need = typelattice::tensor_file_header_need(std::span(st.data(), 8), st.size());
  ASSERT_TRUE(need.ok()) << need.error().message;
  EXPECT_FALSE(need->complete);
  EXPECT_EQ(need->bytes, 10U);
  auto whole = typelattice::tensor_file_header_need(st, st.size());
  ASSERT_TRUE(whole.ok());
  EXPECT_TRUE(whole->complete);
}

TEST(TensorFileGguf, RefusesVersionsOtherThanThree) {
  for (std::uint32_t v : {1U, 2U, 4U}) {
    GgufBuilder g;
    g.version = v;
    EXPECT_EQ(gguf_error_of(g.file()), "GGUF version " + std::to_string(v) + " (bytes 4 to 7): only version 3 is read");
  }
  GgufBuilder empty;
  auto index = gguf_index_of(empty.file());
  ASSERT_TRUE(index.ok()) << index.error().message;
  EXPECT_TRUE(index->tensors.empty() && index->unsupported.empty());
}

TEST(TensorFileGguf, RefusesCountsTheFileCannotHold) {
  GgufBuilder tensors;
  tensors.tensor_count = 1'000'000;
  EXPECT_TRUE(has(gguf_error_of(tensors.file()), "tensor count 1000000 (bytes 8 to 15) cannot fit in a file of 32 bytes"))
      << gguf_error_of(tensors.file());
  GgufBuilder kvs;
  kvs.kv_count = ~0ULL;
  EXPECT_TRUE(has(gguf_error_of(kvs.file()), "metadata count 18446744073709551615 (bytes 16 to 23) cannot fit"))
      << gguf_error_of(kvs.file());
  GgufBuilder array;
  array.kv("xs", kArray, array_of(kU32, 1'000'000, value_le(1, 4)));
  EXPECT_EQ(gguf_error_of(array.file()),
            "metadata key 'xs': array count 1000000 (at byte 42) cannot fit in the 14 bytes left in the file");  // 50 to 64: the value and the padding
}

TEST(TensorFileGguf, RefusesStringsPastTheFileOrAboveTheKeyLimit) {
  GgufBuilder long_key;
  long_key.kv_count = 1;
  append_le(long_key.metadata, (1U << 20) + 1, 8);
  EXPECT_EQ(gguf_error_of(long_key.file()),
            "metadata key 0 length 1048577 (at byte 24) is above the limit of 1048576 bytes");
  GgufBuilder past;
  past.kv("name", kString, concat({value_le(100, 8), {'x'}}));
  EXPECT_EQ(gguf_error_of(past.file()),
            "metadata key 'name': string value runs past the end of the file (at byte 48): needs 100 bytes, 16 remain");
  GgufBuilder bad_utf8;
  bad_utf8.kv("k\xff", kU8, {1});
  EXPECT_EQ(gguf_error_of(bad_utf8.file()), "metadata key 0 is not valid UTF-8 (at byte 33)");
}

TEST(TensorFileGguf, RefusesBadValuesNestingAndDuplicateKeys) {
  GgufBuilder deep;
  deep.kv("deep", kArray, nested(4));
  EXPECT_TRUE(has(gguf_error_of(deep.file()), "metadata key 'deep': arrays nested more than 3 deep (at byte"))
      << gguf_error_of(deep.file());
  GgufBuilder very_deep;
  very_deep.kv("deep", kArray, nested(1000));
  EXPECT_TRUE(has(gguf_error_of(very_deep.file()), "nested more than 3 deep")) << gguf_error_of(very_deep.file());
  GgufBuilder twice;
  twice.kv("k", kU8, {1}).kv("k", kU8, {2});
  EXPECT_EQ(gguf_error_of(twice.file()), "metadata key 'k': the key appears twice (at byte 38)");
  GgufBuilder unknown;
  unknown.kv("k", 13, {});
  EXPECT_EQ(gguf_error_of(unknown.file()), "metadata key 'k': unknown value type 13 (at byte 37)");
  GgufBuilder unknown_element;
  unknown_element.kv("k", kArray, array_of(99, 0, {}));
  EXPECT_EQ(gguf_error_of(unknown_element.file()), "metadata key 'k': unknown array element type 99 (at byte 37)");
  GgufBuilder bad_bool;
  bad_bool.kv("k", kArray, array_of(kBool, 2, {1, 2}));
  EXPECT_EQ(gguf_error_of(bad_bool.file()), "metadata key 'k': a bool 2 is neither 0 nor 1 (at byte 50)");
}

TEST(TensorFileGguf, RefusesAlignmentsThatAreNotPowersOfTwo) {
  for (std::uint64_t a : {0U, 48U}) {
    GgufBuilder g;
    g.kv("general.alignment", kU32, value_le(a, 4));
    EXPECT_EQ(gguf_error_of(g.file()), "metadata key 'general.alignment': " + std::to_string(a) + " (at byte 53) is not a power of two");
  }
  GgufBuilder wrong_type;
  wrong_type.kv("general.alignment", kU64, value_le(64, 8));
  EXPECT_EQ(gguf_error_of(wrong_type.file()), "metadata key 'general.alignment': value type 10 (at byte 49) is not u32 (4)");
}

TEST(TensorFileGguf, RefusesBadTensorInfos) {
  GgufBuilder names;
  names.tensor("t", {1}, kTypeF32, 0).tensor("t", {1}, kTypeF32, 32);
  names.data = filled(36);
  EXPECT_EQ(gguf_error_of(names.file()), "tensor 't': the name appears twice (at byte 57)");
  GgufBuilder dims;
  dims.tensor("t", {1, 1, 1, 1, 1}, kTypeF32, 0);
  dims.data = filled(4);
  EXPECT_EQ(gguf_error_of(dims.file()), "tensor 't': n_dims 5 (at byte 33) is above 4");
  GgufBuilder overflow;
  overflow.tensor("t", {1ULL << 32, 1ULL << 32}, kTypeF32, 0);
  EXPECT_EQ(gguf_error_of(overflow.file()), "tensor 't': ne [4294967296, 4294967296] (at byte 24) has more than 2^64 - 1 elements");
  GgufBuilder bytes_overflow;
  bytes_overflow.tensor("t", {1ULL << 62}, kTypeF32, 0);
  EXPECT_TRUE(has(gguf_error_of(bytes_overflow.file()), "needs more than 2^64 - 1 bytes")) << gguf_error_of(bytes_overflow.file());
  GgufBuilder type;
  type.tensor("t", {1}, 4, 0);
  EXPECT_EQ(gguf_error_of(type.file()), "tensor 't': unknown ggml type 4 (at byte 45)");
  GgufBuilder blocks;
  blocks.tensor("t", {100}, kTypeQ8_0, 0);
  blocks.data = filled(136);
  EXPECT_EQ(gguf_error_of(blocks.file()), "tensor 't': ne[0] = 100 is not a multiple of Q8_0's block of 32 (at byte 24)");
}

TEST(TensorFileGguf, ReadsBf16AndScalarsAndListsIntegerTypesAsUnsupported) {
  GgufBuilder g;
  g.tensor("s", {}, 30, 0).tensor("i", {2, 2}, 26, 32).tensor("e", {0, 3}, kTypeF32, 64);
  g.data = filled(64);  // the scalar's 2 bytes at 0, I32's 16 at 32; the empty tensor takes none, at the end
  const std::uint64_t data_start = g.data_start();
  auto index = gguf_index_of(g.file());
  ASSERT_TRUE(index.ok()) << index.error().message;
  ASSERT_EQ(index->tensors.size(), 2U);
  EXPECT_EQ(index->tensors[0].name, "s");
  EXPECT_EQ(index->tensors[0].dtype, TensorDtype::bf16);
  EXPECT_TRUE(index->tensors[0].shape.empty());
  EXPECT_EQ(index->tensors[0].end - index->tensors[0].begin, 2U);
  EXPECT_EQ(index->tensors[1].name, "e");
  EXPECT_EQ(index->tensors[1].shape, (std::vector<std::uint64_t>{3, 0}));
  EXPECT_EQ(index->tensors[1].begin, data_start + 64);
  EXPECT_EQ(index->tensors[1].end, data_start + 64);
  EXPECT_EQ(index->unsupported, (std::vector<std::string>{"i: ggml type I32 (26)"}));
  GgufBuilder bad_name;
  bad_name.tensor("\xc3", {1}, kTypeF32, 0);
  bad_name.data = filled(4);
  EXPECT_EQ(gguf_error_of(bad_name.file()), "tensor name 0 is not valid UTF-8 (at byte 32)");
}

TEST(TensorFileGguf, RefusesUnalignedOverlappingOrMissingData) {
  GgufBuilder unaligned;
  unaligned.tensor("t", {1}, kTypeF32, 4);
  unaligned.data = filled(8);
  EXPECT_EQ(gguf_error_of(unaligned.file()), "tensor 't': offset 4 (at byte 24) is not a multiple of the alignment 32");
  GgufBuilder past;
  past.tensor("t", {4}, kTypeF32, 0);
  past.data = filled(15);
  EXPECT_EQ(gguf_error_of(past.file()),
            "tensor 't': offset 0 + 16 bytes (at byte 24) ends past the file (its data section starts at byte 64)");
  GgufBuilder overlap;
  overlap.tensor("a", {16}, kTypeF32, 0).tensor("b", {4}, kTypeF16, 32);
  overlap.data = filled(64);
  EXPECT_TRUE(has(gguf_error_of(overlap.file()), "tensor 'b': file bytes [128, 136) overlap tensor 'a' (file bytes [96, 160))"))
      << gguf_error_of(overlap.file());
}

TEST(TensorFileGguf, EveryTruncationIsAnErrorNotACrash) {
  const Bytes file = every_value_type_file().file();
  for (std::size_t n = 0; n < file.size(); ++n) {
    const Bytes cut(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(n));
    EXPECT_FALSE(gguf_index_of(cut).ok()) << n;
  }
}

}  // namespace
