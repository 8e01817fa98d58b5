// typelattice/compare.h: operands parsed as Python literals or dtypes, and one expression in every system, for
// dtypes and for values (NEP 50's table of changed behaviours, NumPy 1.24's own answers, Triton's scalar rule).
#include "typelattice/compare.h"

#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "promotion_test_util.h"

namespace {

using namespace typelattice;
using D = Dtype;

using promotion_test::compared;
using promotion_test::operands;

TEST(Operands, PythonLiteralsAndDtypes) {
  const auto v = parse_operand("300");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->kind, OperandKind::python_int);
  EXPECT_EQ(v->dtype, D::weak_int);
  EXPECT_EQ(v->magnitude, 300U);
  EXPECT_FALSE(v->negative);
  EXPECT_EQ(parse_operand("-1")->negative, true);
  EXPECT_EQ(parse_operand("+7")->text, "7");
  EXPECT_EQ(parse_operand("-0")->negative, false);
  EXPECT_TRUE(parse_operand("18446744073709551616")->huge);
  EXPECT_FALSE(parse_operand("18446744073709551615")->huge);
  EXPECT_EQ(parse_operand("1.5")->kind, OperandKind::python_float);
  EXPECT_EQ(parse_operand("1.5")->real, 1.5);
  EXPECT_EQ(parse_operand("1e3")->kind, OperandKind::python_float);
  EXPECT_EQ(parse_operand(".5")->real, 0.5);
  EXPECT_EQ(parse_operand("1j")->kind, OperandKind::python_complex);
  EXPECT_EQ(parse_operand("1j")->imag, 1.0);
  const auto z = parse_operand("2-3.5j");
  ASSERT_TRUE(z.ok());
  EXPECT_EQ(z->real, 2.0);
  EXPECT_EQ(z->imag, -3.5);
  EXPECT_EQ(parse_operand("1e-3j")->imag, 0.001);
  EXPECT_EQ(parse_operand("True")->kind, OperandKind::python_bool);
  EXPECT_EQ(parse_operand("True")->dtype, D::bool_);
  EXPECT_EQ(parse_operand("u1")->dtype, D::uint8);
  EXPECT_EQ(parse_operand("f*")->kind, OperandKind::dtype);
  EXPECT_EQ(parse_operand("chalf")->dtype, D::complex32);
}

TEST(Operands, BadTextSaysWhatItIsNot) {
  const auto typo = parse_operand("unit8");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().kind, ErrorKind::unknown_name);
  EXPECT_EQ(typo.error().suggestions.front(), "uint8");
  for (const char* bad : {"1.2.3", "1e", "-", "j", "1jj", "+-1", "1_000"}) {
    const auto r = parse_operand(bad);
    EXPECT_FALSE(r.ok()) << bad;
  }
  EXPECT_NE(parse_operand("1.2.3").error().message.find("neither a Python number"), std::string::npos);
  // What was typed is echoed escaped, as every message of the core does (typelattice/display_text.h).
  EXPECT_EQ(parse_operand("1\x1b[2J").error().message.find('\x1b'), std::string::npos);
  EXPECT_NE(parse_operand("1\x1b[2J").error().message.find("\\x1B"), std::string::npos);
  EXPECT_FALSE(parse_operand(std::string(300, '1') + "x").ok());  // longer than any name: refused
}

TEST(Compare, DtypesAloneAreEachSystemsTable) {
  for (const SystemInfo& s : all_systems()) {
    const auto ops = operands({"int8", "uint8", "float16"});
    const CompareRow row = compare_in(s.id, ops);
    const std::vector<D> types{D::int8, D::uint8, D::float16};
    const auto want = result_type(types, PromotionOptions{s.id});
    EXPECT_EQ(row.result.has_value(), want.ok()) << s.name;
    if (want.ok() && row.result) {
      EXPECT_EQ(*row.result, *want) << s.name;
    }
  }
  const auto rows = compare(operands({"float16", "bfloat16"}));
  ASSERT_EQ(rows.size(), static_cast<std::size_t>(kSystemCount));
  EXPECT_EQ(rows[0].system, System::jax);
  EXPECT_EQ(*rows[0].result, D::float32);
  EXPECT_EQ(compared(System::triton, {"float16", "bfloat16"}), "float16");
  EXPECT_EQ(compared(System::numpy, {"float16", "bfloat16"}).rfind("TypePromotionError: ", 0), 0U);
}

