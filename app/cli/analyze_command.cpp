// analyze: what every target format does to each tensor of a checkpoint (safetensors or .npy), streamed a slice at
// a time (core/include/typelattice/tensor_analysis.h has the statistics and the errors; docs/tensor-analysis.md).
#include <CLI/CLI.hpp>
#include <fnmatch.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <thread>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "app/cli/output.h"
#include "app/cli/tensor_passes.h"
#include "app/cli/tensor_reader.h"
#include "typelattice/cast_request.h"
#include "typelattice/display_text.h"
#include "typelattice/tensor_analysis.h"

namespace typelattice::cli {
namespace {

struct AnalyzeArgs {
  std::vector<std::string> files, targets{"float8_e4m3fn", "float8_e5m2", "mxfp8_e4m3", "mxfp4_e2m1", "nvfp4"};
  std::vector<std::string> tensors;
  std::string round, scale_mode, format = "text";
  bool no_saturate = false, tensor_scale = false;
  std::size_t worst = 0;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
};

int usage_error(const std::string& message) {
  std::cerr << "typelattice: " << message << "\n";
  return 2;
}

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

// The index of the best target: the highest SQNR over measured values, then the fewest bits.
std::size_t best_target(const std::vector<AnalysisTarget>& targets, const std::vector<TargetError>& errors) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < targets.size(); ++i) {
    const bool higher = errors[i].sqnr_db > errors[best].sqnr_db;
    const bool tie = errors[i].sqnr_db == errors[best].sqnr_db &&
                     targets[i].bits_per_element < targets[best].bits_per_element;
    if (higher || tie) best = i;
  }
  return best;
}

// Each block target's worst blocks as the command that quantizes them again (values in 9 significant digits:
// float32 exactly).
void write_worst_blocks(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets) {
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const AnalysisTarget& t = targets[i];
    if (!t.block || r.errors[i].worst_blocks.empty()) continue;
    out += "  worst blocks of " + t.name + (t.tensor_scale ? " (quantize alone takes its tensor scale from the "
                                                             "block's values, not the tensor's)" : "") + ":\n";
    for (const TargetError::WorstBlock& w : r.errors[i].worst_blocks) {
      out += "    #" + std::to_string(w.index) + " " + number(w.sqnr_db, 4) + " dB: typelattice quantize --to " +
             std::string(block_format_name(*t.block)) + " --scale-mode " + std::string(scale_mode_name(t.scale_mode)) +
             (t.tensor_scale ? " --tensor-scale" : "") + " --";
      for (const float v : w.values) {
        out += ' ';
        out += number(v, 9);
      }
      out += "\n";
    }
  }
}

void write_text(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets) {
  const TensorStats& s = r.stats;
  out += "tensor " + displayed(r.tensor->name.empty() ? "(array)" : r.tensor->name) + "  " +
         std::string(tensor_dtype_name(r.tensor->dtype)) + " " + shape_text(r.tensor->shape) + "  " +
         std::to_string(r.count) + " values, rows of " + std::to_string(r.row_length) + "\n";
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
  char line[256];
  std::snprintf(line, sizeof line, "  %-26s %5s %9s %11s %11s %11s %10s %9s %10s  %s\n", "target", "bits", "SQNR dB",
                "MSE", "max abs", "max rel", "saturated", "flushed", "non-finite", "worst block (SQNR dB)");
  out += line;
  const std::size_t best = best_target(targets, r.errors);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const TargetError& e = r.errors[i];
    const std::string worst = e.worst_blocks.empty() ? "-"
                                                     : "#" + std::to_string(e.worst_blocks[0].index) + " (" +
                                                           number(e.worst_blocks[0].sqnr_db, 4) + ")";
    std::snprintf(line, sizeof line, "%s %-26s %5s %9s %11s %11s %11s %10llu %9llu %10llu  %s\n",
                  i == best ? "*" : " ", targets[i].name.c_str(), number(targets[i].bits_per_element, 4).c_str(),
                  number(e.sqnr_db, 4).c_str(), number(e.mse, 4).c_str(), number(e.max_abs_error, 4).c_str(),
                  number(e.max_relative_error, 4).c_str(), static_cast<unsigned long long>(e.saturated),
                  static_cast<unsigned long long>(e.flushed), static_cast<unsigned long long>(e.non_finite),
                  targets[i].element ? "-" : worst.c_str());
    out += line;
  }
}

