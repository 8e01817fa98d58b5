// Objects JS holds by number instead of as Embind classes. One class_ binding brings Embind's class machinery into
// the glue (ClassHandle, RegisteredPointer, the smart-pointer wire types); a number and free functions bring none:
// about 2 KB gzipped less on every page (scripts/page-size.mjs). The JS that gets a number owns it (the wrapper's
// handleOf in web/src/typelattice.mjs; analyze in web/src/analyze.mjs for the tensors part): it calls
// `<kind>_<method>(number, ...)` while the object lives and `<kind>_delete(number)` once.
#pragma once
#include <emscripten/bind.h>

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "web/bindings.h"

namespace typelattice::web {

// The live objects of one type, each by its number: its slot + 1 (0 is never one). A deleted number finds nothing
// until its slot holds the next object made.
template <class T>
class HandleTable {
 public:
  std::uint32_t add(std::unique_ptr<T> object) {
    if (free_.empty()) {
      slots_.push_back(std::move(object));
      return static_cast<std::uint32_t>(slots_.size());
    }
    const std::uint32_t slot = free_.back();
    free_.pop_back();
    slots_[slot] = std::move(object);
    return slot + 1;
  }
  T* find(std::uint32_t number) const { return number - 1 < slots_.size() ? slots_[number - 1].get() : nullptr; }
  void erase(std::uint32_t number) {
    if (find(number) == nullptr) return;
    slots_[number - 1].reset();
    free_.push_back(number - 1);
  }

 private:
  std::vector<std::unique_ptr<T>> slots_;
  std::vector<std::uint32_t> free_;
};

template <class T>
HandleTable<T>& handle_table() {
  static HandleTable<T> table;
  return table;
}

// A new T as a number for JS.
template <class T, class... Args>
val new_handle(Args&&... args) {
  return val(handle_table<T>().add(std::make_unique<T>(std::forward<Args>(args)...)));
}

val deleted_handle_error();  // what a call with a number that holds nothing answers

// A method of T as a function of the handle's number, its result as a JS value (undefined for void).
template <auto Method, class R, class T, class... Args>
val call_handle(std::uint32_t number, Args&&... args) {
  T* object = handle_table<T>().find(number);
  if (object == nullptr) return deleted_handle_error();
  if constexpr (std::is_void_v<R>) {
    (object->*Method)(std::forward<Args>(args)...);
    return val::undefined();
  } else if constexpr (std::is_same_v<R, val>) {
    return (object->*Method)(std::forward<Args>(args)...);
  } else {
    return val((object->*Method)(std::forward<Args>(args)...));
  }
}
template <auto Method>
struct HandleMethod;
template <class T, class R, class... Args, R (T::*Method)(Args...) const>
struct HandleMethod<Method> {
  static val call(std::uint32_t number, Args... args) {
    return call_handle<Method, R, T>(number, std::forward<Args>(args)...);
  }
};
template <class T, class R, class... Args, R (T::*Method)(Args...)>
struct HandleMethod<Method> {
  static val call(std::uint32_t number, Args... args) {
    return call_handle<Method, R, T>(number, std::forward<Args>(args)...);
  }
};

template <class T>
void delete_handle(std::uint32_t number) {
  handle_table<T>().erase(number);
}

// Registers `<kind>_<name>` for each method given as (name, &T::method), and `<kind>_delete`.
template <class T>
class HandleFunctions {
 public:
  explicit HandleFunctions(std::string kind) : kind_(std::move(kind)) {
    emscripten::function((kind_ + "_delete").c_str(), &delete_handle<T>);
  }
  template <auto Method>
  HandleFunctions& method(const char* name) {
    emscripten::function((kind_ + "_" + name).c_str(), &HandleMethod<Method>::call);
    return *this;
  }

 private:
  std::string kind_;
};

}  // namespace typelattice::web
