// cast, decode and layout for the tapered formats (posit8, posit16, hif8): format_commands.cpp hands a name that
// find_tapered_format knows to these (core/include/typelattice/tapered_formats.h; docs/formats.md).
#pragma once
#include <string>
#include <vector>

#include "app/common/options.h"
#include "typelattice/tapered_formats.h"

namespace typelattice::cli {

int run_tapered_cast(TaperedFormat f, const options::CastFlags& flags, int repeat, const std::vector<std::string>& values);
int run_tapered_decode(TaperedFormat f, const std::vector<std::string>& codes);
int run_tapered_layout(TaperedFormat f, const std::string& value_text, const std::string& code_text,
                       const options::CastFlags& flags);

}  // namespace typelattice::cli
