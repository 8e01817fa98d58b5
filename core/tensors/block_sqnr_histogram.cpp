// The per-block SQNR histogram and the percentiles read from it (typelattice/block_sqnr_histogram.h).
#include "typelattice/block_sqnr_histogram.h"

#include <algorithm>
#include <cmath>

namespace typelattice {
namespace {

double decibels(double ratio) { return 10.0 * std::log10(ratio); }

}  // namespace

void BlockSqnrHistogram::add_to_new_page(std::uint64_t bin) {
  const std::uint64_t page = bin >> kPageBits;
  if (pages_.size() <= page) pages_.resize(page + 1);
  pages_[page].assign(kPageBins, 0);
  ++pages_[page][bin & (kPageBins - 1)];
}

double BlockSqnrHistogram::ratio_at_rank(std::uint64_t rank) const {
  std::uint64_t below = 0;
  for (std::uint64_t page = 0; page < pages_.size(); ++page) {
    const std::vector<std::uint64_t>& counts = pages_[page];
    for (std::uint64_t i = 0; i < counts.size(); ++i) {
      below += counts[i];
      if (below >= rank) return std::bit_cast<double>(((page << kPageBits) | i) << kBinShift);
    }
  }
  return std::numeric_limits<double>::infinity();  // past the inexact blocks: an exact one
}

BlockSqnrDistribution BlockSqnrHistogram::distribution() const {
  BlockSqnrDistribution out;
  out.exact = exact_;
  out.blocks = exact_;
  for (const std::vector<std::uint64_t>& counts : pages_)
    for (const std::uint64_t n : counts) out.blocks += n;
  if (out.blocks == 0) return out;
  out.min_db = decibels(min_ratio_);
  // Nearest rank: the ceil(p · blocks)-th lowest, never below the lowest itself (its bin's edge may be).
  const auto at = [&](std::uint64_t rank) { return std::max(out.min_db, decibels(ratio_at_rank(rank))); };
  out.p1_db = at((out.blocks + 99) / 100);
  out.median_db = at((out.blocks + 1) / 2);
  return out;
}

}  // namespace typelattice
