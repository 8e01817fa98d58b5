// Per-call constants and entry points of the block-scaled formats' bulk kernels (block_body.h), which quantize
// float32 values to one scale code per block and one element code per value, and back. Plain data only, like
// params.h: this header is shared by translation units compiled for different instruction sets.
#pragma once
#include <cstddef>
#include <cstdint>

namespace typelattice {
enum class Isa : std::uint8_t;
}

namespace typelattice::kernels {

struct EncodeParams;
struct DecodeParams;

// How a block's elements are rounded: an MX minifloat (V · 2^-E rounded by the cast kernels' float adder), MXINT8
// (V · 2^-E · 64 to an integer), NVFP4 (|V| compared with the midpoints of E2M1's values times the block scale).
enum class BlockElements : std::uint8_t { mx_float, mx_int8, nvfp4 };

struct BlockQuantizeParams {
  const EncodeParams* element;  // mx_float: the element format's saturating ties-to-even encode parameters
  // MX: E = k - scale_offset + (f > scale_threshold), k and f the exponent and 23 fraction bits of amax (see
  // mx_scale_code in block_body.h for each mode's constants).
  int scale_offset;
  std::uint32_t scale_threshold;
  float tensor_scale;           // nvfp4: the FP32 per-tensor scale t (1: none)
};

struct BlockDequantizeParams {
  const DecodeParams* element;     // mx_float and nvfp4: the element format's decode parameters
  const std::uint32_t* scale_bits; // 256 entries: float32 bits of each scale code's value (MXINT8: over 64)
  float tensor_scale;
};

using BlockQuantizeFn = void (*)(const BlockQuantizeParams&, const float* in, std::size_t n, std::uint8_t* scales,
                                 std::uint8_t* codes);
using BlockDequantizeFn = void (*)(const BlockDequantizeParams&, const std::uint8_t* scales,
                                   const std::uint8_t* codes, std::size_t n, float* out);

// ggml's Q8_0 and Q4_0 blocks of 32 values (gguf_blocks.h) and Q4_K super-blocks of 256 (gguf_kquants.h) to
// float32: `count` whole blocks as ggml stores them, 32 or 256 × count values out (gguf_body.h).
enum class GgufKernel : std::uint8_t { q8_0, q4_0, q4_k };
inline constexpr int kGgufKernels = 3;
inline constexpr std::size_t kGgufQ8_0BlockBytes = 34, kGgufQ4_0BlockBytes = 18, kGgufQ4_KBlockBytes = 144;
using GgufDequantizeFn = void (*)(const std::uint8_t* blocks, std::size_t count, float* out);

// bitsandbytes' NF4 and FP4 (bnb_blocks.h) from float32: `blocks` whole blocks of 64, each block's absmax and one
// code per value, unpacked (bnb_body.h). Its table as bnb_blocks.cpp sorts it: a value whose ordered bits
// (ordered_float_bits) are above bound_keys[k] adds code_steps[k] = order[k + 1] - order[k] to order[0].
inline constexpr std::size_t kBnbKernelBlock = 64;
struct BnbQuantizeParams {
  std::int32_t bound_keys[15];
  std::uint32_t code_steps[15];  // mod 2^32: a step down is a large number
  std::uint32_t first_code;      // order[0]
  std::uint32_t nan_code;        // order[15]
};
using BnbQuantizeFn = void (*)(const BnbQuantizeParams&, const float* in, std::size_t blocks, float* absmax,
                               std::uint8_t* codes);

struct BlockKernels {
  BlockQuantizeFn quantize[3];      // [BlockElements]
  BlockDequantizeFn dequantize[3];  // [BlockElements]
  GgufDequantizeFn dequantize_gguf[kGgufKernels];  // [GgufKernel]; nullptr in wasm builds (gguf_body.h)
  BnbQuantizeFn quantize_bnb;                      // nullptr in wasm builds (bnb_body.h)
};

// The block kernels of `isa` if this build and CPU run them, else of the best that runs (dispatch.cpp).
const BlockKernels& block_kernels(Isa isa);

}  // namespace typelattice::kernels
