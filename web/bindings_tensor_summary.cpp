// tl.summarize and tl.analyze's summary: a file's summary (typelattice/tensor_summary.h) from tensor reports as
// tl.analyze gives them, in the order given. A report holds every figure the summary adds up (its sums, counts,
// largest errors and squared deviations: JS numbers are the core's doubles), so this is the summary the CLI writes
// for the same tensors. The wrapper (web/src/analyze.mjs) checks the reports' shape before the call.
#include <emscripten/bind.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <system_error>
#include <vector>

#include "typelattice/tensor_summary.h"
#include "web/bindings.h"
#include "web/bindings_tensors.h"

namespace typelattice::web {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A report's figure: null is a figure that is not finite, which the report says by the others (`when_null`).
double figure_of(const val& v, double when_null) { return v.isNull() ? when_null : v.as<double>(); }
// A report's count: the wrapper checked it is a non-negative integer below 2^53 (web/src/analyze.mjs).
std::uint64_t count_of(const val& v) { return static_cast<std::uint64_t>(v.as<double>()); }

Result<TensorResult> tensor_result(const val& report, const TensorEntry& entry,
                                   const std::vector<AnalysisTarget>& targets) {
  TensorResult r;
  r.tensor = &entry;
  r.count = count_of(report["count"]);
  const val stats = report["stats"];
  TensorStats& s = r.stats;
  s.count = r.count;
  s.finite = count_of(stats["finite"]);
  s.zeros = count_of(stats["zeros"]);
  s.subnormals = count_of(stats["subnormals"]);
  s.nans = count_of(stats["nan"]);
  s.infinities = count_of(stats["inf"]);
  s.amax = figure_of(stats["amax"], 0);
  s.mean = figure_of(stats["mean"], 0);
  s.std = figure_of(stats["std"], 0);
  s.squared_deviations = figure_of(stats["squared_deviations"], 0);
  const val histogram = stats["log2_histogram"];
  const auto inconsistent = [&](std::string what) {
    return bad_value_error("summarize: tensor '" + entry.name + "' is not a report of tl.analyze: " + std::move(what));
  };
  std::uint64_t binned = 0;
  for (const std::string& key : strings_from(val::global("Object").call<val>("keys", histogram))) {
    // The key is a binade's decimal number (the report wrote it with std::to_string; the wrapper checked that it
    // is an integer).
    int binade = 0;
    const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), binade);
    const int k = binade - kLowestBinade;
    if (ec != std::errc() || end != key.data() + key.size() || k < 0 || k >= kBinadeCount) {
      return inconsistent("its log2 histogram has a bin " + key + ", outside float32's binades (" +
                          std::to_string(kLowestBinade) + " to " + std::to_string(kHighestBinade) + ")");
    }
    s.binades[static_cast<std::size_t>(k)] = count_of(histogram[key]);
    binned += s.binades[static_cast<std::size_t>(k)];
  }
  // What the statistics' counts add up to (tensor_analysis.h, TensorStats); the wrapper checked each is a count
  // below 2^53, so the sums cannot wrap.
  if (s.finite + s.nans + s.infinities != s.count) {
    return inconsistent("its finite, NaN and Inf counts do not add up to its count");
  }
  if (s.zeros + binned != s.finite) return inconsistent("its zeros and log2 histogram do not add up to its finite count");
  if (s.subnormals > binned) return inconsistent("it has more subnormals than nonzero values");
  const val list = report["targets"];
  for (std::size_t t = 0; t < targets.size(); ++t) {
    const val x = list[t];
    TargetError e;
    e.measured = count_of(x["measured"]);
    e.non_finite = count_of(x["non_finite"]);
    e.saturated = count_of(x["saturated"]);
    e.flushed = count_of(x["flushed"]);
    e.sum_squared_input = figure_of(x["sum_squared_input"], kInf);
    e.sum_squared_error = figure_of(x["sum_squared_error"], kInf);
    e.max_abs_error = figure_of(x["max_abs_error"], kInf);
    e.max_relative_error = figure_of(x["max_relative_error"], kInf);
    e.sqnr_db = figure_of(x["sqnr_db"], e.measured == 0 ? kNaN : kInf);  // null: nothing measured, or exact
    if (targets[t].has_blocks()) {
      if (!x["blocks"].isNumber() || x["block_sqnr_db"].isUndefined()) {
        return bad_value_error("summarize: tensor '" + entry.name + "' has no blocks for the block target " +
                               targets[t].name);
      }
      e.blocks = count_of(x["blocks"]);
      const val d = x["block_sqnr_db"];
      e.block_sqnr.blocks = count_of(d["blocks"]);
      e.block_sqnr.exact = count_of(d["exact"]);
      e.block_sqnr.min_db = figure_of(d["min"], e.block_sqnr.blocks == 0 ? kNaN : kInf);
    }
    // Every finite input is measured or comes back NaN or Inf; only a measured one is clipped or flushed.
    if (e.measured + e.non_finite != s.finite) {
      return inconsistent("its " + targets[t].name +
                          " target's measured and non-finite counts do not add up to its finite count");
    }
    if (e.saturated > e.measured || e.flushed > e.measured) {
      return inconsistent("its " + targets[t].name + " target has more saturated or flushed values than measured ones");
    }
    if (e.block_sqnr.exact > e.block_sqnr.blocks || e.block_sqnr.blocks > e.blocks) {
      return inconsistent("its " + targets[t].name + " target has more blocks with an SQNR than blocks");
    }
    r.errors.push_back(e);
    r.tensor_scales.push_back(1.0f);
  }
  return r;
}

