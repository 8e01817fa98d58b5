// The `tfjs` and `jax-js` systems: TensorFlow.js's upcastType and jax-js's promoteTypes, each a chain of its
// dtypes, and what each does with a JS number or boolean. Expected answers are worked out from the libraries' rules
// (a chain: the higher rank wins); tests/conformance/js_frameworks.test.mjs asks the npm packages for every cell.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "promotion_test_util.h"
#include "typelattice/compare.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;
using promotion_test::compared;

// Every pair of a chain joins to the later of the two, in both orders.
void expect_chain(System s, const std::vector<D>& chain) {
  for (std::size_t i = 0; i < chain.size(); ++i)
    for (std::size_t j = 0; j < chain.size(); ++j) {
      const auto r = promote_types(chain[i], chain[j], PromotionOptions{s});
      ASSERT_TRUE(r.ok()) << dtype_name(chain[i]) << " " << dtype_name(chain[j]);
      EXPECT_EQ(*r, chain[std::max(i, j)]) << dtype_name(chain[i]) << " " << dtype_name(chain[j]);
    }
}

TEST(TfjsSystem, UpcastTypeIsAChain) {
  expect_chain(System::tfjs, {D::bool_, D::int32, D::float32, D::complex64});  // bool + bool stays bool
}

TEST(TfjsSystem, JsValuesAreFloat32AndBoolTensors) {
  EXPECT_EQ(compared(System::tfjs, {"int32", "3"}), "float32");  // convertToTensor: a number is float32
  EXPECT_EQ(compared(System::tfjs, {"3", "bool"}), "float32");
  EXPECT_EQ(compared(System::tfjs, {"bool", "True"}), "bool");
  EXPECT_EQ(compared(System::tfjs, {"int32", "True"}), "int32");
  EXPECT_EQ(compared(System::tfjs, {"complex64", "1.5"}), "complex64");
  const std::string complex = compared(System::tfjs, {"float32", "1j"});
  EXPECT_NE(complex.find("JavaScript has no complex number"), std::string::npos) << complex;
  const CompareRow row = compare_in(System::tfjs, promotion_test::operands({"int32", "300"}));
  EXPECT_NE(render(row.note).find("TensorFlow.js makes the JS number 300 a float32 tensor"), std::string::npos)
      << render(row.note);
}

TEST(JaxJsSystem, PromoteTypesIsAChain) {
  expect_chain(System::jax_js, {D::bool_, D::uint32, D::int32, D::float16, D::float32, D::float64});
}

// promoteAvals: a weak operand with a strong one gives promoteTypes(strong, uint32); two weak ones stay weak.
TEST(JaxJsSystem, AJsNumberIsAWeakFloat32) {
  const PromotionOptions o{System::jax_js};
  for (D d : {D::uint32, D::int32, D::float16, D::float32, D::float64}) {
    EXPECT_EQ(*promote_types(d, D::weak_float, o), d) << dtype_name(d);
    EXPECT_EQ(*promote_types(D::weak_float, d, o), d) << dtype_name(d);
  }
  EXPECT_EQ(*promote_types(D::bool_, D::weak_float, o), D::uint32);
  EXPECT_EQ(*promote_types(D::weak_float, D::weak_float, o), D::weak_float);
  EXPECT_EQ(compared(System::jax_js, {"int32", "1.5"}), "int32");  // the array's dtype, not a float
  EXPECT_EQ(compared(System::jax_js, {"bool", "3"}), "uint32");
  EXPECT_EQ(compared(System::jax_js, {"True", "float16"}), "float16");  // a boolean is a strong bool
  EXPECT_EQ(compared(System::jax_js, {"True", "3"}), "uint32");
  const std::string complex = compared(System::jax_js, {"float32", "1j"});
  EXPECT_NE(complex.find("jax-js has no complex dtype"), std::string::npos) << complex;
  const CompareRow row = compare_in(System::jax_js, promotion_test::operands({"bool", "300"}));
  EXPECT_NE(render(row.note).find("jax-js makes the JS number 300 a weakly typed float32"), std::string::npos)
      << render(row.note);
}

// Both are lattices: chains, with jax-js's weak float32 below uint32 beside bool.
TEST(JsSystems, AreLattices) {
  EXPECT_FALSE(check_table(PromotionOptions{System::tfjs}).has_value());
  EXPECT_FALSE(check_table(PromotionOptions{System::jax_js}).has_value());
}

TEST(JsSystems, NamesAndTheDtypesOutsideTheirSets) {
  EXPECT_EQ(*parse_system("tfjs"), System::tfjs);
  EXPECT_EQ(*parse_system("tensorflow-js"), System::tfjs);
  EXPECT_EQ(*parse_system("jax-js"), System::jax_js);
  EXPECT_EQ(*parse_system("jaxjs"), System::jax_js);
  const auto u8 = promote_types(D::uint8, D::int32, PromotionOptions{System::tfjs});
  ASSERT_FALSE(u8.ok());
  EXPECT_NE(u8.error().message.find("uint8 is not in the tfjs promotion table"), std::string::npos)
      << u8.error().message;
  const auto bf = promote_types(D::bfloat16, D::float32, PromotionOptions{System::jax_js});
  ASSERT_FALSE(bf.ok());
  EXPECT_NE(bf.error().message.find("bfloat16 is not in the jax-js promotion table"), std::string::npos)
      << bf.error().message;
  const auto cli = promotion_test::run_cli({"promote", "--system", "tfjs", "int8", "int32"});
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_NE(cli.err.find("int8 is not in the tfjs promotion table"), std::string::npos) << cli.err;
}

}  // namespace
