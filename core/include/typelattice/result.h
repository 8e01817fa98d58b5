// A value or an error, without exceptions: the core is also compiled to wasm, where exceptions cost size.
#pragma once
#include <cassert>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace typelattice {

enum class ErrorKind {
  unknown_name,      // a dtype / format / system name that does not exist (suggestions filled in)
  bad_value,         // a number or code that does not parse or is out of range
  promotion,         // no promotion path (JAX's TypePromotionError)
  invalid_lattice,   // a user graph with a cycle, an unknown node, ...
};

struct Error {
  ErrorKind kind;
  std::string message;                  // complete, user-facing sentence(s)
  std::vector<std::string> suggestions; // closest valid names, best first (unknown_name only)
};

// The error for a number, code or option value that does not parse or is out of range.
inline Error bad_value_error(std::string message) { return Error{ErrorKind::bad_value, std::move(message), {}}; }

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}            // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}        // NOLINT
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { assert(!ok()); return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace typelattice