void write_json(std::string& out, const TensorResult& r, const std::vector<AnalysisTarget>& targets, bool first,
                std::size_t worst) {
  const TensorStats& s = r.stats;
  out += first ? "\n" : ",\n";
  out += "    {\"name\": " + json_string(r.tensor->name) + ", \"dtype\": " +
         json_string(tensor_dtype_name(r.tensor->dtype)) + ", \"shape\": " + shape_text(r.tensor->shape) +
         ", \"count\": " + std::to_string(r.count) + ", \"row_length\": " + std::to_string(r.row_length) +
         ",\n     \"stats\": {\"finite\": " + std::to_string(s.finite) + ", \"zeros\": " + std::to_string(s.zeros) +
         ", \"subnormals\": " + std::to_string(s.subnormals) + ", \"nan\": " + std::to_string(s.nans) +
         ", \"inf\": " + std::to_string(s.infinities) + ", \"amax\": " + json_number(s.amax) +
         ", \"mean\": " + json_number(s.mean) + ", \"std\": " + json_number(s.std) + ", \"log2_histogram\": {";
  bool any = false;
  for (int k = 0; k < kBinadeCount; ++k) {
    if (s.binades[static_cast<std::size_t>(k)] == 0) continue;
    out += std::string(any ? ", " : "") + "\"" + std::to_string(kLowestBinade + k) +
           "\": " + std::to_string(s.binades[static_cast<std::size_t>(k)]);
    any = true;
  }
  out += "}},\n     \"targets\": [";
  const std::size_t best = best_target(targets, r.errors);
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const TargetError& e = r.errors[i];
    out += std::string(i ? ",\n       " : "\n       ") + "{\"target\": " + json_string(targets[i].name) +
           ", \"tensor\": " + json_string(r.tensor->name) + ", \"format\": " + json_string(targets[i].name) +
           ", \"best\": " + (i == best ? "true" : "false") + ", \"bits_per_element\": " +
           json_number(targets[i].bits_per_element) + ", \"measured\": " + std::to_string(e.measured) +
           ", \"non_finite\": " + std::to_string(e.non_finite) + ", \"saturated\": " + std::to_string(e.saturated) +
           ", \"flushed\": " + std::to_string(e.flushed) + ", \"mse\": " + json_number(e.mse) +
           ", \"sqnr_db\": " + json_number(e.sqnr_db) + ", \"max_abs_error\": " + json_number(e.max_abs_error) +
           ", \"max_relative_error\": " + json_number(e.max_relative_error);
    if (targets[i].block) {
      out += ", \"scale_mode\": " + json_string(scale_mode_name(targets[i].scale_mode)) +
             ", \"tensor_scale\": " + json_number(r.tensor_scales[i]) + ", \"blocks\": " + std::to_string(e.blocks) +
             ", \"worst_block\": " + (e.worst_blocks.empty() ? "null" : std::to_string(e.worst_blocks[0].index)) +
             ", \"worst_block_sqnr_db\": " + (e.worst_blocks.empty() ? "null" : json_number(e.worst_blocks[0].sqnr_db));
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

constexpr std::string_view kCsvHeader =
    "file,tensor,dtype,shape,count,format,bits_per_element,measured,non_finite,saturated,flushed,mse,sqnr_db,"
    "max_abs_error,max_relative_error,scale_mode,tensor_scale,blocks,worst_block_sqnr_db\n";

// One row per tensor and target; the block columns are empty for an element format.
void write_csv(std::string& out, std::string_view path, const TensorResult& r,
               const std::vector<AnalysisTarget>& targets) {
  std::string shape = shape_text(r.tensor->shape);
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
    if (targets[i].block) {
      out.append(",").append(scale_mode_name(targets[i].scale_mode)).append(",");
      out.append(csv_number(r.tensor_scales[i])).append(",").append(std::to_string(e.blocks)).append(",");
      if (!e.worst_blocks.empty()) out += csv_number(e.worst_blocks[0].sqnr_db);
    } else {
      out += ",,,,";
    }
    out += "\n";
  }
}

// Ctrl-C: the passes stop between slices and analyze exits 130, its output so far written.
std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }

