// A file's figures added up from its tensors' results (typelattice/tensor_summary.h).
#include "typelattice/tensor_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "typelattice/block_formats.h"

namespace typelattice {

FileSummaryAccumulator::FileSummaryAccumulator(std::size_t targets) {
  sums_.errors.resize(targets);
  for (TargetError& e : sums_.errors) {
    e.block_sqnr.min_db = std::numeric_limits<double>::infinity();
    e.block_sqnr.p1_db = e.block_sqnr.median_db = std::numeric_limits<double>::quiet_NaN();
  }
  sums_.worst_tensors.resize(targets);
  sums_.worst_tensor_sqnr_db.assign(targets, std::numeric_limits<double>::quiet_NaN());
}

void FileSummaryAccumulator::add(const TensorResult& r) {
  ++sums_.tensors;
  TensorStats& all = sums_.stats;
  const TensorStats& s = r.stats;
  // The finite values' mean and squared deviations, merged as TensorStatsAccumulator merges its slices.
  if (s.finite != 0) {
    const double total = static_cast<double>(all.finite + s.finite);
    const double delta = s.mean - all.mean;
    all.squared_deviations += s.squared_deviations +
                              delta * delta * static_cast<double>(all.finite) * static_cast<double>(s.finite) / total;
    all.mean += delta * static_cast<double>(s.finite) / total;
  }
  all.count += s.count;
  all.finite += s.finite;
  all.zeros += s.zeros;
  all.subnormals += s.subnormals;
  all.nans += s.nans;
  all.infinities += s.infinities;
  all.amax = std::max(all.amax, s.amax);
  for (std::size_t k = 0; k < all.binades.size(); ++k) all.binades[k] += s.binades[k];

  for (std::size_t t = 0; t < sums_.errors.size(); ++t) {
    TargetError& to = sums_.errors[t];
    const TargetError& e = r.errors[t];
    to.measured += e.measured;
    to.non_finite += e.non_finite;
    to.saturated += e.saturated;
    to.flushed += e.flushed;
    to.sum_squared_input += e.sum_squared_input;
    to.sum_squared_error += e.sum_squared_error;
    to.max_abs_error = std::max(to.max_abs_error, e.max_abs_error);
    to.max_relative_error = std::max(to.max_relative_error, e.max_relative_error);
    to.blocks += e.blocks;
    to.block_sqnr.blocks += e.block_sqnr.blocks;
    to.block_sqnr.exact += e.block_sqnr.exact;
    if (e.block_sqnr.blocks != 0) to.block_sqnr.min_db = std::min(to.block_sqnr.min_db, e.block_sqnr.min_db);
    // The worst tensor: a measured one with a lower SQNR than the worst so far (NaN: none yet).
    double& worst = sums_.worst_tensor_sqnr_db[t];
    if (e.measured != 0 && !std::isnan(e.sqnr_db) && (std::isnan(worst) || e.sqnr_db < worst)) {
      worst = e.sqnr_db;
      sums_.worst_tensors[t] = r.tensor->name;
    }
  }
}

// The figures from the sums, as TargetAccumulator::error() and TensorStatsAccumulator::stats() give a tensor's (no
// tensor, or nothing measured: MSE 0 and SQNR +Inf, as a tensor with nothing measured has them).
FileSummary FileSummaryAccumulator::summary() const {
  FileSummary out = sums_;
  const TensorStats& s = out.stats;
  out.stats.std = s.finite == 0 ? 0.0 : std::sqrt(s.squared_deviations / static_cast<double>(s.finite));
  for (TargetError& e : out.errors) {
    e.mse = e.measured == 0 ? 0.0 : e.sum_squared_error / static_cast<double>(e.measured);
    e.sqnr_db = signal_to_noise_db(e.sum_squared_input, e.sum_squared_error);
    if (e.block_sqnr.blocks == 0) e.block_sqnr.min_db = std::numeric_limits<double>::quiet_NaN();
  }
  return out;
}

}  // namespace typelattice
