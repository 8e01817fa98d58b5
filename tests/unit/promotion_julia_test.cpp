// The `julia` system: Julia Base's promote_type. Julia does not run here (Debian 12 ships no julia), so the table is
// checked against a second derivation: Base's promote_rule methods written down as the source has them
// (base/bool.jl, base/int.jl, base/float.jl, base/complex.jl; system_list.h cites the commits) and promote_type's
// own algorithm over them (base/promotion.jl: ask the rule both ways, take the one that is defined, and promote
// again if both are and differ).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "promotion_test_util.h"
#include "typelattice/compare.h"
#include "typelattice/compiled_system.h"
#include "typelattice/promotion.h"

namespace {

using namespace typelattice;
using D = Dtype;
using promotion_test::compared;

const PromotionOptions kJulia{System::julia};

const std::vector<D> kSigned{D::int8, D::int16, D::int32, D::int64};
const std::vector<D> kUnsigned{D::uint8, D::uint16, D::uint32, D::uint64};
const std::vector<D> kFloats{D::float16, D::float32, D::float64};

bool among(D d, const std::vector<D>& set) { return std::find(set.begin(), set.end(), d) != set.end(); }

// Complex{T}'s T, or nullopt for a real type.
std::optional<D> complex_part(D d) {
  if (d == D::complex32) return D::float16;
  if (d == D::complex64) return D::float32;
  if (d == D::complex128) return D::float64;
  return std::nullopt;
}
D complex_of(D real) { return real == D::float16 ? D::complex32 : real == D::float32 ? D::complex64 : D::complex128; }

D promote_type(D a, D b);

// promote_rule(::Type{A}, ::Type{B}) as Base defines it for these types; nullopt is Union{} (no method).
std::optional<D> promote_rule(D a, D b) {
  // bool.jl: promote_rule(::Type{Bool}, ::Type{T}) where {T<:Number} = T
  if (a == D::bool_) return b;
  // int.jl, "with different sizes, promote to larger type": a wider integer type wins over a narrower one of
  // either sign ...
  const auto width = [](D d) { return dtype_info(d).bits; };
  const bool a_int = among(a, kSigned) || among(a, kUnsigned);
  const bool b_int = among(b, kSigned) || among(b, kUnsigned);
  if (a_int && b_int && width(a) > width(b)) return a;
  // ... and "with mixed signedness and same size, Unsigned wins" (UInt8 with Int8 is UInt8).
  if (among(a, kUnsigned) && among(b, kSigned) && width(a) == width(b)) return a;
  // float.jl: promote_rule(::Type{$t1}, ::Type{$st}) = $t1 for Int8..Int64 and Bool, UInt8..UInt64.
  if (among(a, kFloats) && (b_int || b == D::bool_)) return a;
  // float.jl, "floating point promotions": Float32 over Float16, Float64 over both.
  if (among(a, kFloats) && among(b, kFloats) && width(a) > width(b)) return a;
  // complex.jl: Complex{T} with a real S, or with Complex{S}, is Complex{promote_type(T, S)}.
  if (const auto t = complex_part(a)) return complex_of(promote_type(*t, complex_part(b).value_or(b)));
  return std::nullopt;
}

// promotion.jl: promote_type(T, S) = promote_result(T, S, promote_rule(T, S), promote_rule(S, T)).
D promote_type(D a, D b) {
  if (a == b) return a;
  const std::optional<D> ab = promote_rule(a, b);
  const std::optional<D> ba = promote_rule(b, a);
  EXPECT_TRUE(ab || ba) << "no promote_rule for " << dtype_name(a) << ", " << dtype_name(b);
  if (ab && ba && *ab != *ba) return promote_type(*ab, *ba);
  return ab ? *ab : ba.value_or(a);
}

TEST(JuliaSystem, EveryCellIsPromoteTypeOverBasesRules) {
  const std::vector<D> types{D::bool_,   D::uint8,   D::uint16,  D::uint32,    D::uint64,    D::int8,
                             D::int16,   D::int32,   D::int64,   D::float16,   D::float32,   D::float64,
                             D::complex32, D::complex64, D::complex128};
  const CompiledSystem julia(kJulia);
  ASSERT_EQ(julia.dtypes().size(), types.size());
  for (D a : types)
    for (D b : types) {
      const auto r = promote_types(a, b, kJulia);
      ASSERT_TRUE(r.ok()) << dtype_name(a) << " " << dtype_name(b);
      EXPECT_EQ(*r, promote_type(a, b)) << dtype_name(a) << " " << dtype_name(b);
    }
}

// What people porting between Julia and NumPy meet: same-width mixed sign is unsigned, an integer never widens a
// float (Int64 + Float16 is Float16), and the rules form a lattice.
TEST(JuliaSystem, TheCellsPortersMeet) {
  EXPECT_EQ(*promote_types(D::int8, D::uint8, kJulia), D::uint8);
  EXPECT_EQ(*promote_types(D::int64, D::uint64, kJulia), D::uint64);
  EXPECT_EQ(*promote_types(D::int64, D::uint32, kJulia), D::int64);
  EXPECT_EQ(*promote_types(D::int64, D::float16, kJulia), D::float16);
  EXPECT_EQ(*promote_types(D::complex32, D::float64, kJulia), D::complex128);
  EXPECT_FALSE(check_table(kJulia).has_value());
  const auto cli = promotion_test::run_cli({"check", "--system", "julia"});
  EXPECT_EQ(cli.exit_code, 0) << cli.out << cli.err;
  // No weak types: i* is not Julia's, and the refusal says which types are.
  const auto weak = promote_types(D::weak_int, D::int8, kJulia);
  ASSERT_FALSE(weak.ok());
  EXPECT_NE(weak.error().message.find("i* is not in the julia promotion table"), std::string::npos)
      << weak.error().message;
  EXPECT_FALSE(promote_types(D::bfloat16, D::float32, kJulia).ok());  // BFloat16s.jl's, not Base's
}

// A literal has its own type: 300 is an Int64 and 1.5 a Float64, so they widen a narrower array's type.
TEST(JuliaSystem, LiteralsAreTyped) {
  EXPECT_EQ(compared(System::julia, {"uint8", "300"}), "int64");
  EXPECT_EQ(compared(System::julia, {"uint64", "1"}), "uint64");
  EXPECT_EQ(compared(System::julia, {"float32", "1.5"}), "float64");
  EXPECT_EQ(compared(System::julia, {"float16", "2"}), "float16");
  EXPECT_EQ(compared(System::julia, {"complex64", "1.5"}), "complex128");
  EXPECT_EQ(compared(System::julia, {"int8", "True"}), "int8");
  EXPECT_EQ(compared(System::julia, {"True", "False"}), "bool");
  const std::string huge = compared(System::julia, {"int64", "99999999999999999999"});
  EXPECT_NE(huge.find("Int128 or a BigInt"), std::string::npos) << huge;
  const CompareRow row = compare_in(System::julia, promotion_test::operands({"uint8", "300"}));
  EXPECT_NE(render(row.note).find("Julia types the literal 300 as int64"), std::string::npos) << render(row.note);
}

}  // namespace
