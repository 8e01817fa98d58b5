// The one error every name parser of the core returns for a name it does not know:
//   unknown <what> '<text>'; did you mean a, b or c?
// with the suggestions also in Error::suggestions. A name longer than kMaxNameLength is refused without
// comparing or echoing it.
#pragma once
#include <span>
#include <string_view>

#include "typelattice/closest_names.h"
#include "typelattice/result.h"

namespace typelattice {

// A spelling to compare against and the name to suggest for it (an ONNX name or alias suggests the canonical
// name; several spellings of one name give one suggestion).
struct NameCandidate {
  std::string_view spelling;
  std::string_view name;
};

Error unknown_name_error(std::string_view what, std::string_view text, std::span<const NameCandidate> candidates,
                         std::size_t max_results = 3);
Error unknown_name_error(std::string_view what, std::string_view text, std::span<const std::string_view> candidates,
                         std::size_t max_results = 3);

}  // namespace typelattice
