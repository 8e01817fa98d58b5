// Embind's registration of the C++ types its wire protocol knows, linked in place of Emscripten's own
// (system/lib/embind/bind.cpp, which `--bind` links whole). That one also registers std::wstring, std::u16string,
// std::u32string, std::basic_string<unsigned char> and the 64-bit integers, none of which these bindings take or
// give, and the first three pull their UTF-16 and UTF-32 codecs into the glue: without them the whole API page is
// 0.6 KB smaller gzipped (scripts/page-size.mjs). A type a binding used and this left out would make its call
// throw Embind's UnboundTypeError, which the module's tests (`ctest -L js`) would meet.
#include <emscripten/bind.h>
#include <emscripten/wire.h>

#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <typeinfo>

namespace {

template <typename T>
void register_integer(const char* name) {
  emscripten::internal::_embind_register_integer(emscripten::internal::TypeID<T>::get(), name, sizeof(T),
                                                 std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
}

// Embind's typed array kind of T (embind.js's typeMapping: Int8Array, Uint8Array, Int16Array, Uint16Array,
// Int32Array, Uint32Array, Float32Array, Float64Array).
template <typename T>
constexpr unsigned typed_array_kind() {
  if constexpr (std::is_floating_point_v<T>) return sizeof(T) == 4 ? 6 : 7;
  constexpr unsigned by_size = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 2 : 4;
  return by_size + (std::is_signed_v<T> ? 0 : 1);
}

template <typename T>
void register_memory_view(const char* name) {
  emscripten::internal::_embind_register_memory_view(
      emscripten::internal::TypeID<emscripten::memory_view<T>>::get(), typed_array_kind<T>(), name);
}

}  // namespace

extern "C" {

// The name Embind's errors give a type that has no binding: its mangled name.
EMSCRIPTEN_KEEPALIVE const char* __getTypeName(const std::type_info* ti) { return strdup(ti->name()); }

// Run as a global constructor, as Emscripten's own is, before any binding registers.
EMSCRIPTEN_KEEPALIVE __attribute__((constructor)) void __embind_register_native_and_builtin_types() {
  using namespace emscripten::internal;
  _embind_register_void(TypeID<void>::get(), "void");
  _embind_register_bool(TypeID<bool>::get(), "bool", sizeof(bool), true, false);
  register_integer<char>("char");
  register_integer<signed char>("signed char");
  register_integer<unsigned char>("unsigned char");
  register_integer<short>("short");
  register_integer<unsigned short>("unsigned short");
  register_integer<int>("int");
  register_integer<unsigned int>("unsigned int");
  register_integer<long>("long");
  register_integer<unsigned long>("unsigned long");
  _embind_register_float(TypeID<float>::get(), "float", sizeof(float));
  _embind_register_float(TypeID<double>::get(), "double", sizeof(double));
  _embind_register_std_string(TypeID<std::string>::get(), "std::string");
  _embind_register_emval(TypeID<emscripten::val>::get(), "emscripten::val");
  register_memory_view<signed char>("memory_view<signed char>");
  register_memory_view<unsigned char>("memory_view<unsigned char>");
  register_memory_view<short>("memory_view<short>");
  register_memory_view<unsigned short>("memory_view<unsigned short>");
  register_memory_view<int>("memory_view<int>");
  register_memory_view<unsigned int>("memory_view<unsigned int>");
  register_memory_view<long>("memory_view<long>");
  register_memory_view<unsigned long>("memory_view<unsigned long>");
  register_memory_view<float>("memory_view<float>");
  register_memory_view<double>("memory_view<double>");
}

}  // extern "C"
