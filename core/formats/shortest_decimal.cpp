// The shortest decimal that reads back as a code: from the value's exact decimal, each number of significant
// digits in turn, both decimals of that length around the value (the nearer first), read by the core's parser
// and cast with ties to even; the first that gives the code back wins.
#include <cmath>
#include <string>

#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

// |value| = 0.d1 d2 d3 ... × 10^exponent, digits without leading or trailing zeros.
struct Digits {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};

Digits digits_of(const std::string& exact) {
  Digits d;
  std::size_t i = 0;
  if (!exact.empty() && exact[0] == '-') {
    d.negative = true;
    i = 1;
  }
  const std::size_t point = exact.find('.', i);
  const std::string whole = exact.substr(i, point == std::string::npos ? std::string::npos : point - i);
  const std::string fraction = point == std::string::npos ? "" : exact.substr(point + 1);
  std::string all = whole + fraction;
  d.exponent = static_cast<int>(whole.size());
  const std::size_t first = all.find_first_not_of('0');
  d.exponent -= static_cast<int>(first);
  all.erase(0, first);
  all.erase(all.find_last_not_of('0') + 1);
  d.digits = all;
  return d;
}

// The digit string plus one unit in its last place; a carry out of the first digit lengthens the exponent.
Digits incremented(Digits d) {
  int i = static_cast<int>(d.digits.size()) - 1;
  while (i >= 0 && d.digits[static_cast<std::size_t>(i)] == '9') d.digits[static_cast<std::size_t>(i--)] = '0';
  if (i < 0) {  // all nines: 10^exponent
    d.digits.assign(1, '1');
    ++d.exponent;
  } else {
    ++d.digits[static_cast<std::size_t>(i)];
  }
  d.digits.erase(d.digits.find_last_not_of('0') + 1);
  return d;
}

// Plain notation from 1e-6 to below 1e21 (as JavaScript prints numbers), scientific outside. Appended piece by
// piece: GCC 12 warns falsely (-Wrestrict) on chains of +.
std::string text_of(const Digits& d) {
  std::string out = d.negative ? "-" : "";
  const std::size_t n = d.digits.size();
  if (d.exponent > -6 && d.exponent <= 21) {
    if (d.exponent <= 0) {
      out.append("0.").append(static_cast<std::size_t>(-d.exponent), '0').append(d.digits);
    } else if (n <= static_cast<std::size_t>(d.exponent)) {
      out.append(d.digits).append(static_cast<std::size_t>(d.exponent) - n, '0');
    } else {
      const auto point = static_cast<std::size_t>(d.exponent);
      out.append(d.digits, 0, point).append(".").append(d.digits, point, std::string::npos);
    }
    return out;
  }
  out.append(d.digits, 0, 1);
  if (n > 1) out.append(".").append(d.digits, 1, std::string::npos);
  out.append("e").append(std::to_string(d.exponent - 1));
  return out;
}

bool reads_back(Format f, std::uint32_t code, const std::string& text) {
  const Result<double> value = parse_number(text);
  return value && encode(f, *value, CastOptions{false, RoundMode::nearest_even}) == code;
}

}  // namespace

std::string shortest_decimal(Format f, std::uint32_t code) {
  const double value = decode_to_float64(f, code);
  if (!std::isfinite(value)) return "";
  const std::string exact = exact_decimal(value);
  if (value == 0) return exact;
  const Digits all = digits_of(exact);
  for (std::size_t p = 1; p < all.digits.size(); ++p) {
    Digits below = all;
    below.digits.resize(p);
    const Digits above = incremented(below);
    below.digits.erase(below.digits.find_last_not_of('0') + 1);
    // The rest of the digits against half a unit of the p-th: at least half, and `above` is the nearer.
    const bool above_nearer = all.digits[p] >= '5';
    const Digits nearer_first[2] = {above_nearer ? above : below, above_nearer ? below : above};
    for (const Digits& candidate : nearer_first) {
      const std::string text = text_of(candidate);
      if (reads_back(f, code, text)) return text;
    }
  }
  return text_of(all);
}

}  // namespace typelattice
