"""np.promote_types per call from Python, for comparison with tests/bench/promote_bench.mjs.

Usage: python3 tests/bench/numpy_promote_bench.py   (Debian: python3-numpy). Prints ns per call: the best of 7
runs of timeit over every pair of NumPy's numeric dtypes that promotes, measured in process CPU time.
"""
import itertools
import time
import timeit

import numpy as np

TYPES = [np.bool_, np.uint8, np.uint16, np.uint32, np.uint64, np.int8, np.int16, np.int32, np.int64,
         np.float16, np.float32, np.float64, np.complex64, np.complex128]
PAIRS = [(np.dtype(a), np.dtype(b)) for a, b in itertools.product(TYPES, TYPES)]
CALLS = 200_000


def run():
    promote = np.promote_types
    pairs = PAIRS
    n = len(pairs)
    for i in range(CALLS):
        a, b = pairs[i % n]
        promote(a, b)


def loop_only():
    pairs = PAIRS
    n = len(pairs)
    for i in range(CALLS):
        a, b = pairs[i % n]


timer = time.process_time
total = min(timeit.repeat(run, timer=timer, number=1, repeat=7)) / CALLS * 1e9
loop = min(timeit.repeat(loop_only, timer=timer, number=1, repeat=7)) / CALLS * 1e9
print(f"np.promote_types (numpy {np.__version__}): {total:.1f} ns per call including the loop, "
      f"{total - loop:.1f} ns without it ({len(PAIRS)} pairs)")
