#include "web/bindings_tensors.h"

#include <emscripten/bind.h>
#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "typelattice/block_formats.h"
#include "typelattice/cast_request.h"
#include "typelattice/minifloat.h"
#include "typelattice/tensor_analysis.h"
#include "typelattice/tensor_file.h"
#include "typelattice/tensor_npz.h"
#include "typelattice/tensor_report.h"
#include "web/bindings.h"

namespace typelattice::web {
namespace {

// A number for JSON: the CLI prints a non-finite figure as null.
val json_number(double v) { return std::isfinite(v) ? val(v) : val::null(); }

std::span<const std::uint8_t> heap_bytes(std::uintptr_t address, std::size_t length) {
  return heap_span<const std::uint8_t>(address, length);
}

val header_bytes_js(std::uintptr_t address, std::size_t length, double file_size) {
  return translate(tensor_file_header_bytes(heap_bytes(address, length), static_cast<std::uint64_t>(file_size)),
                   [](std::uint64_t bytes) { return val(static_cast<double>(bytes)); });
}

val header_need_js(std::uintptr_t address, std::size_t length, double file_size) {
  return translate(tensor_file_header_need(heap_bytes(address, length), static_cast<std::uint64_t>(file_size)),
                   [](const TensorFileHeaderNeed& need) {
                     val out = val::object();
                     out.set("complete", need.complete);
                     out.set("bytes", static_cast<double>(need.bytes));
                     return out;
                   });
}

val shape_value(const std::vector<std::uint64_t>& shape) {
  val out = val::array();
  for (const std::uint64_t d : shape) out.call<void>("push", static_cast<double>(d));
  return out;
}

// What the view draws over the histogram: where a target saturates, where its subnormals start and end (element
// formats: format_range), or a block format's element and scale ranges (the elements' values from the core).
val range_value(const AnalysisTarget& target) {
  val out = val::object();
  if (target.element) {
    const FormatRange r = format_range(*target.element);
    out.set("max", r.max);
    out.set("minNormal", r.min_normal);
    out.set("minSubnormal", r.min_subnormal.value_or(r.min_normal));
    return out;
  }
  if (target.codec) {  // relative to a block's largest |x|: its finest nonzero magnitude, no scale format
    out.set("max", 1.0);
    out.set("minNormal", target.codec->finest_level);
    out.set("minSubnormal", target.codec->finest_level);
    out.set("blockSize", target.codec->block_size);
    return out;
  }
  const BlockFormatSpec& spec = block_format_spec(*target.block);
  double smallest = spec.element_max;
  for (std::uint32_t code = 0; code < (1u << spec.element_bits); ++code) {
    const double v = block_element_value(spec.id, code);
    if (v > 0 && v < smallest) smallest = v;
  }
  const FormatRange scale = format_range(spec.scale);
  out.set("max", spec.element_max);
  out.set("minSubnormal", smallest);  // the element's least positive value
  out.set("minNormal", spec.element ? format_range(*spec.element).min_normal : smallest);
  out.set("scaleMax", scale.max);
  out.set("scaleMin", scale.min_subnormal.value_or(scale.min_normal));
  out.set("blockSize", spec.block_size);
  return out;
}

val target_value(const AnalysisTarget& target) {
  val out = val::object();
  out.set("name", js_string(target.name));
  out.set("kind", target.element ? "element" : "block");
  out.set("format", js_string(target.element  ? format_name(*target.element)
                              : target.codec ? std::string(target.codec->name)
                                             : std::string(block_format_name(*target.block))));
  out.set("bits_per_element", target.bits_per_element);
  if (target.element) {
    out.set("round", js_string(round_mode_name(target.cast.round)));
    out.set("saturate", target.cast.saturate);
  } else if (target.block) {
    out.set("scale_mode", js_string(scale_mode_name(target.scale_mode)));
    out.set("tensor_scale", target.tensor_scale);
  }
  out.set("range", range_value(target));
  return out;
}

// The targets as `typelattice analyze --to ... [--round] [--no-saturate] [--scale-mode] [--tensor-scale]` reads them.
Result<std::vector<AnalysisTarget>> targets_of(const val& names, const val& round, const val& saturate,
                                               const val& scale_mode, bool tensor_scale) {
  std::optional<RoundMode> round_mode;
  if (!round.isUndefined()) {
    const Result<RoundMode> r = parse_round_mode(round.as<std::string>());
    if (!r) return r.error();
    round_mode = *r;
  }
  std::optional<ScaleMode> mode;
  if (!scale_mode.isUndefined()) {
    const Result<ScaleMode> m = parse_scale_mode(scale_mode.as<std::string>());
    if (!m) return m.error();
    mode = *m;
  }
  const std::optional<bool> saturating = saturate.isUndefined() ? std::nullopt : std::optional(saturate.as<bool>());
  // No names: the CLI's default targets (the core's list).
  const std::vector<std::string> chosen = names.isUndefined() ? default_analysis_target_names() : strings_from(names);
  return analysis_targets(chosen, round_mode, saturating, mode, tensor_scale);
}

val targets_js(const val& names, const val& round, const val& saturate, const val& scale_mode, bool tensor_scale) {
  return translate(targets_of(names, round, saturate, scale_mode, tensor_scale),
                   [](const std::vector<AnalysisTarget>& targets) {
                     val out = val::array();
                     for (const AnalysisTarget& t : targets) out.call<void>("push", target_value(t));
                     return out;
                   });
}

// One tensor's analysis, fed its bytes a read at a time: nextRead says which bytes of the file to read next (whole
// slices, as many as fit in the caller's read size), add takes them. With a tensor-scale target the tensor is read
// twice, the statistics first (the tensor scale needs the amax before the first slice), as the CLI does.
class TensorAnalysisHandle {
 public:
  TensorAnalysisHandle(TensorEntry tensor, std::vector<AnalysisTarget> targets, std::size_t worst)
      : tensor_(std::move(tensor)), targets_(std::move(targets)), worst_(std::max<std::size_t>(worst, 1)),
        slicing_(tensor_slicing(tensor_)) {
    passes_ = static_cast<int>(analysis_passes(targets_));
    width_ = tensor_dtype_bytes(tensor_.dtype);
    per_block_ = tensor_dtype_block_elements(tensor_.dtype);
    if (passes_ == 1) start_targets();
  }

