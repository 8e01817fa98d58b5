// An analysis report as text: what `typelattice analyze` prints (text, JSON, CSV) and what the app shows, built
// from the results of tensor_analysis.h's accumulators. Pure string building: the caller reads the file and runs
// the passes. docs/tensor-analysis.md describes the forms.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/tensor_analysis.h"
#include "typelattice/tensor_file.h"

namespace typelattice {

// The targets analyze takes when none are named.
std::vector<std::string> default_analysis_target_names();

// One tensor's analysis: its statistics and, per target (in the targets' order), the error and the tensor scale
// the target used (1 but for NVFP4 with a tensor scale).
struct TensorResult {
  const TensorEntry* tensor = nullptr;
  std::uint64_t count = 1, row_length = 1;  // row_length: along the last axis in storage order
  TensorStats stats;
  std::vector<TargetError> errors;
  std::vector<float> tensor_scales;
};

// SQNRs this close are a tie: two targets that give the same values still differ in the last bits, as each adds up
// its squares in its own order (a block target block by block in lanes, an element target one value at a time), and
// the C library's log10 differs by an ulp from one platform to another (glibc natively, musl in the module).
constexpr double kSqnrTieDb = 1e-6;
// The best target: the highest SQNR over measured values, then, within kSqnrTieDb, the fewest bits per element.
std::size_t best_target(const std::vector<AnalysisTarget>& targets, const std::vector<TargetError>& errors);
// The targets' indices from the highest SQNR to the lowest (ties: fewer bits first, then the given order), so that
// the first is best_target's.
std::vector<std::size_t> targets_by_sqnr(const std::vector<AnalysisTarget>& targets,
                                         const std::vector<TargetError>& errors);
// Each target's place in targets_by_sqnr (0: the best), in the targets' order: the JSON's and the module's `rank`,
// by which the playground lists the targets as the app's Tensors panel does.
std::vector<std::size_t> target_ranks(const std::vector<AnalysisTarget>& targets,
                                      const std::vector<TargetError>& errors);

// The text report's pieces, for a front end that draws its tables itself (the app): a figure to `digits`
// significant digits ("inf", "-inf", "nan"); a tensor's name as the report shows it ("(array)" for a .npy's
// unnamed one, escaped); a target's worst block "#INDEX (SQNR)" and a file's worst tensor "NAME (SQNR)", "-" where
// there is none.
std::string report_figure(double v, int digits = 4);
std::string tensor_display_name(std::string_view name);
std::string worst_block_cell(const AnalysisTarget& target, const TargetError& error);
struct FileSummary;
std::string worst_tensor_cell(const FileSummary& summary, std::size_t target);

// Text: the file's lines (its kind, the tensor count, how blocks are cut, the tensors not analyzed), then per
// tensor a blank line, its statistics and histogram, the table of targets with the best marked '*', the block
// targets' per-block SQNR distributions, and with worst > 0 each block target's worst blocks as `typelattice
// quantize` commands.
std::string tensor_report_text_file(std::string_view path, const TensorFileIndex& index);
void append_tensor_report_text(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets,
                               std::size_t worst);

// JSON: {"files": [{"file", "kind", "skipped", "tensors": [...], "summary": {...}}, ...]}. Write
// kTensorReportJsonBegin, per file tensor_report_json_file (file_number from 0), its tensors (first: the file's
// first one) and tensor_report_json_file_end (any: it had a tensor; the summary of its tensors), then
// kTensorReportJsonEnd.
inline constexpr std::string_view kTensorReportJsonBegin = "{\"files\": [";
inline constexpr std::string_view kTensorReportJsonEnd = "\n]}\n";
std::string tensor_report_json_file(std::string_view path, const TensorFileIndex& index, std::size_t file_number);
void append_tensor_report_json(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets,
                               bool first, std::size_t worst);
std::string tensor_report_json_file_end(bool any, const FileSummary& summary,
                                        const std::vector<AnalysisTarget>& targets);
// Text: the file's summary after its tensors (tensor_summary.h): the statistics of all its values, the targets'
// table over them with each one's worst tensor, and the block targets' block counts and lowest block SQNR.
void append_file_summary_text(std::string& out, const FileSummary& summary,
                              const std::vector<AnalysisTarget>& targets);

// CSV (RFC 4180): the header row, then a row per tensor and target (block columns empty for element formats; the
// distribution's dB columns empty when no block has an SQNR).
inline constexpr std::string_view kTensorReportCsvHeader =
    "file,tensor,dtype,shape,count,format,bits_per_element,measured,non_finite,saturated,flushed,mse,sqnr_db,"
    "max_abs_error,max_relative_error,scale_mode,tensor_scale,blocks,worst_block_sqnr_db,block_sqnr_blocks,"
    "block_sqnr_exact,block_sqnr_min_db,block_sqnr_p1_db,block_sqnr_median_db\n";
void append_tensor_report_csv(std::string& out, std::string_view path, const TensorResult& r,
                              const std::vector<AnalysisTarget>& targets);

// Where a target keeps a magnitude |x|, for drawing over the log2|x| histogram. Above `saturation` values clip (or
// overflow without saturation); below `smallest_normal` they land on subnormals, spaced `smallest_subnormal` apart;
// below `flush` (half the smallest subnormal) they round to zero. A block format's range moves with each block's
// scale: it is given for a block whose largest |x| is the tensor's amax (`per_block` true), with the target's
// scale mode and tensor scale. A format without subnormals has smallest_subnormal == smallest_normal.
struct TargetRange {
  double saturation = 0, smallest_normal = 0, smallest_subnormal = 0, flush = 0;
  bool per_block = false;
};
TargetRange target_range(const AnalysisTarget& target, double tensor_amax, float tensor_scale);

}  // namespace typelattice
