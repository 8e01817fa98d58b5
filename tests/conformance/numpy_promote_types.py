#!/usr/bin/env python3
"""The `numpy` system's table (NumPy 2, NEP 50) and the `numpy-2021` one (the appendix of the JAX type promotion
design note, JEP 9407: https://jax.readthedocs.io/en/latest/jep/9407-type-promotion.html) against the NumPy that is
installed, cell by cell: `typelattice table --system S --format csv` vs np.promote_types for every pair of dtypes
NumPy has. Between dtypes NumPy 2 promotes as NumPy 1 did (NEP 50 changed Python values only), so Debian's NumPy
1.24 checks both.

Usage: numpy_promote_types.py <path to the typelattice CLI>
Exit 0 when every cell agrees or is a known difference listed below; 1 on a new difference, or on a known
difference that has gone away (then the list is out of date).
"""
import sys

import numpy as np

from promote_types_check import compare_cells, table_cells

# Columns of the table that NumPy has no dtype for: the weak types are JAX's (Python scalars promote by value
# in NumPy 1.x, so no dtype-by-dtype cell exists), and bfloat16 is not a NumPy dtype (ml_dtypes adds it).
SKIPPED = {"i*": "a JAX weak type", "f*": "a JAX weak type", "c*": "a JAX weak type",
           "bfloat16": "not a NumPy dtype"}

# Cells where the design note's appendix (2021) would differ from NumPy's promote_types, kept as the note prints
# them: {(row, column): (table, numpy)}. None with Debian 12's NumPy 1.24: all 196 cells agree.
KNOWN_DIFFERENCES = {}


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    return max(compare(sys.argv[1], system) for system in ("numpy", "numpy-2021"))


def compare(cli, system):
    header, cells = table_cells(cli, system)
    names = [n for n in header if n not in SKIPPED]
    print(f"{system} vs NumPy {np.__version__}: {len(names)} dtypes, {len(names) ** 2} cells compared; skipped: " +
          ", ".join(f"{n} ({why})" for n, why in SKIPPED.items() if n in header))
    return compare_cells(names, cells, lambda a, b: np.promote_types(np.dtype(a), np.dtype(b)).name,
                         KNOWN_DIFFERENCES, f"NumPy {np.__version__}")

if __name__ == "__main__":
    sys.exit(main())
