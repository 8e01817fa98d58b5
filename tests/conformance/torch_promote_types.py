#!/usr/bin/env python3
"""The `torch` system (PyTorch 2.x, c10/core/ScalarType.cpp) against the PyTorch that is installed (Debian 12's
python3-torch is 1.13), cell by cell: `typelattice table --system torch --all --format csv` vs torch.promote_types
for every pair of dtypes both have. Dtypes the installed PyTorch lacks (uint16/32/64 came in 2.3, the float8
types in 2.1 and later) and the weak types (Python scalars, which torch.promote_types does not take) are skipped
and named. A pair torch.promote_types refuses counts as '-'.

Usage: torch_promote_types.py <path to the typelattice CLI>
Exit 0 when every shared cell agrees or is a known difference between the versions, listed below; 1 on a new
difference, or on a known difference that has gone away (then the list is out of date).
"""
import sys

import torch

from promote_types_check import compare_cells, table_cells

# typelattice's names -> the installed PyTorch's dtypes; a name without a torch attribute is skipped.
TORCH_NAMES = {"bool": "bool", "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
               "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64", "bfloat16": "bfloat16",
               "float16": "float16", "float32": "float32", "float64": "float64", "complex32": "complex32",
               "complex64": "complex64", "complex128": "complex128", "float8_e4m3fn": "float8_e4m3fn",
               "float8_e4m3fnuz": "float8_e4m3fnuz", "float8_e5m2": "float8_e5m2",
               "float8_e5m2fnuz": "float8_e5m2fnuz", "float8_e8m0fnu": "float8_e8m0fnu"}
WEAK = {"i*", "f*", "c*"}

# Cells where PyTorch 1.13 answers differently from the 2.x table: {(row, column): (table, installed)}.
# None: on every pair of dtypes both versions have, 1.13 promotes as 2.x does.
KNOWN_DIFFERENCES = {}


def installed_answer(a, b):
    try:
        result = torch.promote_types(getattr(torch, TORCH_NAMES[a]), getattr(torch, TORCH_NAMES[b]))
    except RuntimeError:
        return "-"
    name = str(result).removeprefix("torch.")
    return {"half": "float16", "float": "float32", "double": "float64", "cfloat": "complex64",
            "cdouble": "complex128", "chalf": "complex32"}.get(name, name)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    header, cells = table_cells(sys.argv[1], "torch", "--all")
    names = [n for n in header if n not in WEAK and hasattr(torch, TORCH_NAMES.get(n, "?"))]
    skipped = [n for n in header if n not in names]
    print(f"torch vs PyTorch {torch.__version__}: {len(names)} dtypes, {len(names) ** 2} cells compared; skipped: " +
          ", ".join(f"{n} ({'a weak type' if n in WEAK else 'not in this PyTorch'})" for n in skipped))
    return compare_cells(names, cells, installed_answer, KNOWN_DIFFERENCES, f"PyTorch {torch.__version__}")

if __name__ == "__main__":
    sys.exit(main())
