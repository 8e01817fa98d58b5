#!/usr/bin/env bash
# Runs the libFuzzer targets for as long as you like: scripts/fuzz.sh [SECONDS_PER_TARGET] [target...]
# New corpus entries go to build/fuzz/long-corpus/<target>; crashes to build/fuzz/crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(dtype_name number lattice_json cast_kernels app_settings)
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"
status=0
for t in "${targets[@]}"; do
  mkdir -p "build/fuzz/long-corpus/$t"
  echo "== fuzz_$t for ${seconds}s (log: build/fuzz/fuzz_$t.log)"
  rc=0
  "build/fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix=build/fuzz/ "build/fuzz/long-corpus/$t" "tests/fuzz/corpus/$t" \
    >"build/fuzz/fuzz_$t.log" 2>&1 || rc=$?
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY" "build/fuzz/fuzz_$t.log" || true
  [ "$rc" -eq 0 ] || { echo "fuzz_$t failed (exit $rc)"; status=1; }
done
exit $status
