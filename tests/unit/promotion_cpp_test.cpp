// The `cpp` system: C++23's usual arithmetic conversions ([conv.rank], [expr.arith.conv]) on x86-64 Linux with
// <stdfloat>'s types, and C++'s typed literals. Expected answers are worked out from the standard's rules;
// tests/conformance/cpp_arith_conversions.py asks g++ and clang++ for every cell they can write.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "promotion_test_util.h"
#include "typelattice/compare.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;
using promotion_test::compared;

const PromotionOptions kCpp{System::cpp};

D cpp_join(D a, D b) { return *promote_types(a, b, kCpp); }


TEST(CppSystem, IntegerPromotionsAndTheUnsignedRules) {
  EXPECT_EQ(cpp_join(D::int8, D::uint8), D::int32);     // both promote to int
  EXPECT_EQ(cpp_join(D::bool_, D::bool_), D::int32);
  EXPECT_EQ(cpp_join(D::uint32, D::int32), D::uint32);  // equal rank: the unsigned one
  EXPECT_EQ(cpp_join(D::int64, D::uint32), D::int64);   // long holds every unsigned int
  EXPECT_EQ(cpp_join(D::uint64, D::int64), D::uint64);
}

TEST(CppSystem, FloatingConversionRanks) {
  EXPECT_EQ(cpp_join(D::uint64, D::bfloat16), D::bfloat16);  // a floating operand wins, whatever its width
  EXPECT_EQ(cpp_join(D::int64, D::float16), D::float16);
  EXPECT_EQ(cpp_join(D::bfloat16, D::float32), D::float32);  // bfloat16's values are a proper subset of float32's
  EXPECT_EQ(cpp_join(D::float16, D::float64), D::float64);
  EXPECT_EQ(cpp_join(D::bfloat16, D::bfloat16), D::bfloat16);
}

// Unordered ranks: the pair is refused (exit 1 in the CLI, like every refusal) in the standard's words, both ways.
TEST(CppSystem, Float16WithBfloat16IsIllFormed) {
  for (const auto& [a, b] : {std::pair{D::float16, D::bfloat16}, std::pair{D::bfloat16, D::float16}}) {
    const auto r = promote_types(a, b, kCpp);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind, ErrorKind::promotion);
    const std::string& m = r.error().message;
    EXPECT_NE(m.find("is ill-formed in C++23"), std::string::npos) << m;
    EXPECT_NE(m.find("[conv.rank]"), std::string::npos) << m;
    EXPECT_NE(m.find("[expr.arith.conv] 7.4"), std::string::npos) << m;
    EXPECT_NE(m.find("Otherwise, the expression is ill-formed."), std::string::npos) << m;
  }
  const std::vector<Dtype> three{D::int8, D::float16, D::bfloat16};
  EXPECT_FALSE(result_type(three, kCpp).ok());
}

// What a user of the CLI sees: the answer, or the refusal on stderr with exit 1, as for every system.
TEST(CppSystem, TheCliPromotesAndRefuses) {
  const auto ok = promotion_test::run_cli({"promote", "--system", "cpp", "uint32", "int32"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "uint32\n");
  const auto refused = promotion_test::run_cli({"promote", "--system", "cpp", "float16", "bfloat16"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find("std::float16_t + std::bfloat16_t is ill-formed in C++23"), std::string::npos)
      << refused.err;
}

TEST(CppSystem, LiteralsHaveTheirOwnTypes) {
  EXPECT_EQ(compared(System::cpp, {"uint8", "300"}), "int32");
  EXPECT_EQ(compared(System::cpp, {"uint32", "3000000000"}), "int64");   // no int holds it: long
  EXPECT_EQ(compared(System::cpp, {"bfloat16", "1.5"}), "float64");      // 1.5 is a double
  EXPECT_EQ(compared(System::cpp, {"float16", "1"}), "float16");
  EXPECT_EQ(compared(System::cpp, {"True"}), "bool");                    // true is a bool in C++, an int in C
  EXPECT_EQ(compared(System::cpp, {"True", "True"}), "int32");
  const std::string complex = compared(System::cpp, {"float32", "1j"});
  EXPECT_NE(complex.find("no complex literal"), std::string::npos) << complex;
  const std::string huge = compared(System::cpp, {"int64", "100000000000000000000"});
  EXPECT_NE(huge.find("too large for long"), std::string::npos) << huge;
  const CompareRow row = compare_in(System::cpp, std::vector<Operand>{*parse_operand("uint8"), *parse_operand("300")});
  EXPECT_NE(render(row.note).find("C++ types the literal 300 as int32"), std::string::npos) << render(row.note);
}

// Like C, C++ is not a join: bool + bool is int. `check` reports the first violation it finds.
TEST(CppSystem, IsNotALattice) {
  const auto v = check_table(kCpp);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->kind, TableViolation::Kind::not_idempotent);
  EXPECT_NE(v->description.find("promote(bool, bool) = int32"), std::string::npos) << v->description;
}

TEST(CppSystem, NamesAndAliases) {
  EXPECT_EQ(*parse_system("cpp"), System::cpp);
  EXPECT_EQ(*parse_system("c++"), System::cpp);
  EXPECT_EQ(system_info(System::cpp).name, "cpp");
  const auto r = promote_types(D::complex64, D::float32, kCpp);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("complex64 is not in the cpp promotion table"), std::string::npos)
      << r.error().message;
}

}  // namespace