int run_analyze(const AnalyzeArgs& args) {
  std::signal(SIGINT, on_interrupt);
  if (args.format != "text" && args.format != "json" && args.format != "csv") {
    return usage_error("--format is text, json or csv, not '" + displayed(args.format) + "'");
  }
  std::optional<RoundMode> round;
  if (!args.round.empty()) {
    const Result<RoundMode> r = parse_round_mode(args.round);
    if (!r) return usage_error(r.error().message);
    round = *r;
  }
  std::optional<ScaleMode> scale_mode;
  if (!args.scale_mode.empty()) {
    const Result<ScaleMode> m = parse_scale_mode(args.scale_mode);
    if (!m) return usage_error(m.error().message);
    scale_mode = *m;
  }
  std::vector<AnalysisTarget> targets;
  for (const std::string& name : args.targets) {
    const Result<AnalysisTarget> t = analysis_target(name, round, args.no_saturate ? std::optional<bool>(false)
                                                                                    : std::nullopt,
                                                     scale_mode, args.tensor_scale);
    if (!t) return usage_error(t.error().message);
    targets.push_back(*t);
  }
  Output out;
  const bool json = args.format == "json";
  const bool csv = args.format == "csv";
  if (json) out.text() += "{\"files\": [";
  if (csv) out.text() += kCsvHeader;
  int status = 0;
  for (std::size_t f = 0; f < args.files.size(); ++f) {
    const std::string& path = args.files[f];
    Result<std::unique_ptr<TensorReader>> reader = TensorReader::open(path);
    if (!reader) {
      out.flush();
      std::cerr << "typelattice: " << displayed(path) << ": " << reader.error().message << "\n";
      return 2;
    }
    const TensorFileIndex& index = (*reader)->index();
    const std::string kind(tensor_file_kind_name(index.kind));
    if (json) {
      out.text() += std::string(f ? ",\n" : "\n") + "  {\"file\": " + json_string(path) + ", \"kind\": \"" + kind +
                    "\", \"skipped\": [";
      for (std::size_t i = 0; i < index.unsupported.size(); ++i)
        out.text() += (i ? ", " : "") + json_string(index.unsupported[i]);
      out.text() += "], \"tensors\": [";
    } else if (csv) {
      // A table has no place for them: named on stderr, so no tensor goes unmentioned.
      for (const std::string& skipped : index.unsupported)
        std::cerr << "typelattice: " << displayed(path) << ": skipped: " << displayed(skipped) << "\n";
    } else {
      out.text() += "file " + displayed(path) + " (" + kind + ", " + std::to_string(index.tensors.size()) +
                    " tensors)\nblocks: consecutive elements along each tensor's last axis in storage order; a row "
                    "whose length is not a multiple of the block size ends in a short block\n";
      // Tensors in an element type the core does not convert (GGUF's quantized types): named, not analyzed.
      for (const std::string& skipped : index.unsupported) out.text() += "skipped: " + displayed(skipped) + "\n";
    }
    bool first = true;
    auto wanted = [&](const TensorEntry& tensor) {
      return args.tensors.empty() || std::any_of(args.tensors.begin(), args.tensors.end(), [&](const std::string& g) {
               return fnmatch(g.c_str(), tensor.name.c_str(), 0) == 0;
             });
    };
    std::uint64_t total = 0;
    for (const TensorEntry& tensor : index.tensors)
      if (wanted(tensor)) total += tensor_passes(targets) * (tensor.end - tensor.begin);
    Progress progress(total, isatty(STDERR_FILENO) == 1);
    PassOptions options;
    options.threads = args.threads;
    options.worst_blocks = args.worst;
    options.stop = &interrupted;
    options.progress = &progress;
    for (const TensorEntry& tensor : index.tensors) {
      if (!wanted(tensor)) continue;
      TensorResult result;
      const TensorResult* r = &result;
      const PassOutcome outcome = analyze_tensor(**reader, tensor, targets, options, result);
      if (outcome != PassOutcome::done) {
        progress.finish();
        out.flush();
        if (outcome == PassOutcome::stopped) {
          std::cerr << "typelattice: interrupted\n";
          return 130;
        }
        std::cerr << "typelattice: " << displayed(path) << ": cannot read tensor '" << displayed(tensor.name) << "'\n";
        return 2;
      }
      if (json) {
        write_json(out.text(), *r, targets, first, args.worst);
      } else if (csv) {
        write_csv(out.text(), path, *r, targets);
      } else {
        out.text() += "\n";
        write_text(out.text(), *r, targets);
        if (args.worst > 0) write_worst_blocks(out.text(), *r, targets);
      }
      first = false;
      if (!out.spill()) return 3;
    }
    progress.finish();
    if (json) out.text() += first ? "]}" : "\n  ]}";
    if (first && !args.tensors.empty()) {
      out.flush();
      std::cerr << "typelattice: " << displayed(path) << ": no tensor matches --tensor\n";
      status = 2;
    }
  }
  if (json) out.text() += "\n]}\n";
  return out.flush() ? status : 3;
}

}  // namespace

