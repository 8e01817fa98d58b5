// Dtype lookup by name, over the one name table (name_table.h).
#include "typelattice/dtype.h"

#include <algorithm>
#include <cctype>

#include "core/base/ascii_text.h"
#include "core/base/name_table.h"

namespace typelattice {
namespace names {
namespace {

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kDtypes.size(); ++i)
    if (static_cast<std::size_t>(kDtypes[i].id) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kDtypes must list the dtypes in the order of enum class Dtype");

using ascii::equal_ignoring_case;


// Calls f on each space-separated word of `list`.
template <class F>
void for_each_word(std::string_view list, F&& f) {
  while (!list.empty()) {
    const std::size_t end = std::min(list.find(' '), list.size());
    if (end > 0) f(list.substr(0, end));
    list.remove_prefix(std::min(end + 1, list.size()));
  }
}

bool is_alias(const DtypeInfo& info, std::string_view text) {
  bool found = false;
  for_each_word(info.aliases, [&](std::string_view alias) { found = found || equal_ignoring_case(text, alias); });
  return found;
}

bool is_onnx_name(const DtypeInfo& info, std::string_view text) {
  return !info.onnx_name.empty() && equal_ignoring_case(text, info.onnx_name);
}

}  // namespace

std::optional<Dtype> find_dtype(std::string_view text, OnnxNames onnx) {
  if (text.size() > kMaxNameLength) return std::nullopt;
  for (const DtypeInfo& info : kDtypes) {
    const bool short_code = !info.short_code.empty() && equal_ignoring_case(text, info.short_code);
    if (short_code || equal_ignoring_case(text, info.name)) return info.id;
  }
  if (onnx == OnnxNames::before_aliases) {
    for (const DtypeInfo& info : kDtypes)
      if (is_onnx_name(info, text)) return info.id;
  }
  for (const DtypeInfo& info : kDtypes)
    if (is_alias(info, text)) return info.id;
  for (const DtypeInfo& info : kDtypes)
    if (is_onnx_name(info, text)) return info.id;
  return std::nullopt;
}

std::vector<NameCandidate> name_candidates(std::span<const Dtype> dtypes) {
  std::vector<NameCandidate> out;
  for (Dtype d : dtypes) out.push_back({dtype_info(d).name, dtype_info(d).name});
  for (Dtype d : dtypes) {
    const DtypeInfo& info = dtype_info(d);
    if (!info.onnx_name.empty()) out.push_back({info.onnx_name, info.name});
    for_each_word(info.aliases, [&](std::string_view alias) { out.push_back({alias, info.name}); });
  }
  return out;
}

}  // namespace names

std::span<const DtypeInfo> all_dtypes() { return names::kDtypes; }

const DtypeInfo& dtype_info(Dtype d) { return names::kDtypes[static_cast<std::size_t>(d)]; }

Result<Dtype> parse_dtype(std::string_view text) {
  if (const std::optional<Dtype> d = names::find_dtype(text, names::OnnxNames::after_aliases)) return *d;
  std::array<Dtype, kDtypeCount> every{};
  for (std::size_t i = 0; i < every.size(); ++i) every[i] = static_cast<Dtype>(i);
  return unknown_name_error("dtype", text, names::name_candidates(every));
}

}  // namespace typelattice
