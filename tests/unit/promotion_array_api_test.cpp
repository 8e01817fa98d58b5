// The Python array API standard 2025.12 (the array-api system): its four tables as type_promotion.rst prints them
// (data-apis/array-api 731fcd9), every other pair unspecified, Python scalars, and the partial lattice's graph
// agreeing with the table.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "promotion_test_util.h"
#include "typelattice/graph_join.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;

const PromotionOptions kApi{System::array_api};

// The standard's tables, in its own codes: header row of columns, then one row per type.
constexpr const char* kTables[] = {
    "i1 i2 i4 i8\n"
    "i1 i1 i2 i4 i8\ni2 i2 i2 i4 i8\ni4 i4 i4 i4 i8\ni8 i8 i8 i8 i8\n",
    "u1 u2 u4 u8\n"
    "u1 u1 u2 u4 u8\nu2 u2 u2 u4 u8\nu4 u4 u4 u4 u8\nu8 u8 u8 u8 u8\n",
    "u1 u2 u4\n"
    "i1 i2 i4 i8\ni2 i2 i4 i8\ni4 i4 i4 i8\ni8 i8 i8 i8\n",
    "f4 f8 c8 c16\n"
    "f4 f4 f8 c8 c16\nf8 f8 f8 c16 c16\nc8 c8 c16 c8 c16\nc16 c16 c16 c16 c16\n",
};

const std::map<std::string, D> kCode{{"i1", D::int8},    {"i2", D::int16},    {"i4", D::int32},
                                     {"i8", D::int64},   {"u1", D::uint8},    {"u2", D::uint16},
                                     {"u4", D::uint32},  {"u8", D::uint64},   {"f4", D::float32},
                                     {"f8", D::float64}, {"c8", D::complex64}, {"c16", D::complex128}};

std::map<std::pair<D, D>, D> specified() {
  std::map<std::pair<D, D>, D> out{{{D::bool_, D::bool_}, D::bool_}};
  for (const char* table : kTables) {
    std::istringstream in(table);
    std::string line;
    std::getline(in, line);
    std::vector<D> columns;
    std::istringstream header(line);
    for (std::string c; header >> c;) columns.push_back(kCode.at(c));
    while (std::getline(in, line)) {
      std::istringstream row(line);
      std::string a, c;
      row >> a;
      for (D b : columns) {
        row >> c;
        out[{kCode.at(a), b}] = kCode.at(c);
        out[{b, kCode.at(a)}] = kCode.at(c);  // the mixed table is given one way round
      }
    }
  }
  return out;
}

TEST(ArrayApi, EveryPairOfDtypesIsTheTablesCellOrUnspecified) {
  const auto want = specified();
  int cells = 0, unspecified = 0;
  for (D a : system_dtypes(kApi)) {
    for (D b : system_dtypes(kApi)) {
      if (dtype_info(a).weak || dtype_info(b).weak) continue;
      ++cells;
      const auto r = promote_types(a, b, kApi);
      const auto it = want.find({a, b});
      if (it != want.end()) {
        EXPECT_EQ(r.ok() ? *r : D::weak_int, it->second) << dtype_name(a) << " " << dtype_name(b);
        continue;
      }
      ++unspecified;
      ASSERT_FALSE(r.ok()) << dtype_name(a) << " " << dtype_name(b);
      EXPECT_NE(r.error().message.find("unspecified by the array API standard"), std::string::npos);
    }
  }
  EXPECT_EQ(cells, 13 * 13);
  EXPECT_EQ(unspecified, 169 - 1 - 16 - 16 - 2 * 12 - 16);  // bool; signed; unsigned; mixed (both ways); floating
}

TEST(ArrayApi, PythonScalarsAsMixingArraysWithPythonScalarsSays) {
  const auto name = [](D a, D b) {
    const auto r = promote_types(a, b, kApi);
    return r.ok() ? std::string(dtype_name(*r)) : "-";
  };
  EXPECT_EQ(name(D::int8, D::weak_int), "int8");
  EXPECT_EQ(name(D::weak_int, D::uint64), "uint64");
  EXPECT_EQ(name(D::float32, D::weak_int), "float32");
  EXPECT_EQ(name(D::float64, D::weak_float), "float64");
  EXPECT_EQ(name(D::complex64, D::weak_float), "complex64");
  EXPECT_EQ(name(D::float32, D::weak_complex), "complex64");  // the standard's own example
  EXPECT_EQ(name(D::weak_complex, D::float64), "complex128");
  EXPECT_EQ(name(D::int32, D::weak_float), "-");  // "Behavior is not specified when mixing a Python float and an
  EXPECT_EQ(name(D::int32, D::weak_complex), "-");  // array with an integer data type" (and complex likewise)
  EXPECT_EQ(name(D::bool_, D::weak_int), "-");
  EXPECT_EQ(name(D::weak_int, D::weak_float), "-");
}

TEST(ArrayApi, ItsGraphHasThreeComponentsWhoseJoinsAreTheTables) {
  const auto graph = promotion_graph(kApi);
  ASSERT_TRUE(graph.has_value());
  auto lattice = Lattice::from_graph(*graph);
  ASSERT_TRUE(lattice.ok()) << lattice.error().message;
  const auto want = specified();
  for (D a : system_dtypes(kApi)) {
    for (D b : system_dtypes(kApi)) {
      if (dtype_info(a).weak || dtype_info(b).weak) continue;
      const auto na = lattice->find(dtype_name(a)), nb = lattice->find(dtype_name(b));
      ASSERT_TRUE(na && nb);
      const auto join = least_upper_bound(*lattice, *na, *nb);
      const auto it = want.find({a, b});
      if (it == want.end()) {
        EXPECT_FALSE(join.has_value()) << dtype_name(a) << " " << dtype_name(b);
      } else {
        ASSERT_TRUE(join.has_value()) << dtype_name(a) << " " << dtype_name(b);
        EXPECT_EQ(lattice->names()[static_cast<std::size_t>(*join)], dtype_name(it->second));
      }
    }
  }
  const auto check = promotion_test::run_cli({"check", "--system", "array-api"});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;  // where defined, the table obeys the laws
}

TEST(ArrayApi, ATypeItDoesNotHaveIsRefusedEvenAlone) {
  // One input is no operation, but float16 is still not one of the standard's dtypes (the app selects one node).
  const std::vector<D> alone{D::float16};
  const auto r = result_type(alone, kApi);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("float16 is not in the array-api promotion table"), std::string::npos);
  const std::vector<D> known{D::int8};
  EXPECT_EQ(*result_type(known, kApi), D::int8);
}

TEST(ArrayApi, CliExitsOneWithUnspecified) {
  const auto r = promotion_test::run_cli({"promote", "uint64", "int64", "--system", "array-api"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("unspecified by the array API standard"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("TypePromotionError"), std::string::npos) << r.err;
  const auto seed = promotion_test::seed_table("array-api");
  const auto table = promotion_test::run_cli({"table", "--system", "array-api", "--all", "--format", "csv"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_EQ(promotion_test::parse_csv(table.out), seed);
}

}  // namespace
