// Wasm block-format throughput under node: quantize_blocks and dequantize_blocks (float32) of every block format
// in its default scale mode, the SIMD128 build against the non-SIMD build of the same kernels.
// Usage: node tests/bench/wasm_block_bench.mjs [DIR]   (DIR: the wasm kernel build, default
// build/native/wasm-kernels; build it with `cmake --build --preset native --target typelattice_wasm_kernels`).
// Prints elements/s (median of 7 runs, per CPU second), as tests/bench/wasm_bench.mjs does for the casts.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'build', 'native', 'wasm-kernels'));
const elements = 1 << 16;  // 256 KiB of float32 + 64 KiB of codes: cache-resident, as the native L2 figures
const runs = 7;
const formats = ['mxfp8_e4m3', 'mxfp8_e5m2', 'mxfp6_e3m2', 'mxfp6_e2m3', 'mxfp4_e2m1', 'mxint8', 'nvfp4'];
const target = 1.5e9;  // issue #14: MXFP8 and MXFP4 quantize in wasm SIMD128

async function load(variant) {
  const file = path.join(dir, `block_bench_${variant}.js`);
  if (!existsSync(file)) {
    console.error(`missing ${file}: build the wasm kernels first (see the usage line in wasm_block_bench.mjs)`);
    process.exit(2);
  }
  return require(file)();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// Elements per second of this process's CPU time; reps chosen so that one run takes about 0.2 s.
function measure(mod, op, format) {
  const probe = mod._bench_block(op, format, elements, 20);
  const reps = Math.max(10, Math.round((probe * 0.2) / elements));
  mod._bench_block(op, format, elements, reps);
  return median(Array.from({ length: runs }, () => {
    const before = process.cpuUsage();
    mod._bench_block(op, format, elements, reps);
    const used = process.cpuUsage(before);
    return (elements * reps) / ((used.user + used.system) / 1e6);
  }));
}

const simd = await load('simd128');
const plain = await load('scalar');
const fmt = (x) => `${(x / 1e9).toFixed(3)} G elem/s`;
console.log(`node ${process.version}, ${elements} elements per call, median of ${runs} runs`);
formats.forEach((name, format) => {
  for (const [op, label] of [[0, 'quantize'], [1, 'dequantize']]) {
    const fast = measure(simd, op, format);
    const scalar = measure(plain, op, format);
    const targeted = op === 0 && (name === 'mxfp8_e4m3' || name === 'mxfp8_e5m2' || name === 'mxfp4_e2m1');
    const verdict = targeted ? ` (target >= ${target / 1e9} G elem/s: ${fast >= target ? 'met' : 'NOT met'})` : '';
    console.log(`${label.padEnd(10)} ${name.padEnd(11)} SIMD128 ${fmt(fast)}, non-SIMD ${fmt(scalar)}` +
                ` (${(fast / scalar).toFixed(2)}x)${verdict}`);
  }
});
