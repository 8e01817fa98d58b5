// promoteTypes from JS, per call: the one-call function (a cached handle inside) and a handle's own method, for
// every system, with np.promote_types from Python for scale (tests/bench/numpy_promote_bench.py).
// Usage: node tests/bench/promote_bench.mjs [DIST]   (DIST: the built module, default web/dist; build it with the
// wasm preset). Prints ns per call: the median of 7 runs of CPU time (user + system), so other load on a shared
// machine does not count. Each run cycles through every pair of the system's types that promotes.
import { loadBuiltModule, median } from './module-bench.mjs';

const tl = await loadBuiltModule();
const runs = 7;
const callsPerRun = 2_000_000;


// ns per call of CPU time; the pairs are cycled so that every cell of the table is read.
function measure(pairs, call) {
  let sink = 0;
  const run = () => {
    for (let i = 0, k = 0; i < callsPerRun; ++i, k = k + 1 === pairs.length ? 0 : k + 1) {
      sink += call(pairs[k][0], pairs[k][1]).length;
    }
  };
  run();  // warm-up: V8 tiers the code up
  const times = Array.from({ length: runs }, () => {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    return ((used.user + used.system) * 1000) / callsPerRun;
  });
  if (sink === 0) throw new Error('no promotion ran');
  return median(times);
}

const systems = [
  { system: 'jax' }, { system: 'jax', x64: false }, { system: 'jax', mode: 'strict' },
  { system: 'numpy' }, { system: 'torch' }, { system: 'tensorflow' }, { system: 'jax-lax' },
];
console.log('system                 promoteTypes(a, b, opts)   handle.promoteTypes(a, b)   pairs');
for (const opts of systems) {
  const types = tl.table({ ...opts, types: undefined }).types;
  const pairs = [];
  for (const a of types) for (const b of types) {
    try { tl.promoteTypes(a, b, opts); pairs.push([a, b]); } catch { /* no promotion: not timed */ }
  }
  const handle = tl.system(opts);
  const viaFunction = measure(pairs, (a, b) => tl.promoteTypes(a, b, opts));
  const viaHandle = measure(pairs, (a, b) => handle.promoteTypes(a, b));
  handle.delete();
  const label = `${opts.system}${opts.mode ? `/${opts.mode}` : ''}${opts.x64 === false ? '/x64-off' : ''}`;
  console.log(`${label.padEnd(22)} ${viaFunction.toFixed(1).padStart(14)} ns ${viaHandle.toFixed(1).padStart(25)} ns ` +
              `${String(pairs.length).padStart(7)}`);
}
