#include "typelattice/tensor_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "typelattice/block_formats.h"
#include "typelattice/display_text.h"
#include "typelattice/minifloat.h"
#include "typelattice/tensor_summary.h"

namespace typelattice {
namespace {

std::string number(double v, int digits) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
  return buffer;
}
std::string json_number(double v) { return std::isfinite(v) ? number(v, 17) : "null"; }
std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buffer;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string shape_text(const std::vector<std::uint64_t>& shape) {
  std::string out = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

// Each block target's worst blocks as the command that quantizes them again (values in 9 significant digits:
// float32 exactly).
void append_worst_blocks(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets) {
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const AnalysisTarget& t = targets[i];
    if (!t.has_blocks() || r.errors[i].worst_blocks.empty()) continue;
    out += "  worst blocks of " + t.name + (t.tensor_scale ? " (quantize alone takes its tensor scale from the "
                                                             "block's values, not the tensor's)" : "") + ":\n";
    for (const TargetError::WorstBlock& w : r.errors[i].worst_blocks) {
      out += "    #" + std::to_string(w.index) + " " + number(w.sqnr_db, 4) + " dB: ";
      if (t.codec) {
        out += "typelattice quantize --to " + std::string(t.codec->name) + " --";
      } else {
        out += "typelattice quantize --to " + std::string(block_format_name(*t.block)) + " --scale-mode " +
               std::string(scale_mode_name(t.scale_mode)) + (t.tensor_scale ? " --tensor-scale" : "") + " --";
      }
      std::vector<float> values = w.values;
      // A short block of a whole-blocks family (GGUF) padded as the analysis pads it, so that quantize takes it.
      if (t.codec && t.codec->whole_blocks && values.size() < static_cast<std::size_t>(t.codec->block_size))
        values.resize(static_cast<std::size_t>(t.codec->block_size), codec_block_padding(*t.codec, w.values));
      for (const float v : values) {
        out += ' ';
        out += number(v, 9);
      }
      out += "\n";
    }
  }
}

// Each block target's per-block SQNR distribution, a table of its own under the targets' table (a file's summary
// has no percentiles: `percentiles` false leaves them out).
void append_block_sqnr(std::string& out, const std::vector<TargetError>& errors,
                       const std::vector<AnalysisTarget>& targets, bool percentiles) {
  if (std::none_of(targets.begin(), targets.end(), [](const AnalysisTarget& t) { return t.has_blocks(); })) return;
  char line[256];
  std::snprintf(line, sizeof line, percentiles ? "  %-26s %11s %9s %9s %9s %9s\n" : "  %-26s %11s %9s %9s\n",
                "block SQNR dB (to 0.01)", "blocks", "exact", "min", "p1", "median");
  out += line;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!targets[i].has_blocks()) continue;
    const BlockSqnrDistribution& d = errors[i].block_sqnr;
    const bool any = d.blocks > 0;
    std::snprintf(line, sizeof line, percentiles ? "  %-26s %11llu %9llu %9s %9s %9s\n" : "  %-26s %11llu %9llu %9s\n",
                  targets[i].name.c_str(), static_cast<unsigned long long>(d.blocks),
                  static_cast<unsigned long long>(d.exact), any ? number(d.min_db, 4).c_str() : "-",
                  any ? number(d.p1_db, 4).c_str() : "-", any ? number(d.median_db, 4).c_str() : "-");
    out += line;
  }
}

// The statistics' two lines: the figures, then the log2|x| histogram.
void append_statistics_text(std::string& out, const TensorStats& s) {
  out += "  amax " + number(s.amax, 6) + "  mean " + number(s.mean, 6) + "  std " + number(s.std, 6) + "  zeros " +
         std::to_string(s.zeros) + "  subnormals " + std::to_string(s.subnormals) + "  nan " + std::to_string(s.nans) +
         "  inf " + std::to_string(s.infinities) + "\n  log2|x|";
  bool any = false;
  for (int k = 0; k < kBinadeCount; ++k) {
    if (s.binades[static_cast<std::size_t>(k)] == 0) continue;
    out += "  " + std::to_string(kLowestBinade + k) + ":" + std::to_string(s.binades[static_cast<std::size_t>(k)]);
    any = true;
  }
  out += any ? "\n" : "  (no nonzero finite values)\n";
}