  double passes() const { return static_cast<double>(passes_); }

  // [begin, end) in the file: the next slices' bytes, at most max_bytes (but at least one slice); null when done.
  val next_read(double max_bytes) {
    if (done()) return val::null();
    std::uint64_t end = slice_end(first_);
    while (end < slicing_.count && byte_of(slice_end(end)) - byte_of(first_) <= static_cast<std::uint64_t>(max_bytes)) {
      end = slice_end(end);
    }
    read_end_ = end;
    val out = val::array();
    out.call<void>("push", static_cast<double>(byte_of(first_)));
    out.call<void>("push", static_cast<double>(byte_of(end)));
    return out;
  }

  // The bytes nextRead asked for.
  void add(std::uintptr_t address, std::size_t length) {
    const std::uint8_t* bytes = reinterpret_cast<const std::uint8_t*>(address);
    const std::uint64_t read_begin = byte_of(first_);
    if (length != byte_of(read_end_) - read_begin) return;
    while (first_ < read_end_) {
      const std::uint64_t end = slice_end(first_);
      values_.resize(static_cast<std::size_t>(end - first_));
      tensor_elements_to_float32(tensor_.dtype,
                                 std::span(bytes + (byte_of(first_) - read_begin),
                                           static_cast<std::size_t>(byte_of(end) - byte_of(first_))),
                                 values_);
      take(first_);
      first_ = end;
    }
    if (first_ >= slicing_.count && pass_ + 1 < passes_) {
      ++pass_;
      first_ = 0;
      start_targets();
    }
  }

