// 100 000 mixed calls, failing ones included, leave the wasm heap exactly as they found it.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, load } from './helpers.mjs';

const graph = { nodes: ['i*', 'u8', 'i8', 'i16', 'f*'], edges: [['i*', 'u8'], ['i*', 'i8'], ['u8', 'i16'], ['i8', 'i16'], ['i16', 'f*']] };

function mixedCall(tl, i, values, codes) {
  const attempt = (call) => { try { call(); } catch { /* the errors are part of the mix */ } };
  switch (i % 12) {
    case 0: return tl.promoteTypes('int8', 'float16');
    case 1: return attempt(() => tl.promoteTypes('int8', 'float16', { mode: 'strict' }));
    case 2: return attempt(() => tl.promoteTypes('flaot16', 'int8'));
    case 3: return tl.resultType(['int8', 'uint8', 'f*'], { system: i % 24 === 3 ? 'jax' : 'numpy' });
    case 4: return tl.castFloat32(values, 'float8_e4m3fn', { saturate: i % 2 === 0 });
    case 5: return tl.decode(codes, 'float8_e5m2');
    case 6: return tl.layout('float8_e4m3fn', i & 0xff);
    case 7: return tl.castValue('float6_e2m3fn', String(i / 1000));
    case 8: return tl.joinOnGraph(graph, ['u8', 'i8']);
    case 9: return tl.checkLattice(graph);
    case 10: return attempt(() => tl.castValue('float8_e4m3fn', 'not a number'));
    default: return attempt(() => tl.layout('float8_e4m3fn', 300));
  }
}

for (const { name, simd } of builds) {
  test(`${name}: 100 000 mixed calls leave the heap size and the bytes in use unchanged`, async () => {
    const tl = await load(simd);
    const values = Float32Array.from({ length: 64 }, (_, i) => i * 7.25 - 200);
    const codes = Uint8Array.from({ length: 64 }, (_, i) => i * 4);
    for (let i = 0; i < 1200; ++i) mixedCall(tl, i, values, codes);  // warm-up: lazily built state, if any
    tl.table({ system: 'numpy' });
    tl.lattice();
    const before = tl.heapStats();
    for (let i = 0; i < 100_000; ++i) mixedCall(tl, i, values, codes);
    for (let i = 0; i < 50; ++i) { tl.table(); tl.lattice(); tl.checkSystem({ system: 'numpy' }); }
    assert.deepEqual(tl.heapStats(), before);
  });
}
