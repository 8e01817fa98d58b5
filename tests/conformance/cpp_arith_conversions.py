"""The `cpp` system's table against the C++ compilers that run here: a C++ program asks `decltype(a + b)` for every
pair of the table's types (the i* f* columns as the literals 1 and 1.0), and a concept whether `a + b` is well-formed
at all, compiled with g++ and with clang++; each must name the type `typelattice table --system cpp` gives, or '-'
where the table refuses the pair, cell by cell. A cell takes part only where the compiler has both types: each of
<stdfloat>'s std::float16_t, std::bfloat16_t, std::float32_t and std::float64_t is probed first, and the cells of a
type the compiler lacks are listed as needing a newer compiler (Debian 12's g++ 12 and clang++ 14 have no <stdfloat>).
double, the type of 1.0, is written float64, as the table's f* column is.

Usage: cpp_arith_conversions.py TYPELATTICE_BINARY
"""
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile

from compiled_answers import compare_answers

binary = sys.argv[1]
INTEGER_TYPES = {"bool": "bool", "uint8": "std::uint8_t", "uint16": "std::uint16_t", "uint32": "std::uint32_t",
                 "uint64": "std::uint64_t", "int8": "std::int8_t", "int16": "std::int16_t", "int32": "std::int32_t",
                 "int64": "std::int64_t"}
FLOATING_TYPES = {"float16": "std::float16_t", "bfloat16": "std::bfloat16_t", "float32": "std::float32_t",
                  "float64": "std::float64_t"}
LITERALS = {"i*": "1", "f*": "1.0"}
HEADERS = "#include <concepts>\n#include <cstdint>\n#include <cstdio>\n#include <type_traits>\n#include <utility>\n" \
          "#if __has_include(<stdfloat>)\n#include <stdfloat>\n#endif\n"

table_text = subprocess.run([binary, "table", "--system", "cpp", "--all", "--format", "csv"], check=True,
                            capture_output=True, text=True).stdout
rows = list(csv.reader(io.StringIO(table_text)))
types = rows[0][1:]
expected = {(row[0], col): cell for row in rows[1:] for col, cell in zip(types, row[1:])}
unknown = [t for t in types if t not in INTEGER_TYPES and t not in FLOATING_TYPES and t not in LITERALS]
if unknown:
    sys.exit(f"the cpp table has types this test cannot write in C++: {unknown}")


def compiles(compiler, source, folder):
    path = os.path.join(folder, "probe.cpp")
    with open(path, "w") as f:
        f.write(source)
    return subprocess.run([compiler, "-std=c++2b", "-fsyntax-only", path], capture_output=True).returncode == 0


def program(spelled):
    """spelled: the table's types this compiler has, name -> C++ spelling (the literals excluded)."""
    names = [("double", "float64")] + [(cpp, name) for name, cpp in spelled.items()]
    lines = [HEADERS, "template <class A, class B> concept addable = requires(A a, B b) { a + b; };",
             "template <class T> const char* name() {"]
    lines += [f'  if constexpr (std::is_same_v<T, {cpp}>) return "{name}"; else' for cpp, name in names]
    lines += ['  return "other";', "}",
              "template <class A, class B> const char* sum() {",
              "  if constexpr (addable<A, B>) return name<decltype(std::declval<A>() + std::declval<B>())>();",
              '  else return "-";', "}", "int main() {"]
    for a in types:
        for b in types:
            if a in LITERALS or b in LITERALS:
                if (a not in LITERALS and a not in spelled) or (b not in LITERALS and b not in spelled):
                    continue
                left = LITERALS.get(a) or f"std::declval<{spelled[a]}>()"
                right = LITERALS.get(b) or f"std::declval<{spelled[b]}>()"
                answer = f"name<decltype({left} + {right})>()"
            elif a in spelled and b in spelled:
                answer = f"sum<{spelled[a]}, {spelled[b]}>()"
            else:
                continue
            lines.append(f'  std::printf("%s %s %s\\n", "{a}", "{b}", {answer});')
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


failures, folder = [], tempfile.mkdtemp()
try:
    for compiler in ("g++", "clang++"):
        path = shutil.which(compiler)
        if path is None:
            sys.exit(f"{compiler} is not installed (scripts/install-deps.sh test installs it)")
        spelled = dict(INTEGER_TYPES)
        for name, cpp in FLOATING_TYPES.items():
            if compiles(path, f"{HEADERS}using probed = {cpp};\n", folder):
                spelled[name] = cpp
        missing = [name for name in FLOATING_TYPES if name not in spelled]
        source = os.path.join(folder, "pairs.cpp")
        with open(source, "w") as f:
            f.write(program(spelled))
        exe = os.path.join(folder, "pairs")
        decided = compare_answers(compiler, path, ["-std=c++2b"], source, exe, expected, failures)
        print(f"{compiler}: {decided} of {len(types) ** 2} cells decided" +
              (f"; needs a newer compiler for {', '.join(FLOATING_TYPES[m] for m in missing)} "
               f"({len(types) ** 2 - decided} cells)" if missing else ""))
finally:
    shutil.rmtree(folder)
if failures:
    sys.exit("\n".join(failures))
print("every decided cell agrees")
