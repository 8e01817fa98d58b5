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
#include "web/bindings_handles.h"

namespace typelattice::web {

val json_number(double v) { return std::isfinite(v) ? val(v) : val::null(); }

namespace {

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
                     set_property(out, "complete", need.complete);
                     set_property(out, "bytes", static_cast<double>(need.bytes));
                     return out;
                   });
}

val shape_value(const std::vector<std::uint64_t>& shape) {
  val out = val::array();
  for (const std::uint64_t d : shape) push_value(out, static_cast<double>(d));
  return out;
}

// What the view draws over the histogram: where a target saturates, where its subnormals start and end (element
// formats: format_range), or a block format's element and scale ranges (the elements' values from the core).
val range_value(const AnalysisTarget& target) {
  val out = val::object();
  if (target.element) {
    const FormatRange r = format_range(*target.element);
    set_property(out, "max", r.max);
    set_property(out, "minNormal", r.min_normal);
    set_property(out, "minSubnormal", r.min_subnormal.value_or(r.min_normal));
    return out;
  }
  if (target.tapered) {
    set_property(out, "max", tapered_max(*target.tapered));
    set_property(out, "minNormal", tapered_min_normal(*target.tapered));
    set_property(out, "minSubnormal", tapered_min_positive(*target.tapered));
    return out;
  }
  if (target.codec) {  // relative to a block's largest |x|: its finest nonzero magnitude, no scale format
    set_property(out, "max", 1.0);
    set_property(out, "minNormal", target.codec->finest_level);
    set_property(out, "minSubnormal", target.codec->finest_level);
    set_property(out, "blockSize", target.codec->block_size);
    return out;
  }
  const BlockFormatSpec& spec = block_format_spec(*target.block);
  double smallest = spec.element_max;
  for (std::uint32_t code = 0; code < (1u << spec.element_bits); ++code) {
    const double v = block_element_value(spec.id, code);
    if (v > 0 && v < smallest) smallest = v;
  }
  const FormatRange scale = format_range(spec.scale);
  set_property(out, "max", spec.element_max);
  set_property(out, "minSubnormal", smallest);  // the element's least positive value
  set_property(out, "minNormal", spec.element ? format_range(*spec.element).min_normal : smallest);
  set_property(out, "scaleMax", scale.max);
  set_property(out, "scaleMin", scale.min_subnormal.value_or(scale.min_normal));
  set_property(out, "blockSize", spec.block_size);
  return out;
}

val target_value(const AnalysisTarget& target) {
  val out = val::object();
  set_text(out, "name", target.name);
  set_property(out, "kind", target.has_blocks() ? "block" : "element");
  set_property(out, "format", js_string(target.element  ? format_name(*target.element)
                              : target.tapered ? std::string(tapered_format_name(*target.tapered))
                              : target.codec ? std::string(target.codec->name)
                                             : std::string(block_format_name(*target.block))));
  set_property(out, "bits_per_element", target.bits_per_element);
  if (!target.has_blocks()) {
    set_text(out, "round", round_mode_name(target.cast.round));
    set_property(out, "saturate", target.cast.saturate);
  } else if (target.block) {
    set_text(out, "scale_mode", scale_mode_name(target.scale_mode));
    set_property(out, "tensor_scale", target.tensor_scale);
  }
  set_property(out, "range", range_value(target));
  return out;
}

// The targets as `typelattice analyze --to ... [--round] [--no-saturate] [--scale-mode] [--tensor-scale]` reads them.
}  // namespace

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

val stats_value(const TensorStats& s) {
  val stats = val::object();
  set_property(stats, "finite", static_cast<double>(s.finite));
  set_property(stats, "zeros", static_cast<double>(s.zeros));
  set_property(stats, "subnormals", static_cast<double>(s.subnormals));
  set_property(stats, "nan", static_cast<double>(s.nans));
  set_property(stats, "inf", static_cast<double>(s.infinities));
  set_property(stats, "amax", json_number(s.amax));
  set_property(stats, "mean", json_number(s.mean));
  set_property(stats, "std", json_number(s.std));
  set_property(stats, "squared_deviations", json_number(s.squared_deviations));
  val histogram = val::object();
  for (int k = 0; k < kBinadeCount; ++k) {
    const std::uint64_t n = s.binades[static_cast<std::size_t>(k)];
    if (n != 0) histogram.set(std::to_string(kLowestBinade + k), static_cast<double>(n));
  }
  set_property(stats, "log2_histogram", histogram);
  return stats;
}