// The targets' table, the best marked '*', with a last column of its own (its heading, and its text per target).
template <typename LastColumn>
void append_targets_text(std::string& out, const std::vector<AnalysisTarget>& targets,
                         const std::vector<TargetError>& errors, const char* last_heading, LastColumn&& last) {
  char line[512];
  std::snprintf(line, sizeof line, "  %-26s %5s %9s %11s %11s %11s %10s %9s %10s  %s\n", "target", "bits", "SQNR dB",
                "MSE", "max abs", "max rel", "saturated", "flushed", "non-finite", last_heading);
  out += line;
  const std::size_t best = best_target(targets, errors);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const TargetError& e = errors[i];
    std::snprintf(line, sizeof line, "%s %-26s %5s %9s %11s %11s %11s %10llu %9llu %10llu  ", i == best ? "*" : " ",
                  targets[i].name.c_str(), number(targets[i].bits_per_element, 4).c_str(),
                  number(e.sqnr_db, 4).c_str(), number(e.mse, 4).c_str(), number(e.max_abs_error, 4).c_str(),
                  number(e.max_relative_error, 4).c_str(), static_cast<unsigned long long>(e.saturated),
                  static_cast<unsigned long long>(e.flushed), static_cast<unsigned long long>(e.non_finite));
    out += line;
    out += last(i) + "\n";
  }
}

// The statistics as JSON: {"finite", ..., "log2_histogram": {...}}.
std::string statistics_json(const TensorStats& s) {
  std::string out = "{\"finite\": " + std::to_string(s.finite) + ", \"zeros\": " + std::to_string(s.zeros) +
                    ", \"subnormals\": " + std::to_string(s.subnormals) + ", \"nan\": " + std::to_string(s.nans) +
                    ", \"inf\": " + std::to_string(s.infinities) + ", \"amax\": " + json_number(s.amax) +
                    ", \"mean\": " + json_number(s.mean) + ", \"std\": " + json_number(s.std) +
                    ", \"squared_deviations\": " + json_number(s.squared_deviations) + ", \"log2_histogram\": {";
  bool any = false;
  for (int k = 0; k < kBinadeCount; ++k) {
    if (s.binades[static_cast<std::size_t>(k)] == 0) continue;
    out += std::string(any ? ", " : "") + "\"" + std::to_string(kLowestBinade + k) +
           "\": " + std::to_string(s.binades[static_cast<std::size_t>(k)]);
    any = true;
  }
  return out + "}}";
}

// A target's figures as JSON members, from "target" to "max_relative_error" (`tensor`: members after "target").
std::string target_json_members(const AnalysisTarget& t, const TargetError& e, std::size_t rank,
                                std::string_view tensor = "") {
  return "\"target\": " + json_string(t.name) + ", " + std::string(tensor) + "\"format\": " + json_string(t.name) +
         ", \"best\": " + (rank == 0 ? "true" : "false") + ", \"rank\": " + std::to_string(rank) +
         ", \"bits_per_element\": " + json_number(t.bits_per_element) + ", \"measured\": " +
         std::to_string(e.measured) + ", \"non_finite\": " + std::to_string(e.non_finite) +
         ", \"saturated\": " + std::to_string(e.saturated) + ", \"flushed\": " + std::to_string(e.flushed) +
         ", \"mse\": " + json_number(e.mse) + ", \"sqnr_db\": " + json_number(e.sqnr_db) +
         ", \"max_abs_error\": " + json_number(e.max_abs_error) +
         ", \"max_relative_error\": " + json_number(e.max_relative_error) +
         ", \"sum_squared_input\": " + json_number(e.sum_squared_input) +
         ", \"sum_squared_error\": " + json_number(e.sum_squared_error);
}

// CSV (RFC 4180): a field with a comma, a quote or a line break is quoted, its quotes doubled.
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

// Non-finite figures as Python's float() and spreadsheets read them.
std::string csv_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return number(v, 17);
}

}  // namespace

std::string report_figure(double v, int digits) { return number(v, digits); }

std::string tensor_display_name(std::string_view name) { return name.empty() ? "(array)" : displayed(name); }

std::string worst_block_cell(const AnalysisTarget& target, const TargetError& error) {
  if (target.element || error.worst_blocks.empty()) return "-";
  // Appended piece by piece: GCC 12 warns (-Wrestrict) of a "#" + std::string chain here.
  std::string text = "#";
  text.append(std::to_string(error.worst_blocks[0].index)).append(" (");
  return text.append(number(error.worst_blocks[0].sqnr_db, 4)).append(")");
}

