// The table systems (NumPy, PyTorch, TensorFlow, jax.lax): which laws they break and how; the JAX graph itself;
// the design document's stages with the lattice status the document argues for each; layouts.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "typelattice/graph_layout.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;

std::set<std::string> names(const std::vector<D>& ds) {
  std::set<std::string> out;
  for (D d : ds) out.emplace(dtype_name(d));
  return out;
}

std::optional<D> join(D a, D b, System s) {
  const auto r = promote_types(a, b, {s, Mode::standard, true});
  return r.ok() ? std::optional<D>(*r) : std::nullopt;
}

TEST(TableSystems, NumpyIsNotAssociativeOnInt8Uint8Float16) {
  const auto v = check_table({System::numpy_2021, Mode::standard, true});
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, TableViolation::Kind::not_associative);
  EXPECT_EQ(names(v->inputs), (std::set<std::string>{"int8", "uint8", "float16"})) << v->description;
  ASSERT_TRUE(v->left && v->right);
  EXPECT_EQ((std::set<std::string>{std::string(dtype_name(*v->left)), std::string(dtype_name(*v->right))}),
            (std::set<std::string>{"float32", "float16"}));
  // The design document's own grouping: (int8 + uint8) + float16 vs int8 + (uint8 + float16).
  EXPECT_EQ(join(*join(D::int8, D::uint8, System::numpy_2021), D::float16, System::numpy_2021), D::float32);
  EXPECT_EQ(join(D::int8, *join(D::uint8, D::float16, System::numpy_2021), System::numpy_2021), D::float16);
  EXPECT_NE(v->description.find("numpy-2021 is not associative"), std::string::npos) << v->description;
}

TEST(TableSystems, TorchIsAssociativeOnArrayTypesButNotWithPythonScalars) {
  const auto v = check_table({System::torch_2021, Mode::standard, true});
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, TableViolation::Kind::not_associative);
  ASSERT_EQ(v->inputs.size(), 3U);
  EXPECT_TRUE(std::any_of(v->inputs.begin(), v->inputs.end(), [](D d) { return dtype_info(d).weak; }));
  const auto [a, b, c] = std::tuple{v->inputs[0], v->inputs[1], v->inputs[2]};
  EXPECT_NE(join(*join(a, b, System::torch_2021), c, System::torch_2021), join(a, *join(b, c, System::torch_2021), System::torch_2021));
  for (D x : system_dtypes({System::torch_2021}))
    for (D y : system_dtypes({System::torch_2021}))
      for (D z : system_dtypes({System::torch_2021})) {
        if (dtype_info(x).weak || dtype_info(y).weak || dtype_info(z).weak) continue;
        const auto xy = join(x, y, System::torch_2021), yz = join(y, z, System::torch_2021);
        const auto l = xy ? join(*xy, z, System::torch_2021) : std::nullopt, r = yz ? join(x, *yz, System::torch_2021) : std::nullopt;
        if (l && r) {
          EXPECT_EQ(l, r) << dtype_name(x) << dtype_name(y) << dtype_name(z);
        }
      }
}

TEST(TableSystems, TensorflowIsNotCommutative) {
  const auto v = check_table({System::tensorflow_2021, Mode::standard, true});
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, TableViolation::Kind::not_commutative);
  ASSERT_EQ(v->inputs.size(), 2U);
  EXPECT_NE(v->left, v->right);
  EXPECT_TRUE(!v->left || !v->right);  // one order promotes, the other is refused
  EXPECT_EQ(join(D::uint8, D::weak_int, System::tensorflow_2021), D::uint8);
  EXPECT_EQ(join(D::weak_int, D::uint8, System::tensorflow_2021), std::nullopt);
}

TEST(TableSystems, JaxLaxRefusesAllMixingButBreaksNoLaw) {
  EXPECT_FALSE(check_table({System::jax_lax, Mode::standard, true}).has_value());
}

