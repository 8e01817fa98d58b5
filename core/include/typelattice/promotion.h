// Promotion systems: JAX's lattice (standard and strict, x64 on/off) and the table-driven systems of the
// design document's appendix (NumPy, PyTorch, TensorFlow, jax.lax), behind one interface.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "typelattice/dtype.h"
#include "typelattice/lattice.h"
#include "typelattice/result.h"

namespace typelattice {

enum class System { jax, numpy, torch, tensorflow, jax_lax };
enum class Mode { standard, strict };

struct PromotionOptions {
  System system = System::jax;
  Mode mode = Mode::standard;
  bool x64 = true;  // the setting the JAX docs tables were made with
};

std::string_view system_name(System s);    // "jax", "numpy", "torch", "tensorflow", "jax-lax"
Result<System> parse_system(std::string_view text);
std::string_view mode_name(Mode m);        // "standard", "strict"
Result<Mode> parse_mode(std::string_view text);

// The options as a system takes them: strict mode and x64 off are JAX settings, which the table systems do not
// have, so asking for them there is an error (ErrorKind::bad_value) rather than silently ignored. Every front
// end checks its options here, so the CLI, the app and the module refuse the same things with the same words.
Result<PromotionOptions> checked_options(const PromotionOptions& options);

// The binary promotion; ErrorKind::promotion with JAX-style wording when there is no result.
Result<Dtype> promote_types(Dtype a, Dtype b, const PromotionOptions& options = {});
// The n-ary join (left fold for table systems, which may be non-associative); same errors.
Result<Dtype> result_type(std::span<const Dtype> dtypes, const PromotionOptions& options = {});

// The dtypes a system knows, in table order (for jax: the 18 docs types first, then the newer ones).
std::vector<Dtype> system_dtypes(const PromotionOptions& options);

struct PromotionTable {
  std::vector<Dtype> types;
  std::vector<std::vector<std::optional<Dtype>>> cells;  // cells[row][col] = promote(types[row], types[col])
};
PromotionTable promotion_table(const PromotionOptions& options, std::span<const Dtype> types = {});

// The lattice behind a lattice-based system (jax), as a graph of dtype names; nullopt for table systems.
std::optional<Graph> promotion_graph(const PromotionOptions& options);

// Does the system's table behave like a lattice join? Checks commutativity, idempotence and associativity over
// all pairs/triples of its types (where defined). For NumPy this reports int8, uint8, float16.
struct TableViolation {
  enum class Kind { not_commutative, not_associative, not_idempotent };
  Kind kind;
  std::vector<Dtype> inputs;      // the pair or triple
  std::optional<Dtype> left, right;  // (a∨b)∨c vs a∨(b∨c), or a∨b vs b∨a
  std::string description;
};
std::optional<TableViolation> check_table(const PromotionOptions& options);

// The design document's intermediate lattices, for teaching: names like "categories", "python-scalars",
// "float-complex", "signed-unsigned", "int-float-double-width", "option1", "option2", "option3",
// "option3-bfloat16", "final" (in the document's order).
struct LatticePreset {
  std::string name;
  std::string title;   // short human title
  Graph graph;         // nodes use canonical dtype names
};
std::vector<LatticePreset> design_presets();

}  // namespace typelattice
