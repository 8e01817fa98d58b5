#include "core/base/joined_text.h"

namespace typelattice {

std::string joined(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (std::string_view piece : pieces) out += piece;
  return out;
}

}  // namespace typelattice