std::string worst_tensor_cell(const FileSummary& summary, std::size_t target) {
  if (std::isnan(summary.worst_tensor_sqnr_db[target])) return "-";
  std::string text = tensor_display_name(summary.worst_tensors[target]);
  return text.append(" (").append(number(summary.worst_tensor_sqnr_db[target], 4)).append(")");
}

std::vector<std::size_t> target_ranks(const std::vector<AnalysisTarget>& targets,
                                      const std::vector<TargetError>& errors) {
  const std::vector<std::size_t> order = targets_by_sqnr(targets, errors);
  std::vector<std::size_t> ranks(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) ranks[order[k]] = k;
  return ranks;
}

std::vector<std::string> default_analysis_target_names() {
  return {"float8_e4m3fn", "float8_e5m2", "mxfp8_e4m3", "mxfp4_e2m1", "nvfp4"};
}

std::size_t best_target(const std::vector<AnalysisTarget>& targets, const std::vector<TargetError>& errors) {
  // Nothing measured (NaN) ranks below every SQNR, as targets_by_sqnr sorts it.
  const auto key = [&](std::size_t i) { return std::isnan(errors[i].sqnr_db) ? -INFINITY : errors[i].sqnr_db; };
  std::size_t best = 0;
  for (std::size_t i = 1; i < targets.size(); ++i) {
    const double a = key(i), b = key(best);
    const bool tie = a == b || std::fabs(a - b) <= kSqnrTieDb;
    if (tie ? targets[i].bits_per_element < targets[best].bits_per_element : a > b) best = i;
  }
  return best;
}

std::vector<std::size_t> targets_by_sqnr(const std::vector<AnalysisTarget>& targets,
                                         const std::vector<TargetError>& errors) {
  std::vector<std::size_t> order(targets.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (targets.empty()) return order;
  // NaN SQNRs (nothing measured) sort last.
  auto key = [&](std::size_t i) { return std::isnan(errors[i].sqnr_db) ? -INFINITY : errors[i].sqnr_db; };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return targets[a].bits_per_element < targets[b].bits_per_element;
  });
  // best_target's tie rule keeps the last of equal targets: put that one first.
  const std::size_t best = best_target(targets, errors);
  order.erase(std::find(order.begin(), order.end(), best));
  order.insert(order.begin(), best);
  return order;
}

std::string tensor_report_text_file(std::string_view path, const TensorFileIndex& index) {
  std::string out = "file " + displayed(path) + " (" + std::string(tensor_file_kind_name(index.kind)) + ", " +
                    std::to_string(index.tensors.size()) +
                    " tensors)\nblocks: consecutive elements along each tensor's last axis in storage order; a row "
                    "whose length is not a multiple of the block size ends in a short block\n";
  // Tensors in an element type the core does not convert (GGUF's quantized types): named, not analyzed.
  for (const std::string& skipped : index.unsupported) out += "skipped: " + displayed(skipped) + "\n";
  return out;
}

void append_tensor_report_text(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets,
                               std::size_t worst) {
  const TensorStats& s = r.stats;
  out += "\n";
  out += "tensor " + tensor_display_name(r.tensor->name) + "  " +
         std::string(tensor_dtype_name(r.tensor->dtype)) + " " + shape_text(r.tensor->shape) + "  " +
         std::to_string(r.count) + " values, rows of " + std::to_string(r.row_length) + "\n";
  append_statistics_text(out, s);
  append_targets_text(out, targets, r.errors, "worst block (SQNR dB)",
                      [&](std::size_t i) { return worst_block_cell(targets[i], r.errors[i]); });
  append_block_sqnr(out, r.errors, targets, true);
  if (worst > 0) append_worst_blocks(out, r, targets);
}

std::string tensor_report_json_file(std::string_view path, const TensorFileIndex& index, std::size_t file_number) {
  std::string out = std::string(file_number ? ",\n" : "\n") + "  {\"file\": " + json_string(path) + ", \"kind\": \"" +
                    std::string(tensor_file_kind_name(index.kind)) + "\", \"skipped\": [";
  for (std::size_t i = 0; i < index.unsupported.size(); ++i) out += (i ? ", " : "") + json_string(index.unsupported[i]);
  return out + "], \"tensors\": [";
}

