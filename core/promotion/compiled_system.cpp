#include "typelattice/compiled_system.h"

#include <cassert>

#include "core/promotion/join_table.h"

namespace typelattice {

static_assert(CompiledSystem::kNoPromotion == detail::kNoPromotion);

CompiledSystem::CompiledSystem(const PromotionOptions& options)
    : options_(options), dtypes_(system_dtypes(options)), cells_(detail::join_table(options)),
      graph_(promotion_graph(options)) {
  if (!graph_) return;
  auto built = Lattice::from_graph(*graph_);
  assert(built.ok() && "the built-in lattices are valid graphs");
  if (built) lattice_ = std::move(built).value();
}

}  // namespace typelattice
