// The `paddle` system: PaddlePaddle's type promotion. Paddle does not install here, so its table (transcribed from
// type_promotion.h and eager_math_op_patch.cc) is checked against the two tables Paddle's own guide publishes,
// written below as the guide prints them (PaddlePaddle/docs docs/guides/advanced/auto_type_promotion_en.md at
// 06be283, "Type Promotion Rules in Tensor-to-Tensor" and "... in Tensor-to-Scalar"): an independent statement of
// the same rules, cell for cell.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "promotion_test_util.h"
#include "typelattice/compare.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;
using promotion_test::compared;

const PromotionOptions kPaddle{System::paddle};

// The guide's short names.
const std::map<std::string, D> kGuideNames{
    {"bool", D::bool_},     {"u8", D::uint8},      {"i8", D::int8},       {"i16", D::int16},
    {"i32", D::int32},      {"i64", D::int64},     {"bf16", D::bfloat16}, {"f16", D::float16},
    {"f32", D::float32},    {"f64", D::float64},   {"c64", D::complex64}, {"c128", D::complex128},
    {"int", D::weak_int},   {"float", D::weak_float}, {"complex", D::weak_complex}};

// A guide table's rows "row | cell | cell ...", the first line being the header; "-" is a refused pair.
struct GuideCell {
  D row, column;
  std::string cell;
};
std::vector<GuideCell> guide_cells(const std::string& table) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::istringstream ls(line);
    for (std::string cell; std::getline(ls, cell, '|');) {
      const auto b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
      if (b != std::string::npos) cells.push_back(cell.substr(b, e - b + 1));
    }
    if (!cells.empty()) rows.push_back(cells);
  }
  std::vector<GuideCell> out;
  for (std::size_t r = 1; r < rows.size(); ++r)
    for (std::size_t c = 1; c < rows[r].size(); ++c)
      out.push_back({kGuideNames.at(rows[r][0]), kGuideNames.at(rows[0][c]), rows[r][c]});
  return out;
}

std::string answer(Result<Dtype> r) {
  if (!r) return "-";
  for (const auto& [name, d] : kGuideNames)
    if (d == *r) return name;
  return std::string(dtype_name(*r));
}

TEST(PaddleSystem, TensorWithTensorIsTheGuidesTable) {
  const std::string table = R"(+/-/* | bf16 | f16 | f32 | f64 | bool | u8 | i8 | i16 | i32 | i64 | c64 | c128 |
bf16 | bf16 | f32 | f32 | f64 | - | - | - | - | - | - | c64 | c128 |
f16 | f32 | f16 | f32 | f64 | - | - | - | - | - | - | c64 | c128 |
f32 | f32 | f32 | f32 | f64 | - | - | - | - | - | - | c64 | c128 |
f64 | f64 | f64 | f64 | f64 | - | - | - | - | - | - | c128 | c128 |
bool | - | - | - | - | - | - | - | - | - | - | c64 | c128 |
u8 | - | - | - | - | - | - | - | - | - | - | c64 | c128 |
i8 | - | - | - | - | - | - | - | - | - | - | c64 | c128 |
i16 | - | - | - | - | - | - | - | - | - | - | c64 | c128 |
i32 | - | - | - | - | - | - | - | - | - | - | c64 | c128 |
i64 | - | - | - | - | - | - | - | - | - | - | c64 | c128 |
c64 | c64 | c64 | c64 | c128 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c128 |
c128 | c128 | c128 | c128 | c128 | c128 | c128 | c128 | c128 | c128 | c128 | c128 | c128 |)";
  const auto cells = guide_cells(table);
  ASSERT_EQ(cells.size(), 144U);
  for (const GuideCell& g : cells) {
    // The guide's table is about promotion: it leaves the diagonal of the types it refuses unmarked ("-"), where
    // Paddle has nothing to promote and a type with itself is itself.
    const std::string expected = g.row == g.column ? answer(g.row) : g.cell;
    EXPECT_EQ(answer(promote_types(g.row, g.column, kPaddle)), expected)
        << dtype_name(g.row) << " " << dtype_name(g.column);
  }
}

TEST(PaddleSystem, TensorWithScalarIsTheGuidesTable) {
  const std::string table = R"(+/-/* | int | float | complex |
bool | i64 | f32 | c64 |
u8 | u8 | f32 | c64 |
i8 | i8 | f32 | c64 |
i16 | i16 | f32 | c64 |
i32 | i32 | f32 | c64 |
i64 | i64 | f32 | c64 |
bf16 | bf16 | bf16 | c64 |
f16 | f16 | f16 | c64 |
f32 | f32 | f32 | c64 |
f64 | f64 | f64 | c128 |
c64 | c64 | c64 | c64 |
c128 | c128 | c128 | c128 |)";
  const auto cells = guide_cells(table);
  ASSERT_EQ(cells.size(), 36U);
  for (const GuideCell& g : cells) {
    EXPECT_EQ(answer(promote_types(g.row, g.column, kPaddle)), g.cell)
        << dtype_name(g.row) << " " << dtype_name(g.column);
    EXPECT_EQ(answer(promote_types(g.column, g.row, kPaddle)), g.cell)
        << dtype_name(g.column) << " " << dtype_name(g.row);
  }
  // The guide's bool column: a Python bool keeps the tensor's dtype, whatever it is.
  for (const char* dtype : {"bool", "uint8", "int64", "bfloat16", "float64", "complex64"})
    EXPECT_EQ(compared(System::paddle, {dtype, "True"}), dtype);
}

TEST(PaddleSystem, RefusalsArePaddlesInvalidType) {
  const auto r = promote_types(D::int32, D::int64, kPaddle);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "TypeError: (InvalidType) Type promotion only support calculations between floating-point numbers and "
            "between complex and real numbers. But got different data type x: int32, y: int64.");
  EXPECT_EQ(compared(System::paddle, {"int64", "float32"}),
            "TypeError: (InvalidType) Type promotion only support calculations between floating-point numbers and "
            "between complex and real numbers. But got different data type x: int64, y: float32.");
  // The guide's example: an int64 tensor with the Python float 1.0 is float32; with 300 an int8 tensor stays int8.
  EXPECT_EQ(compared(System::paddle, {"1.0", "int64"}), "float32");
  EXPECT_EQ(compared(System::paddle, {"int8", "300"}), "int8");
  const CompareRow row = compare_in(System::paddle, promotion_test::operands({"int8", "300"}));
  EXPECT_NE(render(row.note).find("Paddle keeps a tensor's dtype for the Python int 300"), std::string::npos)
      << render(row.note);
  // Paddle has no uint16, uint32 or uint64 in promotion.
  const auto unsigned32 = promote_types(D::uint32, D::float32, kPaddle);
  ASSERT_FALSE(unsigned32.ok());
  EXPECT_NE(unsigned32.error().message.find("uint32 is not in the paddle promotion table"), std::string::npos);
  EXPECT_EQ(*parse_system("paddlepaddle"), System::paddle);
}

}  // namespace
