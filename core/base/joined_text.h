// Text from pieces in one call: a chain of operator+ builds and frees a string per piece, and at the hundreds of
// places the core's messages are put together that chain was a measurable part of the wasm module (whose size has
// a budget: scripts/page-size.mjs).
#pragma once
#include <initializer_list>
#include <string>
#include <string_view>

namespace typelattice {

std::string joined(std::initializer_list<std::string_view> pieces);

}  // namespace typelattice
