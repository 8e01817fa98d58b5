// Fuzz dtype and format name parsing, and compare's operands (a dtype or a Python literal): never crash; an accepted
// name round-trips through its canonical spelling; a rejected one comes with suggestions that are themselves valid
// names, and a message that does not grow with the input beyond the longest name accepted (kMaxNameLength), escaped
// (at most 4 characters a byte: typelattice/display_text.h), and holds no raw control character. An operand gives
// every system a row: a result or the reason there is none, alone and beside an array of each kind; a result beside
// an array explains a value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

#include "typelattice/compare.h"
#include "typelattice/dtype.h"
#include "typelattice/minifloat.h"
#include "typelattice/promotion.h"

using namespace typelattice;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto d = parse_dtype(text)) {
    auto again = parse_dtype(dtype_name(*d));
    if (!again || *again != *d) std::abort();
  } else {
    if (d.error().kind != ErrorKind::unknown_name || d.error().message.empty()) std::abort();
    if (d.error().message.size() > 4 * kMaxNameLength + 200) std::abort();
    for (char c : d.error().message)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) std::abort();
    for (const auto& s : d.error().suggestions)
      if (!parse_dtype(s)) std::abort();
  }
  if (auto f = parse_format(text)) {
    auto again = parse_format(format_spec(*f).name);
    if (!again || *again != *f) std::abort();
  } else if (f.error().message.empty()) {
    std::abort();
  }
  if (auto op = parse_operand(text)) {
    const Operand pair[] = {*op, *op};
    for (const CompareRow& row : compare(pair))
      if (!row.result && row.error.empty()) std::abort();
    // Beside an array of each kind, on either side: the systems' value rules (MLX's range check into a narrower
    // integer dtype, NumPy 2's, PyTorch's wrap) meet the fuzzed value. A row with a result explains the value.
    for (Dtype array : {Dtype::bool_, Dtype::int8, Dtype::uint64, Dtype::float16, Dtype::complex64}) {
      Operand with_array[] = {Operand{OperandKind::dtype, array, std::string(dtype_name(array))}, *op};
      for (int order = 0; order < 2; ++order) {
        for (const CompareRow& row : compare(with_array)) {
          if (!row.result && row.error.empty()) std::abort();
          if (row.result && op->kind != OperandKind::dtype && row.note.empty()) std::abort();
        }
        std::swap(with_array[0], with_array[1]);
      }
    }
  } else {
    if (op.error().message.empty() || op.error().message.size() > 4 * kMaxNameLength + 200) std::abort();
    for (char c : op.error().message)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) std::abort();
  }
  (void)parse_system(text);
  (void)parse_mode(text);
  return 0;
}
