#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian 12 machine; a no-op when all is present.
# Usage: scripts/install-deps.sh [build|test|test-tools|test-npm]   (test also brings the browser, Xvfb, fuzzing
# tools and NumPy).
# test is test-tools (the Debian packages and the build's npm packages) then test-npm (the test fixtures' npm
# packages); scripts/test.sh runs test-npm while the first builds compile.
set -euo pipefail
want=${1:-build}
case $want in build|test|test-tools|test-npm) ;; *) echo "usage: $0 [build|test|test-tools|test-npm]" >&2; exit 2 ;; esac
debs=(cmake g++ pkg-config ninja-build libgtest-dev libbenchmark-dev nlohmann-json3-dev libcli11-dev
      emscripten node-acorn nodejs libsdl2-dev libimgui-dev libstb-dev libgl-dev fonts-dejavu-core python3
      zlib1g-dev)
if [ "$want" != build ]; then
  debs+=(xvfb xauth libgl1-mesa-dri chromium fonts-wqy-microhei clang libclang-rt-14-dev libfuzzer-14-dev
         python3-sphinx python3-myst-parser mkdocs mkdocs-material jupyter-notebook  # tests/bundlers
         python3-numpy python3-torch)  # numpy, torch: the conformance label's promote_types checks
fi
# npm ships with the machine's Node.js here (its own package, not Debian's npm, which would conflict with it).
command -v npm >/dev/null 2>&1 || debs+=(npm)
missing=()
for p in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ "$want" != test-npm ] && [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
here=$(cd "$(dirname "$0")/.." && pwd)
# npm packages pinned by a package-lock.json in `dir`, installed when `marker` (a path in node_modules) is missing.
# `npm install` rather than `npm ci`: npm 11 writes lockfiles without some platform-specific optional packages
# (rollup's), which `npm ci` then refuses; the lockfile still pins every version.
npm_packages() {
  local dir=$1 marker=$2 what=$3
  if [ ! -e "$here/$dir/node_modules/$marker" ]; then
    echo "installing npm packages in $dir ($what)"
    (cd "$here/$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --no-save --silent)
  fi
}
# The build's minifier/bundler of web/dist (web/tools/build-dist.mjs).
if [ "$want" != test-npm ]; then
  npm_packages web/tools esbuild "esbuild, the build step of web/dist"
  npm_packages web/tools google-closure-compiler-linux "Closure Compiler, which minifies the Emscripten glue"
fi
if [ "$want" = test ] || [ "$want" = test-npm ]; then
  npm_packages tests/js playwright-core "playwright-core, typescript; no browser download"
  npm_packages tests/js typescript "playwright-core, typescript; no browser download"
  npm_packages tests/bundlers/vite vite "the Vite fixture"
  npm_packages tests/bundlers/vite6 vite "the Vite 6 dev server fixture"
  npm_packages tests/bundlers/vitepress vitepress "the VitePress fixture"
  npm_packages tests/bundlers/docusaurus @docusaurus/core "the Docusaurus fixture"
  npm_packages tests/bundlers/webpack webpack-cli "the webpack fixture"
  npm_packages tests/bundlers/esbuild esbuild "the esbuild fixture"
  npm_packages tests/tensors/real-weights @vladmandic/face-api "trained weights for analyze's tests (face-api's networks)"
  npm_packages tests/conformance/js-frameworks @jax-js/jax "TensorFlow.js and jax-js, which the conformance test runs"
fi
