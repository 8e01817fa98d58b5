// JAX's promotion: joins on the lattices in assets/lattices, and TypePromotionError's wording
// (jax/_src/dtypes.py, _least_upper_bound).
#include <array>

#include "core/base/assets.h"
#include "typelattice/graph_join.h"
#include "typelattice/lattice_text.h"
#include "core/promotion/systems.h"

namespace typelattice::detail {
namespace {

struct JaxLattice {
  Graph graph;
  Lattice lattice;
  std::array<NodeId, kDtypeCount> node{};  // -1: not in the lattice
};

JaxLattice load_jax_lattice(std::string_view asset, bool x32 = false) {
  JaxLattice out;
  out.node.fill(-1);
  const auto text = embedded_asset(asset);
  assert(text && "the JAX lattices are embedded at build time");
  if (!text) return out;
  auto parsed = parse_lattice_text(*text);
  assert(parsed.ok());
  if (!parsed) return out;
  Graph graph = std::move(parsed).value().graph;
  if (x32) {
    for (auto& [from, to] : graph.edges)
      if (from == dtype_name(kX32Edge.from) && to == dtype_name(kX32Edge.x64_to)) to = dtype_name(kX32Edge.x32_to);
  }
  auto lattice = Lattice::from_graph(graph);
  assert(lattice.ok());
  if (!lattice) return out;
  out.graph = std::move(graph);
  out.lattice = std::move(lattice).value();
  for (const DtypeInfo& info : all_dtypes())
    if (const auto id = out.lattice.find(info.name)) out.node[static_cast<std::size_t>(info.id)] = *id;
  return out;
}

// Built once, then only read: the three lattices JAX itself precomputes (_standard_x64_lattice_ubs, ...).
const JaxLattice& lattice_for(const PromotionOptions& options) {
  static const JaxLattice standard = load_jax_lattice("lattices/jax.txt");
  static const JaxLattice x32 = load_jax_lattice("lattices/jax.txt", true);
  static const JaxLattice strict = load_jax_lattice("lattices/jax-strict.txt");  // JAX's strict lattice ignores x64
  if (options.mode == Mode::strict) return strict;
  return options.x64 ? standard : x32;
}

bool any_of_width(std::span<const Dtype> dtypes, DtypeKind kind, std::initializer_list<int> widths) {
  for (Dtype d : dtypes) {
    const DtypeInfo& info = dtype_info(d);
    if (info.kind != kind || info.weak) continue;
    for (int w : widths)
      if (info.bits == w) return true;
  }
  return false;
}

}  // namespace

std::optional<Dtype> jax_join(std::span<const Dtype> dtypes, const PromotionOptions& options) {
  const JaxLattice& l = lattice_for(options);
  std::vector<NodeId> nodes;
  for (Dtype d : dtypes) {
    const NodeId id = l.node[static_cast<std::size_t>(d)];
    if (id < 0) return std::nullopt;
    nodes.push_back(id);
  }
  const auto join = least_upper_bound(l.lattice, nodes);
  if (!join) return std::nullopt;
  for (const DtypeInfo& info : all_dtypes())
    if (l.node[static_cast<std::size_t>(info.id)] == *join) return info.id;
  return std::nullopt;
}

// The same cases, in the same order, as JAX's _least_upper_bound: strict mode first, then the 8-, 6- and 4-bit
// floats, then the narrow ints, then the generic text. JAX prints weak types as <class 'int'>; we print i*.
Error jax_promotion_error(std::span<const Dtype> dtypes, const PromotionOptions& options) {
  const std::string head = "Input dtypes " + quoted_tuple(dtypes) + " have no available implicit dtype promotion path";
  const auto narrow_float = [&](const char* bits) {
    return head + ". To avoid unintended promotion, " + bits +
           " floats do not support implicit promotion. If you'd like your inputs to be promoted to another type, "
           "you can do so explicitly using e.g. x.astype('float32')";
  };
  std::string message;
  if (options.mode == Mode::strict) {
    message = head +
              " when jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, "
              "or set jax_numpy_dtype_promotion=standard.";
  } else if (any_of_width(dtypes, DtypeKind::floating, {8})) {
    message = narrow_float("8-bit");
  } else if (any_of_width(dtypes, DtypeKind::floating, {6})) {
    message = narrow_float("6-bit");
  } else if (any_of_width(dtypes, DtypeKind::floating, {4})) {
    message = narrow_float("4-bit");
  } else if (any_of_width(dtypes, DtypeKind::signed_int, {1, 2, 4}) ||
             any_of_width(dtypes, DtypeKind::unsigned_int, {1, 2, 4})) {
    message = head +
              ". To avoid unintended promotion, 1-bit, 2-bit and 4-bit integers do not support implicit promotion. "
              "If you'd like your inputs to be promoted to another type, you can do so explicitly using e.g. "
              "x.astype('int32')";
  } else {
    message = head + ". Try explicitly casting inputs to the desired output type.";
  }
  return Error{ErrorKind::promotion, std::move(message), {}};
}

Graph jax_graph(const PromotionOptions& options) { return lattice_for(options).graph; }

bool in_jax_lattice(Dtype d, const PromotionOptions& options) {
  return lattice_for(options).node[static_cast<std::size_t>(d)] >= 0;
}

}  // namespace typelattice::detail
