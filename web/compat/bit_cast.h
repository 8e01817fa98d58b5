// Emscripten 3.1.6's libc++ predates std::bit_cast (C++20). The wasm build force-includes this header so the
// core's std::bit_cast calls compile there too; any newer libc++ defines __cpp_lib_bit_cast and skips it.
#pragma once
#include <version>

#ifndef __cpp_lib_bit_cast
#include <type_traits>

namespace std {
template <class To, class From>
  requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> && is_trivially_copyable_v<From>)
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
}  // namespace std
#endif
