// Shared type translation for the Embind bindings: C++ results become plain JS values, errors become
// { ok: false, kind, message, suggestions } objects that the JS wrapper turns into the right Error class.
#pragma once
#include <emscripten/val.h>

#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "typelattice/graph_layout.h"
#include "typelattice/lattice.h"
#include "typelattice/result.h"

namespace typelattice::web {

using emscripten::val;

val js_string(std::string_view text);

// object[key] = value and array.push(value), out of line: a `val::set` or `call("push")` written in place builds
// and drops its key's handle there, which at ~400 places was 0.9 KB of the whole module, gzipped.
void set_property(val& object, const char* key, const val& value);
void set_text(val& object, const char* key, std::string_view text);  // the text as a JS string
void push_value(val& array, const val& value);
template <class T>
void set_property(val& object, const char* key, const T& value) {
  set_property(object, key, val(value));
}
template <class T>
void push_value(val& array, const T& value) {
  push_value(array, val(value));
}

val error_value(const Error& error);
val ok_value(const val& value);

template <class T, class ToJs>
val translate(const Result<T>& result, ToJs to_js) {
  return result.ok() ? ok_value(to_js(result.value())) : error_value(result.error());
}

template <class Range>
val string_array(const Range& names) {
  val out = val::array();
  for (const auto& name : names) push_value(out, js_string(name));
  return out;
}

// A typed array of JS's own (Uint8Array for std::uint8_t, Float64Array for double, ...) holding a copy of `values`:
// a view of the wasm heap, sliced, so it stays valid when the heap grows.
val sliced_view(const val& view);  // view.slice(), out of line
template <class Contiguous>
val typed_array_copy(const Contiguous& values) {
  return sliced_view(val(emscripten::typed_memory_view(std::size(values), std::data(values))));
}

// `count` elements of T at a wasm heap address the wrapper allocated.
template <class T>
std::span<T> heap_span(std::uintptr_t address, std::size_t count) {
  return {reinterpret_cast<T*>(address), count};
}

std::vector<std::string> strings_from(const val& array);
Graph graph_from(const val& nodes, const val& edges);     // nodes: string[], edges: [string, string][]
val name_pairs(const std::vector<std::pair<std::string, std::string>>& pairs);  // [[from, to], ...]
val graph_value(const Graph& graph);                      // { nodes: string[], edges: [string, string][] }
val node_names(const Lattice& lattice, std::span<const NodeId> ids);
val positions_value(const std::vector<NodePosition>& positions);  // [{ name, x, y }]
void register_limits();  // maximumMemoryBytes, maxCastSamples: every build registers them
double heap_bytes_in_use();  // bytes malloc has handed out and not had back: the JS tests' leak check

}  // namespace typelattice::web
