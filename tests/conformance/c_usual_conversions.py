"""The `c` system's table against the C compilers that run here: a C program with `_Generic` over `a + b` for every
pair of the table's types (the i* f* c* columns as the constants 1, 1.0 and 1.0 + 0.0*I), compiled with GCC and with
Clang, must name the type `typelattice table --system c` gives, cell by cell. Debian 12's Clang 14 has no _Float16 on
x86-64, so its program leaves out the float16 row and column (it says how many cells each compiler decided).

Usage: c_usual_conversions.py TYPELATTICE_BINARY
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
C_TYPES = {"bool": "_Bool", "uint8": "uint8_t", "uint16": "uint16_t", "uint32": "uint32_t", "uint64": "uint64_t",
           "int8": "int8_t", "int16": "int16_t", "int32": "int32_t", "int64": "int64_t", "float16": "_Float16",
           "float32": "float", "float64": "double", "complex64": "float _Complex", "complex128": "double _Complex"}
CONSTANTS = {"i*": "1", "f*": "1.0", "c*": "(1.0 + 0.0*I)"}

table_text = subprocess.run([binary, "table", "--system", "c", "--all", "--format", "csv"], check=True,
                            capture_output=True, text=True).stdout
rows = list(csv.reader(io.StringIO(table_text)))
types = rows[0][1:]
expected = {(row[0], col): cell for row in rows[1:] for col, cell in zip(types, row[1:])}
unknown = [t for t in types if t not in C_TYPES and t not in CONSTANTS]
if unknown:
    sys.exit(f"the c table has types this test cannot write in C: {unknown}")


def operand(t):
    return CONSTANTS.get(t) or f"(({C_TYPES[t]})1)"


def program(pairs, with_float16):
    names = ", ".join(f'{c}: "{t}"' for t, c in C_TYPES.items() if with_float16 or t != "float16")
    lines = ["#include <complex.h>", "#include <stdint.h>", "#include <stdio.h>",
             f'#define NAME(x) _Generic((x), {names}, default: "other")', "int main(void) {"]
    lines += [f'  printf("%s %s %s\\n", "{a}", "{b}", NAME({operand(a)} + {operand(b)}));' for a, b in pairs]
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


failures, folder = [], tempfile.mkdtemp()
try:
    for compiler, with_float16 in (("gcc", True), ("clang", False)):
        path = shutil.which(compiler)
        if path is None:
            sys.exit(f"{compiler} is not installed (scripts/install-deps.sh test installs it)")
        pairs = [(a, b) for a in types for b in types if with_float16 or "float16" not in (a, b)]
        source = os.path.join(folder, f"{compiler}.c")
        with open(source, "w") as f:
            f.write(program(pairs, with_float16))
        exe = os.path.join(folder, compiler)
        decided = compare_answers(compiler, path, ["-std=c2x"], source, exe, expected, failures)
        print(f"{compiler}: {decided} of {len(types) ** 2} cells decided")
finally:
    shutil.rmtree(folder)
if failures:
    sys.exit("\n".join(failures))
print("every decided cell agrees")
