#!/usr/bin/env python3
"""Summarizes a typelattice_bench JSON run (--benchmark_out=FILE --benchmark_out_format=json): the median
rate of every cast, and for the float32 <-> float8_e4m3fn targets (L2-resident: 262144 elements) their
fraction of memcpy's bandwidth at 5 bytes per element, against both memcpy sizes (same bytes moved, 5n;
same footprint, 5n/2)."""
import json
import sys


def medians(path):
    with open(path) as f:
        data = json.load(f)
    rates = {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        rate = b.get("items_per_second") or b.get("bytes_per_second")
        rates.setdefault(name, []).append(rate)
    return {name: sorted(v)[len(v) // 2] for name, v in rates.items()}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: summarize.py BENCH.json")
    rates = medians(sys.argv[1])
    for name, rate in rates.items():
        unit = "B/s" if name.startswith("memcpy") else "elem/s"
        print(f"{name:60s} {rate / 1e9:8.3f} G{unit}")
    print()
    targets = [("cast/float32/float8_e4m3fn/sat", 0.60), ("cast/float8_e4m3fn/float32/exact", 0.80)]
    for prefix, target in targets:
        for name, rate in rates.items():
            if not name.startswith(prefix + "/"):
                continue
            n = int(name.rsplit("/", 1)[1])
            if n != 262144:
                continue
            for label, nbytes in (("same bytes", 5 * n), ("same footprint", 5 * n // 2)):
                copy = rates.get(f"memcpy/{nbytes}")
                if copy:
                    share = rate * 5 / copy
                    verdict = "met" if share >= target else "not met"
                    print(f"{name:50s} {share:6.0%} of memcpy ({label}, target {target:.0%}: {verdict})")


if __name__ == "__main__":
    main()
