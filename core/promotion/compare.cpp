// One expression in every system (typelattice/compare.h): each system's rule for what a value does beyond its weak
// type's cell (system_list.h ValueRule), as docs/promotion.md cites them; compare_operands.cpp parses the operands
// and value_notes.cpp words what each system did with a value.
#include "typelattice/compare.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/base/joined_text.h"
#include "core/promotion/system_list.h"
#include "core/promotion/systems.h"
#include "core/promotion/typed_values.h"
#include "core/promotion/value_notes.h"

namespace typelattice {
namespace {

bool is_int_kind(DtypeKind k) { return k == DtypeKind::signed_int || k == DtypeKind::unsigned_int; }

using detail::bounded_by;
using detail::int_fits;
using detail::is_value;
using detail::mlx_int_error;
using detail::type_value;
using detail::types_values;

// A refusal after the system's error class ("TypePromotionError: ..."): a literal stays one (the library's words).
Message with_class(System s, const Message& words) {
  const std::string_view cls = system_info(s).error_class;
  if (cls.empty()) return words;
  return words.is_literal() ? literal(joined({cls, ": ", words.encoded()})) : message("%1: %2", {cls, words});
}

// Why result_type refuses `dtypes` in the row's system, after its error class.
Message refusal(System s, std::span<const Dtype> dtypes, const PromotionOptions& options) {
  return with_class(s, promotion_refusal(dtypes, options));
}

CompareRow failed(System s, Message why) { return {s, std::nullopt, std::move(why), {}}; }

// What a Python int does to a step's result R, beyond the table's cell.
std::optional<Message> int_value_error(detail::ValueRule rule, const Operand& v, Dtype r) {
  using detail::ValueRule;
  if (v.kind != OperandKind::python_int) return std::nullopt;
  switch (rule) {
    case ValueRule::nep50:  // numpy/_core/src/multiarray/arraytypes.c.src: "Python integer %R out of bounds for %S"
      if (bounded_by(r) && !int_fits(v, r))
        return literal(joined({"OverflowError: Python integer ", v.text, " out of bounds for ", dtype_name(r)}));
      return std::nullopt;
    case ValueRule::in_bounds:  // type_promotion.rst: "a Python int within the bounds of the given data type"
      if (bounded_by(r) && !int_fits(v, r))
        return message("Python int %1 is outside the bounds of %2: unspecified by the array API standard",
                       {v.text, dtype_name(r)});
      return std::nullopt;
    case ValueRule::wraps:  // c10::Scalar holds an int64; inside it the value wraps into the tensor's dtype
      if (!int_fits(v, true, 64))
        return message("Python int %1 is outside int64, which PyTorch's Scalar holds: PyTorch raises (Overflow)",
                       {v.text});
      return std::nullopt;
    default: return std::nullopt;
  }
}

// Why Triton refuses a scalar that triton_scalar cannot type.
Message triton_refusal(const Operand& v) {
  if (v.kind == OperandKind::python_complex)
    return message("Triton has no complex dtype for the Python complex %1", {v.text});
  return message("Python int %1 fits none of Triton's int32, uint32, int64 and uint64", {v.text});
}

// Triton's tensor-and-scalar rule (triton-semantics.rst): a scalar of the tensor's kind or lower leaves the tensor's
// dtype; a higher one gives the lowest of int32 < uint32 < int64 < uint64, or float32 < float64, that holds it
// (none: triton_refusal).
std::optional<Dtype> triton_scalar(Dtype tensor, const Operand& v) {
  const auto kind_rank = [](DtypeKind k) { return k == DtypeKind::boolean ? 0 : is_int_kind(k) ? 1 : 2; };
  if (v.kind == OperandKind::python_complex) return std::nullopt;
  const int scalar = v.kind == OperandKind::python_bool ? 0 : v.kind == OperandKind::python_int ? 1 : 2;
  if (scalar <= kind_rank(dtype_info(tensor).kind)) return tensor;
  if (v.kind == OperandKind::python_float) {
    const double m = std::fabs(v.real);
    return m <= static_cast<double>(std::numeric_limits<float>::max()) || !std::isfinite(m) ? Dtype::float32
                                                                                           : Dtype::float64;
  }
  for (Dtype d : {Dtype::int32, Dtype::uint32, Dtype::int64, Dtype::uint64})
    if (int_fits(v, d)) return d;
  return std::nullopt;
}

// NumPy 1's np.min_scalar_type (numpy/_core/src/multiarray/convert_datatype.c, min_scalar_type_num at 1f90bbb):
// the smallest type of the value's kind that holds it; a positive int that also fits the signed type of that
// width is "small unsigned" and becomes that signed type when an array is a signed integer.
std::optional<Dtype> min_scalar_type(const Operand& v, bool signed_arrays) {
  switch (v.kind) {
    case OperandKind::python_bool: return Dtype::bool_;
    case OperandKind::python_float:
      if ((v.real > -65000 && v.real < 65000) || !std::isfinite(v.real)) return Dtype::float16;
      if (v.real > -3.4e38 && v.real < 3.4e38) return Dtype::float32;
      return Dtype::float64;
    case OperandKind::python_complex:
      if (v.real > -3.4e38 && v.real < 3.4e38 && v.imag > -3.4e38 && v.imag < 3.4e38) return Dtype::complex64;
      return Dtype::complex128;
    case OperandKind::python_int: {
      constexpr std::array<std::array<Dtype, 2>, 4> kWidths{{{Dtype::uint8, Dtype::int8},
                                                             {Dtype::uint16, Dtype::int16},
                                                             {Dtype::uint32, Dtype::int32},
                                                             {Dtype::uint64, Dtype::int64}}};
      for (const auto& [u, i] : kWidths) {
        if (v.negative && int_fits(v, i)) return i;
        if (!v.negative && int_fits(v, u)) return signed_arrays && int_fits(v, i) ? i : u;
      }
      return std::nullopt;
    }
    case OperandKind::dtype: return v.dtype;
  }
  return std::nullopt;
}

// NumPy 1's simplified kind order for value-based casting: bool < integers < inexact (float and complex alike).
int numpy1_category(DtypeKind k) { return k == DtypeKind::boolean ? 0 : is_int_kind(k) ? 1 : 2; }

CompareRow numpy1_value_based(System s, std::span<const Operand> operands) {
  int array_category = -1;
  bool signed_arrays = false;
  for (const Operand& op : operands) {
    if (is_value(op) || dtype_info(op.dtype).weak) continue;
    array_category = std::max(array_category, numpy1_category(dtype_info(op.dtype).kind));
    signed_arrays = signed_arrays || dtype_info(op.dtype).kind == DtypeKind::signed_int;
  }
  std::vector<Dtype> types;
  for (const Operand& op : operands) {
    if (!is_value(op) || array_category < 0) {
      types.push_back(op.dtype);
      continue;
    }
    if (numpy1_category(dtype_info(op.dtype).kind) > array_category) {
      // A value of a higher kind than every array is its default type: int64, float64, complex128.
      constexpr std::array<Dtype, 4> kDefaults{Dtype::bool_, Dtype::int64, Dtype::float64, Dtype::complex128};
      types.push_back(kDefaults[static_cast<std::size_t>(op.kind) - 1]);
      continue;
    }
    const std::optional<Dtype> d = min_scalar_type(op, signed_arrays);
    if (!d) {
      return failed(s, message("NumPy 1 makes the Python int %1 an object array: no numeric dtype holds it", {op.text}));
    }
    types.push_back(*d);
  }
  const PromotionOptions options{s};
  const Result<Dtype> r = result_type(types, options);
  if (!r) return failed(s, refusal(s, types, options));
  return {s, *r, {}, {}};
}

CompareRow compare_rules(const PromotionOptions& options, std::span<const Operand> operands);

}  // namespace

CompareRow compare_in(System s, std::span<const Operand> operands, Mode mode, bool x64) {
  const PromotionOptions options = system_info(s).jax_modes ? PromotionOptions{s, mode, x64} : PromotionOptions{s};
  CompareRow row = compare_rules(options, operands);
  row.mode = options.mode;
  row.x64 = options.x64;
  const auto value = std::find_if(operands.begin(), operands.end(), is_value);
  if (row.result && value != operands.end())
    row.note = detail::value_note(s, detail::system_row(s).values, operands, *value, *row.result);
  return row;
}

std::string compare_text(const CompareRow& row) {
  return row.result ? std::string(dtype_name(*row.result)) : render(row.error);
}

std::string compare_line(const CompareRow& row) {
  return joined({system_name(row.system), ": ", compare_text(row)});
}

namespace {

CompareRow compare_rules(const PromotionOptions& options, std::span<const Operand> operands) {
  using detail::ValueRule;
  const System s = options.system;
  if (operands.empty()) return failed(s, literal("compare needs at least one operand"));
  const ValueRule rule = detail::system_row(s).values;
  if (rule == ValueRule::value_based) return numpy1_value_based(s, operands);
  // C's constants, C++'s literals and JS values take their own types (a JS number in jax-js its weak one); the
  // table does the rest, left to right.
  // MLX types its values only when no operand is an array (to_arrays); with one they are weak.
  const bool mlx_values_only =
      rule == ValueRule::mlx && std::all_of(operands.begin(), operands.end(), is_value);
  std::vector<Operand> typed;
  if (types_values(rule) || mlx_values_only) {
    typed.assign(operands.begin(), operands.end());
    for (Operand& op : typed)
      if (std::optional<Message> error = type_value(rule, op)) return failed(s, std::move(*error));
    operands = typed;
  }
  if (rule == ValueRule::jax) {
    // jax/_src/dtypes.py (scalar_type_to_dtype at cec06d1): a Python int must fit the default int (int64 with x64
    // on, int32 with it off); inside it, lax._convert_element_type casts it with NumPy's astype, which wraps.
    const int default_bits = options.x64 ? 64 : 32;
    for (const Operand& op : operands)
      if (op.kind == OperandKind::python_int && !int_fits(op, true, default_bits))
        return failed(s, literal(joined({"OverflowError: Python int ", op.text, " too large to convert to int",
                                         default_bits == 64 ? "64" : "32"})));
    std::vector<Dtype> types;
    for (const Operand& op : operands) types.push_back(op.dtype);
    const Result<Dtype> r = result_type(types, options);
    if (!r) return failed(s, refusal(s, types, options));
    return {s, *r, {}, {}};
  }
  // A chain of binary operations, each on the table; a Python value still on its own (not yet met by an array) is
  // checked against the step's result.
  Dtype acc = operands[0].dtype;
  const Operand* acc_value = is_value(operands[0]) ? &operands[0] : nullptr;
  if (operands.size() == 1 && acc_value) {
    const Result<Dtype> alone = promote_types(acc, acc, options);
    if (!alone) return failed(s, refusal(s, std::array<Dtype, 2>{acc, acc}, options));
    return {s, *alone, {}, {}};
  }
  for (std::size_t i = 1; i < operands.size(); ++i) {
    const Operand& x = operands[i];
    const Operand* x_value = is_value(x) ? &x : nullptr;
    const Operand* scalar = acc_value && !x_value ? acc_value : !acc_value && x_value ? x_value : nullptr;
    const Dtype tensor = scalar == acc_value ? x.dtype : acc;
    const bool triton_step = rule == ValueRule::triton && scalar && !dtype_info(tensor).weak &&
                             detail::in_table(s, tensor);
    std::optional<Dtype> r;
    if (triton_step) {
      r = triton_scalar(tensor, *scalar);
    } else if (rule == ValueRule::paddle && scalar && scalar->kind == OperandKind::python_bool) {
      r = tensor;  // full(shape, value, tensor's dtype) in eager_math_op_patch.cc: the bool becomes the tensor's type
    } else if (const Result<Dtype> p = promote_types(acc, x.dtype, options)) {
      r = *p;
    }
    if (!r) {
      return failed(s, triton_step ? with_class(s, triton_refusal(*scalar))
                                   : refusal(s, std::array<Dtype, 2>{acc, x.dtype}, options));
    }
    if (rule == ValueRule::mlx && scalar)
      if (auto error = mlx_int_error(*scalar, tensor)) return failed(s, std::move(*error));
    for (const Operand* v : {acc_value, x_value})
      if (v)
        if (auto error = int_value_error(rule, *v, *r)) return failed(s, std::move(*error));
    acc = *r;
    acc_value = nullptr;
  }
  return {s, acc, {}, {}};
}

}  // namespace

std::vector<CompareRow> compare(std::span<const Operand> operands, Mode mode, bool x64) {
  std::vector<CompareRow> rows;
  for (const SystemInfo& info : all_systems()) rows.push_back(compare_in(info.id, operands, mode, x64));
  return rows;
}

}  // namespace typelattice
