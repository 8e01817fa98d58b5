// .npy headers read into a one-tensor index: files are built byte by byte here from NumPy's format description
// (magic, version, header length, dict literal padded to 64 bytes, data).
#include <gtest/gtest.h>

#include <string>

#include "tests/unit/tensor_file_builders.h"
#include "typelattice/tensor_file.h"

namespace {

using namespace tensor_test;
using typelattice::TensorDtype;
using typelattice::TensorFileKind;

using tensor_test::has;

std::string dict(const std::string& descr, const std::string& shape, const std::string& order = "False") {
  return "{'descr': '" + descr + "', 'fortran_order': " + order + ", 'shape': " + shape + ", }";
}

TEST(TensorFileNpy, ReadsEachVersionWithTheDataRightAfterTheHeader) {
  for (int major : {1, 2, 3}) {
    const Bytes file = npy_file(major, dict("<f4", "(3, 4)"), filled(48));
    auto header = typelattice::tensor_file_header_bytes(std::span(file.data(), 16), file.size());
    ASSERT_TRUE(header.ok()) << major << ": " << header.error().message;
    const std::uint64_t data_at = file.size() - 48;  // the data is the file's last 48 bytes
    EXPECT_EQ(data_at % 64, 0U);                     // npy_file pads the header to a multiple of 64 bytes
    EXPECT_EQ(*header, data_at);
    auto index = index_of(file);
    ASSERT_TRUE(index.ok()) << major << ": " << index.error().message;
    EXPECT_EQ(index->kind, TensorFileKind::npy);
    ASSERT_EQ(index->tensors.size(), 1U);
    const auto& t = index->tensors[0];
    EXPECT_EQ(t.name, "");
    EXPECT_EQ(t.dtype, TensorDtype::f32);
    EXPECT_EQ(t.shape, (std::vector<std::uint64_t>{3, 4}));
    EXPECT_EQ(t.begin, data_at);
    EXPECT_EQ(t.end, file.size());
    EXPECT_FALSE(t.fortran_order);
  }
}

TEST(TensorFileNpy, ReadsFortranOrderScalarsOneDimensionAndAnyKeyOrder) {
  auto fortran = index_of(npy_file(1, dict("<f8", "(2, 3)", "True"), filled(48)));
  ASSERT_TRUE(fortran.ok()) << fortran.error().message;
  EXPECT_TRUE(fortran->tensors[0].fortran_order);
  EXPECT_EQ(fortran->tensors[0].shape, (std::vector<std::uint64_t>{2, 3}));
  auto scalar = index_of(npy_file(1, dict("<i4", "()"), filled(4)));
  ASSERT_TRUE(scalar.ok()) << scalar.error().message;
  EXPECT_TRUE(scalar->tensors[0].shape.empty());
  EXPECT_EQ(scalar->tensors[0].end - scalar->tensors[0].begin, 4U);
  auto one = index_of(npy_file(1, dict("<i2", "(5,)"), filled(10)));
  ASSERT_TRUE(one.ok()) << one.error().message;
  EXPECT_EQ(one->tensors[0].shape, (std::vector<std::uint64_t>{5}));
  auto reordered = index_of(npy_file(2, "{\"shape\": (2,3), 'fortran_order': False, 'descr': '|u1'}", filled(6)));
  ASSERT_TRUE(reordered.ok()) << reordered.error().message;
  EXPECT_EQ(reordered->tensors[0].dtype, TensorDtype::u8);
  auto empty = index_of(npy_file(1, dict("<f4", "(0, 7)")));
  ASSERT_TRUE(empty.ok()) << empty.error().message;
  EXPECT_EQ(empty->tensors[0].begin, empty->tensors[0].end);
}

TEST(TensorFileNpy, ReadsEachAcceptedDescr) {
  const struct {
    const char* descr;
    TensorDtype dtype;
    std::size_t bytes;
  } cases[] = {{"<f8", TensorDtype::f64, 8}, {"<f4", TensorDtype::f32, 4}, {"<f2", TensorDtype::f16, 2},
               {"|u1", TensorDtype::u8, 1},  {"|i1", TensorDtype::i8, 1},  {"<i2", TensorDtype::i16, 2},
               {"<i4", TensorDtype::i32, 4}, {"=u1", TensorDtype::u8, 1},  {"i1", TensorDtype::i8, 1}};
  for (const auto& c : cases) {
    auto index = index_of(npy_file(1, dict(c.descr, "(3,)"), filled(3 * c.bytes)));
    ASSERT_TRUE(index.ok()) << c.descr << ": " << index.error().message;
    EXPECT_EQ(index->tensors[0].dtype, c.dtype) << c.descr;
    EXPECT_EQ(typelattice::tensor_dtype_bytes(c.dtype), c.bytes);
  }
}

TEST(TensorFileNpy, RefusesDescrsItDoesNotReadSayingWhy) {
  const std::string at = "(at byte 20)";  // 10 header bytes before the dict, then {'descr': (10 characters)
  const struct {
    const char* descr;
    const char* why;
  } cases[] = {{">f4", "is big-endian; only little-endian ('<') data is read"},
               {"=f4", "does not say its byte order"},
               {"f8", "does not say its byte order"},
               {"<V2", "an array of raw bytes"},
               {"|V1", "its dtype must be named to read it"},
               {"|b1", "bool arrays are not read"},
               {"<c8", "is not read; read are '<f8', '<f4', '<f2', '|u1', '|i1', '<i2' and '<i4'"},
               {"<i8", "is not read"},
               {"<u2", "is not read"}};
  for (const auto& c : cases) {
    const std::string e = error_of(npy_file(1, dict(c.descr, "(3,)"), filled(24)));
    EXPECT_TRUE(has(e, std::string(".npy header: descr '") + c.descr + "' ") && has(e, c.why) && has(e, at))
        << c.descr << ": " << e;
  }
  EXPECT_TRUE(has(error_of(npy_file(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,)}")),
                  "descr is not a string (structured dtypes are not read) (at byte 20)"));
}

TEST(TensorFileNpy, RefusesDictsThatAreNotTheFormatsLiteral) {
  EXPECT_TRUE(has(error_of(npy_file(1, dict("<f4", "(5)"), filled(20))), "shape (5) is a number, not a tuple; write (5,)"));
  EXPECT_TRUE(has(error_of(npy_file(1, dict("<f4", "(-1,)"))), "expected a non-negative integer"));
  EXPECT_TRUE(has(error_of(npy_file(1, dict("<f4", "(1,)", "yes"), filled(4))), "fortran_order is not True or False"));
  EXPECT_TRUE(has(error_of(npy_file(1, "{'descr': '<f4', 'shape': (1,)}", filled(4))), "no 'fortran_order'"));
  EXPECT_TRUE(has(error_of(npy_file(1, "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,)}")),
                  "key 'descr' appears twice (at byte 27)"));
  EXPECT_TRUE(has(error_of(npy_file(1, "{'descr': '<f4', 'x': 1, 'fortran_order': False, 'shape': (1,)}")),
                  "unknown key 'x'"));
  EXPECT_TRUE(has(error_of(npy_file(1, dict("<f4", "(1,)") + " junk", filled(4))), "after the header dict"));
  EXPECT_TRUE(has(error_of(npy_file(1, dict("<f4", "(4294967296, 4294967296)"))), "needs more than 2^64 - 1 bytes"));
  EXPECT_TRUE(has(error_of(npy_file(1, dict("<f4", "(1,)") + "\xc3\xa9", filled(4))), "non-ASCII byte"));
}

TEST(TensorFileNpy, RefusesDataShorterOrLongerThanTheShapeNeeds) {
  const Bytes short_file = npy_file(1, dict("<f4", "(3, 4)"), filled(40));
  EXPECT_EQ(error_of(short_file), "the data from byte " + std::to_string(short_file.size() - 40) +
                                      " holds 40 bytes, but shape (3, 4) of '<f4' needs 48: the file is cut short");
  const Bytes long_file = npy_file(1, dict("<f2", "(5,)"), filled(13));
  EXPECT_EQ(error_of(long_file), "the data from byte " + std::to_string(long_file.size() - 13) +
                                     " holds 13 bytes, but shape (5,) of '<f2' needs 10: 3 bytes are extra");
}

TEST(TensorFileNpy, RefusesOtherVersionsAndHeadersPastTheFile) {
  Bytes v4 = npy_file(1, dict("<f4", "(1,)"), filled(4));
  v4[6] = 4;
  EXPECT_EQ(error_of(v4), ".npy version 4.0 (at byte 6) is not read; versions 1.0, 2.0 and 3.0 are");
  Bytes v11 = npy_file(1, dict("<f4", "(1,)"), filled(4));
  v11[7] = 1;
  EXPECT_TRUE(has(error_of(v11), ".npy version 1.1"));
  Bytes long_header = npy_file(2, dict("<f4", "(1,)"));
  long_header[10] = 0x10;  // the u32 length's third byte: the header would run 1 MiB past the file
  EXPECT_TRUE(has(error_of(long_header), "runs past the end of the file")) << error_of(long_header);
}

TEST(TensorFileNpy, EveryTruncationIsAnError) {
  for (int major : {1, 2, 3}) {
    const Bytes file = npy_file(major, dict("<f4", "(2, 2)"), filled(16));
    for (std::size_t size = 0; size < file.size(); ++size) {
      const Bytes cut(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(size));
      auto r = index_of(cut);
      ASSERT_FALSE(r.ok()) << major << " " << size;
      if (size >= file.size() - 16) {
        EXPECT_TRUE(has(r.error().message, "the file is cut short")) << r.error().message;
      }
    }
  }
}

}  // namespace
