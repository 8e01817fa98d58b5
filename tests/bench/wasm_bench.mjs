// Wasm cast throughput under node: the SIMD128 build against the non-SIMD build of the same kernels.
// Usage: node tests/bench/wasm_bench.mjs [DIR]   (DIR: the wasm kernel build, default build/native/wasm-kernels;
// build it with `cmake --build --preset native --target typelattice_wasm_kernels`). Prints elements/s (median
// of 7 runs, per CPU second) for float32 -> float8_e4m3fn (saturating) and float8_e4m3fn -> float32, and the ratios.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'build', 'native', 'wasm-kernels'));
const elements = 1 << 16;  // 256 KiB of float32 + 64 KiB of codes: cache-resident, as the native L2 figures
const runs = 7;

async function load(variant) {
  const file = path.join(dir, `cast_bench_${variant}.js`);
  if (!existsSync(file)) {
    const script = path.basename(import.meta.url);
    console.error(`missing ${file}: build the wasm kernels first (see the usage line in ${script})`);
    process.exit(2);
  }
  return require(file)();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// Elements per second of CPU time (this process's user + system time, as Google Benchmark reports natively,
// so that other load on a shared machine does not count); reps chosen so that one run takes about 0.2 s.
// The warm-up calls also let V8 tier the kernels up from its baseline compiler.
function measure(mod, op, useBest) {
  const probe = mod._bench_cast(op, useBest, elements, 50);
  const reps = Math.max(20, Math.round((probe * 0.2) / elements));
  mod._bench_cast(op, useBest, elements, reps);
  const rates = Array.from({ length: runs }, () => {
    const before = process.cpuUsage();
    mod._bench_cast(op, useBest, elements, reps);
    const used = process.cpuUsage(before);
    return (elements * reps) / ((used.user + used.system) / 1e6);
  });
  return median(rates);
}

const simd = await load('simd128');
const plain = await load('scalar');
if (simd._bench_has_simd128() !== 1 || plain._bench_has_simd128() !== 0) {
  console.error('the simd128 build must run SIMD128 kernels and the scalar build must not');
  process.exit(1);
}
const fmt = (x) => `${(x / 1e9).toFixed(3)} G elem/s`;
const ops = [
  ['float32 -> float8_e4m3fn (sat)', 0, 2e9],
  ['float8_e4m3fn -> float32', 1, null],
];
console.log(`node ${process.version}, ${elements} elements per call, median of ${runs} runs`);
for (const [name, op, target] of ops) {
  const fast = measure(simd, op, 1);
  const autoVectorized = measure(simd, op, 0);
  const scalar = measure(plain, op, 1);
  console.log(`${name}:`);
  console.log(`  SIMD128 kernels (SIMD build)            ${fmt(fast)}`);
  console.log(`  scalar kernels, SIMD build (auto-vec.)  ${fmt(autoVectorized)}`);
  console.log(`  scalar kernels, non-SIMD build          ${fmt(scalar)}`);
  const ratio = fast / scalar;
  const verdict = target === null ? '' : ` (targets: >= ${target / 1e9} G elem/s and >= 4x: ` +
    `${fast >= target && ratio >= 4 ? 'met' : 'NOT met'})`;
  console.log(`  SIMD128 / non-SIMD = ${ratio.toFixed(2)}x${verdict}`);
}