TEST(Compare, ThreeHundredWithUint8InEverySystem) {
  const std::map<System, std::string> want{
      {System::jax, "uint8"},  // lax._convert_element_type casts the Python int with NumPy's astype (it wraps)
      {System::numpy, "OverflowError: Python integer 300 out of bounds for uint8"},
      {System::torch, "uint8"},
      {System::array_api, "Python int 300 is outside the bounds of uint8: unspecified by the array API standard"},
      {System::triton, "uint8"},
      {System::numpy_2021, "uint16"},
      {System::torch_2021, "uint8"},
      {System::tensorflow_2021, "uint8"},
  };
  for (const auto& [s, result] : want) EXPECT_EQ(compared(s, {"uint8", "300"}), result) << system_name(s);
  EXPECT_EQ(compared(System::numpy, {"300", "uint8"}), "OverflowError: Python integer 300 out of bounds for uint8");
  EXPECT_EQ(compared(System::numpy, {"uint8", "-1"}), "OverflowError: Python integer -1 out of bounds for uint8");
}

TEST(Compare, NumPy2AsNep50sTableOfChangedBehaviours) {
  EXPECT_EQ(compared(System::numpy, {"uint8", "1"}), "uint8");
  EXPECT_EQ(compared(System::numpy, {"uint8", "200"}), "uint8");
  EXPECT_EQ(compared(System::numpy, {"float32", "3e100"}), "float32");
  EXPECT_EQ(compared(System::numpy, {"float32", "3"}), "float32");
  EXPECT_EQ(compared(System::numpy, {"3j", "complex64"}), "complex64");
  EXPECT_EQ(compared(System::numpy, {"float32", "1j"}), "complex64");
  EXPECT_EQ(compared(System::numpy, {"int32", "5j"}), "complex128");
  EXPECT_EQ(compared(System::numpy, {"int8", "uint8", "300"}), "int16");  // int16 holds 300
  EXPECT_EQ(compared(System::numpy, {"bool", "1"}), "int64");
}

TEST(Compare, NumPy1ValueBasedCastingAsNumPy124AnswersIt) {
  // (np.ones(2, dtype=T) + v).dtype with Debian's python3-numpy 1.24.2.
  const std::vector<std::tuple<const char*, const char*, const char*>> cases{
      {"uint8", "300", "uint16"},   {"uint8", "-1", "int16"},        {"int8", "300", "int16"},
      {"int8", "255", "int16"},     {"int8", "1", "int8"},           {"float16", "1e10", "float32"},
      {"float32", "3e100", "float64"}, {"float32", "1j", "complex64"}, {"int8", "1.5", "float64"},
      {"int32", "5j", "complex128"}, {"bool", "1", "int64"},          {"bool", "True", "bool"},
      {"uint8", "18446744073709551615", "uint64"}, {"float16", "1.5", "float16"}, {"float16", "1j", "complex64"},
      {"uint64", "-1", "float64"},  {"int64", "9223372036854775808", "float64"}, {"bool", "1.5", "float64"},
      {"int8", "-129", "int16"},    {"float16", "70000.0", "float32"}, {"float16", "65000.0", "float32"},
      {"float16", "64999.0", "float16"}};
  for (const auto& [t, v, want] : cases) EXPECT_EQ(compared(System::numpy_2021, {t, v}), want) << t << " + " << v;
  EXPECT_NE(compared(System::numpy_2021, {"uint8", "18446744073709551616"}).find("object array"), std::string::npos);
}

