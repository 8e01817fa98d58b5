"""Shared by c_usual_conversions.py and cpp_arith_conversions.py: compile a program that prints one line
`A B TYPE` per pair it can write, run it, and compare each line with the cell typelattice gives."""
import subprocess


def compare_answers(compiler, path, flags, source, exe, expected, failures):
    """Builds `source` into `exe` with `path` and `flags`, runs it, appends a line to `failures` for every pair whose
    type differs from `expected[(a, b)]`, and returns how many pairs the program decided."""
    subprocess.run([path, *flags, "-w", source, "-o", exe], check=True)
    answers = subprocess.run([exe], check=True, capture_output=True, text=True).stdout.split("\n")
    decided = 0
    for line in filter(None, answers):
        a, b, got = line.split()
        decided += 1
        if expected[(a, b)] != got:
            failures.append(f"{compiler}: {a} + {b} is {got}; typelattice says {expected[(a, b)]}")
    return decided
