// Decimal to binary by exact comparison: value = D × 10^E is written as N / M with big integers, scaled by a
// power of two so that the quotient has exactly `precision` bits, and the remainder decides the rounding.
#include "core/base/decimal_to_binary.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace typelattice::detail {
namespace {

// Unsigned big integer, 32-bit limbs, least significant first, no leading zero limbs.
class BigInt {
 public:
  explicit BigInt(std::uint32_t v = 0) {
    if (v) limbs_.push_back(v);
  }

  bool is_zero() const { return limbs_.empty(); }

  int bit_length() const {
    if (limbs_.empty()) return 0;
    int top = 0;
    for (std::uint32_t v = limbs_.back(); v; v >>= 1) ++top;
    return static_cast<int>(32 * (limbs_.size() - 1)) + top;
  }

  void multiply_add(std::uint32_t factor, std::uint32_t addend) {
    std::uint64_t carry = addend;
    for (std::uint32_t& limb : limbs_) {
      const std::uint64_t t = std::uint64_t{limb} * factor + carry;
      limb = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    if (carry) limbs_.push_back(static_cast<std::uint32_t>(carry));
  }

  void shift_left(int bits) {
    if (limbs_.empty() || bits == 0) return;
    const auto words = static_cast<std::size_t>(bits / 32);
    const int rest = bits % 32;
    limbs_.insert(limbs_.begin(), words, 0u);
    if (rest) {
      std::uint32_t carry = 0;
      for (std::size_t i = words; i < limbs_.size(); ++i) {
        const std::uint32_t v = limbs_[i];
        limbs_[i] = (v << rest) | carry;
        carry = v >> (32 - rest);
      }
      if (carry) limbs_.push_back(carry);
    }
  }

  friend int compare(const BigInt& a, const BigInt& b) {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
    for (std::size_t i = a.limbs_.size(); i-- > 0;) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    }
    return 0;
  }

  // *this -= b, for b <= *this.
  void subtract(const BigInt& b) {
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < limbs_.size(); ++i) {
      std::int64_t t = std::int64_t{limbs_[i]} - borrow - (i < b.limbs_.size() ? std::int64_t{b.limbs_[i]} : 0);
      borrow = t < 0;
      if (t < 0) t += std::int64_t{1} << 32;
      limbs_[i] = static_cast<std::uint32_t>(t);
    }
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }

 private:
  std::vector<std::uint32_t> limbs_;
};

// Past this many significant digits only "is anything left nonzero" matters: every midpoint between two doubles
// has at most 767 significant digits, so digit 801 onwards can only break a tie, and a nonzero tail is kept as
// one final 1 (a sticky digit).
constexpr std::size_t kKeptDigits = 800;

struct Decimal {
  std::string digits;  // significant digits, no leading or trailing zeros; empty for zero
  long exponent = 0;   // value = digits × 10^exponent
};

Decimal read(std::string_view text) {
  Decimal d;
  long exponent = 0;
  bool sticky = false, seen_point = false;
  std::size_t i = 0;
  for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
    const char c = text[i];
    if (c == '.') {
      seen_point = true;
      continue;
    }
    if (seen_point) --exponent;
    if (c == '0' && d.digits.empty()) continue;  // a leading zero
    if (d.digits.size() < kKeptDigits) {
      d.digits += c;
    } else {
      ++exponent;  // a dropped digit still counts for the magnitude
      sticky |= c != '0';
    }
  }
  if (i < text.size()) {  // the exponent, clamped far beyond any finite double so it cannot overflow a long
    ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    long e = 0;
    for (; i < text.size(); ++i) e = std::min(e * 10 + (text[i] - '0'), 100000000L);
    exponent += negative ? -e : e;
  }
  if (sticky) {
    d.digits += '1';
    --exponent;
  }
  while (!d.digits.empty() && d.digits.back() == '0') {
    d.digits.pop_back();
    ++exponent;
  }
  d.exponent = exponent;
  return d;
}

