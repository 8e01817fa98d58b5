// Block-scaled formats: the OCP Microscaling (MX) formats, whose blocks of 32 elements share one E8M0 scale, and
// NVIDIA's NVFP4 (16 E2M1 elements per float8_e4m3fn scale). Each is a row of data naming its element format,
// scale format and block size; quantizing reads float32 values (a tensor, block after block) and writes one
// scale code per block and one element code per value. docs/formats.md, "Block-scaled formats", has the rules
// and their sources.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "typelattice/cast_kernels.h"
#include "typelattice/minifloat.h"
#include "typelattice/result.h"

namespace typelattice {

enum class BlockFormat : std::uint8_t { mxfp8_e4m3, mxfp8_e5m2, mxfp6_e3m2, mxfp6_e2m3, mxfp4_e2m1, mxint8, nvfp4 };
inline constexpr int kBlockFormatCount = static_cast<int>(BlockFormat::nvfp4) + 1;

// How a block's scale is chosen from amax, the largest |value| in it. MX (E8M0 scales, X = 2^E, E clamped to
// [-127, 127]): floor, E = floor(log2 amax) - emax_elem (OCP MX v1.0 §6.3); ceil, E = ceil(log2 amax) -
// emax_elem; even, floor of amax first rounded to the element's precision (ties away); rceil, the smallest
// 2^E >= amax / max_elem. NVFP4 has one rule, nearest: s = float8_e4m3fn(RNE(amax / 6)).
enum class ScaleMode : std::uint8_t { floor, ceil, even, rceil, nearest };

struct BlockFormatSpec {
  BlockFormat id;
  std::string_view name;                // "mxfp8_e4m3"
  std::optional<Format> element;        // the elements' minifloat; none for MXINT8 (int8 meaning q / 64)
  Format scale;                         // float8_e8m0fnu (MX) or float8_e4m3fn (NVFP4)
  int block_size;                       // 32 (MX) or 16 (NVFP4)
  int element_bits;                     // 8, 6 or 4
  int emax_elem;                        // exponent of the element's largest power of two: 448 -> 8, 6 -> 2, 127/64 -> 0
  int element_mantissa_bits;            // the element's fraction bits (MXINT8: 6), which `even` rounds amax to
  double element_max;                   // the largest element value: 448, 57344, 28, 7.5, 6, 127/64, 6
  ScaleMode default_scale_mode;         // floor (MX) or nearest (NVFP4)
  bool power_of_two_scale() const { return scale == Format::float8_e8m0fnu; }
  // NVFP4's FP32 per-tensor scale sits under E4M3 block scales; a power-of-two scale needs none.
  bool takes_tensor_scale() const { return scale == Format::float8_e4m3fn; }
  // Storage per element with the block's scale: 8.25, 8.25, 6.25, 6.25, 4.25, 8.25, 4.5.
  double bits_per_element() const { return element_bits + 8.0 / block_size; }
};

std::span<const BlockFormatSpec> block_formats();    // indexed by BlockFormat
const BlockFormatSpec& block_format_spec(BlockFormat f);
std::string_view block_format_name(BlockFormat f);
// Case-insensitive; an unknown name suggests the closest block format names.
Result<BlockFormat> parse_block_format(std::string_view name);

std::string_view scale_mode_name(ScaleMode m);       // "floor", "ceil", "even", "rceil", "nearest"
Result<ScaleMode> parse_scale_mode(std::string_view name);
// Whether a format takes the mode: MX formats floor, ceil, even, rceil; NVFP4 nearest only.
bool has_scale_mode(BlockFormat f, ScaleMode m);

// How to quantize: the scale mode, and NVFP4's optional FP32 per-tensor scale t (1: none). With t, a block's
// scale is float8_e4m3fn(RNE(amax / (6 t))) and its elements RNE(V / (s t)); dequantized values are code × s × t.
struct BlockOptions {
  ScaleMode scale_mode = ScaleMode::floor;
  float tensor_scale = 1.0f;
};
// The format's default mode unless `mode` is given; t = nvfp4_tensor_scale(values) if `tensor_scale`. Errors: a
// mode the format does not take, a tensor scale asked of an MX format.
Result<BlockOptions> block_options(BlockFormat f, std::optional<ScaleMode> mode, bool tensor_scale,
                                   std::span<const float> values);
// With t already chosen (nvfp4_tensor_scale of a whole tensor), for some of its blocks: they quantize as they do
// in the whole. Errors as above; a t that is not a positive finite float32 is refused by the quantize calls.
Result<BlockOptions> block_options(BlockFormat f, std::optional<ScaleMode> mode, float tensor_scale);
// NVFP4's per-tensor scale, as torchao's per_tensor_amax_to_scale: amax over the finite values / (448 · 6),
// rounded once to float32, and at least 2^-149 (an all-zero tensor would otherwise give 0).
float nvfp4_tensor_scale(std::span<const float> values);

// Blocks for `count` values: the last one may be short (it is quantized as it is).
std::size_t block_count(BlockFormat f, std::size_t count);

// The scale code of a block whose largest |value| is `amax` (a float32, or NaN/Inf when the block holds one):
// MX E8M0 code E + 127; NVFP4 the float8_e4m3fn code. A NaN or ±Inf amax gives the scale's NaN code (0xff, 0x7f).
std::uint32_t block_scale_code(BlockFormat f, const BlockOptions& options, float amax);
// A scale code's value (2^(code - 127), or the float8_e4m3fn value), without the tensor scale; NaN for NaN codes.
double block_scale_value(BlockFormat f, std::uint32_t scale_code);
// An element code's value: the minifloat's, or MXINT8's (int8) code / 64. NaN (and ±Inf) where the element
// format has them. Codes use the element's low element_bits bits.
double block_element_value(BlockFormat f, std::uint32_t element_code);

// The bulk path, for arrays (the SIMD block kernels): values -> one scale code per block and one element
// code per value (unpacked: one byte each; block_packing.h packs them). Elements are RNE(V / scale) computed from
// the exact quotient, clipped to ±element max; a block holding NaN or ±Inf gets the NaN scale and element codes 0.
// Errors: `scales` shorter than block_count, `codes` shorter than `values`, options the format does not take.
// Returns the number of blocks written. Runs the block kernels of instruction set `isa` (each block's amax,
// scale and elements in one pass; an ISA this build or CPU lacks falls back to the best one that runs).
Result<std::size_t> quantize_blocks(BlockFormat f, const BlockOptions& options, std::span<const float> values,
                                    std::span<std::uint8_t> scales, std::span<std::uint8_t> codes,
                                    Isa isa = best_isa());
// code × scale × tensor scale for every code, exactly (double), or that rounded once to float32 (overflow: ±Inf;
// by the block kernels of best_isa()).
// A NaN scale makes its whole block NaN (the MX spec's rule for a NaN scale). Errors: spans of the wrong lengths, a code wider
// than the element, a tensor scale that is not a positive finite float.
Result<std::size_t> dequantize_blocks(BlockFormat f, std::span<const std::uint8_t> scales,
                                      std::span<const std::uint8_t> codes, std::span<double> values,
                                      float tensor_scale = 1.0f);
Result<std::size_t> dequantize_blocks(BlockFormat f, std::span<const std::uint8_t> scales,
                                      std::span<const std::uint8_t> codes, std::span<float> values,
                                      float tensor_scale = 1.0f);

// A block's error: over its inputs V and dequantized values D (double arithmetic). SQNR = 10 log10(ΣV² / Σ(V-D)²)
// dB (+Inf when exact); saturated: |V| beyond element max × scale (the element was clipped); flushed: V != 0
// and D = 0. NaN statistics for a block holding NaN or ±Inf.
struct BlockError {
  double mse = 0, sqnr_db = 0, max_abs_error = 0;
  int saturated = 0, flushed = 0;
  double bits_per_element = 0;
  // ΣV² and Σ(V-D)², which the SQNR is the ratio of: blocks' errors add up through them (combined_error).
  double signal = 0, noise = 0;
};
// 10 log10(signal / noise) dB; +Inf when noise is 0 (exact).
double signal_to_noise_db(double signal, double noise);

// Which way an element was rounded: its dequantized value below, at or above the input (compared exactly).
enum class RoundDirection : std::int8_t { down = -1, exact = 0, up = 1 };

// One element and one block in full, for front ends that show them.
struct QuantizedElement {
  float input;
  std::uint32_t code;
  double value;        // the element's own value (block_element_value)
  double dequantized;  // value × scale (× tensor scale), exact
  // input / (scale × tensor scale), what was rounded to the element: exact for the power-of-two MX scales, the
  // nearest double for NVFP4's. NaN in a NaN block.
  double scaled;
  double error;              // dequantized - input (NaN in a NaN block)
  RoundDirection direction;  // exact in a NaN block
  bool saturated, flushed;
};
struct QuantizedBlock {
  float amax;          // the largest |input| in the block, which chose the scale (NaN or Inf when it holds one)
  std::uint32_t scale_code;
  double scale;        // block_scale_value(scale_code): without the tensor scale
  std::vector<QuantizedElement> elements;
  BlockError error;
};
Result<std::vector<QuantizedBlock>> quantize_detail(BlockFormat f, const BlockOptions& options,
                                                    std::span<const float> values);

}  // namespace typelattice
