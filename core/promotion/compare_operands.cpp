// Python literals and dtype names as compare() takes its operands (typelattice/compare.h): parse_operand and
// parse_operands.
#include "typelattice/compare.h"

#include <cmath>
#include <limits>

#include "core/base/decimal_to_binary.h"
#include "typelattice/display_text.h"

namespace typelattice {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// [digits][.digits][(e|E)[+-]digits] with at least one significand digit; `is_float` when '.' or an exponent.
bool decimal_syntax(std::string_view s, bool& is_float) {
  std::size_t i = 0, digits = 0;
  is_float = false;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    is_float = true;
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    is_float = true;
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    if (i == start) return false;
  }
  return i == s.size();
}

// A signed real literal: its value, and for an int its sign and magnitude.
struct Real {
  bool is_float = false;
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool huge = false;
  double value = 0;
};

std::optional<Real> parse_real(std::string_view s) {
  Real r;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    r.negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (!decimal_syntax(s, r.is_float)) return std::nullopt;
  if (!r.is_float) {
    for (char c : s) {
      const auto digit = static_cast<std::uint64_t>(c - '0');
      if (r.magnitude > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) r.huge = true;
      if (!r.huge) r.magnitude = r.magnitude * 10 + digit;
    }
  }
  r.value = detail::nearest_double(s);
  if (r.negative) r.value = -r.value;
  return r;
}

bool starts_like_number(std::string_view s) {
  return !s.empty() && (is_digit(s.front()) || s.front() == '.' || s.front() == '+' || s.front() == '-');
}

}  // namespace

Result<Operand> parse_operand(std::string_view text) {
  Operand op;
  op.text = std::string(text);
  if (text == "True" || text == "False") {
    op.kind = OperandKind::python_bool;
    op.dtype = Dtype::bool_;
    return op;
  }
  // A number of any length is a number (a 401-digit int is out of every dtype's range, not an unknown dtype); its
  // text, echoed in every system's message, is shortened as every echoed input is (displayed).
  if (starts_like_number(text)) {
    if (text.back() == 'j' || text.back() == 'J') {
      std::string_view body = text.substr(0, text.size() - 1);
      // The imaginary part starts at the last sign that is neither leading nor an exponent's.
      std::size_t split = 0;
      for (std::size_t i = 1; i < body.size(); ++i)
        if ((body[i] == '+' || body[i] == '-') && body[i - 1] != 'e' && body[i - 1] != 'E') split = i;
      const auto real = split ? parse_real(body.substr(0, split)) : std::optional<Real>(Real{});
      const auto imag = parse_real(body.substr(split));
      if (real && imag) {
        op.kind = OperandKind::python_complex;
        op.dtype = Dtype::weak_complex;
        op.real = real->value;
        op.imag = imag->value;
        op.text = displayed(op.text);
        return op;
      }
    } else if (const auto real = parse_real(text)) {
      op.kind = real->is_float ? OperandKind::python_float : OperandKind::python_int;
      op.dtype = real->is_float ? Dtype::weak_float : Dtype::weak_int;
      op.negative = real->negative && (real->magnitude != 0 || real->huge);
      op.magnitude = real->magnitude;
      op.huge = real->huge;
      op.real = real->value;
      if (!real->is_float) {  // as Python prints it: no '+'
        op.text.assign(op.negative ? 1 : 0, '-');
        op.text.append(text.substr(text.find_first_not_of("+-")));
      }
      op.text = displayed(op.text);
      return op;
    }
    std::string message = "'";  // appended, not chained with +: GCC 12 warns falsely (-Wrestrict) on the chain
    message.append(displayed(text));
    message.append("' is neither a Python number (300, -1, 1.5, 1e3, 1j, 2+3j, True) nor a dtype");
    return Error{ErrorKind::bad_value, std::move(message), {}};
  }
  const Result<Dtype> d = parse_dtype(text);
  if (!d) return d.error();
  op.dtype = *d;
  op.text = std::string(dtype_name(*d));
  return op;
}

Result<std::vector<Operand>> parse_operands(std::string_view text) {
  std::vector<Operand> operands;
  const auto separator = [](char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::size_t i = 0;
  while (i < text.size()) {
    if (separator(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !separator(text[end])) ++end;
    Result<Operand> op = parse_operand(text.substr(i, end - i));
    if (!op) return op.error();
    operands.push_back(std::move(op).value());
    i = end;
  }
  if (operands.empty()) return Error{ErrorKind::bad_value, "compare needs at least one operand", {}};
  return operands;
}

}  // namespace typelattice
