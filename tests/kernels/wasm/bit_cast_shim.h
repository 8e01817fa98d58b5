// Toolchain workaround, for this wasm test build only: the libc++ of Debian's Emscripten 3.1.6 lacks
// std::bit_cast, which the core's codecs use. Clang's builtin does the same thing.
#pragma once
#include <version>
#if !defined(__cpp_lib_bit_cast)
namespace std {
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}
}  // namespace std
#endif