std::string tensor_report_json_file_end(bool any, const FileSummary& summary,
                                        const std::vector<AnalysisTarget>& targets) {
  std::string out = any ? "\n  ], \"summary\": " : "], \"summary\": ";
  out += "{\"tensors\": " + std::to_string(summary.tensors) + ", \"count\": " + std::to_string(summary.stats.count) +
         ",\n    \"stats\": " + statistics_json(summary.stats) + ",\n    \"targets\": [";
  const std::vector<std::size_t> ranks = target_ranks(targets, summary.errors);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const TargetError& e = summary.errors[i];
    out += std::string(i ? ",\n      " : "\n      ") + "{" + target_json_members(targets[i], e, ranks[i]);
    if (targets[i].has_blocks()) {
      const BlockSqnrDistribution& d = e.block_sqnr;
      out += ", \"blocks\": " + std::to_string(e.blocks) + ", \"block_sqnr_db\": {\"blocks\": " +
             std::to_string(d.blocks) + ", \"exact\": " + std::to_string(d.exact) + ", \"min\": " +
             json_number(d.min_db) + "}";
    }
    const bool any_worst = !std::isnan(summary.worst_tensor_sqnr_db[i]);
    out += ", \"worst_tensor\": " + (any_worst ? json_string(summary.worst_tensors[i]) : std::string("null")) +
           ", \"worst_tensor_sqnr_db\": " + json_number(summary.worst_tensor_sqnr_db[i]) + "}";
  }
  return out + "]}}";
}

void append_file_summary_text(std::string& out, const FileSummary& summary,
                              const std::vector<AnalysisTarget>& targets) {
  out += "\nfile summary  " + std::to_string(summary.tensors) + " tensors, " + std::to_string(summary.stats.count) +
         " values\n";
  append_statistics_text(out, summary.stats);
  append_targets_text(out, targets, summary.errors, "worst tensor (SQNR dB)",
                      [&](std::size_t i) { return worst_tensor_cell(summary, i); });
  append_block_sqnr(out, summary.errors, targets, false);
}

void append_tensor_report_json(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets,
                               bool first, std::size_t worst) {
  out += first ? "\n" : ",\n";
  out += "    {\"name\": " + json_string(r.tensor->name) + ", \"dtype\": " +
         json_string(tensor_dtype_name(r.tensor->dtype)) + ", \"shape\": " + shape_text(r.tensor->shape) +
         ", \"count\": " + std::to_string(r.count) + ", \"row_length\": " + std::to_string(r.row_length) +
         ",\n     \"stats\": " + statistics_json(r.stats) + ",\n     \"targets\": [";
  const std::vector<std::size_t> ranks = target_ranks(targets, r.errors);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const TargetError& e = r.errors[i];
    out += std::string(i ? ",\n       " : "\n       ") + "{" +
           target_json_members(targets[i], e, ranks[i], "\"tensor\": " + json_string(r.tensor->name) + ", ");
    if (targets[i].block) {
      out += ", \"scale_mode\": " + json_string(scale_mode_name(targets[i].scale_mode)) +
             ", \"tensor_scale\": " + json_number(r.tensor_scales[i]);
    }
    if (targets[i].has_blocks()) {
      out += ", \"blocks\": " + std::to_string(e.blocks) +
             ", \"worst_block\": " + (e.worst_blocks.empty() ? "null" : std::to_string(e.worst_blocks[0].index)) +
             ", \"worst_block_sqnr_db\": " + (e.worst_blocks.empty() ? "null" : json_number(e.worst_blocks[0].sqnr_db));
      const BlockSqnrDistribution& d = e.block_sqnr;
      out += ", \"block_sqnr_db\": {\"blocks\": " + std::to_string(d.blocks) + ", \"exact\": " +
             std::to_string(d.exact) + ", \"min\": " + json_number(d.min_db) + ", \"p1\": " + json_number(d.p1_db) +
             ", \"median\": " + json_number(d.median_db) + "}";
      if (worst > 0) {
        out += ", \"worst_blocks\": [";
        for (std::size_t w = 0; w < e.worst_blocks.size(); ++w) {
          out += std::string(w ? ", " : "") + "{\"index\": " + std::to_string(e.worst_blocks[w].index) +
                 ", \"sqnr_db\": " + json_number(e.worst_blocks[w].sqnr_db) + ", \"values\": [";
          for (std::size_t v = 0; v < e.worst_blocks[w].values.size(); ++v) {
            out += (v ? ", " : "") + json_number(e.worst_blocks[w].values[v]);
          }
          out += "]}";
        }
        out += "]";
      }
    }
    out += "}";
  }
  out += "]}";
}