  // The tensor's report, keyed as `typelattice analyze --format json` keys it.
  val result() const {
    const TensorStats s = stats_.stats();
    val stats = val::object();
    stats.set("finite", static_cast<double>(s.finite));
    stats.set("zeros", static_cast<double>(s.zeros));
    stats.set("subnormals", static_cast<double>(s.subnormals));
    stats.set("nan", static_cast<double>(s.nans));
    stats.set("inf", static_cast<double>(s.infinities));
    stats.set("amax", json_number(s.amax));
    stats.set("mean", json_number(s.mean));
    stats.set("std", json_number(s.std));
    val histogram = val::object();
    for (int k = 0; k < kBinadeCount; ++k) {
      const std::uint64_t n = s.binades[static_cast<std::size_t>(k)];
      if (n != 0) histogram.set(std::to_string(kLowestBinade + k), static_cast<double>(n));
    }
    stats.set("log2_histogram", histogram);
    std::vector<TargetError> errors;
    for (const TargetAccumulator& a : accumulators_) errors.push_back(a.error());
    const std::size_t best = best_target(targets_, errors);
    val targets = val::array();
    for (std::size_t i = 0; i < errors.size(); ++i) targets.call<void>("push", target_result(i, errors[i], i == best, s.amax));
    val out = val::object();
    out.set("name", js_string(tensor_.name));
    out.set("dtype", js_string(tensor_dtype_name(tensor_.dtype)));
    out.set("shape", shape_value(tensor_.shape));
    out.set("count", static_cast<double>(slicing_.count));
    out.set("row_length", static_cast<double>(slicing_.row_length));
    out.set("stats", stats);
    out.set("targets", targets);
    return out;
  }

 private:
  bool done() const { return pass_ + 1 >= passes_ && first_ >= slicing_.count; }
  std::uint64_t byte_of(std::uint64_t element) const { return tensor_.begin + element / per_block_ * width_; }

  // The CLI's slices (the core's TensorSlicing), so the figures agree to the last bit.
  std::uint64_t slice_end(std::uint64_t first) const { return slicing_.slice_end(first); }

  void start_targets() {
    const double amax = passes_ == 2 ? stats_.stats().amax : 0.0;
    for (const AnalysisTarget& t : targets_) accumulators_.emplace_back(t, amax, worst_);
  }

  void take(std::uint64_t first) {
    const bool last_pass = pass_ + 1 == passes_;
    if (pass_ == 0) stats_.add(values_);
    if (!last_pass) return;
    // Each row's part of the slice goes to the targets on its own, so blocks never cross a row's end.
    for (std::uint64_t begin = first; begin < first + values_.size();) {
      const std::uint64_t row_end = std::min(first + values_.size(), (begin / slicing_.row_length + 1) * slicing_.row_length);
      const std::span<const float> row(values_.data() + (begin - first), static_cast<std::size_t>(row_end - begin));
      for (TargetAccumulator& a : accumulators_) a.add_row_slice(row);
      begin = row_end;
    }
  }

