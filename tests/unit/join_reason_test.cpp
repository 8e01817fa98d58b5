// Join reasons: holds_every_value against the values themselves (every code of every format up to 16 bits cast
// into the other type and back, integer ranges at their ends), and the sentences for the cases the docs explain.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "typelattice/join_reason.h"
#include "typelattice/minifloat.h"
#include "typelattice/selection.h"

namespace {

using namespace typelattice;

bool is_int(Dtype d) {
  const DtypeKind k = dtype_info(d).kind;
  return k == DtypeKind::signed_int || k == DtypeKind::unsigned_int;
}

// Whether v is a value of type `into`, by casting it there and back (integers by their range). long double
// (64 significant bits on x86-64) holds 2^64 − 1, which a double cannot.
bool is_value_of(Dtype into, long double v) {
  const DtypeInfo& j = dtype_info(into);
  if (j.kind == DtypeKind::boolean) return v == 0 || v == 1;
  if (is_int(into)) {
    if (v != std::trunc(v)) return false;
    const long double lo = j.kind == DtypeKind::signed_int ? -std::ldexp(1.0L, j.bits - 1) : 0.0L;
    const long double hi = std::ldexp(1.0L, j.kind == DtypeKind::signed_int ? j.bits - 1 : j.bits);  // exclusive
    return v >= lo && v < hi;
  }
  if (static_cast<long double>(static_cast<double>(v)) != v) return false;  // more bits than any float type has
  if (into == Dtype::float64 || into == Dtype::complex128) return true;
  const std::optional<Format> f = format_of(into == Dtype::complex64   ? Dtype::float32
                                            : into == Dtype::complex32 ? Dtype::float16
                                                                       : into);
  if (!f) return false;
  CastOptions nosat;
  nosat.saturate = false;
  nosat.round = RoundMode::nearest_even;
  const double back = decode_to_float64(*f, encode(*f, static_cast<double>(v), nosat));
  return back == static_cast<double>(v);
}

// Values of x: every finite code of a format up to 16 bits; a stride of float32's codes with its extremes;
// float64's extremes; integers: all of them up to 16 bits, else the ends of the range and 2^k − 1.
std::vector<long double> values_of(Dtype x) {
  const DtypeInfo& v = dtype_info(x);
  std::vector<long double> out;
  if (v.kind == DtypeKind::boolean) return {0.0, 1.0};
  if (is_int(x)) {
    const bool s = v.kind == DtypeKind::signed_int;
    const int m = s ? v.bits - 1 : v.bits;
    if (v.bits <= 16) {
      for (double i = s ? -std::ldexp(1.0, m) : 0; i < std::ldexp(1.0, m); ++i) out.push_back(i);
    } else {
      out = {std::ldexp(1.0L, m) - 1, std::ldexp(1.0L, m - 1) + 1, 0.0L};
      if (s) out.push_back(-std::ldexp(1.0L, m));
    }
    return out;
  }
  const Dtype real = x == Dtype::complex32    ? Dtype::float16
                     : x == Dtype::complex64  ? Dtype::float32
                     : x == Dtype::complex128 ? Dtype::float64
                                              : x;
  if (real == Dtype::float64) return {1.7976931348623157e308, 0x1p-1074, 1 + 0x1p-52, -0x1p-1022};
  const Format f = *format_of(real);
  const std::uint64_t codes = std::uint64_t{1} << format_spec(f).total_bits();
  const std::uint64_t step = codes > 65536 ? 65537 : 1;
  for (std::uint64_t c = 0; c < codes; c += step) {
    const double d = decode_to_float64(f, static_cast<std::uint32_t>(c));
    if (std::isfinite(d)) out.push_back(d);
  }
  if (real == Dtype::float32) {
    for (float e : {3.4028234663852886e38f, 1e-45f, 1.0f + 0x1p-23f, 1.1754942e-38f}) out.push_back(e);
  }
  return out;
}

TEST(JoinReason, HoldsEveryValueAgreesWithTheValuesThemselves) {
  for (const DtypeInfo& into : all_dtypes()) {
    for (const DtypeInfo& x : all_dtypes()) {
      if (into.weak || x.weak) {
        EXPECT_FALSE(holds_every_value(into.id, x.id));
        continue;
      }
      if (x.kind == DtypeKind::complex_floating && into.kind != DtypeKind::complex_floating) {
        EXPECT_FALSE(holds_every_value(into.id, x.id)) << into.name << " " << x.name;  // no imaginary part
        continue;
      }
      bool all = true;
      for (long double v : values_of(x.id)) all = all && is_value_of(into.id, v);
      EXPECT_EQ(holds_every_value(into.id, x.id), all) << into.name << " holds every " << x.name << " value?";
    }
  }
}

std::string reason(const char* a, const char* b, PromotionOptions o = {}) {
  const Dtype x = *parse_dtype(a), y = *parse_dtype(b);
  const Result<Dtype> j = promote_types(x, y, o);
  EXPECT_TRUE(j.ok()) << a << " " << b;
  return j.ok() ? join_reason(x, y, *j, o) : std::string();
}

TEST(JoinReason, TheSentencesTheDocsExplain) {
  EXPECT_EQ(reason("int8", "uint8"),
            "int16: the smallest type in JAX's lattice that holds every int8 value (−128…127) and every uint8 value "
            "(0…255)");
  EXPECT_EQ(reason("int64", "uint64"),
            "f*: no integer type holds every int64 value (−2^63…2^63−1) and every uint64 value (0…2^64−1); f* is the "
            "least type both int64 and uint64 promote to in JAX's lattice, though it does not hold every value of "
            "both (f* becomes float64 with x64 on, float32 with it off)");
  EXPECT_EQ(reason("float16", "bfloat16"),
            "float32: the smallest type in JAX's lattice that holds every float16 value and every bfloat16 value; "
            "neither holds the other: bfloat16 has the range (8 exponent bits against 5, max about 2^128 against "
            "65504), float16 the precision (11 significand bits against 8, epsilon 2^-10 against 2^-7)");
  EXPECT_EQ(reason("int32", "float16"),
            "float16: int32 promotes to float16 in JAX's lattice, although float16 does not hold every int32 value "
            "(−2^31…2^31−1): an integer never widens a floating type in JAX");
  EXPECT_EQ(reason("int8", "float16"), "float16: float16 holds every int8 value (−128…127)");
  EXPECT_EQ(reason("i*", "uint8"),
            "uint8: i* is a Python scalar (a weak type): it takes the type of uint8, whose kind is the same or higher");
  EXPECT_EQ(reason("float32", "float32"), "float32: a type with itself is itself");
  PromotionOptions numpy;
  numpy.system = System::numpy_2021;
  EXPECT_EQ(reason("int16", "float16", numpy),
            "float32: the smallest type in NumPy 1's table that holds every int16 value (−32768…32767) and every "
            "float16 value");
}

// With x64 off a join is moved exactly where the two settings give different joins (uint32 with int8, int16 or
// int32: int32 against int64), and the sentence says from what; every other x64-off join says nothing of x64.
TEST(JoinReason, X64OffSaysWhereItMovedTheJoin) {
  const PromotionOptions on{System::jax, Mode::standard, true}, off{System::jax, Mode::standard, false};
  EXPECT_EQ(reason("uint32", "int32", off),
            "int32: x64 off moved this join from int64: JAX's lattice for x64 off has uint32 -> int32, not uint32 -> "
            "int64");
  int moved = 0;
  for (Dtype a : system_dtypes(off)) {
    for (Dtype b : system_dtypes(off)) {
      const Result<Dtype> j = promote_types(a, b, off), wide = promote_types(a, b, on);
      if (!j || !wide) continue;
      const std::string r = join_reason(a, b, *j, off);
      const bool differ = *j != *wide;
      moved += differ;
      EXPECT_EQ(r.find("x64 off moved this join from " + std::string(dtype_name(*wide)) + ":") != std::string::npos,
                differ)
          << r;
      EXPECT_EQ(r.find("x64 off moved") != std::string::npos, differ) << r;
    }
  }
  EXPECT_EQ(moved, 6);
}

// Every pair of every system with a result gets a sentence that names the result first, and each claim it makes
// is one the checked holds_every_value agrees with.
TEST(JoinReason, EveryPairOfEverySystemHasATrueSentence) {
  std::vector<PromotionOptions> all;
  for (System s : {System::jax, System::numpy_2021, System::torch_2021, System::tensorflow_2021, System::jax_lax}) all.push_back({s});
  all.push_back({System::jax, Mode::strict, true});
  all.push_back({System::jax, Mode::standard, false});
  int sentences = 0;
  for (const PromotionOptions& o : all) {
    const std::vector<Dtype> types = system_dtypes(o);
    for (Dtype a : types) {
      for (Dtype b : types) {
        const Result<Dtype> j = promote_types(a, b, o);
        if (!j) continue;
        const std::string r = join_reason(a, b, *j, o);
        const std::string head = std::string(dtype_name(*j)) + ": ";
        ASSERT_EQ(r.rfind(head, 0), 0U) << r;
        ++sentences;
        const Dtype concrete = concrete_type(*j, o.x64);
        const bool says_holds_both = r.find("that holds every") != std::string::npos;
        if (says_holds_both) {
          EXPECT_TRUE(holds_every_value(concrete, a) && holds_every_value(concrete, b)) << r;
        }
        // Two floating types whose join holds both say why neither holds the other exactly when neither does.
        if (says_holds_both && dtype_info(a).kind == DtypeKind::floating && dtype_info(b).kind == DtypeKind::floating) {
          EXPECT_EQ(r.find("; neither holds the other: ") != std::string::npos,
                    !holds_every_value(a, b) && !holds_every_value(b, a))
              << r;
        }
        if (r.find("does not hold every") != std::string::npos) {
          EXPECT_FALSE(holds_every_value(concrete, a) && holds_every_value(concrete, b)) << r;
        }
        if (r.find("the smallest type") != std::string::npos) {
          for (Dtype d : types) {
            if (d != concrete && dtype_info(d).bits < dtype_info(concrete).bits) {
              EXPECT_FALSE(holds_every_value(d, a) && holds_every_value(d, b)) << r << " (" << dtype_name(d) << ")";
            }
          }
        }
      }
    }
  }
  EXPECT_GT(sentences, 1000);
}

TEST(JoinReason, ASelectionOnAGraphSaysWhichPathsLeadToItsJoin) {
  Graph g{{"a", "b", "c", "top"}, {{"a", "c"}, {"b", "c"}, {"c", "top"}}};
  const Lattice l = std::move(Lattice::from_graph(g)).value();
  const std::vector<std::string> pair{"a", "b"};
  EXPECT_EQ(render(select(l, pair)->reason), "c: the least node that a and b both promote to in this graph (a → c; b → c)");
  const std::vector<std::string> one{"top"};
  EXPECT_EQ(render(select(l, one)->reason), "top: the only node selected");
}

}  // namespace
