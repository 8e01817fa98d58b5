// The per-element loops of tensor analysis (tensor_analysis.h): a block target's error sums block by block, and the
// statistics' sums lane by lane, in GCC's and Clang's vector types. On x86-64 Linux each is also built for AVX2,
// picked at load time (same figures: the core's sources have no fused multiply-add, and each sum keeps its order).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace typelattice::analysis_sums {

// The statistics' sums run in independent lanes, element i of a slice in lane i mod 2·kLanes (lane l + kLanes folded
// into lane l at the end, and the slice's last elements then in lane i mod kLanes), the kLanes added up in a fixed
// order: the same figures whatever the instruction set, and independent chains in vector registers.
constexpr std::size_t kLanes = 4;

// One block's error sums over its measured elements, element i in lane i mod 4 (the lanes added at the end as
// (0 + 1) + (2 + 3)).
struct BlockSums {
  double signal, noise, max_abs;
  double ratio;  // signal / noise
  // block_sums: the element with the largest e / |x| (|x| = 1 when there is none). blocks_sums leaves them 0 and 1
  // and sets `above_bound` where some element has e > bound × |x|: only such a block can raise a running largest
  // relative error of `bound`, and block_sums then finds its element.
  double relative_error, relative_magnitude;
  std::uint64_t flushed, saturated;
  bool above_bound;
};

// The sums of one block of `size` elements whose scale is finite: `results` are its elements' values as decoded
// (exact in float32), `total` its scale times the tensor scale (an element's result is results[i] × total), `limit`
// the largest magnitude it holds unclipped.
BlockSums block_sums(const float* values, const float* results, std::size_t size, double total, double limit);
// The same for `count` consecutive blocks of `size` elements each, block b with totals[b] and limits[b], into
// out[0 .. count) (a block whose total is not finite gets figures the caller does not use), each block's largest
// relative error only as far as `bound` (above_bound).
void blocks_sums(const float* values, const float* results, std::size_t size, std::size_t count,
                 const double* totals, const double* limits, double bound, BlockSums* out);

// The sums of the finite values into `sums`, and the largest |x| bits of a finite x into `tops`, lane by lane.
void finite_sums(const float* values, std::size_t size, std::array<double, kLanes>& sums,
                 std::array<std::uint32_t, kLanes>& tops);
// The sums of (x - mean)² over the finite values, lane by lane.
std::array<double, kLanes> finite_squares(const float* values, std::size_t size, double mean);

}  // namespace typelattice::analysis_sums
