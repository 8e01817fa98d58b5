// One expression in every promotion system: operands are dtypes, weak types or Python values (300, -1, 1.5, 1j,
// True), so what a value does shows beside what its type does: NumPy 2 refuses a Python int outside the array's
// range, NumPy 1 picks a type that holds the value, PyTorch wraps it, the array API leaves it unspecified.
// docs/promotion.md ("compare") gives each system's rule and its source.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/dtype.h"
#include "typelattice/message.h"
#include "typelattice/promotion.h"
#include "typelattice/result.h"

namespace typelattice {

enum class OperandKind : std::uint8_t { dtype, python_bool, python_int, python_float, python_complex };

struct Operand {
  OperandKind kind = OperandKind::dtype;
  Dtype dtype = Dtype::bool_;  // a dtype operand's dtype; a value's type in the tables: bool, i*, f*, c*
  std::string text;            // a value as Python prints it (300, -1, 1.5, 1j, True); a dtype's canonical name
  // python_int: the sign and magnitude; `huge` when the magnitude is 2^64 or more (magnitude is then meaningless).
  bool negative = false;
  std::uint64_t magnitude = 0;
  bool huge = false;
  double real = 0, imag = 0;   // python_float: real; python_complex: both parts
};

// A Python literal (True, False; an int: [-+]digits; a float: digits with '.' or an exponent; a complex: a float or
// int followed by j, optionally after a real part, 1+2j) or else a dtype name as parse_dtype takes it. Bad text gives
// parse_dtype's error (the closest dtype names).
Result<Operand> parse_operand(std::string_view text);
// Operands typed in one field, separated by commas or spaces ("uint8, 300"; no operand holds either), each read by
// parse_operand. The first bad one gives its error; an empty list is refused.
Result<std::vector<Operand>> parse_operands(std::string_view text);

struct CompareRow {
  System system;
  std::optional<Dtype> result;  // nullopt: `error` says why (render() it): a literal where the library raises
  Message error;                // its own words, a message where this project words the refusal
  // Where a Python value takes part and the system gives a result: what the system does with the value, in a
  // sentence ("PyTorch converts the Python int 300 into uint8, where it wraps to 44"; render() it). Empty otherwise.
  Message note;
  // The settings the row was answered in: the asked mode and x64 where the system has them
  // (SystemInfo::jax_modes), otherwise its only ones (standard, x64 on), so a front end names what it shows.
  Mode mode = Mode::standard;
  bool x64 = true;
};

// What a front end prints for a row: the result's name or the error text, and the whole line "SYSTEM: TEXT" as
// `typelattice compare` prints it (the app and the playground show the same words).
std::string compare_text(const CompareRow& row);
std::string compare_line(const CompareRow& row);

// The operands promoted together, left to right as a chain of binary operations ((a op b) op c), in one system;
// NumPy 1 (numpy-2021) alone sees them all at once, as its np.result_type does, because its value-based casting
// sizes a Python value against every array (uint8, 300, int8: int16 there, where (uint8 + 300) + int8 is int32).
// `mode` and `x64` apply where the system has them (jax); the others answer in their one mode. At least one operand.
CompareRow compare_in(System system, std::span<const Operand> operands, Mode mode = Mode::standard, bool x64 = true);
// compare_in for every system, in all_systems() order.
std::vector<CompareRow> compare(std::span<const Operand> operands, Mode mode = Mode::standard, bool x64 = true);

}  // namespace typelattice
