// What each format does to a tensor: the tensor's own statistics and, for every target (an element format cast
// with the bulk kernels, or a block format quantized with the block kernels), the error of the round trip.
// Both accumulate slice by slice, so a tensor of any size streams through in bounded memory. Blocks are
// consecutive elements along the last axis in storage order; a row whose length is not a multiple of the block
// size ends in a short block, as quantize_blocks takes a row. docs/tensor-analysis.md has the definitions.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/block_sqnr_histogram.h"
#include "typelattice/codec_block_targets.h"
#include "typelattice/minifloat.h"
#include "typelattice/result.h"
#include "typelattice/tapered_formats.h"
#include "typelattice/tensor_file.h"

namespace typelattice {

// float32's binades: floor(log2 |x|) of a finite nonzero float32 lies in [-149, 127].
inline constexpr int kLowestBinade = -149;
inline constexpr int kHighestBinade = 127;
inline constexpr int kBinadeCount = kHighestBinade - kLowestBinade + 1;

struct TensorStats {
  std::uint64_t count = 0;                  // every value
  std::uint64_t finite = 0, zeros = 0, subnormals = 0, nans = 0, infinities = 0;
  double amax = 0;                          // the largest finite |x|
  double mean = 0, std = 0;                 // over the finite values; std is the population's (divides by n)
  double squared_deviations = 0;            // Σ(x - mean)² over the finite values: std² × finite, unrounded
  std::array<std::uint64_t, kBinadeCount> binades{};  // [k]: finite nonzero x with floor(log2|x|) = kLowestBinade + k
};

class TensorStatsAccumulator {
 public:
  void add(std::span<const float> values);
  TensorStats stats() const;