TEST(TableSystems, TypesOutsideATableGiveAClearError) {
  const auto r = promote_types(D::float8_e4m3fn, D::float32, {System::numpy_2021});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind, ErrorKind::promotion);
  EXPECT_NE(r.error().message.find("float8_e4m3fn is not in the numpy-2021 promotion table"), std::string::npos);
  EXPECT_EQ(system_dtypes({System::numpy_2021}).size(), 18U);
  EXPECT_FALSE(promotion_graph({System::numpy_2021}).has_value());
}

TEST(TableSystems, ResultTypeFoldsFromTheLeft) {
  const std::vector<D> doc{D::int8, D::uint8, D::float16};
  EXPECT_EQ(*result_type(doc, {System::numpy_2021}), D::float32);
  const std::vector<D> other{D::float16, D::uint8, D::int8};
  EXPECT_EQ(*result_type(other, {System::numpy_2021}), D::float16);
  const std::vector<D> refused{D::int8, D::bfloat16, D::float32};
  EXPECT_FALSE(result_type(refused, {System::numpy_2021}).ok());
}

TEST(Names, SystemsAndModesParseWithSuggestions) {
  for (const SystemInfo& s : all_systems()) EXPECT_EQ(*parse_system(s.name), s.id);
  EXPECT_EQ(*parse_system("pytorch"), System::torch);
  EXPECT_EQ(parse_system("tensorflow").error().suggestions, std::vector<std::string>{"tensorflow-2021"});
  const auto bad = parse_system("nupmy");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().suggestions, std::vector<std::string>{"numpy"});
  EXPECT_EQ(*parse_mode("strict"), Mode::strict);
  EXPECT_FALSE(parse_mode("strickt").ok());
}

Lattice build(const Graph& g) {
  auto l = Lattice::from_graph(g);
  EXPECT_TRUE(l.ok()) << l.error().message;
  return std::move(l).value();
}

TEST(JaxGraph, ItsDocsTypesFormTheDesignDocumentsFinalLatticePlusBool) {
  const Lattice jax = build(*promotion_graph({}));
  auto presets = design_presets();
  const auto final_it = std::find_if(presets.begin(), presets.end(), [](const auto& p) { return p.name == "final"; });
  ASSERT_NE(final_it, presets.end());
  Graph with_bool = final_it->graph;
  with_bool.nodes.push_back("bool");
  with_bool.edges.emplace_back("bool", "i*");
  const Lattice design = build(with_bool);
  ASSERT_EQ(design.size(), 18);
  for (const std::string& a : design.names())
    for (const std::string& b : design.names())
      EXPECT_EQ(jax.promotes_to(*jax.find(a), *jax.find(b)), design.promotes_to(*design.find(a), *design.find(b)))
          << a << " -> " << b;
  EXPECT_FALSE(design.check().has_value());
}

TEST(JaxGraph, WithTheNewerTypesItIsOnlyAPartialLattice) {
  for (const PromotionOptions& o : {PromotionOptions{}, PromotionOptions{System::jax, Mode::standard, false},
                                    PromotionOptions{System::jax, Mode::strict, true}}) {
    const Lattice l = build(*promotion_graph(o));
    EXPECT_EQ(l.size(), kDtypeCount - 1);  // all but PyTorch's complex32
    const auto v = l.check();
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(v->kind, LatticeViolation::Kind::no_upper_bound) << render(l.describe(*v));  // never competing bounds
  }
}

struct PresetStatus {
  const char* name;
  std::optional<LatticeViolation::Kind> violation;
};

