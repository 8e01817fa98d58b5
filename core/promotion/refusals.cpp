// The words of a refusal ('-' cell) in each table system: the library's own message where it raises one (PyTorch's
// c10/core/ScalarType.cpp, Keras's dtypes.py, Paddle's type_promotion.h), the standard's "unspecified" for the
// array API, the standard's rule for C++ and the design document's wording for the appendix tables. Those this
// project words are messages (message.h), which a front end translates; the library's own stay literal.
#include <array>

#include "core/base/joined_text.h"
#include "core/promotion/system_list.h"
#include "core/promotion/systems.h"

namespace typelattice::detail {
namespace {

// c10::toString of PyTorch's ScalarType (the enum's names, c10/core/ScalarType.h), which its messages print.
std::string_view torch_scalar_type(Dtype d) {
  struct Name { Dtype dtype; std::string_view name; };
  constexpr std::array<Name, 21> kNames{{
      {Dtype::uint8, "Byte"}, {Dtype::int8, "Char"}, {Dtype::int16, "Short"}, {Dtype::int32, "Int"},
      {Dtype::int64, "Long"}, {Dtype::float16, "Half"}, {Dtype::float32, "Float"}, {Dtype::float64, "Double"},
      {Dtype::complex32, "ComplexHalf"}, {Dtype::complex64, "ComplexFloat"}, {Dtype::complex128, "ComplexDouble"},
      {Dtype::bool_, "Bool"}, {Dtype::bfloat16, "BFloat16"}, {Dtype::uint16, "UInt16"}, {Dtype::uint32, "UInt32"},
      {Dtype::uint64, "UInt64"}, {Dtype::float8_e5m2, "Float8_e5m2"}, {Dtype::float8_e4m3fn, "Float8_e4m3fn"},
      {Dtype::float8_e5m2fnuz, "Float8_e5m2fnuz"}, {Dtype::float8_e4m3fnuz, "Float8_e4m3fnuz"},
      {Dtype::float8_e8m0fnu, "Float8_e8m0fnu"},
  }};
  for (const Name& n : kNames)
    if (n.dtype == d) return n.name;
  return dtype_name(d);
}

bool is_float8(Dtype d) { return dtype_info(d).kind == DtypeKind::floating && dtype_info(d).bits == 8; }

// promoteTypes' checks in its order (float8 first, then the "barebones" unsigned types), and toComplexType's for a
// float8 tensor with a Python complex (at::native::result_type).
std::string torch_refusal(Dtype a, Dtype b) {
  const std::string pair = joined({torch_scalar_type(a), " and ", torch_scalar_type(b)});
  if ((is_float8(a) && b == Dtype::weak_complex) || (is_float8(b) && a == Dtype::weak_complex))
    return joined({"RuntimeError: Unknown Complex ScalarType for ", torch_scalar_type(is_float8(a) ? a : b)});
  if (is_float8(a) || is_float8(b))
    return joined({"RuntimeError: Promotion for Float8 Types is not supported, attempted to promote ", pair});
  return joined(
      {"RuntimeError: Promotion for uint16, uint32, uint64 types is not supported, attempted to promote ", pair});
}

// Keras's result_type checks for float8 before anything else and echoes its arguments: dtype names as strings, a
// Python int or float as its type.
std::string keras_refusal(Dtype a, Dtype b) {
  const auto arg = [](Dtype d) -> std::string {
    if (d == Dtype::weak_int) return "<class 'int'>";
    if (d == Dtype::weak_float) return "<class 'float'>";
    return joined({"'", dtype_name(d), "'"});
  };
  return joined({"ValueError: There is no implicit conversions from float8 dtypes to others. You must cast it "
                 "internally. Received: (", arg(a), ", ", arg(b), ")"});
}

}  // namespace

Message table_refusal(System system, Dtype a, Dtype b) {
  const SystemRow& row = system_row(system);
  for (Dtype d : {a, b}) {
    if (in_table(system, d)) continue;
    std::string known;
    for (Dtype k : table_dtypes(system)) {
      if (!known.empty()) known += ", ";
      known += dtype_name(k);
    }
    return message("dtype %1 is not in the %2 promotion table, whose types are %3", {dtype_name(d), row.info.name, known});
  }
  const std::array<Dtype, 2> pair{a, b};
  const std::string tuple = quoted_tuple(pair);
  if (row.refusal == Refusal::torch) return literal(torch_refusal(a, b));
  if (row.refusal == Refusal::keras) return literal(keras_refusal(a, b));
  // NeedTypePromotion's PADDLE_THROW (type_promotion.h at 014d708), as Python raises it; Paddle prints its DataType
  // names as this project does, and appends where in its source the error was thrown.
  if (row.refusal == Refusal::paddle)
    return literal(joined({"TypeError: (InvalidType) Type promotion only support calculations between floating-point "
                           "numbers and between complex and real numbers. But got different data type x: ",
                           dtype_name(a), ", y: ", dtype_name(b), "."}));
  if (row.refusal == Refusal::unspecified)
    return message("Input dtypes %1: their promotion is unspecified by the array API standard (2025.12, "
                   "type_promotion.rst: mixed kinds, bool with numbers, uint64 with signed integers and Python scalars "
                   "of other types are left to each library).",
                   {tuple});
  if (row.refusal == Refusal::cpp)
    return message("Input dtypes %1: std::%2_t + std::%3_t is ill-formed in C++23. Their floating-point conversion "
                   "ranks are unordered ([conv.rank] 6.8.6: neither type's set of values is a subset of the other's), "
                   "and [expr.arith.conv] 7.4 ends the floating-point rules with \"Otherwise, the expression is "
                   "ill-formed.\"",
                   {tuple, dtype_name(a), dtype_name(b)});
  Message asymmetric;
  if (const auto other = table_join(system, b, a); system == System::tensorflow_2021 && other)
    asymmetric = message("; the table is asymmetric: in tf.add(x, y) y must be coercible to x's dtype, and the other "
                         "order, %1 with %2, gives %3",
                         {dtype_name(b), dtype_name(a), dtype_name(*other)});
  return message("Input dtypes %1 have no available implicit dtype promotion path in %2 (%3 has '-' here)%4.",
                 {tuple, row.info.name, message(row.words), asymmetric});
}

Error table_promotion_error(System system, Dtype a, Dtype b) {
  return Error{ErrorKind::promotion, render(table_refusal(system, a, b)), {}};
}

}  // namespace typelattice::detail