TEST(Compare, TritonPicksTheLowestTypeThatHoldsAScalarOfAHigherKind) {
  EXPECT_EQ(compared(System::triton, {"bool", "5"}), "int32");
  EXPECT_EQ(compared(System::triton, {"bool", "-1"}), "int32");
  EXPECT_EQ(compared(System::triton, {"bool", "3000000000"}), "uint32");
  EXPECT_EQ(compared(System::triton, {"bool", "1099511627776"}), "int64");
  EXPECT_EQ(compared(System::triton, {"bool", "9223372036854775808"}), "uint64");
  EXPECT_EQ(compared(System::triton, {"int16", "4.0"}), "float32");
  EXPECT_EQ(compared(System::triton, {"int16", "1e300"}), "float64");
  EXPECT_EQ(compared(System::triton, {"uint8", "1e300"}), "float64");
  EXPECT_EQ(compared(System::triton, {"float16", "1e300"}), "float16");  // same kind: the tensor's dtype
  EXPECT_EQ(compared(System::triton, {"uint8", "300"}), "uint8");
  EXPECT_NE(compared(System::triton, {"float32", "1j"}).find("no complex"), std::string::npos);
  // (int8 + 1.5) + float16 = float32 + float16, but int8 + float16 = float16.
  EXPECT_EQ(compared(System::triton, {"int8", "1.5", "float16"}), "float32");
}

TEST(Compare, JaxAndTorchRefuseOnlyIntsNoInt64Holds) {
  EXPECT_EQ(compared(System::jax, {"uint8", "1180591620717411303424"}),
            "OverflowError: Python int 1180591620717411303424 too large to convert to int64");
  EXPECT_EQ(compared(System::jax, {"float32", "1j"}), "complex64");
  EXPECT_EQ(compared(System::jax, {"300", "1.5"}), "f*");
  EXPECT_EQ(compared(System::torch, {"uint8", "-1"}), "uint8");
  EXPECT_EQ(compared(System::torch, {"float16", "1j"}), "complex32");
  EXPECT_NE(compared(System::torch, {"int8", "18446744073709551615"}).find("outside int64"), std::string::npos);
  EXPECT_EQ(compared(System::array_api, {"int8", "-128"}), "int8");
  EXPECT_EQ(compared(System::array_api, {"int8", "-129"}),
            "Python int -129 is outside the bounds of int8: unspecified by the array API standard");
  EXPECT_NE(compared(System::array_api, {"int8", "1.5"}).find("unspecified by the array API standard"), std::string::npos);
}

