#!/usr/bin/env python3
"""NF4's table as the CLI decodes it (dequantize codes 0..15 with absmax 1) against QLoRA's construction, computed
here with the standard library only: statistics.NormalDist's inverse CDF at the float32 probabilities of
torch.linspace(0.9677083, 0.5, 9)[:-1] (positive side) and linspace(0.9677083, 0.5, 8)[:-1] (negative side), plus 0,
each rounded to float32, sorted, divided by the largest in float32 (bitsandbytes' create_normal_map). And
bitsandbytes' FP4 table: 0, 0.0625, 8, 12, 4, 6, 2, 3 and their negatives, over 12 in float32.

Usage: nf4_normal_quantiles.py <typelattice CLI>; exits 1 on a difference.
"""
import struct
import subprocess
import sys
from statistics import NormalDist


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def linspace_float32(start, end, steps):
    # torch.linspace in float32: start + step*i for the first half, end - step*(steps-1-i) for the rest.
    start, end = f32(start), f32(end)
    step = f32((end - start) / (steps - 1))
    return [f32(start + f32(step * i)) if i < steps // 2 else f32(end - f32(step * (steps - 1 - i))) for i in range(steps)]


def decoded_table(cli, name):
    packed = f"format {name}\ncount 16\nabsmax 0000803f\ncodes 0123456789abcdef\n"
    run = subprocess.run([cli, "dequantize", "--from", name], input=packed, capture_output=True, text=True, check=True)
    return [float(line) for line in run.stdout.split()]


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    normal = NormalDist()
    values = [f32(normal.inv_cdf(p)) for p in linspace_float32(0.9677083, 0.5, 9)[:-1]]
    values += [f32(-normal.inv_cdf(p)) for p in linspace_float32(0.9677083, 0.5, 8)[:-1]]
    values = sorted(values + [0.0])
    nf4 = [f32(v / values[-1]) for v in values]
    fp4 = [f32(v / 12) for v in (0, 0.0625, 8, 12, 4, 6, 2, 3, -0.0, -0.0625, -8, -12, -4, -6, -2, -3)]
    problems = 0
    for name, expected in (("nf4", nf4), ("bnb_fp4", fp4)):
        got = decoded_table(sys.argv[1], name)
        for code, (g, e) in enumerate(zip(got, expected)):
            if g != e or len(got) != 16:
                print(f"{name} code {code}: the CLI gives {g!r}, the construction {e!r}")
                problems += 1
    print(f"32 table values checked, {problems} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
