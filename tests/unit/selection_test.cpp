// The core's selection (selection.h) on built-in systems and on user graphs, and the compiled systems' join
// tables against promote_types and JAX's lattice for every dtype pair.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "app/cli/lattice_json.h"
#include "tests/unit/promotion_test_util.h"
#include "typelattice/compiled_system.h"
#include "typelattice/graph_join.h"
#include "typelattice/join_reason.h"
#include "typelattice/promotion.h"
#include "typelattice/selection.h"

using namespace typelattice;
using promotion_test::data_path;
using Names = std::vector<std::string>;
using Edges = std::vector<std::pair<std::string, std::string>>;

namespace {

Lattice lattice_file(const std::string& name) {
  Result<Graph> graph = cli::read_lattice_file(data_path(name));
  EXPECT_TRUE(graph.ok()) << name;
  Result<Lattice> lattice = Lattice::from_graph(*graph);
  EXPECT_TRUE(lattice.ok()) << name;
  return std::move(lattice).value();
}

Selection selected(const CompiledSystem& system, const Names& names) {
  Result<Selection> s = select(system, names);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
  return s.ok() ? s.value() : Selection{};
}

Selection selected(const Lattice& lattice, const Names& names) {
  Result<Selection> s = select(lattice, names);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
  return s.ok() ? s.value() : Selection{};
}

const std::array<PromotionOptions, 8> kAllOptions{{
    {System::jax, Mode::standard, true}, {System::jax, Mode::standard, false}, {System::jax, Mode::strict, true},
    {System::jax, Mode::strict, false}, {System::numpy_2021, Mode::standard, true}, {System::torch_2021, Mode::standard, true},
    {System::tensorflow_2021, Mode::standard, true}, {System::jax_lax, Mode::standard, true},
}};

}  // namespace

TEST(SelectionOnSystem, JaxDocsJoinWithItsPaths) {
  const CompiledSystem jax({});
  const Selection s = selected(jax, {"float16", "bfloat16"});
  EXPECT_EQ(s.join, "float32");
  EXPECT_EQ(render(s.text), "join: float32");
  EXPECT_EQ(s.path_edges, (Edges{{"float16", "float32"}, {"bfloat16", "float32"}}));
  EXPECT_TRUE(s.minimal_upper_bounds.empty());
  EXPECT_TRUE(s.explanation.empty());
}

TEST(SelectionOnSystem, AliasesSelectTheCanonicalNodes) {
  const CompiledSystem jax({});
  const Selection s = selected(jax, {"i1", "f*", "c8"});
  EXPECT_EQ(s.join, "complex64");
  ASSERT_FALSE(s.path_edges.empty());
  EXPECT_EQ(s.path_edges.front().first, "int8");  // the lattice's node, not the spelling typed
  EXPECT_EQ(s.path_edges.back().second, "complex64");
}

TEST(SelectionOnSystem, StrictModeGivesJaxsErrorAsTheLine) {
  const CompiledSystem strict({System::jax, Mode::strict, true});
  const Selection s = selected(strict, {"float32", "int32"});
  EXPECT_FALSE(s.join.has_value());
  const std::array<Dtype, 2> pair{Dtype::float32, Dtype::int32};
  const Result<Dtype> expected = result_type(pair, strict.options());
  ASSERT_FALSE(expected.ok());
  EXPECT_EQ(render(s.text), expected.error().message);
  EXPECT_EQ(s.explanation.encoded(), s.text.encoded());
  EXPECT_TRUE(s.path_edges.empty());
}

TEST(SelectionOnSystem, X64OffFollowsTheX32Lattice) {
  const Selection on = selected(CompiledSystem({System::jax, Mode::standard, true}), {"uint32", "int32"});
  const Selection off = selected(CompiledSystem({System::jax, Mode::standard, false}), {"uint32", "int32"});
  EXPECT_EQ(on.join, "int64");
  EXPECT_EQ(off.join, "int32");
  EXPECT_EQ(off.path_edges, (Edges{{"uint32", "int32"}}));
}

