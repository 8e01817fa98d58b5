// Internal to the core: the types of values (compare.h's Operand) in the systems whose values are typed rather
// than weak (ValueRule c_constants, cpp_literals, julia, tfjs_values, jax_js_values, keras; mlx when no operand is
// an array), MLX's check of an int against an array's dtype, and the int range test compare.cpp shares with them.
#pragma once
#include <optional>

#include "core/promotion/system_list.h"
#include "typelattice/compare.h"
#include "typelattice/message.h"

namespace typelattice::detail {

// Whether an operand is a Python value (300, 1.5, 1j, True) rather than a dtype.
inline bool is_value(const Operand& op) { return op.kind != OperandKind::dtype; }
// Whether a Python int lies in [-2^(bits-1), 2^(bits-1)) or [0, 2^bits).
bool int_fits(const Operand& v, bool is_signed, int bits);
// Whether it lies in the range of the integer dtype `d`.
bool int_fits(const Operand& v, Dtype d);
// A concrete integer dtype that a Python int must fit (NumPy 2's OverflowError, the array API's bounds, MLX's check).
bool bounded_by(Dtype d);
// The type C (c_constants), C++ (cpp_literals) or Julia (julia) gives a value; a dtype operand keeps its dtype.
Dtype literal_type(ValueRule rule, const Operand& v);
// MLX's check of a Python int converted into an array of dtype `array`: it must fit int64, and a narrower integer
// dtype; nullopt when it does.
std::optional<Message> mlx_int_error(const Operand& v, Dtype array);
// Whether the system types its values (C's constants, C++'s literals, JS values, Keras's complex) instead of making
// them weak.
bool types_values(ValueRule rule);
// Gives a value its type under `rule` (one that types_values, or mlx when no operand is an array), or says why the
// system has none for it.
std::optional<Message> type_value(ValueRule rule, Operand& op);

}  // namespace typelattice::detail
