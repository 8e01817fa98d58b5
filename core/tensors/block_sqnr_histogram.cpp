// The per-block SQNR histogram and the percentiles read from it (typelattice/block_sqnr_histogram.h).
#include "typelattice/block_sqnr_histogram.h"

#include <algorithm>
#include <cmath>

#include "core/formats/geometry.h"

namespace typelattice {
namespace {

double decibels(double ratio) { return 10.0 * std::log10(ratio); }

}  // namespace

void BlockSqnrHistogram::add_outside(std::uint64_t bin) {
  const std::uint64_t octave = bin >> kOctaveBits;
  std::uint64_t low = octave, high = octave + 1;  // octaves [low, high)
  if (!counts_.empty()) {
    // At least twice as many octaves each time, so that blocks coming lower and lower copy counts_ rarely.
    const std::uint64_t first = first_bin_ >> kOctaveBits, octaves = counts_.size() >> kOctaveBits;
    low = std::min(octave, first), high = std::max(octave + 1, first + octaves);
    if (octave < first) low = std::min(low, first > octaves ? first - octaves : 0);
    if (octave >= first + octaves) high = std::max(high, std::min(kOctaves, first + 2 * octaves));
  }
  std::vector<std::uint64_t> counts(static_cast<std::size_t>((high - low) << kOctaveBits), 0);
  const std::uint64_t new_first = low << kOctaveBits;
  std::copy(counts_.begin(), counts_.end(), counts.begin() + static_cast<std::ptrdiff_t>(first_bin_ - new_first));
  counts_ = std::move(counts);
  first_bin_ = new_first;
  ++counts_[static_cast<std::size_t>(bin - first_bin_)];
}

double BlockSqnrHistogram::ratio_at_rank(std::uint64_t rank) const {
  std::uint64_t below = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    below += counts_[i];
    if (below >= rank) return minifloat_detail::bit_cast<double>((first_bin_ + i) << kBinShift);
  }
  return std::numeric_limits<double>::infinity();  // past the inexact blocks: an exact one
}

BlockSqnrDistribution BlockSqnrHistogram::distribution() const {
  BlockSqnrDistribution out;
  out.exact = exact_;
  out.blocks = exact_;
  for (const std::uint64_t n : counts_) out.blocks += n;
  if (out.blocks == 0) return out;
  out.min_db = decibels(min_ratio_);
  // Nearest rank: the ceil(p · blocks)-th lowest, never below the lowest itself (its bin's edge may be).
  const auto at = [&](std::uint64_t rank) { return std::max(out.min_db, decibels(ratio_at_rank(rank))); };
  out.p1_db = at((out.blocks + 99) / 100);
  out.median_db = at((out.blocks + 1) / 2);
  return out;
}

}  // namespace typelattice