TEST(SelectionOnSystem, TableSystemsJoinWithoutPathsAndFoldFromTheLeft) {
  const CompiledSystem numpy({System::numpy_2021, Mode::standard, true});
  const Selection s = selected(numpy, {"int8", "uint8"});
  EXPECT_EQ(s.join, "int16");
  EXPECT_TRUE(s.path_edges.empty());  // a table has no drawn graph
  // NumPy's non-associative triple: the selection is result_type's left fold, as `promote` prints it.
  const Selection triple = selected(numpy, {"int8", "uint8", "float16"});
  const std::array<Dtype, 3> dtypes{Dtype::int8, Dtype::uint8, Dtype::float16};
  EXPECT_EQ(triple.join, std::string(dtype_name(*result_type(dtypes, numpy.options()))));
}

// A selection is a set, as the app's clicks make it: in Keras's table int64 with itself is int32, yet selecting
// int64 twice is selecting int64 once. promote's pair keeps the cell, and its reason says the type is not kept.
TEST(SelectionOnSystem, ANameGivenTwiceIsSelectedOnce) {
  const CompiledSystem keras({System::keras, Mode::standard, true});
  const Selection twice = selected(keras, {"int64", "int64"});
  EXPECT_EQ(twice.join, "int64");
  EXPECT_EQ(render(twice.reason), "int64: a type with itself is itself");
  const Selection pair = selected(keras, {"int64", "int8", "int64"});
  EXPECT_EQ(pair.join, std::string(dtype_name(*promote_types(Dtype::int64, Dtype::int8, keras.options()))));
  EXPECT_EQ(*promote_types(Dtype::int64, Dtype::int64, keras.options()), Dtype::int32);
  EXPECT_EQ(render(join_reason_message(Dtype::int64, Dtype::int64, Dtype::int32, keras.options())),
            "int32: int64 with itself is int32 in Keras's table, which does not keep a type's own type");
}

TEST(SelectionOnSystem, NothingSelectedAndUnknownNames) {
  const CompiledSystem jax({});
  const Selection none = selected(jax, {});
  EXPECT_EQ(render(none.text), "join: none (nothing selected)");
  EXPECT_EQ(none.explanation.encoded(), none.text.encoded());
  EXPECT_FALSE(none.join.has_value());
  // A graph's empty selection says the same, as the JS handles' select([]) of either kind does.
  const Selection on_graph = selected(lattice_file("lattice_diamond.json"), {});
  EXPECT_EQ(on_graph.text.encoded(), none.text.encoded());
  EXPECT_EQ(on_graph.explanation.encoded(), none.explanation.encoded());
  const Result<Selection> typo = select(jax, Names{"flaot16", "int8"});
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::unknown_name);
  EXPECT_EQ(typo.error().message, parse_dtype("flaot16").error().message);
}

TEST(SelectionOnGraph, DiamondJoinsAtTheTopWithBothPaths) {
  const Lattice diamond = lattice_file("lattice_diamond.json");
  const Selection s = selected(diamond, {"a", "b"});
  EXPECT_EQ(s.join, "top");
  EXPECT_EQ(render(s.text), "join: top");
  EXPECT_EQ(s.path_edges, (Edges{{"a", "top"}, {"b", "top"}}));
  const Selection one = selected(diamond, {"bottom"});
  EXPECT_EQ(one.join, "bottom");
  EXPECT_TRUE(one.path_edges.empty());
}

TEST(SelectionOnGraph, CompetingBoundsOfThePairAreCheckCounterexampleText) {
  const Lattice competing = lattice_file("lattice_competing.json");
  const Selection s = selected(competing, {"a", "b"});
  EXPECT_FALSE(s.join.has_value());
  EXPECT_EQ(s.minimal_upper_bounds, (Names{"c", "d"}));
  EXPECT_TRUE(s.cycle.empty());
  // The file's counterexample is this pair: the line is what `typelattice check` prints for the file.
  const auto violation = competing.check();
  ASSERT_TRUE(violation.has_value());
  EXPECT_EQ(render(s.text), render(competing.describe(*violation)));
  // Three nodes: join_on_graph's sentence, which names the competitors too.
  const Selection three = selected(competing, {"a", "b", "a"});
  EXPECT_NE(render(three.text).find("c and d"), std::string::npos) << render(three.text);
}

