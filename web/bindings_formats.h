// Bindings for the minifloat formats: listings, bulk casts through the wasm heap, layouts, single casts, and the
// format handle (bindings_format_handle.cpp), which share the conversions declared here.
#pragma once
#include <emscripten/val.h>

#include <optional>
#include <string>

#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"

namespace typelattice::web {

using emscripten::val;

void register_format_bindings();
void register_format_handle();  // tl.format(...): bindings_format_handle.cpp

// The cast options as the wrapper passes them (undefined: unset; stochastic: undefined or [srNumBits, srBits,
// seed] as decimal strings or undefined, the JS types checked by the wrapper), held as text for the core to read.
struct CastOptionTexts {
  CastOptionTexts(const val& saturate, const val& round, const val& input, const val& from, const val& stochastic);
  CastRequestNames names() const;  // without a target (`to`): views of this object's strings

  std::optional<bool> saturate;
  std::optional<std::string> round, input, from, sr[3];
};

val category_js(Category c);
val exact_text(double value);                 // an exact decimal, or nan / inf / -inf
val format_entry(Format f);                   // a FormatEntry of typelattice.d.ts
val optional_code(const std::optional<std::uint32_t>& code);
val layout_value(const Layout& l);            // a CodeLayout
val cast_row_value(Format f, const CastOutcome& cast);      // code, hex, value, category, range and error
val cast_outcome_value(Format f, const CastOutcome& cast);  // a CastResult: the row's fields and the rest

}  // namespace typelattice::web
