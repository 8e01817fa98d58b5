#include "core/promotion/join_table.h"

#include "core/promotion/systems.h"

namespace typelattice::detail {
namespace {

JoinTable build(const PromotionOptions& options) {
  JoinTable t{};
  for (int a = 0; a < kDtypeCount; ++a) {
    for (int b = 0; b < kDtypeCount; ++b) {
      const auto da = static_cast<Dtype>(a), db = static_cast<Dtype>(b);
      std::optional<Dtype> d;
      if (options.system == System::jax) {
        const std::array<Dtype, 2> pair{da, db};
        d = jax_join(pair, options);
      } else {
        d = table_join(options.system, da, db);
      }
      t[static_cast<std::size_t>(a * kDtypeCount + b)] = d ? static_cast<std::uint8_t>(*d) : kNoPromotion;
    }
  }
  return t;
}

}  // namespace

// One function-local constant per variant: built once (thread-safe), never modified.
const JoinTable& join_table(const PromotionOptions& options) {
  switch (options.system) {
    case System::jax:
      if (options.mode == Mode::strict) {  // JAX's strict lattice ignores x64 (jax.cpp)
        static const JoinTable strict = build({System::jax, Mode::strict, true});
        return strict;
      }
      if (options.x64) {
        static const JoinTable x64 = build({System::jax, Mode::standard, true});
        return x64;
      } else {
        static const JoinTable x32 = build({System::jax, Mode::standard, false});
        return x32;
      }
    case System::numpy: {
      static const JoinTable numpy = build({System::numpy, Mode::standard, true});
      return numpy;
    }
    case System::torch: {
      static const JoinTable torch = build({System::torch, Mode::standard, true});
      return torch;
    }
    case System::tensorflow: {
      static const JoinTable tensorflow = build({System::tensorflow, Mode::standard, true});
      return tensorflow;
    }
    case System::jax_lax:
      break;
  }
  static const JoinTable jax_lax = build({System::jax_lax, Mode::standard, true});
  return jax_lax;
}

}  // namespace typelattice::detail
