"""Throughput of `typelattice analyze`: writes a safetensors file of ROWS x COLS normal values (float32 or bfloat16;
default 8192 x 8192 float32, 256 MB; with --tensors T, T tensors of ROWS/T rows each) to a temporary folder, runs analyze on it against TARGETS with --threads N (default:
analyze's own, one per core), and prints input elements per second (median of REPEAT runs) and the largest resident set
size. A benchmark, not a test: nothing is asserted.

Needs /usr/bin/time (Debian package time). Usage: python3 tests/bench/analyze_bench.py TYPELATTICE_BINARY [--rows R]
[--cols C] [--tensors T] [--dtype float32|bf16] [--threads N] [--repeat N] [--to T ...]
"""
import argparse
import json
import os
import statistics
import struct
import subprocess
import tempfile
import time

import numpy as np

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--rows", type=int, default=8192)
parser.add_argument("--cols", type=int, default=8192)
parser.add_argument("--dtype", choices=["float32", "bf16"], default="float32")
parser.add_argument("--tensors", type=int, default=1)
parser.add_argument("--threads", type=int)
parser.add_argument("--repeat", type=int, default=3)
parser.add_argument("--to", nargs="+", default=["mxfp8_e4m3", "mxfp4_e2m1", "nvfp4"])
args = parser.parse_args()

with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "bench.safetensors")
    values = np.random.default_rng(1).standard_normal((args.rows, args.cols), dtype=np.float32)
    if args.dtype == "bf16":  # the top half of each float32 (truncated: the bench needs bf16 values, not rounding)
        raw = (values.view(np.uint32) >> 16).astype("<u2").tobytes()
    else:
        raw = values.astype("<f4").tobytes()
    rows = args.rows // args.tensors  # the last tensor takes the rows left over
    step = rows * args.cols * (4 if args.dtype == "float32" else 2)
    entries = {}
    for k in range(args.tensors):
        end = len(raw) if k == args.tensors - 1 else (k + 1) * step
        entries[f"w{k}"] = {"dtype": "F32" if args.dtype == "float32" else "BF16",
                            "shape": [(end - k * step) // (step // rows), args.cols], "data_offsets": [k * step, end]}
    header = json.dumps(entries)
    header = header.encode() + b" " * (-len(header) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header + raw)
    del values, raw
    threads = [] if args.threads is None else ["--threads", str(args.threads)]
    seconds, rss_kb = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        # /usr/bin/time's %M is analyze's own peak (a forked child's would count this script's memory too).
        done = subprocess.run(["/usr/bin/time", "-f", "%M", args.binary, "analyze", path, "--to", *args.to, *threads],
                              check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        seconds.append(time.perf_counter() - start)
        rss_kb.append(int(done.stderr.strip().splitlines()[-1]))
    elements = args.rows * args.cols
    median = statistics.median(seconds)
    rss_mb = max(rss_kb) / 1024
    print(f"{elements} {args.dtype} values in {args.tensors} tensor(s) against {' '.join(args.to)}, threads {args.threads or 'default'}: median {median:.3f} s "
          f"({elements / median / 1e6:.1f} M input elements/s), max RSS {rss_mb:.1f} MB, "
          f"load average {os.getloadavg()[0]:.2f}")
