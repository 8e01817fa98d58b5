// The notes of compare rows as data: one row per sentence, its pattern and which facts fill its %1, %2, … in
// order; value_note picks the row. (One message() call for all of them keeps the wasm module small.)
#include "core/promotion/value_notes.h"

#include <algorithm>
#include <array>
#include <string>

#include "core/promotion/typed_values.h"

namespace typelattice::detail {
namespace {

// The facts a note's parts are: v "the Python int 300", r the result's dtype, t the value as written, l the type
// the system gives the value (C, C++, Julia), w the value wrapped into the result, k the value's weak type, s the
// system's title.
struct Note {
  std::string_view pattern;
  std::string_view parts;
};

enum NoteId : std::uint8_t {
  jax_weak, jax_wraps, jax_typed, nep50_kind, nep50_fits, nep50_typed, numpy1, torch_wraps, torch_category,
  array_api_bounds, array_api_typed, triton, c_constant, cpp_literal, tfjs_bool, tfjs_number, jax_js_bool,
  jax_js_number, mlx_no_array, mlx_array, keras, paddle, julia, no_rule,
};

constexpr std::array<Note, no_rule + 1> kNotes{{
    {"JAX takes %1 as weakly typed: no operand has a type of its kind or higher, so the result stays weakly typed, "
     "%2, the default type of its kind (64-bit with x64 on, 32-bit with it off)",
     "vr"},
    {"JAX takes %1 as weakly typed (%2): the other operands decide the type, %3, and the value is converted into it, "
     "wrapping to %4",
     "vkrw"},
    {"JAX takes %1 as weakly typed (%2): the other operands decide the type, %3", "vkr"},
    {"NumPy 2 (NEP 50) takes %1 as weak, but its kind is above every array's, so the result is NumPy's default type "
     "of that kind, %2",
     "vr"},
    {"NumPy 2 (NEP 50) takes %1 as weak: the other operands decide the type, %2, and the value must fit it", "vr"},
    {"NumPy 2 (NEP 50) takes %1 as weak: the other operands decide the type, %2", "vr"},
    {"NumPy 1 looks at the value: %1 takes part as the smallest type of its kind that holds it "
     "(np.min_scalar_type), unless its kind is above every array's, which gives the kind's default type; here %2",
     "vr"},
    {"PyTorch converts %1 into %2, where it wraps to %3", "vrw"},
    {"PyTorch takes %1 by category: a higher category than the tensor's gives that category's default dtype, "
     "otherwise the tensor's dtype wins; here %2",
     "vr"},
    {"The array API standard: %1 takes the array's dtype, %2, as it lies within its bounds", "vr"},
    {"The array API standard: %1 takes the array's dtype, %2", "vr"},
    {"Triton: a scalar of the tensor's kind or lower keeps the tensor's dtype; a higher kind gives the lowest of "
     "int32, uint32, int64, uint64 (or float32, float64) that holds it; here %1",
     "r"},
    {"C types the constant %1 as %2 (int, or long if int cannot hold it; double for a float); the usual conversions "
     "give %3",
     "tlr"},
    {"C++ types the literal %1 as %2 (int, or long if int cannot hold it; double for a float; bool for True); the "
     "usual arithmetic conversions give %3",
     "tlr"},
    {"TensorFlow.js makes the JS boolean %1 a bool tensor (convertToTensor), not a weak one; upcastType gives %2",
     "tr"},
    {"TensorFlow.js makes the JS number %1 a float32 tensor (convertToTensor), not a weak one; upcastType gives %2",
     "tr"},
    {"jax-js makes the JS boolean %1 a bool array; %2", "tr"},
    {"jax-js makes the JS number %1 a weakly typed float32: with an array it takes the array's dtype, or uint32 with "
     "a bool array (promoteAvals); here %2",
     "tr"},
    {"MLX gives %1 its default type, as no operand is an array (an int int32, or int64 outside int32; a float "
     "float32; a complex complex64); promote_types gives %2",
     "vr"},
    {"MLX converts %1 to the array's dtype (an int to int32 with a bool array; a float to float32 unless the array "
     "is floating; a complex to complex64); promote_types gives %2",
     "vr"},
    {"Keras's result_type takes the type of %1 (an int or a float weak, a bool bool, a complex complex64) and never "
     "its value; here %2",
     "vr"},
    {"Paddle keeps a tensor's dtype for %1 of its kind (for a bool, any), else gives int64 (a bool tensor), float32 "
     "(an integer one) or complex64 (complex128 with float64), unchecked; here %2",
     "vr"},
    {"Julia types the literal %1 as %2 (it has no weak literals); promote_type gives %3", "tlr"},
    {"%1 has no rule for values here: %2 counts as its weak type %3, giving %4", "svkr"},
}};

// "the Python int 300", as the notes name a value (int, float, … are Python's names: literals).
Message value_words(const Operand& v) {
  constexpr std::array<std::string_view, 5> kKinds{"", "bool", "int", "float", "complex"};
  return message("the Python %1 %2", {kKinds[static_cast<std::size_t>(v.kind)], v.text});
}

// A Python int that fits int64, converted into an integer dtype of `bits` bits as a two's-complement cast does.
std::string wrapped_text(const Operand& v, Dtype d) {
  const DtypeInfo& info = dtype_info(d);
  const std::uint64_t mask = info.bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << info.bits) - 1;
  const std::uint64_t bits = (v.negative ? std::uint64_t{0} - v.magnitude : v.magnitude) & mask;
  const bool top = info.bits < 64 ? ((bits >> (info.bits - 1)) & 1) != 0 : (bits >> 63) != 0;
  if (info.kind != DtypeKind::signed_int || !top) return std::to_string(bits);
  std::string text = "-";  // appended: GCC 12 warns falsely (-Wrestrict) on "-" + std::string
  text.append(std::to_string((~bits & mask) + 1));
  return text;
}

// bool < integers < floating < complex: a value of a higher category than every dtype operand sets the kind.
int category(DtypeKind k) {
  constexpr std::array<int, 5> kCategories{0, 1, 1, 2, 3};
  return kCategories[static_cast<std::size_t>(k)];
}

bool sets_kind(std::span<const Operand> operands, const Operand& v) {
  const int mine = category(dtype_info(v.dtype).kind);
  return std::all_of(operands.begin(), operands.end(), [&](const Operand& op) {
    return op.kind != OperandKind::dtype || category(dtype_info(op.dtype).kind) < mine;
  });
}

NoteId note_id(ValueRule rule, std::span<const Operand> operands, const Operand& v, Dtype result) {
  const bool int_into_int = v.kind == OperandKind::python_int && bounded_by(result);
  const bool wraps = int_into_int && !int_fits(v, result);
  const bool is_bool = v.kind == OperandKind::python_bool;
  switch (rule) {
    case ValueRule::jax: return dtype_info(result).weak ? jax_weak : wraps ? jax_wraps : jax_typed;
    case ValueRule::nep50: return sets_kind(operands, v) ? nep50_kind : int_into_int ? nep50_fits : nep50_typed;
    case ValueRule::value_based: return numpy1;
    case ValueRule::wraps: return wraps ? torch_wraps : torch_category;
    case ValueRule::in_bounds: return int_into_int ? array_api_bounds : array_api_typed;
    case ValueRule::triton: return triton;
    case ValueRule::c_constants: return c_constant;
    case ValueRule::cpp_literals: return cpp_literal;
    case ValueRule::tfjs_values: return is_bool ? tfjs_bool : tfjs_number;
    case ValueRule::jax_js_values: return is_bool ? jax_js_bool : jax_js_number;
    case ValueRule::mlx: return std::all_of(operands.begin(), operands.end(), is_value) ? mlx_no_array : mlx_array;
    case ValueRule::keras: return keras;
    case ValueRule::paddle: return paddle;
    case ValueRule::julia: return julia;
    case ValueRule::none: break;
  }
  return no_rule;
}

}  // namespace

Message value_note(System s, ValueRule rule, std::span<const Operand> operands, const Operand& v, Dtype result) {
  const Note& note = kNotes[note_id(rule, operands, v, result)];
  const Message value = value_words(v);
  const std::string wrapped = note.parts.find('w') != std::string_view::npos ? wrapped_text(v, result) : "";
  std::array<MessagePart, 4> parts{std::string_view(), std::string_view(), std::string_view(), std::string_view()};
  std::size_t n = 0;
  for (const char fact : note.parts) {
    switch (fact) {
      case 'v': parts[n++] = value; break;
      case 'r': parts[n++] = dtype_name(result); break;
      case 't': parts[n++] = v.text; break;
      case 'l': parts[n++] = dtype_name(literal_type(rule, v)); break;
      case 'w': parts[n++] = wrapped; break;
      case 'k': parts[n++] = dtype_name(v.dtype); break;
      default: parts[n++] = system_info(s).title; break;
    }
  }
  return message(note.pattern, std::span<const MessagePart>(parts.data(), n));
}

}  // namespace typelattice::detail
