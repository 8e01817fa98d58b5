// Values that a system types instead of making weak: C's constants, C++'s literals, Julia's literals, TensorFlow.js's
// and jax-js's JS values, MLX's Python values when no operand is an array and Keras's Python complex (compare.cpp
// asks here before it walks the table).
#include "core/promotion/typed_values.h"

#include <array>

#include "core/base/joined_text.h"

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

bool int_fits(const Operand& v, Dtype d) {
  const DtypeInfo& info = dtype_info(d);
  return int_fits(v, info.kind == DtypeKind::signed_int, info.bits);
}

bool bounded_by(Dtype d) {
  const DtypeKind k = dtype_info(d).kind;
  return !dtype_info(d).weak && (k == DtypeKind::signed_int || k == DtypeKind::unsigned_int);
}

// C23 6.4.4: an unsuffixed decimal integer constant is the first of int, long that holds it (int32, int64 here); a
// floating constant is a double, 1.0*I a double _Complex; true and false are ints. C++23 [lex.icon] and [lex.fcon]
// give its literals the same types, except that true and false are bools ([lex.bool]). Julia's integer literal is
// an Int (Int64 on a 64-bit machine), 1.0 a Float64, 1.0im a ComplexF64, true a Bool.
Dtype literal_type(ValueRule rule, const Operand& v) {
  const bool julia = rule == ValueRule::julia;
  switch (v.kind) {
    case OperandKind::python_int: return !julia && int_fits(v, true, 32) ? Dtype::int32 : Dtype::int64;
    case OperandKind::python_float: return Dtype::float64;
    case OperandKind::python_complex: return Dtype::complex128;
    case OperandKind::python_bool: return rule == ValueRule::cpp_literals || julia ? Dtype::bool_ : Dtype::int32;
    case OperandKind::dtype: break;
  }
  return v.dtype;
}

bool types_values(ValueRule rule) {
  return rule == ValueRule::c_constants || rule == ValueRule::cpp_literals || rule == ValueRule::tfjs_values ||
         rule == ValueRule::jax_js_values || rule == ValueRule::keras || rule == ValueRule::julia;
}

// MLX's to_array (python/src/utils.cpp at 846d176) reads a Python int as an int64, and converting it into an
// integer array's narrower dtype must not overflow; a bool array's int is converted to int32 unchecked.
std::optional<Message> mlx_int_error(const Operand& v, Dtype array) {
  if (v.kind != OperandKind::python_int) return std::nullopt;
  if (!int_fits(v, true, 64))
    return message("MLX reads a Python int as an int64 (to_array): %1 is outside it, and the call fails", {v.text});
  if (bounded_by(array) && dtype_info(array).bits < 64 && !int_fits(v, array))
    return literal(
        joined({"ValueError: Converting ", v.text, " to ", dtype_name(array), " would result in overflow."}));
  return std::nullopt;
}

// Gives a value its type under `rule` (one that types_values, or mlx with no array), or says why it has none.
// TensorFlow.js's convertToTensor makes a JS number a float32 tensor and a boolean a bool one; jax-js makes a number a
// weak float32 (the table's f*) and a boolean a bool array. JavaScript has no complex number.
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
  if (rule == ValueRule::keras) {  // result_type takes the value's Python type; only complex maps to a strong dtype
    if (op.kind == OperandKind::python_complex) op = Operand{OperandKind::dtype, Dtype::complex64, op.text};
    return std::nullopt;
  }
  if (rule == ValueRule::mlx) {  // python/src/utils.cpp to_array's defaults, when no operand is an array
    if (std::optional<Message> error = mlx_int_error(op, Dtype::int64)) return error;
    constexpr std::array<Dtype, 5> kDefaults{Dtype::bool_, Dtype::bool_, Dtype::int32, Dtype::float32,
                                             Dtype::complex64};
    const bool wide = op.kind == OperandKind::python_int && !int_fits(op, true, 32);
    op = Operand{OperandKind::dtype, wide ? Dtype::int64 : kDefaults[static_cast<std::size_t>(op.kind)], op.text};
    return std::nullopt;
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
    if (rule == ValueRule::julia)
      return message("Julia reads %1 as an Int128 or a BigInt (outside Int64), neither in this table", {op.text});
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