void append_tensor_report_csv(std::string& out, std::string_view path, const TensorResult& r,
                              const std::vector<AnalysisTarget>& targets) {
  const std::string shape = shape_text(r.tensor->shape);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const TargetError& e = r.errors[i];
    out += csv_field(path);
    out.append(",").append(csv_field(r.tensor->name)).append(",").append(tensor_dtype_name(r.tensor->dtype));
    out.append(",").append(csv_field(shape)).append(",").append(std::to_string(r.count));
    out.append(",").append(csv_field(targets[i].name)).append(",").append(csv_number(targets[i].bits_per_element));
    out.append(",").append(std::to_string(e.measured)).append(",").append(std::to_string(e.non_finite));
    out.append(",").append(std::to_string(e.saturated)).append(",").append(std::to_string(e.flushed));
    out.append(",").append(csv_number(e.mse)).append(",").append(csv_number(e.sqnr_db));
    out.append(",").append(csv_number(e.max_abs_error)).append(",").append(csv_number(e.max_relative_error));
    if (targets[i].has_blocks()) {
      // A codec block target has no scale mode and no tensor scale: those fields are empty.
      if (targets[i].block) {
        out.append(",").append(scale_mode_name(targets[i].scale_mode));
        out.append(",").append(csv_number(r.tensor_scales[i]));
      } else {
        out += ",,";
      }
      out.append(",").append(std::to_string(e.blocks)).append(",");
      if (!e.worst_blocks.empty()) out += csv_number(e.worst_blocks[0].sqnr_db);
      const BlockSqnrDistribution& d = e.block_sqnr;
      out.append(",").append(std::to_string(d.blocks)).append(",").append(std::to_string(d.exact));
      for (const double db : {d.min_db, d.p1_db, d.median_db}) out.append(",").append(d.blocks > 0 ? csv_number(db) : "");
    } else {
      out += ",,,,,,,,,";
    }
    out += "\n";
  }
}

TargetRange target_range(const AnalysisTarget& target, double tensor_amax, float tensor_scale) {
  TargetRange range;
  if (target.element) {
    const FormatRange f = format_range(*target.element);
    range.saturation = f.max;
    range.smallest_normal = f.min_normal;
    range.smallest_subnormal = f.min_subnormal.value_or(f.min_normal);
  } else if (target.tapered) {
    range.saturation = tapered_max(*target.tapered);
    range.smallest_normal = tapered_min_normal(*target.tapered);
    range.smallest_subnormal = tapered_min_positive(*target.tapered);
  } else if (target.codec) {
    // A block whose largest |x| is the tensor's amax keeps magnitudes up to it (GGUF: up to the float16 rounding
    // of its scale), its finest nonzero one codec.finest_level × amax, and no subnormals.
    range.saturation = tensor_amax;
    range.smallest_normal = range.smallest_subnormal = tensor_amax * target.codec->finest_level;
    range.per_block = true;
  } else if (target.block) {
    const BlockFormatSpec& spec = block_format_spec(*target.block);
    BlockOptions options;
    options.scale_mode = target.scale_mode;
    options.tensor_scale = tensor_scale;
    const std::uint32_t code = block_scale_code(*target.block, options, static_cast<float>(tensor_amax));
    const double scale = block_scale_value(*target.block, code) * static_cast<double>(tensor_scale);
    // MXINT8's elements are q / 64: steps of 1/64 and no subnormals.
    const FormatRange f = spec.element ? format_range(*spec.element) : FormatRange{spec.element_max, 1.0 / 64, {}};
    range.saturation = scale * spec.element_max;
    range.smallest_normal = scale * f.min_normal;
    range.smallest_subnormal = scale * f.min_subnormal.value_or(f.min_normal);
    range.per_block = true;
  }
  range.flush = range.smallest_subnormal / 2;
  return range;
}

}  // namespace typelattice
