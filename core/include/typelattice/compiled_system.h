// A promotion system (system, mode, x64) compiled once: its dtypes, its binary join over every dtype as a
// table of indices (what promote_types looks up), and for lattice-based systems the lattice with its closure.
// Front ends keep one per system shown instead of handing the system's graph to the core on every click.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "typelattice/dtype.h"
#include "typelattice/lattice.h"
#include "typelattice/promotion.h"

namespace typelattice {

class CompiledSystem {
 public:
  // A join_cells() entry for a pair with no promotion.
  static constexpr std::uint8_t kNoPromotion = 0xFF;

  explicit CompiledSystem(const PromotionOptions& options);

  const PromotionOptions& options() const { return options_; }
  const std::vector<Dtype>& dtypes() const { return dtypes_; }  // system_dtypes(options), in table order

  // kDtypeCount × kDtypeCount cells, row a, column b: promote_types(a, b) as the Dtype's value, or kNoPromotion.
  std::span<const std::uint8_t> join_cells() const { return cells_; }

  Result<Dtype> promote(Dtype a, Dtype b) const { return promote_types(a, b, options_); }
  Result<Dtype> result_type(std::span<const Dtype> dtypes) const { return typelattice::result_type(dtypes, options_); }
  PromotionTable table(std::span<const Dtype> types = {}) const { return promotion_table(options_, types); }

  // The system's lattice (jax) as drawn and as a closure; nullopt for the table systems.
  const std::optional<Graph>& graph() const { return graph_; }
  const std::optional<Lattice>& lattice() const { return lattice_; }

 private:
  PromotionOptions options_;
  std::vector<Dtype> dtypes_;
  std::span<const std::uint8_t> cells_;  // the core's immutable table for these options
  std::optional<Graph> graph_;
  std::optional<Lattice> lattice_;
};

}  // namespace typelattice