 private:
  TensorStats stats_;
  double m2_ = 0;  // sum of squared deviations from the mean (Chan et al.'s pairwise update, slice by slice)
};

// A target: an element format with its cast options, a tapered format (posit8, posit16, hif8: its own rounding,
// saturation for HiF8), a block format with its scale mode and (NVFP4) tensor scale, or a lookup-table or integer
// block family's type quantized through its own codec (codec_block_targets.h).
struct AnalysisTarget {
  std::string name;                      // as the output names it: "float8_e4m3fn", "nvfp4", "nvfp4+tensor_scale"
  std::optional<Format> element;         // set for an element format
  CastOptions cast;
  std::optional<TaperedFormat> tapered;  // set for a tapered format, whose saturation is cast.saturate
  std::optional<BlockFormat> block;      // set for a block format
  ScaleMode scale_mode = ScaleMode::floor;
  bool tensor_scale = false;
  const CodecBlockTarget* codec = nullptr;  // set for a codec block target (no scale mode, no tensor scale)
  double bits_per_element = 0;
  bool has_blocks() const { return block.has_value() || codec != nullptr; }
};

// A target by name: a built-in minifloat (the bulk kernels' formats), a block format or a codec block target. `round` and `saturate`
// apply to element formats (their ONNX defaults when absent), `scale_mode` to block formats that take it (the
// format's default when absent or not taken: one --scale-mode serves MX and NVFP4 targets side by side), and
// `tensor_scale` to NVFP4. Errors name the closest format names.
Result<AnalysisTarget> analysis_target(std::string_view name, std::optional<RoundMode> round,
                                       std::optional<bool> saturate, std::optional<ScaleMode> scale_mode,
                                       bool tensor_scale);
// Every name in order, with the same options (`--to a b c` with one --round, --scale-mode, ...): the first name
// that is not a target is the error.
Result<std::vector<AnalysisTarget>> analysis_targets(std::span<const std::string> names, std::optional<RoundMode> round,
                                                     std::optional<bool> saturate, std::optional<ScaleMode> scale_mode,
                                                     bool tensor_scale);

// How every front end cuts a tensor for the accumulators, so that their figures agree to the last bit: rows run
// along the last axis in storage order (the first of a Fortran-order array's shape), and a slice is whole rows up
// to 2^18 elements or a piece of one longer row (2^18 is a multiple of every block size: pieces start on blocks).
struct TensorSlicing {
  std::uint64_t count = 1;       // the tensor's elements (1 for a scalar)
  std::uint64_t row_length = 1;  // elements per row (1 for a scalar or an empty last axis)
  // Where the slice that starts at element `first` ends.
  std::uint64_t slice_end(std::uint64_t first) const;
};
TensorSlicing tensor_slicing(const TensorEntry& tensor);

// How many times a tensor is read for these targets: 2 when one takes NVFP4's tensor scale (it needs the tensor's
// amax before the first slice, so the statistics get a pass of their own), else 1.
std::uint64_t analysis_passes(const std::vector<AnalysisTarget>& targets);

struct TargetError {
  std::uint64_t measured = 0;     // finite inputs whose result is finite: the sums below are over these
  std::uint64_t non_finite = 0;   // finite inputs whose result is NaN or ±Inf (overflow without saturation, or a
                                  // block that holds a NaN or Inf and so gets the NaN scale)
  std::uint64_t saturated = 0;    // clipped to the largest magnitude (element: minifloat.h's saturates)
  std::uint64_t flushed = 0;      // x != 0 whose result is 0
  double sum_squared_input = 0, sum_squared_error = 0;
  double mse = 0;                 // sum_squared_error / measured
  double sqnr_db = 0;             // 10 log10(sum_squared_input / sum_squared_error); +Inf when exact
  double max_abs_error = 0;
  double max_relative_error = 0;  // |result - x| / |x| over x != 0
  // Block targets: the blocks, and the ones with the lowest SQNR, lowest first (blocks counted from 0 in storage
  // order; blocks whose inputs are all zero or that hold a NaN or Inf have no SQNR and are left out).
  std::uint64_t blocks = 0;
  struct WorstBlock {
    std::uint64_t index = 0;
    double sqnr_db = 0;
    std::vector<float> values;  // the block's inputs, as typelattice quantize reads them
  };
  std::vector<WorstBlock> worst_blocks;
  BlockSqnrDistribution block_sqnr;  // over the blocks that have an SQNR (block_sqnr_histogram.h)
};

class TargetAccumulator {
 public:
  // `tensor_amax`: the tensor's largest finite |x| (TensorStats::amax), which NVFP4's tensor scale needs before
  // the first slice; `worst_blocks`: how many of the lowest-SQNR blocks to keep.
  TargetAccumulator(const AnalysisTarget& target, double tensor_amax, std::size_t worst_blocks = 1);
  // A slice of one row: it starts where a block of the row starts and ends where one ends or at the row's end.
  void add_row_slice(std::span<const float> values);
  TargetError error() const;
  float tensor_scale() const { return tensor_scale_; }

 private:
  void add_elements(std::span<const float> values);
  void add_blocks(std::span<const float> values);
  void add_codec_blocks(std::span<const float> values);
  void add_tapered(std::span<const float> values);

  AnalysisTarget target_;
  float tensor_scale_ = 1.0f;
  BlockOptions block_options_;
  TargetError error_;
  std::vector<std::uint8_t> codes8_, scales_;
  std::vector<std::uint16_t> codes16_;
  std::vector<float> results_;
  std::array<double, 256> scale_values_{};    // block_scale_value of every scale code
  std::array<double, 256> element_values_{};  // block_element_value of every element code
  std::array<float, 256> element_floats_{};   // the same in float32 (exact), for the error sums
  // The worst blocks so far, lowest signal-to-noise ratio first (decibels only in error()).
  struct Candidate {
    std::uint64_t index;
    double signal, noise;  // sums of x² and of the errors²
    std::vector<float> values;
  };
  void keep_if_worse(std::uint64_t index, double signal, double noise, std::span<const float> values);
  void keep_at(std::size_t at, Candidate candidate, std::span<const float> values);  // worst_[at], values copied
  std::size_t worst_count_ = 1;
  std::vector<Candidate> worst_;
  BlockSqnrHistogram block_sqnr_;
};

}  // namespace typelattice