TEST(CliCompare, OneLinePerSystemAndExitCodes) {
  const auto r = promotion_test::run_cli({"compare", "uint8", "300"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "jax: uint8\n"
            "numpy: OverflowError: Python integer 300 out of bounds for uint8\n"
            "torch: uint8\n"
            "array-api: Python int 300 is outside the bounds of uint8: unspecified by the array API standard\n"
            "triton: uint8\n"
            "c: int32\n"
            "cpp: int32\n"
            "tfjs: dtype uint8 is not in the tfjs promotion table, whose types are bool, int32, float32, complex64\n"
            "jax-js: dtype uint8 is not in the jax-js promotion table, whose types are bool, uint32, int32, float16, "
            "float32, float64, f*\n"
            "mlx: ValueError: Converting 300 to uint8 would result in overflow.\n"
            "keras: uint8\n"
            "paddle: uint8\n"
            "julia: int64\n"
            "numpy-2021: uint16\n"
            "torch-2021: uint8\n"
            "tensorflow-2021: uint8\n"
            "jax-lax: " + compared(System::jax_lax, {"uint8", "300"}) + "\n");
  const auto typo = promotion_test::run_cli({"compare", "unit8", "300"});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_EQ(typo.out, "");
  EXPECT_NE(typo.err.find("did you mean uint8"), std::string::npos) << typo.err;
  EXPECT_EQ(promotion_test::run_cli({"compare", "1.2.3", "int8"}).exit_code, 2);
  EXPECT_EQ(promotion_test::run_cli({"compare"}).exit_code, 2);
}

// --mode and --x64 reach JAX's row (JAX's docs: strict refuses float32 with int32; x64 off gives int32 for uint32
// with int32); NumPy, without those settings, answers as always.
TEST(CliCompare, ModeAndX64ReachTheSystemsThatHaveThem) {
  const auto strict = promotion_test::run_cli({"compare", "--mode", "strict", "--", "float32", "int32"});
  EXPECT_EQ(strict.exit_code, 0) << strict.err;
  EXPECT_TRUE(strict.out.starts_with("jax: TypePromotionError: ")) << strict.out;
  EXPECT_NE(strict.out.find("\nnumpy: float64\n"), std::string::npos) << strict.out;
  const auto x32 = promotion_test::run_cli({"compare", "--x64", "off", "uint32", "int32"});
  EXPECT_TRUE(x32.out.starts_with("jax: int32\nnumpy: int64\n")) << x32.out;
  EXPECT_TRUE(promotion_test::run_cli({"compare", "uint32", "int32"}).out.starts_with("jax: int64\n"));
  EXPECT_EQ(promotion_test::run_cli({"compare", "--mode", "lax", "int8"}).exit_code, 2);
  EXPECT_EQ(promotion_test::run_cli({"compare", "--x64", "maybe", "int8"}).exit_code, 2);
}

// JAX's settings apply to JAX's row and the row says which it used; the other systems answer in their one mode.
// Expected answers from JAX's docs (docs/promotion.md, "JAX: standard, strict, x64"): strict refuses float32 with
// int32; x64 off turns uint32 with int32 into int32; a Python int must fit the default int (int32 with x64 off,
// as the docstring of jax/_src/dtypes.py _scalar_type_to_dtype shows for 1 << 63).
TEST(CompareModes, JaxRowTakesTheAskedModeAndSaysSo) {
  const auto jax = [](std::initializer_list<const char*> texts, Mode mode, bool x64) {
    const auto ops = operands(texts);
    return compare_in(System::jax, ops, mode, x64);
  };
  const CompareRow strict = jax({"float32", "int32"}, Mode::strict, true);
  EXPECT_FALSE(strict.result);
  EXPECT_TRUE(compare_text(strict).starts_with("TypePromotionError: ")) << compare_text(strict);
  EXPECT_NE(compare_text(strict).find("jax_numpy_dtype_promotion=strict"), std::string::npos) << compare_text(strict);
  EXPECT_TRUE(strict.error.is_literal());  // JAX's own words
  EXPECT_EQ(strict.mode, Mode::strict);
  EXPECT_EQ(dtype_name(*jax({"float32", "int32"}, Mode::standard, true).result), "float32");
  EXPECT_EQ(dtype_name(*jax({"float32", "1"}, Mode::strict, true).result), "float32");  // weak types still promote
  const CompareRow x32 = jax({"uint32", "int32"}, Mode::standard, false);
  EXPECT_EQ(dtype_name(*x32.result), "int32");
  EXPECT_FALSE(x32.x64);
  EXPECT_EQ(dtype_name(*jax({"uint32", "int32"}, Mode::standard, true).result), "int64");
  EXPECT_EQ(compare_text(jax({"int8", "3000000000"}, Mode::standard, false)),
            "OverflowError: Python int 3000000000 too large to convert to int32");
  EXPECT_EQ(dtype_name(*jax({"int64", "3000000000"}, Mode::standard, true).result), "int64");
}

TEST(CompareModes, SystemsWithoutModesAnswerInTheirOne) {
  const auto ops = operands({"uint32", "int32"});
  for (const CompareRow& row : compare(ops, Mode::strict, false)) {
    if (system_info(row.system).jax_modes) {
      EXPECT_EQ(row.mode, Mode::strict);
      EXPECT_FALSE(row.x64);
      continue;
    }
    EXPECT_EQ(row.mode, Mode::standard) << system_name(row.system);
    EXPECT_TRUE(row.x64) << system_name(row.system);
    const CompareRow alone = compare_in(row.system, ops);
    EXPECT_EQ(compare_text(row), compare_text(alone)) << system_name(row.system);
  }
  EXPECT_EQ(compare_text(compare_in(System::numpy, ops, Mode::strict, false)), "int64");  // NumPy has no x64 setting
}

TEST(CliSystems, OneLinePerSystemWithVersionAndSource) {
  const auto r = promotion_test::run_cli({"systems"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::size_t lines = 0;
  for (const SystemInfo& s : all_systems()) {
    // A version is the release alone; the list names the modes a system has after it.
    EXPECT_EQ(std::string(s.version).find(" and "), std::string::npos) << s.version;
    const std::string modes = s.jax_modes ? " (jax_numpy_dtype_promotion standard and strict, x64 on and off)" : "";
    const std::string line = std::string(s.name) + ": " + std::string(s.title) + ", " + std::string(s.version) + modes +
                             "; " + std::string(system_kind_name(s.kind)) + "; " + std::string(s.source) + "\n";
    EXPECT_NE(r.out.find(line), std::string::npos) << line;
    ++lines;
  }
  EXPECT_EQ(static_cast<std::size_t>(std::count(r.out.begin(), r.out.end(), '\n')), lines);
  EXPECT_TRUE(r.out.starts_with("jax: JAX, ")) << r.out;
  const auto json = promotion_test::run_cli({"systems", "--format", "json"});
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_NE(json.out.find(R"("name":"array-api")"), std::string::npos) << json.out;
  EXPECT_EQ(promotion_test::run_cli({"systems", "--format", "xml"}).exit_code, 2);
}

}  // namespace

namespace {

// What a system does with a value, by the note the core gives beside the row.
std::string note(System s, std::initializer_list<const char*> texts) {
  const auto ops = operands(texts);
  return render(compare_in(s, ops).note);
}

// A two's-complement cast, independently of the core: the value mod 2^bits, then signed when the top bit is set.
long long wrapped(long long value, int bits, bool is_signed) {
  const long long modulus = 1LL << bits;
  long long r = ((value % modulus) + modulus) % modulus;
  if (is_signed && r >= modulus / 2) r -= modulus;
  return r;
}

}  // namespace

TEST(CompareNotes, SayWhatEachSystemDoesWithTheValue) {
  EXPECT_NE(note(System::torch, {"uint8", "300"}).find("wraps to 44"), std::string::npos);
  EXPECT_NE(note(System::jax, {"uint8", "300"}).find("weakly typed (i*)"), std::string::npos);
  EXPECT_NE(note(System::numpy_2021, {"uint8", "300"}).find("min_scalar_type"), std::string::npos);
  EXPECT_NE(note(System::triton, {"int8", "1.5"}).find("here float32"), std::string::npos);
  // A value of a higher kind than every array: JAX keeps it weak, NumPy 2 takes its default type of that kind.
  EXPECT_NE(note(System::jax, {"int8", "1.5"}).find("stays weakly typed, f*"), std::string::npos);
  EXPECT_NE(note(System::numpy, {"int8", "1.5"}).find("default type of that kind, float64"), std::string::npos);
  EXPECT_NE(note(System::numpy, {"float16", "1.5"}).find("the other operands decide the type, float16"),
            std::string::npos);
  EXPECT_NE(note(System::torch_2021, {"int8", "1.5"}).find("weak type f*"), std::string::npos);
  // No note without a value, nor where the system refuses (the error says why).
  for (const SystemInfo& s : all_systems()) {
    EXPECT_EQ(note(s.id, {"int8", "uint8"}), "") << s.name;
    const auto ops = operands({"uint8", "300"});
    const CompareRow row = compare_in(s.id, ops);
    EXPECT_EQ(row.note.empty(), !row.result.has_value()) << s.name;
  }
}

TEST(CompareNotes, WrappedValuesAgreeWithATwosComplementCast) {
  // (PyTorch's uint16 promotes only with floating types, so it has no row to wrap into.)
  for (const auto& [dtype, bits, is_signed] :
       {std::tuple{"uint8", 8, false}, std::tuple{"int8", 8, true}, std::tuple{"int16", 16, true}}) {
    for (long long v : {-70000LL, -129LL, -1LL, 128LL, 200LL, 256LL, 300LL, 65535LL, 65536LL, 70000LL}) {
      const std::string text = std::to_string(v);
      const auto ops = operands({dtype, text.c_str()});
      const CompareRow row = compare_in(System::torch, ops);
      ASSERT_TRUE(row.result) << dtype << " " << v;
      const long long expected = wrapped(v, bits, is_signed);
      const std::string note = render(row.note);
      const std::string words = "wraps to " + std::to_string(expected);
      if (expected == v)
        EXPECT_EQ(note.find("wraps"), std::string::npos) << dtype << " " << v << ": " << note;
      else
        EXPECT_NE(note.find(words), std::string::npos) << dtype << " " << v << ": " << note;
    }
  }
}

TEST(CompareLines, AreTheCliLinesAndOperandListsSplitOnCommasAndSpaces) {
  const auto ops = parse_operands(" uint8,300 ,\t");
  ASSERT_TRUE(ops.ok());
  ASSERT_EQ(ops->size(), 2U);
  std::string lines;
  for (const CompareRow& row : compare(*ops)) lines += compare_line(row) + "\n";
  EXPECT_EQ(promotion_test::run_cli({"compare", "uint8", "300"}).out, lines);
  EXPECT_EQ(parse_operands("int8 1.5 1j")->size(), 3U);
  EXPECT_FALSE(parse_operands(" , ").ok());
  const auto typo = parse_operands("uint8, unit8");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.error().message, parse_operand("unit8").error().message);
}

namespace {

using namespace typelattice;
using promotion_test::operands;

// A refusal is a message where this project words it (the appendix tables', the array API's, C++'s, and what the
// notes say of values), so a front end can translate it, and a literal where the library raises its own words; either
// way its English is the error the system's promote gives, after the system's error class.
TEST(CompareRefusals, ThisProjectsWordsAreMessagesTheLibrariesLiterals) {
  struct Case {
    std::initializer_list<const char*> operands;
    System system;
    bool message;  // this project's words
  };
  const Case cases[] = {
      {{"bool", "bfloat16"}, System::numpy_2021, true},  {{"uint64", "int8"}, System::array_api, true},
      {{"float16", "bfloat16"}, System::cpp, true},  {{"float16", "complex64"}, System::array_api, true},
      {{"bool", "uint8"}, System::tensorflow_2021, true}, {{"uint16", "int8"}, System::torch, false},
      {{"int8", "300"}, System::numpy, false},       {{"int8", "300"}, System::array_api, true},
      {{"float32", "1j"}, System::triton, true},     {{"int8", "1j"}, System::cpp, true},
  };
  for (const Case& c : cases) {
    const auto ops = operands(c.operands);
    const CompareRow row = compare_in(c.system, ops);
    SCOPED_TRACE(compare_line(row));
    ASSERT_FALSE(row.result);
    EXPECT_EQ(!row.error.is_literal(), c.message);
    EXPECT_EQ(tree_of(row.error).literal, row.error.is_literal());
  }
  // The pair that has no cell is the one the fold stops at, and its words are promote's, class and all.
  const auto ops = operands({"int8", "uint8", "bfloat16"});
  const CompareRow row = compare_in(System::numpy_2021, ops);
  const Result<Dtype> direct = promote_types(Dtype::int16, Dtype::bfloat16, PromotionOptions{System::numpy_2021});
  ASSERT_FALSE(direct);
  EXPECT_EQ(compare_text(row), "TypePromotionError: " + direct.error().message);
  EXPECT_EQ(render(promotion_refusal(std::array{Dtype::int8, Dtype::uint8, Dtype::bfloat16},
                                     PromotionOptions{System::numpy_2021})),
            direct.error().message);
}

}  // namespace
