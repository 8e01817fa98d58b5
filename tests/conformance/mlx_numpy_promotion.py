#!/usr/bin/env python3
"""The `mlx` system's table against MLX's own promotion test, run with the NumPy that is installed: MLX's
python/tests/test_array.py (test_dtype_promotion, ml-explore/mlx 846d176) adds arrays of every ordered pair of bool,
uint8 ... uint64, int8 ... int64 and float32 in MLX and in NumPy and asserts that MLX's dtype is the dtype
mx.array gives NumPy's result. mx.array takes a NumPy float64 array as float32 and complex128 as complex64
(python/src/convert.cpp, dispatch_dlpack_dtype); every other dtype keeps its name. MLX does not install here, NumPy
does, so the table is checked against what MLX's test says MLX must equal, cell by cell.

Usage: mlx_numpy_promotion.py <path to the typelattice CLI>
Exit 0 when every cell agrees, 1 otherwise.
"""
import sys

import numpy as np

from promote_types_check import compare_cells, table_cells

# test_dtype_promotion's dtypes_list, in its order.
DTYPES = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "float32"]
# What mx.array makes of a NumPy array of each dtype NumPy's result can have, where it is not the same name.
MX_ARRAY_OF_NUMPY = {"float64": "float32", "complex128": "complex64"}


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    _, cells = table_cells(sys.argv[1], "mlx", "--all")

    def mlx_expects(a, b):
        numpy = np.promote_types(np.dtype(a), np.dtype(b)).name
        return MX_ARRAY_OF_NUMPY.get(numpy, numpy)

    print(f"mlx vs MLX's test_dtype_promotion with NumPy {np.__version__}: {len(DTYPES) ** 2} cells")
    status = compare_cells(DTYPES, cells, mlx_expects, {}, f"NumPy {np.__version__} through mx.array")
    # The same test's two float16 sums, which it asserts directly.
    for a, b, expected in [("float16", "float32", "float32"), ("float16", "int32", "float16")]:
        if cells[(a, b)] != expected:
            print(f"FAIL: {a} + {b}: table {cells[(a, b)]}, MLX's test expects {expected}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
