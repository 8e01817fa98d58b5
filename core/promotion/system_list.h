// Internal to the core: the one list of promotion systems. Each row says where the system's data lives (a table in
// assets/tables, a graph in assets/lattices), how its refusals are worded and how it treats Python values.
// promotion.cpp, tables.cpp, join_table.h, compare.cpp and (through all_systems()) the front ends iterate it, so
// adding a system is adding a row and its assets.
#pragma once
#include <array>
#include <string_view>

#include "typelattice/promotion.h"

namespace typelattice::detail {

// Whose words a refusal ('-' cell) is given in.
enum class Refusal : std::uint8_t {
  jax,          // JAX's TypePromotionError (jax.cpp)
  appendix,     // the design document's appendix: "no available implicit dtype promotion path in <system>"
  torch,        // PyTorch's RuntimeError texts from c10/core/ScalarType.cpp
  unspecified,  // the array API standard: "unspecified by the array API standard"
  cpp,          // C++23's [expr.arith.conv]: floating-point types of unordered conversion ranks are ill-formed
  keras,        // Keras's ValueError for a float8 dtype (keras/src/backend/common/dtypes.py result_type)
  paddle,       // Paddle's InvalidType for two tensors of different types that are not both floating or complex
};

// What a Python value (300, 1.5, 1j) does beyond its weak type's cell (compare.cpp).
enum class ValueRule : std::uint8_t {
  jax,           // the weak type's join; an int outside int64 raises OverflowError (jax/_src/dtypes.py)
  nep50,         // the weak type's join; an int outside the result's range raises OverflowError (NumPy 2)
  value_based,   // NumPy 1's value-based casting: np.min_scalar_type of the value takes part
  wraps,         // the weak type's join; the value wraps into it (PyTorch)
  in_bounds,     // the weak type's join; an int outside the result's range is unspecified (array API)
  triton,        // a scalar of a higher kind takes the lowest of int32 < uint32 < int64 < uint64 / float32 < float64
  none,          // the table's weak cells only (tensorflow-2021, jax-lax)
  c_constants,   // C: a constant has its own type (an int constant int or long, a floating one double)
  cpp_literals,  // C++: a literal has its own type (C's, but true is a bool and there is no complex literal)
  tfjs_values,   // TensorFlow.js: a JS number is a float32 tensor, a boolean a bool tensor (typed, not weak)
  jax_js_values, // jax-js: a JS number is a weak float32 (the table's f*), a boolean a strong bool
  mlx,           // weak with an array (an int outside a narrower integer dtype raises); typed without one
  keras,         // result_type takes the value's Python type: int and float weak, complex complex64
  paddle,        // the table's weak cells (eager_math_op_patch.cc); a Python bool takes the tensor's dtype
  julia,         // a literal has its own type: Int64, Float64, ComplexF64, Bool (no weak literals)
};

struct SystemRow {
  SystemInfo info;
  std::string_view words;        // for sentences: "NumPy's table"
  std::string_view table_asset;  // "tables/torch.csv"; empty for jax (its lattices are picked by mode)
  std::string_view graph_asset;  // "lattices/array-api.txt" for a partial lattice; empty otherwise
  std::string_view aliases;      // other accepted names, separated by spaces
  Refusal refusal;
  ValueRule values;
};

using K = SystemKind;
// The four appendix tables' source, one string for all.
inline constexpr std::string_view kAppendix =
    "the appendix of JAX's type promotion design note (JEP 9407, 2021): "
    "https://jax.readthedocs.io/en/latest/jep/9407-type-promotion.html";
inline constexpr std::string_view kAppendixUrl = "https://jax.readthedocs.io/en/latest/jep/9407-type-promotion.html";
inline constexpr std::array<SystemRow, kSystemCount> kSystemRows{{
    {{System::jax, "jax", "JAX", "0.11.1",
      "the lattice of jax/_src/dtypes.py at jax-ml/jax cec06d1 (Aug 2026)",
      K::lattice, true, false, "TypePromotionError",
      "https://github.com/jax-ml/jax/blob/cec06d1/jax/_src/dtypes.py"},
     "JAX's lattice", "", "", "", Refusal::jax, ValueRule::jax},
    {{System::numpy, "numpy", "NumPy 2 (NEP 50)", "2.x",
      "numpy/numpy doc/neps/nep-0050-scalar-promotion.rst and doc/source/reference/arrays.promotion.rst at 1f90bbb",
      K::table, false, false, "TypePromotionError",
      "https://github.com/numpy/numpy/blob/1f90bbb/doc/source/reference/arrays.promotion.rst"},
     "NumPy's table", "tables/numpy-2021.csv", "", "", Refusal::appendix, ValueRule::nep50},  // same dtype cells
    {{System::torch, "torch", "PyTorch 2", "2.x",
      "pytorch/pytorch c10/core/ScalarType.cpp (promoteTypes) at 008ec6b; scalars: "
      "aten/src/ATen/native/TypeProperties.cpp (result_type)",
      K::table, false, false, "", "https://github.com/pytorch/pytorch/blob/008ec6b/c10/core/ScalarType.cpp"},
     "PyTorch's table", "tables/torch.csv", "", "pytorch", Refusal::torch, ValueRule::wraps},
    {{System::array_api, "array-api", "Python array API standard", "2025.12",
      "data-apis/array-api spec/draft/API_specification/type_promotion.rst at 731fcd9", K::partial_lattice, false,
      true, "", "https://github.com/data-apis/array-api/blob/731fcd9/spec/draft/API_specification/type_promotion.rst"},
     "the array API standard's table", "tables/array-api.csv", "lattices/array-api.txt", "array_api arrayapi",
     Refusal::unspecified, ValueRule::in_bounds},
    {{System::triton, "triton", "Triton", "main at 0c2e95d (docs)",
      "triton-lang/triton docs/python-api/triton-semantics.rst (Type Promotion) at 0c2e95d", K::rules, false, false,
      "TypePromotionError", "https://github.com/triton-lang/triton/blob/0c2e95d/docs/python-api/triton-semantics.rst"},
     "Triton's rules", "tables/triton.csv", "", "", Refusal::appendix, ValueRule::triton},
    {{System::c, "c", "C (usual arithmetic conversions)", "C23, x86-64 (LP64)", "C23 draft N3220, 6.3.1.1 and 6.3.1.8",
      K::table, false, false, "", "https://www.open-std.org/jtc1/sc22/wg14/www/docs/n3220.pdf"},
     "C's table", "tables/c.csv", "", "", Refusal::appendix, ValueRule::c_constants},
    {{System::cpp, "cpp", "C++ (usual arithmetic conversions)", "C++23, x86-64 (LP64)",
      "C++23 (ISO/IEC 14882:2024; N4950) [conv.rank] 6.8.6 and [expr.arith.conv] 7.4, with <stdfloat>'s "
      "std::float16_t, std::bfloat16_t, std::float32_t, std::float64_t",
      K::table, false, false, "", "https://timsong-cpp.github.io/cppwp/n4950/expr.arith.conv"},
     "C++'s table", "tables/cpp.csv", "", "c++ cxx", Refusal::cpp, ValueRule::cpp_literals},
    {{System::tfjs, "tfjs", "TensorFlow.js", "4.22.0 (npm @tensorflow/tfjs-core)",
      "tensorflow/tfjs tfjs-core/src/types.ts (upcastType) at tfjs-v4.22.0", K::table, false, false, "",
      "https://github.com/tensorflow/tfjs/blob/tfjs-v4.22.0/tfjs-core/src/types.ts"},
     "TensorFlow.js's table", "tables/tfjs.csv", "", "tensorflow-js tensorflowjs", Refusal::appendix,
     ValueRule::tfjs_values},
    {{System::jax_js, "jax-js", "jax-js", "0.1.25 (npm @jax-js/jax)",
      "ekzhang/jax-js promoteTypes and promoteAvals, as npm @jax-js/jax 0.1.25 ships them", K::table, false, false,
      "", "https://www.npmjs.com/package/@jax-js/jax/v/0.1.25"},
     "jax-js's table", "tables/jax-js.csv", "", "jax_js jaxjs", Refusal::appendix, ValueRule::jax_js_values},
    {{System::mlx, "mlx", "MLX", "0.32.2",
      "ml-explore/mlx mlx/dtype.cpp (type_rules) at 846d176; Python values: python/src/utils.cpp (to_arrays)",
      K::table, false, false, "", "https://github.com/ml-explore/mlx/blob/846d176/mlx/dtype.cpp"},
     "MLX's table", "tables/mlx.csv", "", "", Refusal::appendix, ValueRule::mlx},
    {{System::keras, "keras", "Keras 3 (JAX, PyTorch, NumPy backends)", "3.16.0",
      "keras-team/keras keras/src/backend/common/dtypes.py (result_type) at 3422977", K::table, false, false, "",
      "https://github.com/keras-team/keras/blob/3422977/keras/src/backend/common/dtypes.py"},
     "Keras's table", "tables/keras.csv", "", "keras3", Refusal::keras, ValueRule::keras},
    {{System::paddle, "paddle", "PaddlePaddle", "3.x",
      "PaddlePaddle/Paddle paddle/phi/common/type_promotion.h at 014d708; values: "
      "paddle/fluid/pybind/eager_math_op_patch.cc at 01fbd77",
      K::table, false, false, "",
      "https://github.com/PaddlePaddle/Paddle/blob/014d708/paddle/phi/common/type_promotion.h"},
     "Paddle's table", "tables/paddle.csv", "", "paddlepaddle", Refusal::paddle, ValueRule::paddle},
    {{System::julia, "julia", "Julia", "1.x, 64-bit",
      "JuliaLang/julia base/int.jl at 7b00bd5, base/float.jl and base/complex.jl at 002f8b6",
      K::rules, false, false, "", "https://github.com/JuliaLang/julia/blob/002f8b6/base/float.jl"},
     "Julia's rules", "tables/julia.csv", "", "", Refusal::appendix, ValueRule::julia},
    {{System::numpy_2021, "numpy-2021", "NumPy 1 (2021 appendix)", "1.x, as of 2021",
      kAppendix, K::table, false, false,
      "TypePromotionError", kAppendixUrl},
     "NumPy 1's table", "tables/numpy-2021.csv", "", "", Refusal::appendix, ValueRule::value_based},
    {{System::torch_2021, "torch-2021", "PyTorch (2021 appendix)", "1.x, as of 2021",
      kAppendix, K::table, false, false,
      "TypePromotionError", kAppendixUrl},
     "PyTorch's 2021 table", "tables/torch-2021.csv", "", "", Refusal::appendix, ValueRule::none},
    {{System::tensorflow_2021, "tensorflow-2021", "TensorFlow (2021 appendix)", "2.x before 2.15, as of 2021",
      kAppendix, K::table, false, false,
      "TypePromotionError", kAppendixUrl},
     "TensorFlow's 2021 table", "tables/tensorflow-2021.csv", "", "", Refusal::appendix, ValueRule::none},
    {{System::jax_lax, "jax-lax", "jax.lax (2021 appendix)", "as of 2021",
      kAppendix, K::table, false, false,
      "TypePromotionError", kAppendixUrl},
     "jax.lax's table", "tables/jax-lax.csv", "", "jax.lax lax", Refusal::appendix, ValueRule::none},
}};

constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < kSystemRows.size(); ++i)
    if (static_cast<std::size_t>(kSystemRows[i].info.id) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "kSystemRows must list the systems in the order of enum class System");

inline const SystemRow& system_row(System s) { return kSystemRows[static_cast<std::size_t>(s)]; }

}  // namespace typelattice::detail
