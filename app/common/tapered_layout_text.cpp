#include "app/common/tapered_layout_text.h"

#include <algorithm>
#include <sstream>

namespace typelattice::options {

namespace {

std::string bits_of(std::uint32_t raw, int width) {
  std::string out;
  for (int i = width - 1; i >= 0; --i) out += ((raw >> i) & 1u) ? '1' : '0';
  return out;
}

}  // namespace

std::string tapered_layout_text(TaperedFormat f, std::uint32_t code, std::string_view input,
                                const std::vector<CastFact>& facts) {
  std::ostringstream out;
  if (!input.empty()) out << "input        " << input << "\n";
  const TaperedLayout l = tapered_layout(f, code);
  out << "format       " << tapered_format_name(f) << "\n";
  out << "code         " << tapered_hex_code(f, code) << "\n";
  for (const TaperedField& field : l.fields) {
    std::string name = std::string(field.name) + ":";
    name.resize(13, ' ');
    out << name << bits_of(field.raw, field.high_bit - field.low_bit + 1) << "  (bits " << field.high_bit;
    if (field.high_bit != field.low_bit) out << ".." << field.low_bit;
    out << ", " << field.raw << ")  " << render(field.meaning) << "\n";
  }
  if (l.truncated_exponent_bits > 0) out << "cut exponent " << l.truncated_exponent_bits << " bit(s), read as 0\n";
  if (l.scale) out << "scale        2^" << *l.scale << "\n";
  if (!l.formula.empty()) out << "formula      " << l.formula << "\n";
  out << "category     " << tapered_category_name(l.category) << "\n";
  out << "value        " << l.exact_value << "\n";
  for (const CastFact& fact : facts) {
    std::string name(fact.name);
    name.resize(std::max<std::size_t>(name.size() + 1, 13), ' ');
    out << name << render(fact.text) << "\n";
  }
  out << "next up      " << (l.next_up ? tapered_cast_line(f, *l.next_up) : "none") << "\n";
  out << "next down    " << (l.next_down ? tapered_cast_line(f, *l.next_down) : "none") << "\n";
  return out.str();
}

}  // namespace typelattice::options
