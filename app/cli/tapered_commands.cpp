// cast, decode and layout for the tapered formats: thin wrappers over core/include/typelattice/tapered_formats.h.
#include "app/cli/tapered_commands.h"

#include <iostream>

#include "app/cli/input_lines.h"
#include "app/cli/system_options.h"
#include "app/common/tapered_layout_text.h"

namespace typelattice::cli {
namespace {

Result<TaperedCastRequest> request_of(TaperedFormat f, const options::CastFlags& flags) {
  const Result<CastRequestNames> names = options::cast_request_names(tapered_format_name(f), flags);
  if (!names) return names.error();
  return parse_tapered_cast_request(f, *names);
}

}  // namespace

int run_tapered_cast(TaperedFormat f, const options::CastFlags& flags, int repeat, const std::vector<std::string>& values) {
  const Result<TaperedCastRequest> request = request_of(f, flags);
  if (!request) return usage_error(request.error().message);
  if (repeat != 1) return usage_error("--repeat draws stochastic roundings: " + std::string(tapered_format_name(f)) +
                                      " has none");
  return for_each_input(
      values,
      [&](const std::string& text, Output& out, std::string& error) {
        const Result<double> value = read_tapered_cast_input(*request, text);
        if (!value) {
          error = value.error().message;
          return false;
        }
        out.text() += tapered_cast_line(f, tapered_encode(f, *value, request->saturate));
        out.text() += '\n';
        return true;
      },
      [](Output&) {});
}

int run_tapered_decode(TaperedFormat f, const std::vector<std::string>& codes) {
  return for_each_input(
      codes,
      [&](const std::string& text, Output& out, std::string& error) {
        const Result<std::uint32_t> code = parse_tapered_code(f, text);
        if (!code) {
          error = code.error().message;
          return false;
        }
        out.text() += tapered_cast_line(f, *code);
        out.text() += '\n';
        return true;
      },
      [](Output&) {});
}

int run_tapered_layout(TaperedFormat f, const std::string& value_text, const std::string& code_text,
                       const options::CastFlags& flags) {
  const Result<TaperedCastRequest> request = request_of(f, flags);
  if (!request) return usage_error(request.error().message);
  if (value_text.empty() == code_text.empty()) return usage_error("layout takes a VALUE or --code 0xCODE (one of them)");
  std::uint32_t code;
  std::vector<CastFact> facts;
  if (!code_text.empty()) {
    const Result<std::uint32_t> parsed = parse_tapered_code(f, code_text);
    if (!parsed) return usage_error(parsed.error().message);
    code = *parsed;
  } else {
    const Result<double> input = read_tapered_cast_input(*request, value_text);
    if (!input) return usage_error(input.error().message);
    code = tapered_encode(f, *input, request->saturate);
    facts = tapered_cast_facts(f, *input, code);
  }
  std::cout << options::tapered_layout_text(f, code, code_text.empty() ? value_text : "", facts);
  return 0;
}

}  // namespace typelattice::cli