val summary_value(const FileSummary& summary, const std::vector<AnalysisTarget>& targets) {
  val out = val::object();
  set_property(out, "tensors", static_cast<double>(summary.tensors));
  set_property(out, "count", static_cast<double>(summary.stats.count));
  set_property(out, "stats", stats_value(summary.stats));
  const std::vector<std::size_t> ranks = target_ranks(targets, summary.errors);
  val list = val::array();
  for (std::size_t t = 0; t < targets.size(); ++t) {
    const TargetError& e = summary.errors[t];
    val x = val::object();
    set_text(x, "target", targets[t].name);
    set_target_error(x, targets[t], e, ranks[t]);
    if (targets[t].has_blocks()) {
      set_property(x, "blocks", static_cast<double>(e.blocks));
      val d = val::object();
      set_property(d, "blocks", static_cast<double>(e.block_sqnr.blocks));
      set_property(d, "exact", static_cast<double>(e.block_sqnr.exact));
      set_property(d, "min", json_number(e.block_sqnr.min_db));
      set_property(x, "block_sqnr_db", d);
    }
    const bool any = !std::isnan(summary.worst_tensor_sqnr_db[t]);
    set_property(x, "worst_tensor", any ? js_string(summary.worst_tensors[t]) : val::null());
    set_property(x, "worst_tensor_sqnr_db", json_number(summary.worst_tensor_sqnr_db[t]));
    push_value(list, x);
  }
  set_property(out, "targets", list);
  return out;
}

// `tensors`: reports of one file's tensors analyzed with these options (their targets in the options' order).
val summarize_js(const val& tensors, const val& names, const val& round, const val& saturate, const val& scale_mode,
                 bool tensor_scale) {
  const Result<std::vector<AnalysisTarget>> targets = targets_of(names, round, saturate, scale_mode, tensor_scale);
  if (!targets) return error_value(targets.error());
  const auto n = tensors["length"].as<std::size_t>();
  std::vector<TensorEntry> entries(n);
  FileSummaryAccumulator summary(targets->size());
  for (std::size_t i = 0; i < n; ++i) {
    const val report = tensors[i];
    entries[i].name = report["name"].as<std::string>();
    const val list = report["targets"];
    bool same = list["length"].as<std::size_t>() == targets->size();
    for (std::size_t t = 0; same && t < targets->size(); ++t) same = list[t]["target"].as<std::string>() == (*targets)[t].name;
    if (!same) {
      return error_value(bad_value_error("summarize: tensor '" + entries[i].name +
                                         "' was not analyzed for these options' targets"));
    }
    const Result<TensorResult> r = tensor_result(report, entries[i], *targets);
    if (!r) return error_value(r.error());
    summary.add(*r);
  }
  return ok_value(summary_value(summary.summary(), *targets));
}

}  // namespace

void register_tensor_summary_bindings() { emscripten::function("summarizeTensors", &summarize_js); }

}  // namespace typelattice::web