  // `amax`: the tensor's, for where this target keeps a magnitude (a block target's range follows its scale rule).
  val target_result(std::size_t i, const TargetError& e, bool best, double amax) const {
    const AnalysisTarget& t = targets_[i];
    val out = val::object();
    out.set("target", js_string(t.name));
    out.set("tensor", js_string(tensor_.name));
    out.set("format", js_string(t.name));
    out.set("best", best);
    out.set("bits_per_element", json_number(t.bits_per_element));
    out.set("measured", static_cast<double>(e.measured));
    out.set("non_finite", static_cast<double>(e.non_finite));
    out.set("saturated", static_cast<double>(e.saturated));
    out.set("flushed", static_cast<double>(e.flushed));
    out.set("mse", json_number(e.mse));
    out.set("sqnr_db", json_number(e.sqnr_db));
    out.set("max_abs_error", json_number(e.max_abs_error));
    out.set("max_relative_error", json_number(e.max_relative_error));
    const TargetRange r = target_range(t, amax, accumulators_[i].tensor_scale());
    val range = val::object();
    range.set("saturation", json_number(r.saturation));
    range.set("smallestNormal", json_number(r.smallest_normal));
    range.set("smallestSubnormal", json_number(r.smallest_subnormal));
    range.set("flush", json_number(r.flush));
    range.set("perBlock", r.per_block);
    out.set("range", range);
    if (t.block) {
      out.set("scale_mode", js_string(scale_mode_name(t.scale_mode)));
      out.set("tensor_scale", json_number(accumulators_[i].tensor_scale()));
    }
    if (t.has_blocks()) {
      out.set("blocks", static_cast<double>(e.blocks));
      out.set("worst_block", e.worst_blocks.empty() ? val::null() : val(static_cast<double>(e.worst_blocks[0].index)));
      out.set("worst_block_sqnr_db", e.worst_blocks.empty() ? val::null() : json_number(e.worst_blocks[0].sqnr_db));
      val distribution = val::object();
      distribution.set("blocks", static_cast<double>(e.block_sqnr.blocks));
      distribution.set("exact", static_cast<double>(e.block_sqnr.exact));
      distribution.set("min", json_number(e.block_sqnr.min_db));
      distribution.set("p1", json_number(e.block_sqnr.p1_db));
      distribution.set("median", json_number(e.block_sqnr.median_db));
      out.set("block_sqnr_db", distribution);
      val worst = val::array();
      for (const TargetError::WorstBlock& w : e.worst_blocks) {
        val block = val::object();
        block.set("index", static_cast<double>(w.index));
        block.set("sqnr_db", json_number(w.sqnr_db));
        val values = val::array();
        for (const float v : w.values) values.call<void>("push", json_number(v));
        block.set("values", values);
        worst.call<void>("push", block);
      }
      out.set("worst_blocks", worst);
    }
    return out;
  }

  TensorEntry tensor_;
  std::vector<AnalysisTarget> targets_;
  std::size_t worst_;
  TensorSlicing slicing_;
  std::size_t width_ = 1, per_block_ = 1;
  int passes_ = 1, pass_ = 0;
  std::uint64_t first_ = 0, read_end_ = 0;
  TensorStatsAccumulator stats_;
  std::vector<TargetAccumulator> accumulators_;
  std::vector<float> values_;
};

// Where a deflated .npz member's stream lies, and what it must inflate to.
val deflated_value(const TensorEntry::Deflated& d) {
  val out = val::object();
  out.set("streamBegin", static_cast<double>(d.stream_begin));
  out.set("streamEnd", static_cast<double>(d.stream_end));
  out.set("size", static_cast<double>(d.inflated_size));
  out.set("crc32", static_cast<double>(d.crc32));
  return out;
}

// A file's index, kept in wasm so that each tensor's analysis starts from its entry.
class TensorFileHandle {
 public:
  explicit TensorFileHandle(TensorFileIndex index) : index_(std::move(index)) {}

  val index() const {
    val tensors = val::array();
    for (const TensorEntry& t : index_.tensors) {
      val entry = val::object();
      entry.set("name", js_string(t.name));
      entry.set("dtype", js_string(tensor_dtype_name(t.dtype)));
      entry.set("shape", shape_value(t.shape));
      entry.set("begin", static_cast<double>(t.begin));
      entry.set("end", static_cast<double>(t.end));
      entry.set("fortranOrder", t.fortran_order);
      entry.set("deflated", t.deflated ? deflated_value(*t.deflated) : val::null());
      tensors.call<void>("push", entry);
    }
    val out = val::object();
    out.set("kind", js_string(tensor_file_kind_name(index_.kind)));
    out.set("tensors", tensors);
    out.set("skipped", string_array(index_.unsupported));
    return out;
  }

