// Fuzz number parsing for `cast`: never crash; a finite accepted value survives exact_decimal -> parse
// unchanged (the decimal is exact, so re-parsing must give back the same double); errors say something.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "typelattice/minifloat.h"

using namespace typelattice;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto v = parse_number(text)) {
    if (std::isfinite(*v)) {
      auto back = parse_number(exact_decimal(*v));
      if (!back || std::memcmp(&*back, &*v, sizeof(double)) != 0) std::abort();
    }
  } else if (v.error().message.empty()) {
    std::abort();
  }
  for (int width : {32, 64}) {
    auto h = parse_hex_bits(text, width);
    if (!h && h.error().message.empty()) std::abort();
  }
  return 0;
}