// Clinger's fast path (W. D. Clinger, "How to Read Floating Point Numbers Accurately", PLDI 1990): when the digits
// as an integer and the power of ten are both exact in the target type, one IEEE multiplication or division,
// rounded once to nearest even, is the nearest value. That covers the numbers people type (a few digits, a small
// exponent), which the big-integer division below reads a hundred times slower. A double holds 15 decimal digits
// and 10^22 (5^22 < 2^53) exactly, a float 7 digits and 10^10 (5^10 < 2^24).
bool read_exactly(const Decimal& d, std::size_t max_digits, long max_power, double& value) {
  // FLT_EVAL_METHOD 0: double arithmetic rounds to double (not to x87's 80 bits, which would round twice).
  if (FLT_EVAL_METHOD != 0 || d.digits.size() > max_digits || d.exponent > max_power || d.exponent < -max_power) {
    return false;
  }
  double digits = 0, power = 1;
  for (char c : d.digits) digits = digits * 10 + (c - '0');  // exact: below 10^15 < 2^53
  for (long k = 0; k < (d.exponent < 0 ? -d.exponent : d.exponent); ++k) power *= 10;
  value = d.exponent < 0 ? digits / power : digits * power;
  return true;
}

// The nearest value with `precision` significand bits and exponents down to `min_exponent` (the smallest
// subnormal is 2^min_exponent) and a largest finite value below 2^max_exponent, as a double.
double nearest(const Decimal& d, int precision, int min_exponent, int max_exponent) {
  if (d.digits.empty()) return 0.0;
  // Magnitude 10^(magnitude-1) <= value < 10^magnitude: far outside the range, decide without big numbers.
  const long magnitude = d.exponent + static_cast<long>(d.digits.size());
  if (magnitude > 400) return HUGE_VAL;
  if (magnitude < -400) return 0.0;

  BigInt n, m(1);
  for (char c : d.digits) n.multiply_add(10, static_cast<std::uint32_t>(c - '0'));
  for (long k = 0; k < d.exponent; ++k) n.multiply_add(10, 0);
  for (long k = 0; k > d.exponent; --k) m.multiply_add(10, 0);

  // value = n / m = q × 2^e with 2^(precision-1) <= q < 2^precision, or q smaller at the subnormal end.
  int e = n.bit_length() - m.bit_length() - precision;
  const auto scaled = [&](int exp, BigInt& num, BigInt& den) {
    num = n;
    den = m;
    if (exp >= 0) den.shift_left(exp);
    else num.shift_left(-exp);
  };
  BigInt num, den;
  for (;;) {  // at most two adjustments: the estimate is off by one at most
    scaled(e, num, den);
    BigInt low = den, high = den;
    low.shift_left(precision - 1);
    high.shift_left(precision);
    if (compare(num, low) < 0) {
      --e;
    } else if (compare(num, high) >= 0) {
      ++e;
    } else {
      break;
    }
  }
  if (e < min_exponent) {  // subnormal (or below): fewer bits, the same exponent as the smallest subnormal
    e = min_exponent;
    scaled(e, num, den);
  }
  // Long division: q has at most `precision` bits.
  std::uint64_t q = 0;
  for (int bit = precision; bit-- > 0;) {
    BigInt shifted = den;
    shifted.shift_left(bit);
    if (compare(num, shifted) >= 0) {
      num.subtract(shifted);
      q |= std::uint64_t{1} << bit;
    }
  }
  // num is now the remainder: round half to even.
  num.shift_left(1);
  const int half = compare(num, den);
  if (half > 0 || (half == 0 && (q & 1))) ++q;
  if (q == (std::uint64_t{1} << precision)) {
    q >>= 1;
    ++e;
  }
  if (e + precision > max_exponent) return HUGE_VAL;
  return std::ldexp(static_cast<double>(q), e);
}

}  // namespace

double nearest_double(std::string_view decimal) {
  const Decimal d = read(decimal);
  double value;
  return read_exactly(d, 15, 22, value) ? value : nearest(d, 53, -1074, 1024);
}

float nearest_float(std::string_view decimal) {
  const Decimal d = read(decimal);
  // The fast path's operands are floats and its result is rounded to a double, then to a float: the same as one
  // rounding to a float, since 53 >= 2 × 24 + 2 (S. A. Figueroa, "When is double rounding innocuous?", 1995).
  // nearest()'s double is exact in a float (24 bits, exponent in range), so its conversion does not round again.
  double value;
  return static_cast<float>(read_exactly(d, 7, 10, value) ? value : nearest(d, 24, -149, 128));
}

}  // namespace typelattice::detail
