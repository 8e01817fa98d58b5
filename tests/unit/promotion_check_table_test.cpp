// check_table against a plain search written from its contract (promotion.h, promotion.cpp): commutativity over
// every pair, then associativity over every triple of the table's types ordered by the largest index among the
// three and then lexicographically, then idempotence; undefined results are skipped. For every system and setting,
// both must find the same first violation, or none.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "typelattice/promotion.h"

namespace {

using namespace typelattice;

struct Found {
  TableViolation::Kind kind;
  std::vector<Dtype> inputs;
  std::optional<Dtype> left, right;
};

std::optional<Found> plain_search(const PromotionOptions& options) {
  const PromotionTable t = promotion_table(options);
  const std::size_t n = t.types.size();
  const auto position = [&](Dtype d) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < n; ++i)
      if (t.types[i] == d) return i;
    return std::nullopt;
  };
  // a ∨ b from the table, undefined when either side is undefined or not one of the table's types.
  const auto join = [&](std::optional<Dtype> a, std::optional<Dtype> b) -> std::optional<Dtype> {
    const auto row = a ? position(*a) : std::nullopt, col = b ? position(*b) : std::nullopt;
    return row && col ? t.cells[*row][*col] : std::nullopt;
  };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (t.cells[i][j] != t.cells[j][i])
        return Found{TableViolation::Kind::not_commutative, {t.types[i], t.types[j]}, t.cells[i][j], t.cells[j][i]};
  // Every triple once, sorted by (largest index, i, j, k).
  std::vector<std::vector<std::size_t>> triples;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k < n; ++k) triples.push_back({std::max({i, j, k}), i, j, k});
  std::sort(triples.begin(), triples.end());
  for (const auto& triple : triples) {
    const std::size_t i = triple[1], j = triple[2], k = triple[3];
    const auto left = join(t.cells[i][j], t.types[k]), right = join(t.types[i], t.cells[j][k]);
    if (left && right && left != right)
      return Found{TableViolation::Kind::not_associative, {t.types[i], t.types[j], t.types[k]}, left, right};
  }
  for (std::size_t i = 0; i < n; ++i)
    if (t.cells[i][i] && t.cells[i][i] != t.types[i])
      return Found{TableViolation::Kind::not_idempotent, {t.types[i]}, t.cells[i][i], t.types[i]};
  return std::nullopt;
}

TEST(CheckTable, FindsWhatAPlainSearchFindsForEverySystemAndSetting) {
  std::vector<TableViolation::Kind> kinds;
  for (const SystemInfo& info : all_systems()) {
    for (Mode mode : {Mode::standard, Mode::strict}) {
      for (bool x64 : {true, false}) {
        if (!info.jax_modes && (mode == Mode::strict || !x64)) continue;
        const PromotionOptions options{info.id, mode, x64};
        const std::string name = std::string(system_name(info.id)) + " " + std::string(mode_name(mode)) +
                                 (x64 ? "" : " x64 off");
        const auto expected = plain_search(options);
        const auto found = check_table(options);
        ASSERT_EQ(found.has_value(), expected.has_value()) << name;
        if (!found) continue;
        kinds.push_back(found->kind);
        EXPECT_EQ(found->kind, expected->kind) << name;
        EXPECT_EQ(found->inputs, expected->inputs) << name;
        EXPECT_EQ(found->left, expected->left) << name;
        EXPECT_EQ(found->right, expected->right) << name;
      }
    }
  }
  // NumPy, PyTorch, Triton, C, C++ and three of the appendix's tables break a law, each kind of law among them:
  // the comparison above is not vacuous.
  EXPECT_GE(kinds.size(), 8u);
  for (auto kind : {TableViolation::Kind::not_commutative, TableViolation::Kind::not_associative,
                    TableViolation::Kind::not_idempotent})
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), kind), kinds.end());
}

}  // namespace
