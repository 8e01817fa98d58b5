// Raw little-endian arrays: no header, the caller names the dtype and the shape ("float32:4096x4096").
#include <array>
#include <string_view>
#include <utility>

#include "core/tensors/tensor_readers.h"
#include "typelattice/display_text.h"

namespace typelattice {
namespace {

// NumPy's (and ml_dtypes') names for the element types a raw file may hold; the safetensors names are read too.
constexpr std::array<std::pair<std::string_view, TensorDtype>, 11> kNumpyNames{{
    {"float64", TensorDtype::f64}, {"float32", TensorDtype::f32}, {"float16", TensorDtype::f16},
    {"bfloat16", TensorDtype::bf16}, {"float8_e4m3fn", TensorDtype::f8_e4m3fn}, {"float8_e5m2", TensorDtype::f8_e5m2},
    {"float8_e8m0fnu", TensorDtype::f8_e8m0}, {"int8", TensorDtype::i8}, {"uint8", TensorDtype::u8},
    {"int16", TensorDtype::i16}, {"int32", TensorDtype::i32},
}};

}  // namespace

Result<TensorFileIndex> raw_tensor_file_index(std::string_view layout, std::uint64_t file_size) {
  const std::size_t colon = layout.find(':');
  if (colon == std::string_view::npos)
    return tensors::bad_file("raw layout '" + displayed(layout) + "' is not DTYPE:SHAPE (for example float32:4096x4096)");
  const std::string_view dtype_name = layout.substr(0, colon), shape_text = layout.substr(colon + 1);
  std::optional<TensorDtype> dtype;
  std::string known;
  for (const auto& [name, d] : kNumpyNames) {
    if (name == dtype_name || tensor_dtype_name(d) == dtype_name) dtype = d;
    known += known.empty() ? "" : ", ";
    known += name;
  }
  if (!dtype) return tensors::bad_file("raw dtype '" + displayed(dtype_name) + "' is not one of " + known);
  std::vector<std::uint64_t> shape;
  std::uint64_t elements = 1;
  for (std::size_t at = 0; !shape_text.empty() && at <= shape_text.size();) {
    const std::size_t x = std::min(shape_text.find('x', at), shape_text.size());
    const std::string_view digits = shape_text.substr(at, x - at);
    std::uint64_t n = 0;
    bool ok = !digits.empty() && digits.size() <= 19 && (digits.size() == 1 || digits[0] != '0');
    for (char c : digits) {
      ok = ok && c >= '0' && c <= '9';
      n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (!ok)
      return tensors::bad_file("raw shape '" + displayed(shape_text) +
                               "' is not dimensions joined by 'x' (for example 4096x4096; empty for a scalar)");
    if (!tensors::multiply_u64(elements, n, elements))
      return tensors::bad_file("raw shape '" + displayed(shape_text) + "' holds more than 2^64 elements");
    shape.push_back(n);
    at = x + 1;
  }
  std::uint64_t bytes = 0;
  if (!tensors::multiply_u64(elements, tensor_dtype_bytes(*dtype), bytes) || bytes != file_size)
    return tensors::bad_file("raw layout '" + displayed(layout) + "' is " +
                             (bytes == 0 && elements != 0 ? std::string("more than 2^64") : std::to_string(bytes)) +
                             " bytes, but the file is " + std::to_string(file_size) + " bytes");
  TensorFileIndex index{TensorFileKind::raw, {}, {}};
  index.tensors.push_back(TensorEntry{"", *dtype, std::move(shape), 0, file_size, false, std::nullopt});
  return index;
}

}  // namespace typelattice