TEST(DesignPresets, EachStageHasTheStatusTheDocumentArgues) {
  using K = LatticeViolation::Kind;
  const PresetStatus expected[] = {
      {"python", std::nullopt},                  // int -> float -> complex
      {"categories", K::no_upper_bound},         // four separate chains
      {"numpy-scalar-ints", std::nullopt},       // one chain
      {"python-scalars", K::no_upper_bound},
      {"combined", K::no_upper_bound},           // "partial lattice"
      {"float-complex", K::no_upper_bound},
      {"signed-unsigned", K::no_upper_bound},    // uint64 is left out
      {"int-float-double-width", K::no_least_upper_bound},
      {"option1", K::no_upper_bound},            // int64 and uint64 undefined
      {"option2", K::no_upper_bound},            // uint64 remains unpromotable
      {"option3", K::no_upper_bound},            // "still leaves the uint64 promotion question unanswered"
      {"option3-bfloat16", K::no_upper_bound},
      {"final", std::nullopt},                   // "a true lattice"
  };
  const auto presets = design_presets();
  ASSERT_EQ(presets.size(), std::size(expected));
  for (std::size_t i = 0; i < presets.size(); ++i) {
    EXPECT_EQ(presets[i].name, expected[i].name);
    EXPECT_FALSE(presets[i].title.empty());
    const Lattice l = build(presets[i].graph);
    const auto v = l.check();
    EXPECT_EQ(v ? std::optional<K>(v->kind) : std::nullopt, expected[i].violation)
        << presets[i].name << ": " << (v ? render(l.describe(*v)) : "lattice");
    const auto positions = framed_layout(presets[i].graph, "design-story");
    EXPECT_EQ(positions.size(), presets[i].graph.nodes.size());
  }
}

TEST(DesignPresets, DoubleWidthStageHasInt16AndFloat16CompetingForInt8AndUint8) {
  const auto presets = design_presets();
  const auto it = std::find_if(presets.begin(), presets.end(), [](const auto& p) { return p.name == "int-float-double-width"; });
  ASSERT_NE(it, presets.end());
  const Lattice l = build(it->graph);
  const auto v = l.check();
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ((std::set<std::string>{l.names()[v->a], l.names()[v->b]}), (std::set<std::string>{"int8", "uint8"}));
  std::set<std::string> competing;
  for (NodeId c : v->competing) competing.insert(l.names()[c]);
  EXPECT_EQ(competing, (std::set<std::string>{"int16", "float16"}));
  EXPECT_NE(render(l.describe(*v)).find("have 2 minimal upper bounds, float16 and int16"), std::string::npos)
      << render(l.describe(*v));
}

TEST(DesignPresets, UnsignedStagesLeaveUint64WithoutAnUpperBound) {
  for (const auto& p : design_presets()) {
    if (p.name != "option1" && p.name != "option2" && p.name != "option3" && p.name != "signed-unsigned") continue;
    const Lattice l = build(p.graph);
    EXPECT_TRUE(l.upper_bounds(*l.find("uint64"), *l.find("int64")).empty()) << p.name;
  }
}

TEST(Layout, JaxPositionsAreHandTunedAndInTheUnitBox) {
  const Graph g = *promotion_graph({});
  const auto pos = layout_for(g, "jax");
  ASSERT_EQ(pos.size(), g.nodes.size());
  std::map<std::string, NodePosition> by_name;
  for (const auto& p : pos) {
    EXPECT_GE(p.x, 0.0);
    EXPECT_LE(p.x, 1.0);
    EXPECT_GE(p.y, 0.0);
    EXPECT_LE(p.y, 1.0);
    by_name.emplace(p.name, p);
  }
  // As in the docs figure: promotion runs left to right, bool leftmost, complex128 rightmost of the chain.
  EXPECT_EQ(by_name.at("bool").x, 0.0);
  EXPECT_LT(by_name.at("i*").x, by_name.at("f*").x);
  EXPECT_LT(by_name.at("float32").x, by_name.at("complex128").x);
  EXPECT_LT(by_name.at("complex64").y, by_name.at("float32").y);  // complex row on top
}

TEST(Layout, LayeredLayoutPutsEveryEdgeLeftToRight) {
  for (const auto& p : design_presets()) {
    const auto pos = layered_layout(p.graph);
    std::map<std::string, double> x;
    for (const auto& n : pos) {
      x[n.name] = n.x;
      EXPECT_TRUE(n.x >= 0 && n.x <= 1 && n.y >= 0 && n.y <= 1) << p.name << " " << n.name;
    }
    for (const auto& [a, b] : p.graph.edges) EXPECT_LT(x[a], x[b]) << p.name << " " << a << " -> " << b;
  }
  // Unknown preset or positions that do not cover the graph: layered.
  Graph g{{"a", "b"}, {{"a", "b"}}};
  EXPECT_EQ(layout_for(g, "jax")[0].x, 0.0);
  EXPECT_EQ(layout_for(g, "jax")[1].x, 1.0);
}

}  // namespace