void set_target_error(val& out, const AnalysisTarget& t, const TargetError& e, std::size_t rank) {
  set_text(out, "format", t.name);
  set_property(out, "best", rank == 0);
  set_property(out, "rank", static_cast<double>(rank));
  set_property(out, "bits_per_element", json_number(t.bits_per_element));
  set_property(out, "measured", static_cast<double>(e.measured));
  set_property(out, "non_finite", static_cast<double>(e.non_finite));
  set_property(out, "saturated", static_cast<double>(e.saturated));
  set_property(out, "flushed", static_cast<double>(e.flushed));
  set_property(out, "mse", json_number(e.mse));
  set_property(out, "sqnr_db", json_number(e.sqnr_db));
  set_property(out, "max_abs_error", json_number(e.max_abs_error));
  set_property(out, "max_relative_error", json_number(e.max_relative_error));
  set_property(out, "sum_squared_input", json_number(e.sum_squared_input));
  set_property(out, "sum_squared_error", json_number(e.sum_squared_error));
}

namespace {

// { targets, passes }: the targets as the result lists them, and how many times each tensor is read for them.
val targets_js(const val& names, const val& round, const val& saturate, const val& scale_mode, bool tensor_scale) {
  return translate(targets_of(names, round, saturate, scale_mode, tensor_scale),
                   [](const std::vector<AnalysisTarget>& targets) {
                     val list = val::array();
                     for (const AnalysisTarget& t : targets) push_value(list, target_value(t));
                     val out = val::object();
                     out.set("targets", list);
                     out.set("passes", static_cast<double>(analysis_passes(targets)));
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

  // [begin, end) in the file: the next slices' bytes, at most max_bytes (but at least one slice); null when done.
  val next_read(double max_bytes) {
    if (done()) return val::null();
    std::uint64_t end = slice_end(first_);
    while (end < slicing_.count && byte_of(slice_end(end)) - byte_of(first_) <= static_cast<std::uint64_t>(max_bytes)) {
      end = slice_end(end);
    }
    read_end_ = end;
    val out = val::array();
    push_value(out, static_cast<double>(byte_of(first_)));
    push_value(out, static_cast<double>(byte_of(end)));
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
    const val stats = stats_value(s);
    std::vector<TargetError> errors;
    for (const TargetAccumulator& a : accumulators_) errors.push_back(a.error());
    const std::vector<std::size_t> ranks = target_ranks(targets_, errors);
    val targets = val::array();
    for (std::size_t i = 0; i < errors.size(); ++i) push_value(targets, target_result(i, errors[i], ranks[i], s.amax));
    val out = val::object();
    set_text(out, "name", tensor_.name);
    set_text(out, "dtype", tensor_dtype_name(tensor_.dtype));
    set_property(out, "shape", shape_value(tensor_.shape));
    set_property(out, "count", static_cast<double>(slicing_.count));
    set_property(out, "row_length", static_cast<double>(slicing_.row_length));
    set_property(out, "stats", stats);
    set_property(out, "targets", targets);
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
  val target_result(std::size_t i, const TargetError& e, std::size_t rank, double amax) const {
    const AnalysisTarget& t = targets_[i];
    val out = val::object();
    set_text(out, "target", t.name);
    set_text(out, "tensor", tensor_.name);
    set_target_error(out, t, e, rank);
    const TargetRange r = target_range(t, amax, accumulators_[i].tensor_scale());
    val range = val::object();
    set_property(range, "saturation", json_number(r.saturation));
    set_property(range, "smallestNormal", json_number(r.smallest_normal));
    set_property(range, "smallestSubnormal", json_number(r.smallest_subnormal));
    set_property(range, "flush", json_number(r.flush));
    set_property(range, "perBlock", r.per_block);
    set_property(out, "range", range);
    if (t.block) {
      set_text(out, "scale_mode", scale_mode_name(t.scale_mode));
      set_property(out, "tensor_scale", json_number(accumulators_[i].tensor_scale()));
    }
    if (t.has_blocks()) {
      set_property(out, "blocks", static_cast<double>(e.blocks));
      set_property(out, "worst_block", e.worst_blocks.empty() ? val::null() : val(static_cast<double>(e.worst_blocks[0].index)));
      set_property(out, "worst_block_sqnr_db", e.worst_blocks.empty() ? val::null() : json_number(e.worst_blocks[0].sqnr_db));
      val distribution = val::object();
      set_property(distribution, "blocks", static_cast<double>(e.block_sqnr.blocks));
      set_property(distribution, "exact", static_cast<double>(e.block_sqnr.exact));
      set_property(distribution, "min", json_number(e.block_sqnr.min_db));
      set_property(distribution, "p1", json_number(e.block_sqnr.p1_db));
      set_property(distribution, "median", json_number(e.block_sqnr.median_db));
      set_property(out, "block_sqnr_db", distribution);
      val worst = val::array();
      for (const TargetError::WorstBlock& w : e.worst_blocks) {
        val block = val::object();
        set_property(block, "index", static_cast<double>(w.index));
        set_property(block, "sqnr_db", json_number(w.sqnr_db));
        val values = val::array();
        for (const float v : w.values) push_value(values, json_number(v));
        set_property(block, "values", values);
        push_value(worst, block);
      }
      set_property(out, "worst_blocks", worst);
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
  set_property(out, "streamBegin", static_cast<double>(d.stream_begin));
  set_property(out, "streamEnd", static_cast<double>(d.stream_end));
  set_property(out, "size", static_cast<double>(d.inflated_size));
  set_property(out, "crc32", static_cast<double>(d.crc32));
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
      set_text(entry, "name", t.name);
      set_text(entry, "dtype", tensor_dtype_name(t.dtype));
      set_property(entry, "shape", shape_value(t.shape));
      set_property(entry, "begin", static_cast<double>(t.begin));
      set_property(entry, "end", static_cast<double>(t.end));
      set_property(entry, "fortranOrder", t.fortran_order);
      set_property(entry, "deflated", t.deflated ? deflated_value(*t.deflated) : val::null());
      push_value(tensors, entry);
    }
    val out = val::object();
    set_text(out, "kind", tensor_file_kind_name(index_.kind));
    set_property(out, "tensors", tensors);
    set_property(out, "skipped", string_array(index_.unsupported));
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
    return ok_value(new_handle<TensorAnalysisHandle>(index_.tensors.at(i), std::move(targets).value(),
                                                     static_cast<std::size_t>(worst)));
  }

 private:
  TensorFileIndex index_;
};

val open_tensor_file(std::uintptr_t address, std::size_t length, double file_size) {
  Result<TensorFileIndex> index = read_tensor_file_index(heap_bytes(address, length), static_cast<std::uint64_t>(file_size));
  if (!index) return error_value(index.error());
  return ok_value(new_handle<TensorFileHandle>(std::move(index).value()));
}

val open_raw_tensor_file(const std::string& layout, double file_size) {
  Result<TensorFileIndex> index = raw_tensor_file_index(layout, static_cast<std::uint64_t>(file_size));
  if (!index) return error_value(index.error());
  return ok_value(new_handle<TensorFileHandle>(std::move(index).value()));
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
    set_property(out, "inflated", read->source == NpzRead::Source::inflated);
    set_property(out, "begin", static_cast<double>(read->begin));
    set_property(out, "end", static_cast<double>(read->end));
    set_property(out, "stream", deflated_value(read->stream));
    return out;
  }

  val give(std::uintptr_t address, std::size_t length) {
    return translate(reader_.give(heap_bytes(address, length)), [](bool complete) { return val(complete); });
  }

  val open() { return new_handle<TensorFileHandle>(std::move(reader_).index()); }

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
  function("makeNpzIndex", +[](double file_size) { return new_handle<NpzIndexHandle>(file_size); });
  HandleFunctions<TensorFileHandle>("tensorFile")
      .method<&TensorFileHandle::index>("index")
      .method<&TensorFileHandle::matches>("matches")
      .method<&TensorFileHandle::analysis>("analysis");
  HandleFunctions<NpzIndexHandle>("npzIndex")
      .method<&NpzIndexHandle::next>("next")
      .method<&NpzIndexHandle::give>("give")
      .method<&NpzIndexHandle::open>("open");
  HandleFunctions<TensorAnalysisHandle>("tensorAnalysis")
      .method<&TensorAnalysisHandle::next_read>("nextRead")
      .method<&TensorAnalysisHandle::add>("add")
      .method<&TensorAnalysisHandle::result>("result");
}

}  // namespace typelattice::web
