// One interface over the promotion systems: names, binary and n-ary promotion, tables, and the law checks.
#include "typelattice/promotion.h"

#include <array>
#include <cstdint>
#include <vector>

#include "core/base/joined_text.h"
#include "core/base/unknown_name.h"
#include "core/promotion/join_table.h"
#include "core/promotion/system_list.h"
#include "core/promotion/systems.h"

namespace typelattice {
namespace {

std::optional<Dtype> join2(Dtype a, Dtype b, const PromotionOptions& options) {
  const std::size_t cell = static_cast<std::size_t>(a) * kDtypeCount + static_cast<std::size_t>(b);
  const std::uint8_t d = detail::join_table(options)[cell];
  if (d == detail::kNoPromotion) return std::nullopt;
  return static_cast<Dtype>(d);
}

std::string name_of(std::optional<Dtype> d) { return d ? std::string(dtype_name(*d)) : "no promotion"; }

std::string promote_text(Dtype a, Dtype b) {
  return joined({"promote(", dtype_name(a), ", ", dtype_name(b), ")"});
}

}  // namespace

namespace detail {
std::string quoted_tuple(std::span<const Dtype> dtypes) {
  std::string out = "(";
  for (std::size_t i = 0; i < dtypes.size(); ++i) out += (i ? ", '" : "'") + std::string(dtype_name(dtypes[i])) + "'";
  return out + (dtypes.size() == 1 ? ",)" : ")");
}
}  // namespace detail

std::string_view system_kind_name(SystemKind k) {
  constexpr std::array<std::string_view, 4> kNames{"lattice", "partial lattice", "table", "rules"};
  return kNames[static_cast<std::size_t>(k)];
}

std::span<const SystemInfo> all_systems() {
  static constexpr auto kInfos = [] {
    std::array<SystemInfo, kSystemCount> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = detail::kSystemRows[i].info;
    return out;
  }();
  return kInfos;
}

const SystemInfo& system_info(System s) { return all_systems()[static_cast<std::size_t>(s)]; }

std::string_view system_name(System s) { return system_info(s).name; }

Result<System> parse_system(std::string_view text) {
  std::vector<NameCandidate> candidates;
  for (const detail::SystemRow& row : detail::kSystemRows) {
    if (row.info.name == text) return row.info.id;
    candidates.push_back({row.info.name, row.info.name});
  }
  for (const detail::SystemRow& row : detail::kSystemRows) {
    std::string_view aliases = row.aliases;
    while (!aliases.empty()) {
      const std::size_t end = std::min(aliases.find(' '), aliases.size());
      const std::string_view alias = aliases.substr(0, end);
      if (alias == text) return row.info.id;
      candidates.push_back({alias, row.info.name});
      aliases.remove_prefix(std::min(end + 1, aliases.size()));
    }
  }
  Error error = unknown_name_error("promotion system", text, candidates, 1);
  std::string list;
  for (const SystemInfo& info : all_systems()) list += (list.empty() ? "" : ", ") + std::string(info.name);
  error.message += " (systems: " + list + ")";
  return error;
}

std::string_view mode_name(Mode m) { return m == Mode::strict ? "strict" : "standard"; }

Result<Mode> parse_mode(std::string_view text) {
  if (text == "standard") return Mode::standard;
  if (text == "strict") return Mode::strict;
  const std::array<std::string_view, 2> canonical{"standard", "strict"};
  Error error = unknown_name_error("promotion mode", text, canonical, 1);
  error.message += " (modes: standard, strict)";
  return error;
}

Result<PromotionOptions> checked_options(const PromotionOptions& options) {
  if (!system_info(options.system).jax_modes && (options.mode != Mode::standard || !options.x64)) {
    return Error{ErrorKind::bad_value,
                 "strict mode and x64 off are JAX settings (jax_numpy_dtype_promotion, jax_enable_x64); the " +
                     std::string(system_name(options.system)) + " table has neither (use them with the jax system)",
                 {}};
  }
  return options;
}

namespace {

// Out of line: the lookup in promote_types stays a few instructions (docs/performance.md: promote/<system>).
[[gnu::noinline, gnu::cold]] Error promotion_error(Dtype a, Dtype b, const PromotionOptions& options) {
  if (options.system == System::jax) {
    const std::array<Dtype, 2> pair{a, b};
    return detail::jax_promotion_error(pair, options);
  }
  return detail::table_promotion_error(options.system, a, b);
}

}  // namespace

Result<Dtype> promote_types(Dtype a, Dtype b, const PromotionOptions& options) {
  if (const auto d = join2(a, b, options)) [[likely]] return *d;
  return promotion_error(a, b, options);
}

Result<Dtype> result_type(std::span<const Dtype> dtypes, const PromotionOptions& options) {
  if (dtypes.empty()) return Error{ErrorKind::bad_value, "result_type needs at least one dtype", {}};
  if (options.system == System::jax) {  // the join of the whole set at once, as JAX's _least_upper_bound
    if (const auto d = detail::jax_join(dtypes, options)) return *d;
    return detail::jax_promotion_error(dtypes, options);
  }
  // Tables are not lattices: fold from the left, as a chain of binary operations would. One input: no operation,
  // so no promotion, but still a dtype the system must know (array-api has no float16).
  if (!detail::in_table(options.system, dtypes[0]))
    return detail::table_promotion_error(options.system, dtypes[0], dtypes[0]);
  Result<Dtype> acc = dtypes[0];
  for (std::size_t i = 1; i < dtypes.size() && acc.ok(); ++i) acc = promote_types(*acc, dtypes[i], options);
  return acc;
}

Message promotion_refusal(std::span<const Dtype> dtypes, const PromotionOptions& options) {
  if (options.system != System::jax && !dtypes.empty()) {  // result_type's fold, to the pair that has no cell
    if (!detail::in_table(options.system, dtypes[0])) return detail::table_refusal(options.system, dtypes[0], dtypes[0]);
    Dtype acc = dtypes[0];
    for (std::size_t i = 1; i < dtypes.size(); ++i) {
      const std::optional<Dtype> d = join2(acc, dtypes[i], options);
      if (!d) return detail::table_refusal(options.system, acc, dtypes[i]);
      acc = *d;
    }
  }
  const Result<Dtype> r = result_type(dtypes, options);
  return r ? Message() : literal(r.error().message);
}

std::vector<Dtype> system_dtypes(const PromotionOptions& options) {
  if (options.system != System::jax) return detail::table_dtypes(options.system);
  std::vector<Dtype> all;
  for (const DtypeInfo& info : all_dtypes())
    if (detail::in_jax_lattice(info.id, options)) all.push_back(info.id);
  return all;
}

// Not inlined: LTO at -Oz would otherwise copy it into each caller of the wasm module (table, compare_tables).
[[gnu::noinline]] PromotionTable promotion_table(const PromotionOptions& options, std::span<const Dtype> types) {
  PromotionTable t;
  t.types = types.empty() ? system_dtypes(options) : std::vector<Dtype>(types.begin(), types.end());
  for (Dtype a : t.types) {
    auto& row = t.cells.emplace_back();
    for (Dtype b : t.types) row.push_back(join2(a, b, options));
  }
  return t;
}

std::optional<Graph> promotion_graph(const PromotionOptions& options) {
  if (options.system == System::jax) return detail::jax_graph(options);
  if (!detail::system_row(options.system).graph_asset.empty()) return detail::table_system_graph(options.system);
  return std::nullopt;
}

// Laws in the order a reader meets them: commutativity, associativity, idempotence. Associativity is searched
// by the shortest prefix of the table's types that breaks it (for NumPy: the strong types up to float16, giving
// the design document's int8/uint8/float16 example before any involving Python scalars). Undefined results are
// skipped: a law is broken only when both sides are defined and differ, or for commutativity when exactly one
// order is defined (TensorFlow).
std::optional<TableViolation> check_table(const PromotionOptions& options) {
  const PromotionTable t = promotion_table(options);
  const std::string_view sys = system_name(options.system);
  const std::size_t n = t.types.size();
  // The table twice, row-major: `at` holds each result's index into t.types (kNone for no promotion or a result
  // outside them, whose join with a third type is undefined) and `result` the result itself (kNone for none), so
  // the triple loop is a few byte lookups.
  constexpr std::uint8_t kNone = 0xFF;
  std::array<std::uint8_t, kDtypeCount> index{};
  index.fill(kNone);
  for (std::size_t i = 0; i < n; ++i) index[static_cast<std::size_t>(t.types[i])] = static_cast<std::uint8_t>(i);
  std::vector<std::uint8_t> at(n * n, kNone), result(n * n, kNone);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (const auto d = t.cells[i][j]) {
        at[i * n + j] = index[static_cast<std::size_t>(*d)];
        result[i * n + j] = static_cast<std::uint8_t>(*d);
      }
    }
  }

  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const Dtype a = t.types[i], b = t.types[j];
      const auto ab = t.cells[i][j], ba = t.cells[j][i];
      if (ab == ba) continue;
      return TableViolation{TableViolation::Kind::not_commutative, {a, b}, ab, ba,
                            joined({sys, " is not commutative: ", promote_text(a, b), " = ", name_of(ab), " but ",
                                    promote_text(b, a), " = ", name_of(ba)})};
    }
  }
  // Triples by their largest index m, then in (i, j, k) order, so the first violation is the one among the
  // fewest types. Where neither i nor j is m, only k = m is such a triple: each triple is visited once.
  for (std::size_t m = 0; m < n; ++m) {
    for (std::size_t i = 0; i <= m; ++i) {
      for (std::size_t j = 0; j <= m; ++j) {
        for (std::size_t k = (i == m || j == m) ? 0 : m; k <= m; ++k) {
          const std::uint8_t ab = at[i * n + j], bc = at[j * n + k];
          if (ab == kNone || bc == kNone) continue;
          const std::uint8_t left = result[ab * n + k], right = result[i * n + bc];
          if (left == kNone || right == kNone || left == right) continue;
          const Dtype a = t.types[i], b = t.types[j], c = t.types[k];
          return TableViolation{
              TableViolation::Kind::not_associative, {a, b, c}, static_cast<Dtype>(left), static_cast<Dtype>(right),
              joined({sys, " is not associative: promote(", promote_text(a, b), ", ", dtype_name(c), ") = ",
                      name_of(static_cast<Dtype>(left)), " but promote(", dtype_name(a), ", ", promote_text(b, c),
                      ") = ", name_of(static_cast<Dtype>(right))})};
        }
      }
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto aa = t.cells[i][i];
    if (!aa || *aa == t.types[i]) continue;
    return TableViolation{TableViolation::Kind::not_idempotent, {t.types[i]}, aa, t.types[i],
                          joined({sys, " is not idempotent: ", promote_text(t.types[i], t.types[i]), " = ",
                                  name_of(aa), ", not ", dtype_name(t.types[i])})};
  }
  return std::nullopt;
}

}  // namespace typelattice
