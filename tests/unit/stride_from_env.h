// How far apart the inputs are that a test visits in a domain too large to walk whole every run, as the
// environment sets it (TYPELATTICE_STRIDE for the exhaustive sweeps, TYPELATTICE_SANITIZER_STRIDE for the
// sanitizer build's samples: README, "Tests").
#pragma once

#include <cstdint>
#include <cstdlib>

namespace typelattice::test {

// The variable's value when it is a whole number >= 1; else (unset, 0, negative, not a number) the fallback.
inline std::uint64_t stride_from_env(const char* variable, std::uint64_t fallback) {
  const char* text = std::getenv(variable);
  const long long parsed = text != nullptr ? std::atoll(text) : 0;
  return parsed >= 1 ? static_cast<std::uint64_t>(parsed) : fallback;
}

}  // namespace typelattice::test
