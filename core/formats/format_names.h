// The names parse_format suggests for an unknown one, also offered by the parsers that take more kinds of
// format (tapered_formats.h's classify_format_name).
#pragma once
#include <vector>

#include "core/base/unknown_name.h"

namespace typelattice {

std::vector<NameCandidate> format_name_candidates();

}  // namespace typelattice
