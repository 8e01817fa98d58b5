// The sanitizer build (the debug preset) looks for memory and undefined-behaviour errors; the native run checks
// the values. A few unit tests walk a whole domain of values (every code of every format, every input of every
// stochastic bit pattern) and take minutes under AddressSanitizer: there they visit a sample, which goes through
// the same code paths. TYPELATTICE_SANITIZER_STRIDE=1 makes the sanitized run walk them whole.
#pragma once

#include <cstddef>

#include "tests/unit/stride_from_env.h"

// GCC says AddressSanitizer is on with __SANITIZE_ADDRESS__, clang 14 only through __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define TYPELATTICE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TYPELATTICE_UNDER_ASAN 1
#endif
#endif

namespace typelattice::test {

// 1 natively; under AddressSanitizer TYPELATTICE_SANITIZER_STRIDE, or 7 without it. A prime, so a sample of
// codes still meets every pattern of their low bits.
inline std::size_t sanitizer_stride() {
#if defined(TYPELATTICE_UNDER_ASAN)
  // Read once: in_sanitizer_sample asks for it at every index of a loop over 2^16 codes.
  static const auto stride = static_cast<std::size_t>(stride_from_env("TYPELATTICE_SANITIZER_STRIDE", 7));
  return stride;
#else
  return 1;
#endif
}

// Whether a test that walks indices 0 .. n-1 visits index i: every one natively; under the sanitizers every
// stride-th one, and the first and last stride of them (where a format keeps its zeros, extremes and NaNs).
inline bool in_sanitizer_sample(std::size_t i, std::size_t n) {
  const std::size_t stride = sanitizer_stride();
  return i % stride == 0 || i < stride || i + stride >= n;
}

// Whether a test that tries `count` hand-chosen cases of one kind (the given bits of a stochastic rounding, say)
// tries case j: every one natively; under the sanitizers the first, every stride-th and the last.
inline bool in_sanitizer_case_sample(std::size_t j, std::size_t count) {
  return j % sanitizer_stride() == 0 || j + 1 == count;
}

}  // namespace typelattice::test
