// compare_tables: every cell against each system's own promote_types, classes as documented, and the cells the
// JAX docs name as its differences from NumPy.
#include <gtest/gtest.h>

#include "typelattice/join_reason.h"
#include "typelattice/table_diff.h"

namespace {

using namespace typelattice;

std::vector<Dtype> docs_types() {
  std::vector<Dtype> out;
  for (const DtypeInfo& d : all_dtypes())
    if (!d.short_code.empty()) out.push_back(d.id);
  return out;
}

TEST(TableDiff, JaxAgainstNumpyCellByCell) {
  const PromotionOptions jax, numpy{System::numpy_2021};
  const std::vector<Dtype> types = docs_types();
  const TableComparison t = compare_tables(jax, numpy, types);
  ASSERT_EQ(t.types, types);
  int total = 0;
  for (std::size_t r = 0; r < types.size(); ++r) {
    for (std::size_t c = 0; c < types.size(); ++c) {
      const Result<Dtype> x = promote_types(types[r], types[c], jax), y = promote_types(types[r], types[c], numpy);
      EXPECT_EQ(t.here[r * types.size() + c], x.ok() ? std::optional<Dtype>(*x) : std::nullopt);
      EXPECT_EQ(t.there[r * types.size() + c], y.ok() ? std::optional<Dtype>(*y) : std::nullopt);
      const CellDifference k = t.kinds[r * types.size() + c];
      const bool bf16 = types[r] == Dtype::bfloat16 || types[c] == Dtype::bfloat16;
      EXPECT_EQ(k == CellDifference::missing_type, bf16) << dtype_name(types[r]) << " " << dtype_name(types[c]);
      if (!bf16) {
        // Same exactly when the concrete answers agree (f* is float64 with x64 on).
        const bool same = (x.ok() ? std::optional<Dtype>(concrete_type(*x, true)) : std::nullopt) ==
                          (y.ok() ? std::optional<Dtype>(*y) : std::nullopt);
        EXPECT_EQ(k == CellDifference::same, same) << dtype_name(types[r]) << " " << dtype_name(types[c]);
        if (k == CellDifference::weak_scalar) {
          EXPECT_TRUE(dtype_info(types[r]).weak || dtype_info(types[c]).weak);
        }
      }
      ++total;
    }
  }
  int counted = 0;
  for (int n : t.counts) counted += n;
  EXPECT_EQ(counted, total);
  const auto at = [&](Dtype a, Dtype b) {
    const auto i = static_cast<std::size_t>(std::find(types.begin(), types.end(), a) - types.begin());
    const auto j = static_cast<std::size_t>(std::find(types.begin(), types.end(), b) - types.begin());
    return t.kinds[i * types.size() + j];
  };
  EXPECT_EQ(at(Dtype::int64, Dtype::uint64), CellDifference::same);            // f* is float64: the same answer
  EXPECT_EQ(at(Dtype::int16, Dtype::float16), CellDifference::integer_and_float);  // JAX float16, NumPy float32
  EXPECT_EQ(at(Dtype::bfloat16, Dtype::float32), CellDifference::missing_type);
  EXPECT_EQ(at(Dtype::weak_int, Dtype::weak_int), CellDifference::same);  // i* is int64 with x64 on, as NumPy's
  // With x64 off JAX's i* becomes int32: a difference that only the weak operand explains.
  const TableComparison x32 = compare_tables(PromotionOptions{System::jax, Mode::standard, false}, numpy, types);
  const auto i = static_cast<std::size_t>(std::find(types.begin(), types.end(), Dtype::weak_int) - types.begin());
  EXPECT_EQ(x32.kinds[i * types.size() + i], CellDifference::weak_scalar);
  EXPECT_EQ(cell_difference_name(CellDifference::integer_and_float), "integer-float");
  EXPECT_NE(system_source(System::numpy_2021).find("appendix"), std::string_view::npos);
}

}  // namespace
