// The CPU time of tl.analyze in node (the module's SIMD128 build, its tensors part): a float32 safetensors file in
// memory, ROWS x 4096 normal values (default 1024 rows, 4 Mi values), against mxfp8_e4m3, mxfp4_e2m1 and nvfp4,
// RUNS calls after one warm-up call. Prints each call's wall and CPU time (process.cpuUsage) and the load average:
// CPU time is the steadier figure when other work shares the machine. docs/tensor-analysis.md reports it.
// Usage: node tests/bench/analyze-module-bench.mjs [--rows R] [--runs N]   (needs web/dist)
import { loadavg } from 'node:os';
import createTypeLattice from '../../web/dist/typelattice.mjs';
import { normal } from '../js/module/tensor-files.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const rows = arg('rows', 1024);
const runs = arg('runs', 5);
const cols = 4096;
const to = ['mxfp8_e4m3', 'mxfp4_e2m1', 'nvfp4'];

// 8-byte header length, the JSON header (padded to 8), the data: 256 rows of values repeated.
let header = JSON.stringify({ weight: { dtype: 'F32', shape: [rows, cols], data_offsets: [0, rows * cols * 4] } });
header += ' '.repeat((8 - (header.length % 8)) % 8);
const data = 8 + header.length;
const bytes = new Uint8Array(data + rows * cols * 4);
new DataView(bytes.buffer).setBigUint64(0, BigInt(header.length), true);
bytes.set(new TextEncoder().encode(header), 8);
const chunk = normal(256 * cols, 0.02, 7);
for (let r = 0; r < rows; r += 256) {
  bytes.set(new Uint8Array(chunk.buffer, 0, Math.min(256, rows - r) * cols * 4), data + r * cols * 4);
}

const tl = await createTypeLattice({ parts: ['formats'] });
await tl.analyze(bytes, { to });
const cpu = [];
for (let i = 0; i < runs; ++i) {
  const wall = performance.now();
  const start = process.cpuUsage();
  await tl.analyze(bytes, { to });
  const used = process.cpuUsage(start);
  cpu.push((used.user + used.system) / 1e6);
  console.log(`run ${i + 1}: ${((performance.now() - wall) / 1000).toFixed(3)} s wall, ${cpu[i].toFixed(3)} s CPU`);
}
const median = [...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)];
console.log(`${rows} x ${cols} float32 against ${to.join(' ')}: median ${median.toFixed(3)} s of CPU per call over ` +
            `${runs} calls; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
