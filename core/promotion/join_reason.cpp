// Join reasons from the types' own data: DtypeInfo (kind, width) and, for floating types, the format table
// (precision and range); float64, which has no Format row, by its IEEE 754 binary64 parameters.
#include "typelattice/join_reason.h"

#include <array>
#include <cmath>
#include <optional>

#include "core/base/joined_text.h"
#include "core/promotion/system_list.h"
#include "core/promotion/systems.h"
#include "typelattice/display_text.h"
#include "typelattice/minifloat.h"

namespace typelattice {
namespace {

struct FloatShape {
  int precision;            // significand bits, the implicit one included
  double max, min_positive; // largest finite value, smallest positive value
  bool has_sign;
  int exponent_bits;
};

// The real part of complex32/complex64/complex128 is float16/float32/float64.
std::optional<FloatShape> float_shape(Dtype d) {
  if (d == Dtype::float64 || d == Dtype::complex128) return FloatShape{53, 1.7976931348623157e308, 0x1p-1074, true, 11};
  if (d == Dtype::complex64) d = Dtype::float32;
  if (d == Dtype::complex32) d = Dtype::float16;
  const std::optional<Format> f = format_of(d);
  if (!f) return std::nullopt;
  const FormatSpec& spec = format_spec(*f);
  const FormatRange range = format_range(*f);
  return FloatShape{spec.mantissa_bits + 1, range.max, range.min_subnormal.value_or(range.min_normal), spec.has_sign,
                    spec.exponent_bits};
}

bool is_integer(const DtypeInfo& d) {
  return d.kind == DtypeKind::signed_int || d.kind == DtypeKind::unsigned_int;
}

// How many bits an integer type's magnitude takes: 2^m − 1 is its largest value (−2^m its smallest, if signed).
int magnitude_bits(const DtypeInfo& d) { return d.kind == DtypeKind::signed_int ? d.bits - 1 : d.bits; }

std::string power(int bits, int minus_one) {  // "255" for small widths, "2^32−1" beyond
  if (bits <= 16) return std::to_string((1L << bits) + minus_one);
  return joined({"2^", std::to_string(bits), minus_one != 0 ? "−1" : ""});
}

std::string range_text(const DtypeInfo& d) {
  if (d.kind == DtypeKind::signed_int) return joined({"−", power(d.bits - 1, 0), "…", power(d.bits - 1, -1)});
  return joined({"0…", power(d.bits, -1)});
}

// "every int8 value (−128…127)" / "every float16 value".
Message every_value(const DtypeInfo& d) {
  if (is_integer(d)) return message("every %1 value (%2)", {d.name, range_text(d)});
  return message("every %1 value", {d.name});
}

// "65504" for a short max; "about 2^128" for a long one (bfloat16's has 39 digits). Not exact_decimal: the
// promotion part of the module has no decimal printer, and every floating type's max up to 10^8 is an integer.
Message max_text(double max) {
  if (max < 1e8 && max == std::floor(max)) return literal(std::to_string(static_cast<long long>(max)));
  return message("about 2^%1", {std::to_string(std::ilogb(max) + 1)});
}

// Why two floating types need a third: one has the range (the larger max), the other the precision, each figure
// against the other type's. Empty when one has both (then it holds the other) or they differ in something else
// (sign, the smallest value).
Message range_and_precision(const DtypeInfo& a, const DtypeInfo& b) {
  const std::optional<FloatShape> fa = float_shape(a.id), fb = float_shape(b.id);
  if (!fa || !fb || fa->max == fb->max || fa->precision == fb->precision) return {};
  if ((fa->max > fb->max) == (fa->precision > fb->precision)) return {};
  const bool a_range = fa->max > fb->max;
  const FloatShape& w = a_range ? *fa : *fb;
  const FloatShape& f = a_range ? *fb : *fa;
  return message("; neither holds the other: %1 has the range (%2, max %3), %4 the precision (%5, epsilon %6)",
                 {(a_range ? a : b).name,
                  message("%1 exponent bits against %2",
                          {std::to_string(w.exponent_bits), std::to_string(f.exponent_bits)}),
                  message("%1 against %2", {max_text(w.max), max_text(f.max)}), (a_range ? b : a).name,
                  message("%1 significand bits against %2", {std::to_string(f.precision), std::to_string(w.precision)}),
                  message("2^-%1 against 2^-%2", {std::to_string(f.precision - 1), std::to_string(w.precision - 1)})});
}

Message system_words(const PromotionOptions& o) { return message(detail::system_row(o.system).words); }

// Integers are one kind here: signed and unsigned meet Python's int alike.
int kind_rank(DtypeKind k) {
  return k == DtypeKind::boolean ? 0 : k == DtypeKind::floating ? 2 : k == DtypeKind::complex_floating ? 3 : 1;
}

std::string_view kind_word(DtypeKind k) {  // a word to translate: message(kind_word(k))
  switch (k) {
    case DtypeKind::boolean: return "bool";
    case DtypeKind::unsigned_int:
    case DtypeKind::signed_int: return "integer";
    case DtypeKind::floating: return "float";
    case DtypeKind::complex_floating: return "complex";
  }
  return {};
}

// Whether a type of the system narrower than `join` also holds both: then `join` is not the smallest.
bool smallest_holding_both(Dtype a, Dtype b, Dtype join, const PromotionOptions& o) {
  for (Dtype d : system_dtypes(o)) {
    if (d != join && dtype_info(d).bits < dtype_info(join).bits && holds_every_value(d, a) && holds_every_value(d, b))
      return false;
  }
  return true;
}

bool some_integer_holds_both(Dtype a, Dtype b, const PromotionOptions& o) {
  for (Dtype d : system_dtypes(o))
    if (is_integer(dtype_info(d)) && holds_every_value(d, a) && holds_every_value(d, b)) return true;
  return false;
}

Message pair_reason(const DtypeInfo& a, const DtypeInfo& b, const DtypeInfo& j, const PromotionOptions& o) {
  const Dtype concrete = concrete_type(j.id, o.x64);  // what a weak join holds is what it becomes
  const Message system = system_words(o);
  if (a.id == b.id) {
    return j.id == a.id ? message("a type with itself is itself")
                        : message("%1 with itself is %2 in %3, which does not keep a type's own type",
                                  {a.name, j.name, system});
  }
  if ((a.kind == DtypeKind::boolean && j.id == b.id) || (b.kind == DtypeKind::boolean && j.id == a.id))
    return message("%1 holds bool's two values, false and true (0 and 1)", {j.name});
  if (a.weak && b.weak) return message("%1 and %2 are both Python scalars: the higher kind wins", {a.name, b.name});
  if (a.weak || b.weak) {
    const DtypeInfo& w = a.weak ? a : b;
    const DtypeInfo& other = a.weak ? b : a;
    if (j.id == other.id) {
      return message(kind_rank(other.kind) >= kind_rank(w.kind)
                         ? "%1 is a Python scalar (a weak type): it takes the type of %2, whose kind is the same or "
                           "higher"
                         : "%1 is a Python scalar (a weak type): it takes the type of %2",
                     {w.name, other.name});
    }
    if (j.weak)
      return message("%1 is a Python scalar (a weak type) of a higher kind than %2, so the result is a weak %3",
                     {w.name, other.name, message(kind_word(j.kind))});
    return message("%1 is a Python scalar (a weak type); %2 is the least type both promote to in %3",
                   {w.name, j.name, system});
  }
  if (j.id == a.id || j.id == b.id) {
    const DtypeInfo& other = j.id == a.id ? b : a;
    if (holds_every_value(j.id, other.id)) return message("%1 holds %2", {j.name, every_value(other)});
    const bool jax_int_to_float = o.system == System::jax && is_integer(other) && !is_integer(j);
    return message(jax_int_to_float
                       ? "%1 promotes to %2 in %3, although %2 does not hold %4: an integer never widens a floating "
                         "type in JAX"
                       : "%1 promotes to %2 in %3, although %2 does not hold %4",
                   {other.name, j.name, system, every_value(other)});
  }
  if (holds_every_value(concrete, a.id) && holds_every_value(concrete, b.id)) {
    return message(smallest_holding_both(a.id, b.id, concrete, o) ? "the smallest type in %1 that holds %2 and %3%4"
                                                                   : "a type in %1 that holds %2 and %3%4",
                   {system, every_value(a), every_value(b), range_and_precision(a, b)});
  }
  if (is_integer(a) && is_integer(b) && !some_integer_holds_both(a.id, b.id, o)) {
    return message("no integer type holds %1 and %2; %3 is the least type both %4 and %5 promote to in %6, though it "
                   "does not hold every value of both",
                   {every_value(a), every_value(b), j.name, a.name, b.name, system});
  }
  return message("%1 is the least type both %2 and %3 promote to in %4, though it does not hold every value of both",
                 {j.name, a.name, b.name, system});
}

}  // namespace

bool holds_every_value(Dtype into, Dtype x) {
  const DtypeInfo& j = dtype_info(into);
  const DtypeInfo& v = dtype_info(x);
  if (j.weak || v.weak) return false;
  if (v.kind == DtypeKind::boolean)  // 0 and 1: E8M0 has no zero, int1 no 1
    return j.id != Dtype::float8_e8m0fnu && !(j.kind == DtypeKind::signed_int && j.bits < 2);
  if (j.kind == DtypeKind::boolean) return v.kind == DtypeKind::unsigned_int && v.bits == 1;  // uint1: 0 and 1
  if (is_integer(v)) {
    if (is_integer(j)) {
      if (v.kind == DtypeKind::signed_int && j.kind == DtypeKind::unsigned_int) return false;
      return magnitude_bits(j) >= magnitude_bits(v);
    }
    const std::optional<FloatShape> f = float_shape(into);
    const int m = magnitude_bits(v);
    const double largest = v.kind == DtypeKind::signed_int ? std::ldexp(1.0, m) : std::ldexp(1.0, m) - 1;  // |−2^m|
    return f && f->has_sign && f->precision >= m && f->max >= largest;
  }
  if (is_integer(j) || (v.kind == DtypeKind::complex_floating && j.kind != DtypeKind::complex_floating)) return false;
  const std::optional<FloatShape> fj = float_shape(into), fv = float_shape(x);
  return fj && fv && (fj->has_sign || !fv->has_sign) && fj->precision >= fv->precision && fj->max >= fv->max &&
         fj->min_positive <= fv->min_positive;
}

Dtype concrete_type(Dtype d, bool x64) {
  switch (d) {
    case Dtype::weak_int: return x64 ? Dtype::int64 : Dtype::int32;
    case Dtype::weak_float: return x64 ? Dtype::float64 : Dtype::float32;
    case Dtype::weak_complex: return x64 ? Dtype::complex128 : Dtype::complex64;
    default: return d;
  }
}

Message join_reason_message(Dtype a, Dtype b, Dtype join, const PromotionOptions& options) {
  const DtypeInfo& j = dtype_info(join);
  // With x64 off JAX's lattice has one edge moved (systems.h, kX32Edge); a join it reaches through that edge is the
  // one x64 moved (with x64 on it is the edge's other end).
  const detail::X32Edge& e = detail::kX32Edge;
  if (options.system == System::jax && !options.x64 && join == e.x32_to && (a == e.from || b == e.from)) {
    return message("%1: x64 off moved this join from %2: JAX's lattice for x64 off has %3 -> %1, not %3 -> %2",
                   {j.name, dtype_name(e.x64_to), dtype_name(e.from)});
  }
  Message why = pair_reason(dtype_info(a), dtype_info(b), j, options);
  if (!j.weak || options.system != System::jax) return message("%1: %2", {j.name, why});
  return message("%1: %2 (%1 becomes %3 with x64 on, %4 with it off)",
                 {j.name, why, dtype_name(concrete_type(join, true)),
                  dtype_name(concrete_type(join, false))});
}

std::string join_reason(Dtype a, Dtype b, Dtype join, const PromotionOptions& options) {
  return render(join_reason_message(a, b, join, options));
}

}  // namespace typelattice