TEST(SelectionOnGraph, BoundsOnACycleAreNamedWithTheCycle) {
  const Lattice cycle = lattice_file("lattice_cycle.json");
  const Selection s = selected(cycle, {"a", "b"});
  EXPECT_FALSE(s.join.has_value());
  EXPECT_EQ(s.minimal_upper_bounds, (Names{"a", "b", "c"}));
  ASSERT_GE(s.cycle.size(), 4u);
  EXPECT_EQ(s.cycle.front(), s.cycle.back());
  for (std::size_t i = 0; i + 1 < s.cycle.size(); ++i)
    EXPECT_TRUE(std::find(cycle.edges().begin(), cycle.edges().end(),
                          std::pair{*cycle.find(s.cycle[i]), *cycle.find(s.cycle[i + 1])}) != cycle.edges().end())
        << s.cycle[i] << " -> " << s.cycle[i + 1] << " is not an edge";
  EXPECT_NE(render(s.text).find("cycle"), std::string::npos) << render(s.text);
  EXPECT_EQ(selected(cycle, {"c", "d"}).join, "d");  // d hangs off the cycle: a join all the same
}

TEST(SelectionOnGraph, UnknownNodeIsTheCoresDidYouMean) {
  const Lattice diamond = lattice_file("lattice_diamond.json");
  const Result<Selection> s = select(diamond, Names{"a", "tpo"});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind, ErrorKind::unknown_name);
  EXPECT_EQ(s.error().message, find_node(diamond, "tpo").error().message);
  EXPECT_EQ(s.error().suggestions.front(), "top");
}

TEST(SelectionOnGraph, DesignStageWithCompetingBounds) {
  for (const LatticePreset& p : design_presets()) {
    if (p.name != "int-float-double-width") continue;
    const Lattice stage = *Lattice::from_graph(p.graph);
    const Selection s = selected(stage, {"uint8", "int8"});
    EXPECT_FALSE(s.join.has_value());
    EXPECT_EQ(s.minimal_upper_bounds.size(), 2u);
    return;
  }
  FAIL() << "no int-float-double-width stage";
}

// Every pair of every system: the compiled table is promote_types; for jax it is also the lattice's own least
// upper bound (result_type joins the set on the lattice, without the table).
TEST(CompiledSystem, JoinTableIsPromoteTypesForEveryPair) {
  for (const PromotionOptions& options : kAllOptions) {
    const CompiledSystem system(options);
    const auto cells = system.join_cells();
    ASSERT_EQ(cells.size(), static_cast<std::size_t>(kDtypeCount * kDtypeCount));
    for (int a = 0; a < kDtypeCount; ++a) {
      for (int b = 0; b < kDtypeCount; ++b) {
        const auto da = static_cast<Dtype>(a), db = static_cast<Dtype>(b);
        const Result<Dtype> promoted = promote_types(da, db, options);
        const std::uint8_t cell = cells[static_cast<std::size_t>(a * kDtypeCount + b)];
        SCOPED_TRACE(std::string(system_name(options.system)) + " " + std::string(mode_name(options.mode)) +
                     (options.x64 ? "" : " x64 off") + ": " + std::string(dtype_name(da)) + ", " +
                     std::string(dtype_name(db)));
        if (promoted.ok())
          EXPECT_EQ(cell, static_cast<std::uint8_t>(*promoted));
        else
          EXPECT_EQ(cell, CompiledSystem::kNoPromotion);
        if (options.system == System::jax) {
          const std::array<Dtype, 2> pair{da, db};
          const Result<Dtype> on_lattice = result_type(pair, options);
          EXPECT_EQ(on_lattice.ok(), promoted.ok());
          if (on_lattice.ok() && promoted.ok()) {
            EXPECT_EQ(*on_lattice, *promoted);
          }
        }
      }
    }
  }
}

TEST(CompiledSystem, HasTheSystemsTypesAndLattice) {
  for (const PromotionOptions& options : kAllOptions) {
    const CompiledSystem system(options);
    EXPECT_EQ(system.dtypes(), system_dtypes(options));
    EXPECT_EQ(system.graph().has_value(), options.system == System::jax);
    EXPECT_EQ(system.lattice().has_value(), options.system == System::jax);
  }
}