void add_analyze_command(CLI::App& app, Runner& run) {
  auto args = std::make_shared<AnalyzeArgs>();
  CLI::App* analyze = app.add_subcommand(
      "analyze", "What each format does to every tensor of a checkpoint (safetensors, .npy, GGUF): statistics and errors");
  analyze->add_option("FILE", args->files, "safetensors, .npy or GGUF files")->required();
  analyze->add_option("--to", args->targets,
                      "target formats: built-in formats up to 16 bits and block formats (default: float8_e4m3fn "
                      "float8_e5m2 mxfp8_e4m3 mxfp4_e2m1 nvfp4)")
      ->type_name("FORMAT...");
  analyze->add_option("--tensor", args->tensors, "only the tensors whose names match (shell globs: * ? [...])")
      ->type_name("GLOB...");
  analyze->add_option("--round", args->round, "the element formats' round mode (ONNX's defaults otherwise)")
      ->type_name("M");
  analyze->add_flag("--no-saturate", args->no_saturate, "element formats: overflow to Inf/NaN instead of clipping");
  analyze->add_option("--scale-mode", args->scale_mode, "the block formats' scale mode, where a format takes it")
      ->type_name("M");
  analyze->add_flag("--tensor-scale", args->tensor_scale, "nvfp4: an FP32 per-tensor scale, amax / (448 · 6)");
  analyze->add_option("--format", args->format,
                      "text (default), json (per tensor and target an object with tensor, format, sqnr_db), or csv "
                      "(a row per tensor and target)")
      ->type_name("F");
  analyze->add_option("--threads", args->threads, "threads that run the targets of a slice (default: one per core)")
      ->type_name("N")
      ->check(CLI::Range(1u, 256u));
  analyze->add_option("--worst", args->worst,
                      "print each block target's K lowest-SQNR blocks with their values, as typelattice quantize reads "
                      "them (at most 1000)")
      ->type_name("K")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000}));
  analyze->callback([&run, args] { run = [args] { return run_analyze(*args); }; });
}

}  // namespace typelattice::cli
