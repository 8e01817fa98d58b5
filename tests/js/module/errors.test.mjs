// Bad arguments: TypeError for the wrong type, RangeError (naming the closest valid names) for an unknown
// name or an out-of-range value, TypePromotionError only for promotions; the module keeps working after all.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { TypePromotionError } from '../../../web/dist/typelattice.mjs';
import { builds, load } from './helpers.mjs';

for (const { name, simd } of builds) {
  test(`${name}: wrong argument types throw TypeError`, async () => {
    const tl = await load(simd);
    const typeErrors = [
      () => tl.promoteTypes(8, 'int8'),
      () => tl.promoteTypes('int8'),
      () => tl.promoteTypes('int8', 'int8', 'jax'),
      () => tl.promoteTypes('int8', 'int8', { system: 1 }),
      () => tl.promoteTypes('int8', 'int8', { x64: 'yes' }),
      () => tl.resultType('int8'),
      () => tl.resultType([]),
      () => tl.resultType(['int8', null]),
      () => tl.table({ types: 'int8,uint8' }),
      () => tl.castFloat32([1, 2, 3], 'float8_e4m3fn'),
      () => tl.castFloat32(new Float64Array(3), 'float8_e4m3fn'),
      () => tl.castFloat32(new Float32Array(3), 'float8_e4m3fn', { saturate: 1 }),
      () => tl.castFloat32(new Float32Array(3), 'float8_e4m3fn', { round: 2 }),
      () => tl.decode(new Uint16Array(3), 'float8_e4m3fn'),
      () => tl.decode(new Uint8Array(3), 'float16'),
      () => tl.layout('float8_e4m3fn', '3'),
      () => tl.layout(null, 3),
      () => tl.castValue('float8_e4m3fn', {}),
      () => tl.checkLattice({ nodes: 'a,b', edges: [] }),
      () => tl.checkLattice({ nodes: ['a', 2], edges: [] }),
      () => tl.checkLattice({ nodes: ['a', 'b'], edges: [['a']] }),
      () => tl.checkLattice({ nodes: ['a', 'b'] }),
      () => tl.checkLattice(null),
      () => tl.joinOnGraph({ nodes: ['a'], edges: [] }, 'a'),
      () => tl.reachable({ nodes: ['a'], edges: [] }, 0),
    ];
    typeErrors.forEach((call, i) => assert.throws(call, TypeError, `case ${i}: ${call}`));
  });

  test(`${name}: unknown names throw RangeError naming the closest valid names`, async () => {
    const tl = await load(simd);
    const cases = [
      [() => tl.promoteTypes('flaot16', 'int8'), 'float16'],
      [() => tl.promoteTypes('int8', 'unit8'), 'uint8'],
      [() => tl.resultType(['int8', 'bfloat61']), 'bfloat16'],
      [() => tl.promoteTypes('int8', 'int8', { system: 'nunpy' }), 'numpy'],
      [() => tl.promoteTypes('int8', 'int8', { mode: 'strikt' }), 'strict'],
      [() => tl.castFloat32(new Float32Array(1), 'float8_e4m3f'), 'float8_e4m3fn'],
      [() => tl.decode(new Uint8Array(1), 'float8_e5m3'), 'float8_e5m2'],
      [() => tl.layout('floot16', 0), 'float16'],
      [() => tl.joinOnGraph({ nodes: ['alpha', 'beta'], edges: [] }, ['alpah']), 'alpha'],
      [() => tl.reachable({ nodes: ['alpha', 'beta'], edges: [] }, 'bata'), 'beta'],
    ];
    for (const [call, closest] of cases) {
      assert.throws(call, (e) => {
        assert.ok(e instanceof RangeError, `${call}: ${e}`);
        assert.ok(!(e instanceof TypePromotionError));
        assert.ok(e.message.includes(closest), `"${e.message}" names ${closest}`);
        return true;
      });
    }
  });

  test(`${name}: out-of-range values throw RangeError`, async () => {
    const tl = await load(simd);
    const rangeErrors = [
      () => tl.layout('float8_e4m3fn', 256),
      () => tl.layout('float8_e4m3fn', -1),
      () => tl.layout('float8_e4m3fn', 1.5),
      () => tl.layout('float4_e2m1fn', 16),
      () => tl.layout('float16', 65536),
      () => tl.layout('float32', 2 ** 32),
      () => tl.castFloat32(new Float32Array(1), 'float32'),
      () => tl.decode(new Uint32Array(1), 'float32'),
      () => tl.decode(Uint8Array.of(0, 1, 16), 'float4_e2m1fn'),
      () => tl.decode(Uint8Array.of(64), 'float6_e2m3fn'),
      () => tl.castFloat32(new Float32Array(1), 'float8_e8m0fnu', { round: 'sideways' }),
      () => tl.castValue('float8_e4m3fn', 'twelve'),
      () => tl.castValue('float8_e4m3fn', '1', { input: 'octal' }),
      () => tl.checkLattice({ nodes: ['a', 'b'], edges: [['a', 'c']] }),
      () => tl.checkLattice({ nodes: ['a', 'a'], edges: [] }),
    ];
    rangeErrors.forEach((call, i) => assert.throws(call, RangeError, `case ${i}: ${call}`));
  });

  test(`${name}: an array too large for the wasm heap is refused, never truncated`, async () => {
    const tl = await load(simd);
    const huge = new Float32Array(2 ** 29);  // 2 GB: with the codes, more than the heap can ever hold
    assert.throws(() => tl.castFloat32(huge, 'float8_e4m3fn'), (e) => {
      assert.ok(e instanceof RangeError);
      assert.match(e.message, /heap/);
      return true;
    });
    // 1.8 GB of input would fit alone; with its 0.45 GB of codes it does not.
    assert.throws(() => tl.castFloat32(new Float32Array(450_000_000), 'float8_e4m3fn'), RangeError);
    assert.throws(() => tl.decode(new Uint16Array(2 ** 30), 'float16'), RangeError);
    assert.ok(tl.heapStats().memoryBytes < 2 ** 30, 'the refused calls did not grow the heap');
    assert.equal(tl.promoteTypes('int8', 'uint8'), 'int16', 'the module still works');
  });
}

test('a 10^8-element cast either works completely or throws a clear RangeError', async () => {
  const tl = await load();
  const n = 100_000_000;
  const input = new Float32Array(n);
  // A ramp through every binade of float8_e4m3fn and beyond, so every output position carries information.
  for (let i = 0; i < n; i += 1) input[i] = ((i % 4001) - 2000) * 0.37;
  let codes;
  try {
    codes = tl.castFloat32(input, 'float8_e4m3fn');
  } catch (e) {
    assert.ok(e instanceof RangeError, `not a RangeError: ${e}`);
    assert.match(e.message, /heap|memory/);
    return;
  }
  assert.equal(codes.length, n, 'no truncation');
  const reference = tl.castFloat32(input.subarray(0, 4001), 'float8_e4m3fn');
  for (const i of [0, 1, 4000, 4001, n / 2, n - 4002, n - 1])
    assert.equal(codes[i], reference[i % 4001], `element ${i}`);
});

test("typed-array subclasses are accepted as their base class (node's Buffer as float8 codes)", async () => {
  const tl = await load();
  const codes = Buffer.from([0x38, 0x7e]);
  assert.deepEqual(tl.decode(codes, 'float8_e4m3fn'), Float32Array.of(1, 448));
});
