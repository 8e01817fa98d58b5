#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian 12 machine; a no-op when all is present.
# Usage: scripts/install-deps.sh [build|test]   (test also brings the browser, Xvfb and fuzzing tools)
set -euo pipefail
want=${1:-build}
debs=(cmake g++ pkg-config ninja-build libgtest-dev libbenchmark-dev nlohmann-json3-dev libcli11-dev
      emscripten node-acorn nodejs libsdl2-dev libimgui-dev libstb-dev libgl-dev fonts-dejavu-core python3)
if [ "$want" = test ]; then
  debs+=(xvfb xauth libgl1-mesa-dri chromium fonts-wqy-microhei clang libclang-rt-14-dev libfuzzer-14-dev
        python3-numpy)  # python3-numpy: np.promote_types for scale in tests/bench/numpy_promote_bench.py
fi
# npm ships with the machine's Node.js here (its own package, not Debian's npm, which would conflict with it).
command -v npm >/dev/null 2>&1 || debs+=(npm)
missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "$want" = test ]; then
  here=$(cd "$(dirname "$0")/.." && pwd)
  if [ ! -d "$here/tests/js/node_modules/playwright-core" ] || [ ! -d "$here/tests/js/node_modules/typescript" ]; then
    echo "installing npm test packages (playwright-core, typescript; no browser download)"
    (cd "$here/tests/js" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --silent)
  fi
fi
