// Values that a system types instead of making weak: C's constants, C++'s literals, TensorFlow.js's and jax-js's
// JS values (compare.cpp asks here before it walks the table).
#include "core/promotion/typed_values.h"

namespace typelattice::detail {

// Whether a Python int lies in [-2^(bits-1), 2^(bits-1)) or [0, 2^bits).
bool int_fits(const Operand& v, bool is_signed, int bits) {
  if (v.huge) return false;
  const int value_bits = is_signed ? bits - 1 : bits;
  if (v.negative) {
    if (!is_signed) return false;
    return value_bits >= 64 || v.magnitude <= (std::uint64_t{1} << value_bits);
  }
  return value_bits >= 64 || v.magnitude < (std::uint64_t{1} << value_bits);
}

// C23 6.4.4: an unsuffixed decimal integer constant is the first of int, long that holds it (int32, int64 here); a
// floating constant is a double, 1.0*I a double _Complex; true and false are ints. C++23 [lex.icon] and [lex.fcon]
// give its literals the same types, except that true and false are bools ([lex.bool]).
Dtype literal_type(ValueRule rule, const Operand& v) {
  switch (v.kind) {
    case OperandKind::python_int: return int_fits(v, true, 32) ? Dtype::int32 : Dtype::int64;
    case OperandKind::python_float: return Dtype::float64;
    case OperandKind::python_complex: return Dtype::complex128;
    case OperandKind::python_bool: return rule == ValueRule::cpp_literals ? Dtype::bool_ : Dtype::int32;
    case OperandKind::dtype: break;
  }
  return v.dtype;
}

bool types_values(ValueRule rule) {
  return rule == ValueRule::c_constants || rule == ValueRule::cpp_literals || rule == ValueRule::tfjs_values ||
         rule == ValueRule::jax_js_values;
}

// Gives a value its type under `rule` (one that types_values), or says why it has none. TensorFlow.js's
// convertToTensor makes a JS number a float32 tensor and a boolean a bool one; jax-js makes a number a weak float32
// (the table's f*) and a boolean a bool array. JavaScript has no complex number.
std::optional<Message> type_value(ValueRule rule, Operand& op) {
  const bool cpp = rule == ValueRule::cpp_literals;
  const bool js = rule == ValueRule::tfjs_values || rule == ValueRule::jax_js_values;
  if (op.kind == OperandKind::dtype || (js && op.kind == OperandKind::python_bool)) return std::nullopt;
  if (js && op.kind == OperandKind::python_complex) {
    return message(rule == ValueRule::tfjs_values
                       ? "JavaScript has no complex number: %1 is no JS value, and TensorFlow.js makes complex64 only "
                         "with tf.complex"
                       : "JavaScript has no complex number: %1 is no JS value, and jax-js has no complex dtype",
                   {op.text});
  }
  if (rule == ValueRule::jax_js_values) {
    op.dtype = Dtype::weak_float;
    return std::nullopt;
  }
  if (js) {
    op = Operand{OperandKind::dtype, Dtype::float32, op.text};
    return std::nullopt;
  }
  if (op.kind == OperandKind::python_int && !int_fits(op, true, 64)) {
    return message(cpp ? "the integer literal %1 is too large for long (C++23 [lex.icon])"
                       : "the integer constant %1 is too large for long (C23 6.4.4.1)",
                   {op.text});
  }
  if (cpp && op.kind == OperandKind::python_complex) {
    return message("C++ has no complex literal of a built-in type: %1 would be a std::complex, a class, which the "
                   "usual arithmetic conversions ([expr.arith.conv]) do not cover",
                   {op.text});
  }
  op = Operand{OperandKind::dtype, literal_type(rule, op), op.text};
  return std::nullopt;
}

}  // namespace typelattice::detail