  // Whether tensor i's name matches one of the shell globs, as `analyze --tensor` matches (fnmatch, no flags).
  bool matches(std::size_t i, const val& globs) const {
    const std::string& name = index_.tensors.at(i).name;
    for (const std::string& g : strings_from(globs))
      if (fnmatch(g.c_str(), name.c_str(), 0) == 0) return true;
    return false;
  }

  val analysis(std::size_t i, const val& names, const val& round, const val& saturate, const val& scale_mode,
               bool tensor_scale, double worst) const {
    Result<std::vector<AnalysisTarget>> targets = targets_of(names, round, saturate, scale_mode, tensor_scale);
    if (!targets) return error_value(targets.error());
    return ok_value(val(TensorAnalysisHandle(index_.tensors.at(i), std::move(targets).value(),
                                             static_cast<std::size_t>(worst))));
  }

 private:
  TensorFileIndex index_;
};

val open_tensor_file(std::uintptr_t address, std::size_t length, double file_size) {
  Result<TensorFileIndex> index = read_tensor_file_index(heap_bytes(address, length), static_cast<std::uint64_t>(file_size));
  if (!index) return error_value(index.error());
  return ok_value(val(TensorFileHandle(std::move(index).value())));
}

val open_raw_tensor_file(const std::string& layout, double file_size) {
  Result<TensorFileIndex> index = raw_tensor_file_index(layout, static_cast<std::uint64_t>(file_size));
  if (!index) return error_value(index.error());
  return ok_value(val(TensorFileHandle(std::move(index).value())));
}

// The core's NpzIndexReader for the module: JS does each read it names (a file slice, or a deflated member's first
// bytes through DecompressionStream) and gives the bytes back.
class NpzIndexHandle {
 public:
  explicit NpzIndexHandle(double file_size) : reader_(static_cast<std::uint64_t>(file_size)) {}

  val next() const {
    const std::optional<NpzRead> read = reader_.next();
    if (!read) return val::null();
    val out = val::object();
    out.set("inflated", read->source == NpzRead::Source::inflated);
    out.set("begin", static_cast<double>(read->begin));
    out.set("end", static_cast<double>(read->end));
    out.set("stream", deflated_value(read->stream));
    return out;
  }

  val give(std::uintptr_t address, std::size_t length) {
    return translate(reader_.give(heap_bytes(address, length)), [](bool complete) { return val(complete); });
  }

  TensorFileHandle open() { return TensorFileHandle(std::move(reader_).index()); }

 private:
  NpzIndexReader reader_;
};

}  // namespace

void register_tensor_bindings() {
  using emscripten::function;
  emscripten::constant("tensorFilePrefixBytes", static_cast<double>(kTensorFilePrefixBytes));
  function("tensorFileHeaderBytes", &header_bytes_js);
  function("tensorFileHeaderNeed", &header_need_js);
  function("openTensorFile", &open_tensor_file);
  function("openRawTensorFile", &open_raw_tensor_file);
  function("startsWithZipMagic", +[](std::uintptr_t address, std::size_t length) {
    return starts_with_zip_magic(heap_bytes(address, length));
  });
  function("analysisTargets", &targets_js);
  emscripten::class_<TensorFileHandle>("TensorFileHandle")
      .function("index", &TensorFileHandle::index)
      .function("matches", &TensorFileHandle::matches)
      .function("analysis", &TensorFileHandle::analysis);
  emscripten::class_<NpzIndexHandle>("NpzIndexHandle")
      .constructor<double>()
      .function("next", &NpzIndexHandle::next)
      .function("give", &NpzIndexHandle::give)
      .function("open", &NpzIndexHandle::open);
  emscripten::class_<TensorAnalysisHandle>("TensorAnalysisHandle")
      .function("passes", &TensorAnalysisHandle::passes)
      .function("nextRead", &TensorAnalysisHandle::next_read)
      .function("add", &TensorAnalysisHandle::add)
      .function("result", &TensorAnalysisHandle::result);
}

}  // namespace typelattice::web
