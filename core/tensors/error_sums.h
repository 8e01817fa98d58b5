// The per-element loops of tensor analysis (tensor_analysis.h): a block target's error sums block by block, and the
// statistics' sums lane by lane, in GCC's and Clang's vector types. On x86-64 Linux each is also built for AVX2,
// picked at load time (same figures: the core's sources have no fused multiply-add, and each sum keeps its order).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace typelattice::analysis_sums {

// The statistics' sums run in kLanes independent lanes, element i of a slice in lane i mod kLanes, added up in a
// fixed order at its end: the same figures whatever the instruction set, and independent chains in vector registers.
constexpr std::size_t kLanes = 4;

// One block's error sums over its measured elements, element i in lane i mod 2 (the two lanes added at the end).
struct BlockSums {
  double signal, noise, max_abs;
  double ratio;  // signal / noise
  double relative_error, relative_magnitude;  // the element with the largest e / |x| (|x| = 1 when there is none)
  std::uint64_t flushed, saturated;
};

// The sums of one block of `size` elements whose scale is finite: `total` is its scale times the tensor scale (an
// element's result is element_values[code] × total), `limit` the largest magnitude it holds unclipped.
BlockSums block_sums(const float* values, const std::uint8_t* codes, std::size_t size, const double* element_values,
                     double total, double limit);
// The same for `count` consecutive blocks of `size` elements each, block b with totals[b] and limits[b], into
// out[0 .. count) (a block whose total is not finite gets figures the caller does not use).
void blocks_sums(const float* values, const std::uint8_t* codes, std::size_t size, std::size_t count,
                 const double* element_values, const double* totals, const double* limits, BlockSums* out);

// The sums of the finite values into `sums`, and the largest |x| bits of a finite x into `tops`, lane by lane.
void finite_sums(const float* values, std::size_t size, std::array<double, kLanes>& sums,
                 std::array<std::uint32_t, kLanes>& tops);
// The sums of (x - mean)² over the finite values, lane by lane.
std::array<double, kLanes> finite_squares(const float* values, std::size_t size, double mean);

}  // namespace typelattice::analysis_sums
