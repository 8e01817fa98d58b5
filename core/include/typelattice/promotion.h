// Promotion systems: JAX's lattice (standard and strict, x64 on/off), today's NumPy 2, PyTorch 2, the Python array
// API standard, Triton, C, C++, TensorFlow.js, jax-js, MLX, Keras 3, PaddlePaddle and Julia, and the design
// document's appendix tables (NumPy, PyTorch, TensorFlow, jax.lax as of 2021), behind one interface. The systems
// are one list (all_systems()); everything that names or lists them iterates it.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "typelattice/dtype.h"
#include "typelattice/lattice.h"
#include "typelattice/message.h"
#include "typelattice/result.h"

namespace typelattice {

// Order is the order of all_systems() (today's systems first, then the appendix's).
enum class System : std::uint8_t {
  jax, numpy, torch, array_api, triton, c, cpp, tfjs, jax_js, mlx, keras, paddle, julia,  // today's
  numpy_2021, torch_2021, tensorflow_2021, jax_lax,    // the design document's appendix
};
inline constexpr int kSystemCount = static_cast<int>(System::jax_lax) + 1;
enum class Mode { standard, strict };

// How a system's promotion is given: a lattice's join (jax), a table that is also a partial lattice drawn as a
// graph of components (array-api), a table transcribed from a source's table, or a table written from a source's
// rules (triton).
enum class SystemKind : std::uint8_t { lattice, partial_lattice, table, rules };
std::string_view system_kind_name(SystemKind k);  // "lattice", "partial lattice", "table", "rules"

struct SystemInfo {
  System id;
  std::string_view name;     // as the CLI takes it: "numpy", "numpy-2021", "array-api", ...
  std::string_view title;    // "NumPy 2 (NEP 50)"
  std::string_view version;  // "2.x", "2025.12", "2021 (design document appendix)"
  std::string_view source;   // file at commit, or page
  SystemKind kind;
  bool jax_modes;            // takes --mode strict and --x64 off
  bool refuses_unspecified;  // '-' means "unspecified by the standard" rather than an error the library raises
  // What a front end prints before a promotion error's message ("TypePromotionError: ..."); empty where the message
  // carries the library's own exception (PyTorch's "RuntimeError: ...") or where nothing is raised (array-api).
  std::string_view error_class;
  std::string_view source_url;  // where `source` can be read: the file at that commit on GitHub, or the page
};
std::span<const SystemInfo> all_systems();
const SystemInfo& system_info(System s);

struct PromotionOptions {
  System system = System::jax;
  Mode mode = Mode::standard;
  bool x64 = true;  // the setting the JAX docs tables were made with
};

std::string_view system_name(System s);    // system_info(s).name
Result<System> parse_system(std::string_view text);  // a name or alias ("pytorch"); unknown: the closest names
std::string_view mode_name(Mode m);        // "standard", "strict"
Result<Mode> parse_mode(std::string_view text);

// The options as a system takes them: strict mode and x64 off are JAX settings, which the other systems do not
// have, so asking for them there is an error (ErrorKind::bad_value) rather than silently ignored. Every front
// end checks its options here, so the CLI, the app and the module refuse the same things with the same words.
Result<PromotionOptions> checked_options(const PromotionOptions& options);

// The binary promotion; ErrorKind::promotion with JAX-style wording when there is no result.
Result<Dtype> promote_types(Dtype a, Dtype b, const PromotionOptions& options = {});
// The n-ary join (left fold for table systems, which may be non-associative); same errors.
Result<Dtype> result_type(std::span<const Dtype> dtypes, const PromotionOptions& options = {});
// Why result_type refuses `dtypes` (its error's text, rendered), as a message where this project words the refusal
// (the appendix tables', the array API's, C++'s: a front end translates those) and as a literal where the library
// raises its own words (JAX's TypePromotionError, PyTorch's RuntimeError). Empty when they promote.
Message promotion_refusal(std::span<const Dtype> dtypes, const PromotionOptions& options = {});

// The dtypes a system knows, in table order (for jax: the 18 docs types first, then the newer ones).
std::vector<Dtype> system_dtypes(const PromotionOptions& options);

struct PromotionTable {
  std::vector<Dtype> types;
  std::vector<std::vector<std::optional<Dtype>>> cells;  // cells[row][col] = promote(types[row], types[col])
};
PromotionTable promotion_table(const PromotionOptions& options, std::span<const Dtype> types = {});

// The lattice behind a lattice-based system (jax) or the components of a partial one (array-api), as a graph of
// dtype names; nullopt for the other systems.
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
