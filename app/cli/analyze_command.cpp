// analyze: what every target format does to each tensor of a checkpoint (safetensors, .npy, .npz, GGUF, raw),
// streamed a slice at a time (core/include/typelattice/tensor_analysis.h has the statistics and the errors; docs/tensor-analysis.md).
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
#include "app/cli/progress.h"
#include "app/cli/system_options.h"
#include "app/tensors/tensor_passes.h"
#include "typelattice/cast_request.h"
#include "typelattice/tensor_summary.h"
#include "typelattice/display_text.h"
#include "typelattice/tensor_analysis.h"
#include "typelattice/tensor_report.h"

namespace typelattice::cli {
namespace {

struct AnalyzeArgs {
  std::vector<std::string> files, targets = default_analysis_target_names();
  std::vector<std::string> tensors;
  std::string round, scale_mode, format = "text";
  std::optional<std::string> raw;  // DTYPE:SHAPE: every FILE is raw little-endian elements
  bool no_saturate = false, tensor_scale = false;
  std::size_t worst = 0;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
};

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
  const Result<std::vector<AnalysisTarget>> chosen =
      analysis_targets(args.targets, round, args.no_saturate ? std::optional<bool>(false) : std::nullopt, scale_mode,
                       args.tensor_scale);
  if (!chosen) return usage_error(chosen.error().message);
  const std::vector<AnalysisTarget>& targets = *chosen;
  Output out;
  const bool json = args.format == "json";
  const bool csv = args.format == "csv";
  if (json) out.text() += kTensorReportJsonBegin;
  if (csv) out.text() += kTensorReportCsvHeader;
  int status = 0;
  for (std::size_t f = 0; f < args.files.size(); ++f) {
    const std::string& path = args.files[f];
    Result<std::unique_ptr<tensor_io::TensorReader>> reader = tensor_io::TensorReader::open(path, args.raw);
    if (!reader) {
      out.flush();
      std::cerr << "typelattice: " << displayed(path) << ": " << reader.error().message << "\n";
      return 2;
    }
    const TensorFileIndex& index = (*reader)->index();
    if (json) {
      out.text() += tensor_report_json_file(path, index, f);
    } else if (csv) {
      // A table has no place for them: named on stderr, so no tensor goes unmentioned.
      for (const std::string& skipped : index.unsupported)
        std::cerr << "typelattice: " << displayed(path) << ": skipped: " << displayed(skipped) << "\n";
    } else {
      out.text() += tensor_report_text_file(path, index);
    }
    auto wanted = [&](const TensorEntry& tensor) {
      return args.tensors.empty() || std::any_of(args.tensors.begin(), args.tensors.end(), [&](const std::string& g) {
               return fnmatch(g.c_str(), tensor.name.c_str(), 0) == 0;
             });
    };
    Progress progress(tensor_io::bytes_to_read(index, targets, wanted), isatty(STDERR_FILENO) == 1);
    tensor_io::PassOptions options;
    options.threads = args.threads;
    options.worst_blocks = args.worst;
    options.stop = &interrupted;
    options.progress = [&progress](std::uint64_t bytes) { progress.advance(bytes); };
    bool write_failed = false, first = true;
    FileSummaryAccumulator summary(targets.size());
    const tensor_io::FileOutcome outcome =
        tensor_io::analyze_file(**reader, targets, options, wanted, [&](const TensorResult& r) {
          summary.add(r);
          if (json) {
            append_tensor_report_json(out.text(), r, targets, first, args.worst);
          } else if (csv) {
            append_tensor_report_csv(out.text(), path, r, targets);
          } else {
            append_tensor_report_text(out.text(), r, targets, args.worst);
          }
          first = false;
          write_failed = !out.spill();
          return !write_failed;
        });
    progress.finish();
    if (write_failed) return 3;
    if (outcome.outcome != tensor_io::PassOutcome::done) {
      out.flush();
      if (outcome.outcome == tensor_io::PassOutcome::stopped) {
        std::cerr << "typelattice: interrupted\n";
        return 130;
      }
      const std::string& why = outcome.read_error;
      std::cerr << "typelattice: " << displayed(path) << ": " << tensor_io::cannot_read_message(*outcome.failed)
                << (why.empty() ? "" : ": " + why) << "\n";
      return 2;
    }
    if (json) {
      out.text() += tensor_report_json_file_end(outcome.analyzed > 0, summary.summary(), targets);
    } else if (!csv && outcome.analyzed > 1) {  // one tensor's summary would repeat its table
      append_file_summary_text(out.text(), summary.summary(), targets);
    }
    if (outcome.analyzed == 0 && !args.tensors.empty()) {
      out.flush();
      std::cerr << "typelattice: " << displayed(path) << ": no tensor matches --tensor\n";
      status = 2;
    }
  }
  if (json) out.text() += kTensorReportJsonEnd;
  return out.flush() ? status : 3;
}

}  // namespace

void add_analyze_command(CLI::App& app, Runner& run) {
  auto args = std::make_shared<AnalyzeArgs>();
  CLI::App* analyze = app.add_subcommand(
      "analyze", "What each format does to every tensor of a checkpoint (safetensors, .npy, .npz, GGUF, raw) and to "
                 "the whole file: statistics and errors");
  analyze->add_option("FILE", args->files, "safetensors, .npy, .npz or GGUF files (raw ones with --raw)")->required();
  analyze->add_option("--raw", args->raw,
                      "read each FILE as raw little-endian elements: DTYPE:SHAPE, e.g. float32:4096x4096 (its size "
                      "must be the file's)")
      ->type_name("DTYPE:SHAPE");
  analyze->add_option("--to", args->targets,
                      "target formats: built-in formats up to 16 bits, the tapered posit8, posit16 and hif8, block "
                      "formats (MX, nvfp4), bitsandbytes' "
                      "nf4 and bnb_fp4, ggml's gguf_q4_0 ... gguf_q8_0 and iq4_nl, DeepSeek's ds_fp8_1x128 and "
                      "ds_fp8_1x128_ue8m0, integer groups intN_gG[_asym|_awq|_mlx] (default: float8_e4m3fn "
                      "float8_e5m2 mxfp8_e4m3 mxfp4_e2m1 nvfp4)")
      ->type_name("FORMAT...");
  analyze->add_option("--tensor", args->tensors, "only the tensors whose names match (shell globs: * ? [...])")
      ->type_name("GLOB...");
  analyze->add_option("--round", args->round, "the built-in element formats' round mode (ONNX's defaults otherwise)")
      ->type_name("M");
  analyze->add_flag("--no-saturate", args->no_saturate, "element formats: overflow to Inf/NaN instead of clipping "
                    "(hif8 never clips in analyze; posits always do)");
  analyze->add_option("--scale-mode", args->scale_mode, "the block formats' scale mode, where a format takes it")
      ->type_name("M");
  analyze->add_flag("--tensor-scale", args->tensor_scale, "nvfp4: an FP32 per-tensor scale, amax / (448 · 6)");
  analyze->add_option("--format", args->format,
                      "text (default; the file's summary after its tensors), json (per tensor and target an object "
                      "with tensor, format, sqnr_db; per file a summary), or csv (a row per tensor and target)")
      ->type_name("F");
  analyze->add_option("--threads", args->threads, "threads (default: one per core): tensors side by side, or one tensor's targets of each slice")
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
