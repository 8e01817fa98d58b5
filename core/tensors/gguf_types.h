// GGUF's tensor element types (ggml's `ggml_type` numbers as GGUF files store them): each type's name, how many
// elements one block holds and how many bytes that block takes, so that a tensor the core does not convert can
// still be placed in the file and checked against the others.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "typelattice/tensor_file.h"

namespace typelattice::tensors {

struct GgmlType {
  std::uint32_t id;
  std::string_view name;
  std::uint32_t block_elements;
  std::uint32_t block_bytes;
  std::optional<TensorDtype> dtype;  // the types tensor_elements_to_float32 converts (the blocks: gguf_blocks.h)
};

// Numbers 4, 5, 31-33 and 36-38 are retired in ggml and absent here, as are unknown numbers: a file naming one
// is refused.
inline constexpr std::array<GgmlType, 33> kGgmlTypes = {{
    {0, "F32", 1, 4, TensorDtype::f32},
    {1, "F16", 1, 2, TensorDtype::f16},
    {2, "Q4_0", 32, 18, TensorDtype::gguf_q4_0},
    {3, "Q4_1", 32, 20, TensorDtype::gguf_q4_1},
    {6, "Q5_0", 32, 22, TensorDtype::gguf_q5_0},
    {7, "Q5_1", 32, 24, TensorDtype::gguf_q5_1},
    {8, "Q8_0", 32, 34, TensorDtype::gguf_q8_0},
    {9, "Q8_1", 32, 36, {}},              {10, "Q2_K", 256, 84, TensorDtype::gguf_q2_k},
    {11, "Q3_K", 256, 110, TensorDtype::gguf_q3_k},
    {12, "Q4_K", 256, 144, TensorDtype::gguf_q4_k},
    {13, "Q5_K", 256, 176, TensorDtype::gguf_q5_k},
    {14, "Q6_K", 256, 210, TensorDtype::gguf_q6_k},
    {15, "Q8_K", 256, 292, {}},           {16, "IQ2_XXS", 256, 66, {}},         {17, "IQ2_XS", 256, 74, {}},
    {18, "IQ3_XXS", 256, 98, {}},         {19, "IQ1_S", 256, 50, {}},
    {20, "IQ4_NL", 32, 18, TensorDtype::gguf_iq4_nl},
    {21, "IQ3_S", 256, 110, {}},          {22, "IQ2_S", 256, 82, {}},           {23, "IQ4_XS", 256, 136, {}},
    {24, "I8", 1, 1, {}},                 {25, "I16", 1, 2, {}},                {26, "I32", 1, 4, {}},
    {27, "I64", 1, 8, {}},                {28, "F64", 1, 8, {}},                {29, "IQ1_M", 256, 56, {}},
    {30, "BF16", 1, 2, TensorDtype::bf16},
    {34, "TQ1_0", 256, 54, {}},           {35, "TQ2_0", 256, 66, {}},           {39, "MXFP4", 32, 17, TensorDtype::gguf_mxfp4},
    {40, "NVFP4", 64, 36, TensorDtype::gguf_nvfp4},
}};

inline const GgmlType* ggml_type(std::uint32_t id) {
  for (const GgmlType& t : kGgmlTypes)
    if (t.id == id) return &t;
  return nullptr;
}

}  // namespace typelattice::tensors
