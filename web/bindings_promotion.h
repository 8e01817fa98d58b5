// Bindings for dtypes, promotion systems and graphs (lattice checks, joins, layouts).
#pragma once

namespace typelattice::web {
void register_promotion_bindings();
}
