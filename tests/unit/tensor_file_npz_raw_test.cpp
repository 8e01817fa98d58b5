// The core's .npz reader driven as a caller does (NpzIndexReader's reads answered from bytes in memory), raw
// layouts, and the one limit on a header's length. Archives are built byte by byte from PKWARE's APPNOTE.TXT;
// deflated members and NumPy's own archives are checked by tests/tensors/analyze_npz_raw_test.py.
#include <gtest/gtest.h>

#include "tensor_file_builders.h"
#include "typelattice/tensor_npz.h"

namespace {

using namespace typelattice;
using tensor_test::append_le;
using tensor_test::append_text;
using tensor_test::Bytes;

struct Member {
  std::string name;
  Bytes content;
};

// Stored members (CRC-32 left 0: stored members' CRCs are not read), their central directory, its end record.
Bytes stored_zip(const std::vector<Member>& members) {
  Bytes out, directory;
  for (const Member& m : members) {
    const std::uint64_t offset = out.size();
    append_le(out, 0x04034b50, 4);
    append_le(out, 20, 2); append_le(out, 0, 2); append_le(out, 0, 2); append_le(out, 0, 4);
    append_le(out, 0, 4); append_le(out, m.content.size(), 4); append_le(out, m.content.size(), 4);
    append_le(out, m.name.size(), 2); append_le(out, 0, 2);
    append_text(out, m.name);
    out.insert(out.end(), m.content.begin(), m.content.end());
    append_le(directory, 0x02014b50, 4);
    append_le(directory, 20, 2); append_le(directory, 20, 2); append_le(directory, 0, 2); append_le(directory, 0, 2);
    append_le(directory, 0, 4); append_le(directory, 0, 4);
    append_le(directory, m.content.size(), 4); append_le(directory, m.content.size(), 4);
    append_le(directory, m.name.size(), 2); append_le(directory, 0, 6); append_le(directory, 0, 2);
    append_le(directory, 0, 4); append_le(directory, offset, 4);
    append_text(directory, m.name);
  }
  const std::uint64_t directory_at = out.size();
  out.insert(out.end(), directory.begin(), directory.end());
  append_le(out, 0x06054b50, 4); append_le(out, 0, 4);
  append_le(out, members.size(), 2); append_le(out, members.size(), 2);
  append_le(out, directory.size(), 4); append_le(out, directory_at, 4); append_le(out, 0, 2);
  return out;
}

Result<TensorFileIndex> read_npz(const Bytes& file) {
  NpzIndexReader reader(file.size());
  for (std::optional<NpzRead> next = reader.next(); next; next = reader.next()) {
    EXPECT_EQ(next->source, NpzRead::Source::file);  // stored members only
    EXPECT_LE(next->end, file.size());
    const Result<bool> r = reader.give(std::span(file).subspan(next->begin, next->end - next->begin));
    if (!r) return r.error();
  }
  return std::move(reader).index();
}

TEST(TensorFileNpz, StoredMembersAreTensorsNamedWithoutNpyWithTheirFileOffsets) {
  const Bytes w = tensor_test::npy_file(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", Bytes(24, 1));
  const Bytes b = tensor_test::npy_file(1, "{'descr': '<f2', 'fortran_order': False, 'shape': (4,), }", Bytes(8, 2));
  const Bytes zip = stored_zip({{"w.npy", w}, {"readme", {'h', 'i'}}, {"b.npy", b}});
  ASSERT_TRUE(starts_with_zip_magic(zip));
  const Result<TensorFileIndex> index = read_npz(zip);
  ASSERT_TRUE(index) << index.error().message;
  EXPECT_EQ(index->kind, TensorFileKind::npz);
  ASSERT_EQ(index->tensors.size(), 2u);
  EXPECT_EQ(index->tensors[0].name, "w");
  EXPECT_EQ(index->tensors[0].shape, (std::vector<std::uint64_t>{2, 3}));
  // w's data: after its local header (30 bytes + "w.npy") and its .npy header, at the end of its member.
  EXPECT_EQ(index->tensors[0].begin, 30 + 5 + w.size() - 24);
  EXPECT_EQ(index->tensors[0].end, 30 + 5 + w.size());
  EXPECT_EQ(index->tensors[1].name, "b");
  EXPECT_EQ(index->tensors[1].dtype, TensorDtype::f16);
  EXPECT_FALSE(index->tensors[1].deflated.has_value());
  EXPECT_EQ(index->unsupported, (std::vector<std::string>{"readme: not a .npy member"}));
}

TEST(TensorFileNpz, AnEmptyArchiveHasNoTensors) {
  const Result<TensorFileIndex> index = read_npz(stored_zip({}));
  ASSERT_TRUE(index) << index.error().message;
  EXPECT_TRUE(index->tensors.empty());
}

TEST(TensorFileNpz, RefusesBadArchivesNamingTheMemberAndTheByte) {
  const Bytes w = tensor_test::npy_file(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", Bytes(8, 1));
  Bytes zip = stored_zip({{"w.npy", w}});
  Bytes cut(zip.begin(), zip.end() - 1);
  EXPECT_NE(read_npz(cut).error().message.find("no end of central directory record"), std::string::npos);
  Bytes bad_npy = stored_zip({{"w.npy", Bytes(w.begin(), w.end() - 1)}});
  const std::string npy_message = read_npz(bad_npy).error().message;
  EXPECT_NE(npy_message.find("member 'w.npy' (local header at byte 0), stored, its .npy: "), std::string::npos)
      << npy_message;
  Bytes moved = zip;
  moved[zip.size() - 22 - 5 - 4] = 7;  // the directory entry's local header offset
  EXPECT_NE(read_npz(moved).error().message.find("member 'w.npy' (local header at byte 7): no local file header"),
            std::string::npos);
  NpzIndexReader reader(zip.size());
  EXPECT_FALSE(reader.give(Bytes(3)).ok());  // not what it asked for
  EXPECT_FALSE(reader.next().has_value());
}

TEST(TensorFileRaw, ReadsDtypeAndShapeWhenTheyFitTheFile) {
  const Result<TensorFileIndex> index = raw_tensor_file_index("float32:4096x4096", 4096ull * 4096 * 4);
  ASSERT_TRUE(index) << index.error().message;
  EXPECT_EQ(index->kind, TensorFileKind::raw);
  ASSERT_EQ(index->tensors.size(), 1u);
  EXPECT_EQ(index->tensors[0].dtype, TensorDtype::f32);
  EXPECT_EQ(index->tensors[0].shape, (std::vector<std::uint64_t>{4096, 4096}));
  EXPECT_EQ(index->tensors[0].end, 4096ull * 4096 * 4);
  EXPECT_EQ(raw_tensor_file_index("BF16:3", 6)->tensors[0].dtype, TensorDtype::bf16);
  EXPECT_EQ(raw_tensor_file_index("bfloat16:3", 6)->tensors[0].dtype, TensorDtype::bf16);
  EXPECT_TRUE(raw_tensor_file_index("float8_e4m3fn:", 1)->tensors[0].shape.empty());  // a scalar
  EXPECT_EQ(raw_tensor_file_index("uint8:0x5", 0)->tensors[0].end, 0u);
}

TEST(TensorFileRaw, RefusesLayoutsThatAreNotOneOrDoNotFitTheFile) {
  EXPECT_EQ(raw_tensor_file_index("float32:10", 41).error().message,
            "raw layout 'float32:10' is 40 bytes, but the file is 41 bytes");
  for (const char* layout : {"float32", "f4:10", "float32:10x", "float32:x10", "float32:010", "float32:1e3",
                             "float32:-1", "float32:10X10", "float32:99999999999999999999"})
    EXPECT_FALSE(raw_tensor_file_index(layout, 40).ok()) << layout;
  EXPECT_NE(raw_tensor_file_index("float32:4294967296x4294967296", 40).error().message.find("2^64"), std::string::npos);
}

TEST(TensorFileHeaderLimit, AHeaderPastTheCoresLimitIsRefusedBeforeItIsRead) {
  // A .npy 2.0 header that says it is 300 MiB long, in a file that holds it.
  Bytes prefix = {0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0};
  append_le(prefix, std::uint64_t{300} << 20, 4);
  prefix.resize(kTensorFilePrefixBytes, ' ');
  const Result<std::uint64_t> bytes = tensor_file_header_bytes(prefix, std::uint64_t{1} << 30);
  ASSERT_FALSE(bytes);
  EXPECT_NE(bytes.error().message.find("longer than 256 MiB"), std::string::npos) << bytes.error().message;
  EXPECT_EQ(kTensorFileMaxHeaderBytes, std::uint64_t{256} << 20);
}

}  // namespace
