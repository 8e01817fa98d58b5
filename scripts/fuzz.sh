#!/usr/bin/env bash
# Runs the libFuzzer targets for as long as you like: scripts/fuzz.sh [SECONDS_PER_TARGET] [target...]
# New corpus entries go to build/fuzz/long-corpus/<target>; crashes to build/fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(dtype_name number lattice_json cast_kernels)
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"
for t in "${targets[@]}"; do
  mkdir -p "build/fuzz/long-corpus/$t"
  echo "== fuzz_$t for ${seconds}s"
  "build/fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix=build/fuzz/ "build/fuzz/long-corpus/$t" "tests/fuzz/corpus/$t" 2>&1 |
    grep -E "stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Done" || true
done
