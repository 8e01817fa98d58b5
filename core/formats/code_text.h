// Reading a code of any width from text, shared by the minifloats (parse_code) and the tapered formats.
#pragma once
#include <cstdint>
#include <string_view>

#include "typelattice/result.h"

namespace typelattice {

// "0x7e", "0b01111110" or decimal "126", below 2^bits; the error names `format`.
Result<std::uint32_t> parse_code_of_width(std::string_view text, int bits, std::string_view format);

}  // namespace typelattice
