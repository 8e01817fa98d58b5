// PyTorch 2 (the torch system): every cell of tests/data/seed_torch.csv through the API, the 13x13 part against
// _promoteTypesLookup as c10/core/ScalarType.cpp lays it out (pytorch/pytorch 008ec6b), the rules for
// uint16/32/64 and float8 with PyTorch's own messages, and the Python scalars' category tiers.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "promotion_test_util.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;
using promotion_test::seed_table;

const PromotionOptions kTorch{System::torch};

std::string cell(D a, D b) {
  const auto r = promote_types(a, b, kTorch);
  return r.ok() ? std::string(dtype_name(*r)) : "-";
}

TEST(Torch, EverySeedCellThroughTheApiAndTheCli) {
  const auto rows = seed_table("torch");
  ASSERT_EQ(rows.size(), 25U);
  std::vector<D> types;
  for (std::size_t c = 1; c < rows[0].size(); ++c) types.push_back(*parse_dtype(rows[0][c]));
  EXPECT_EQ(system_dtypes(kTorch), types);
  for (std::size_t r = 1; r < rows.size(); ++r)
    for (std::size_t c = 1; c < rows[r].size(); ++c)
      EXPECT_EQ(cell(*parse_dtype(rows[r][0]), types[c - 1]), rows[r][c]) << rows[r][0] << " " << rows[0][c];
  const auto cli = promotion_test::run_cli({"table", "--system", "torch", "--all", "--format", "csv"});
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(promotion_test::parse_csv(cli.out), rows);
}

// _promoteTypesLookup, transcribed in the source's own layout and codes.
constexpr const char* kLookup =
    "   u1 i1 i2 i4 i8 f2 f4 f8 c2 c4 c8 b1 bf\n"
    "u1 u1 i2 i2 i4 i8 f2 f4 f8 c2 c4 c8 u1 bf\n"
    "i1 i2 i1 i2 i4 i8 f2 f4 f8 c2 c4 c8 i1 bf\n"
    "i2 i2 i2 i2 i4 i8 f2 f4 f8 c2 c4 c8 i2 bf\n"
    "i4 i4 i4 i4 i4 i8 f2 f4 f8 c2 c4 c8 i4 bf\n"
    "i8 i8 i8 i8 i8 i8 f2 f4 f8 c2 c4 c8 i8 bf\n"
    "f2 f2 f2 f2 f2 f2 f2 f4 f8 c2 c4 c8 f2 f4\n"
    "f4 f4 f4 f4 f4 f4 f4 f4 f8 c4 c4 c8 f4 f4\n"
    "f8 f8 f8 f8 f8 f8 f8 f8 f8 c8 c8 c8 f8 f8\n"
    "c2 c2 c2 c2 c2 c2 c2 c4 c8 c2 c4 c8 c2 c4\n"
    "c4 c4 c4 c4 c4 c4 c4 c4 c8 c4 c4 c8 c4 c4\n"
    "c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8 c8\n"
    "b1 u1 i1 i2 i4 i8 f2 f4 f8 c2 c4 c8 b1 bf\n"
    "bf bf bf bf bf bf f4 f4 f8 c4 c4 c8 bf bf\n";

TEST(Torch, TheThirteenTypesAreScalarTypeCppsLookupTable) {
  const std::map<std::string, D> code{{"u1", D::uint8},     {"i1", D::int8},      {"i2", D::int16},
                                      {"i4", D::int32},     {"i8", D::int64},     {"f2", D::float16},
                                      {"f4", D::float32},   {"f8", D::float64},   {"c2", D::complex32},
                                      {"c4", D::complex64}, {"c8", D::complex128}, {"b1", D::bool_},
                                      {"bf", D::bfloat16}};
  std::istringstream in(kLookup);
  std::string line;
  std::getline(in, line);
  std::vector<D> columns;
  std::istringstream header(line);
  for (std::string c; header >> c;) columns.push_back(code.at(c));
  int cells = 0;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string a;
    row >> a;
    for (D b : columns) {
      std::string want;
      row >> want;
      EXPECT_EQ(cell(code.at(a), b), dtype_name(code.at(want))) << a << " " << dtype_name(b);
      ++cells;
    }
  }
  EXPECT_EQ(cells, 169);
}

bool is_float8(D d) { return dtype_info(d).kind == DtypeKind::floating && dtype_info(d).bits == 8; }

TEST(Torch, UnsignedBeyondUint8PromoteOnlyWithAFloatingType) {
  const std::vector<D> wide{D::uint16, D::uint32, D::uint64};
  const std::vector<D> floats{D::float16, D::bfloat16, D::float32, D::float64};
  for (D u : wide) {
    for (D other : system_dtypes(kTorch)) {
      if (other == u || dtype_info(other).weak || is_float8(other)) continue;
      const bool floating = std::find(floats.begin(), floats.end(), other) != floats.end();
      const auto r = promote_types(u, other, kTorch);
      if (floating) {
        EXPECT_EQ(r.ok() ? *r : D::bool_, other) << dtype_name(u) << " " << dtype_name(other);
        continue;
      }
      ASSERT_FALSE(r.ok()) << dtype_name(u) << " " << dtype_name(other);
      EXPECT_EQ(r.error().message.rfind(
                    "RuntimeError: Promotion for uint16, uint32, uint64 types is not supported, attempted to promote ", 0),
                0U)
          << r.error().message;
    }
  }
  EXPECT_EQ(promote_types(D::uint16, D::int32, kTorch).error().message,
            "RuntimeError: Promotion for uint16, uint32, uint64 types is not supported, attempted to promote UInt16 and "
            "Int");
}

TEST(Torch, EveryFloat8RefusesEveryOtherDtypeInPyTorchsWords) {
  int float8s = 0;
  for (D f : system_dtypes(kTorch)) {
    if (!is_float8(f)) continue;
    ++float8s;
    EXPECT_EQ(cell(f, f), dtype_name(f));
    for (D other : system_dtypes(kTorch)) {
      if (other == f || dtype_info(other).weak) continue;
      for (const auto& [a, b] : {std::pair{f, other}, std::pair{other, f}}) {
        const auto r = promote_types(a, b, kTorch);
        ASSERT_FALSE(r.ok()) << dtype_name(a) << " " << dtype_name(b);
        EXPECT_EQ(r.error().message.rfind("RuntimeError: Promotion for Float8 Types is not supported, attempted to "
                                          "promote ",
                                          0),
                  0U)
            << r.error().message;
      }
    }
  }
  EXPECT_EQ(float8s, 5);  // e4m3fn, e4m3fnuz, e5m2, e5m2fnuz, e8m0fnu
  EXPECT_EQ(promote_types(D::float8_e5m2, D::float32, kTorch).error().message,
            "RuntimeError: Promotion for Float8 Types is not supported, attempted to promote Float8_e5m2 and Float");
  // Before the uint check, as in promoteTypes.
  EXPECT_EQ(promote_types(D::uint16, D::float8_e4m3fn, kTorch).error().message,
            "RuntimeError: Promotion for Float8 Types is not supported, attempted to promote UInt16 and Float8_e4m3fn");
}

// Python scalars: combine_categories, written here from its description (docs/promotion.md), not from the table.
int category(D d) {
  switch (dtype_info(d).kind) {
    case DtypeKind::boolean: return 0;
    case DtypeKind::floating: return 2;
    case DtypeKind::complex_floating: return 3;
    default: return 1;
  }
}

TEST(Torch, APythonScalarOfAHigherCategoryGivesItsDefaultOtherwiseTheTensorWins) {
  const std::map<D, D> defaults{{D::weak_int, D::int64}, {D::weak_float, D::float32}, {D::weak_complex, D::complex64}};
  const std::map<D, D> to_complex{{D::float16, D::complex32}, {D::bfloat16, D::complex64}, {D::float32, D::complex64},
                                  {D::float64, D::complex128}};
  for (D t : system_dtypes(kTorch)) {
    if (dtype_info(t).weak) continue;
    for (const auto& [w, def] : defaults) {
      std::string want;
      if (category(w) <= category(t)) {
        want = dtype_name(t);
      } else if (w == D::weak_complex && category(t) == 2) {
        want = to_complex.contains(t) ? std::string(dtype_name(to_complex.at(t))) : "-";  // float8: toComplexType raises
      } else if (w == D::weak_complex) {
        want = "complex64";
      } else {
        want = dtype_name(def);  // an int/bool tensor with a float: float32; a bool tensor with an int: int64
      }
      EXPECT_EQ(cell(t, w), want) << dtype_name(t) << " " << dtype_name(w);
      EXPECT_EQ(cell(w, t), want) << dtype_name(w) << " " << dtype_name(t);
    }
  }
  EXPECT_EQ(promote_types(D::float8_e4m3fn, D::weak_complex, kTorch).error().message,
            "RuntimeError: Unknown Complex ScalarType for Float8_e4m3fn");
}

TEST(Torch, CliPrintsPyTorchsMessageWithoutAnotherClass) {
  const auto r = promotion_test::run_cli({"promote", "float8_e4m3fn", "bfloat16", "--system", "torch"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "RuntimeError: Promotion for Float8 Types is not supported, attempted to promote Float8_e4m3fn and "
                   "BFloat16\n");
  EXPECT_EQ(promotion_test::run_cli({"promote", "float16", "complex", "--system", "pytorch"}).out, "complex32\n");
}

}  // namespace
