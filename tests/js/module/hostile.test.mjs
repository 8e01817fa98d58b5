// Arguments that lie about themselves: typed arrays with redefined lengths, arrays with holes or getters that
// change their answer, names with lone surrogates. The module reads what is really there, refuses what it cannot
// keep exactly, and its heap stays sound afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, load, randomFloats } from './helpers.mjs';

for (const { name, simd } of builds) {
  test(`${name}: a typed array's own length, byteLength or byteOffset properties are not trusted`, async () => {
    const tl = await load(simd);
    const values = randomFloats(100000);
    const want = tl.castFloat32(values.slice(), 'float8_e4m3fn');
    for (const [key, value] of [['byteLength', 0], ['length', 1e9], ['length', 3], ['byteOffset', 1 << 20]]) {
      const liar = values.slice();
      Object.defineProperty(liar, key, { value });
      const got = tl.castFloat32(liar, 'float8_e4m3fn');
      assert.equal(got.length, values.length, `${key}=${value}`);
      assert.deepEqual(got, want, `${key}=${value}: the real elements are cast`);
      const codes = want.slice();
      Object.defineProperty(codes, key, { value });
      assert.deepEqual(tl.decode(codes, 'float8_e4m3fn'), tl.decode(want, 'float8_e4m3fn'), `decode, ${key}=${value}`);
    }
    // An object that only claims to be a Float32Array is refused.
    const fake = { length: 4, byteLength: 16, constructor: Float32Array, [Symbol.toStringTag]: 'Float32Array' };
    assert.throws(() => tl.castFloat32(fake, 'float8_e4m3fn'), TypeError);
    // The heap is sound afterwards: a 500-node check runs (it used to fail with "memory access out of bounds").
    const nodes = Array.from({ length: 500 }, (_, i) => `n${i}`);
    const edges = nodes.slice(1).map((n, i) => [nodes[i], n]);
    assert.equal(tl.checkLattice({ nodes, edges }).isLattice, true);
  });

  test(`${name}: holes and changing getters in arrays are a TypeError, not a binding error`, async () => {
    const tl = await load(simd);
    // eslint-disable-next-line no-sparse-arrays
    const holes = [[, 'int8'], ['int8', , 'uint8']];
    for (const names of holes) {
      assert.throws(() => tl.resultType(names), TypeError);
      assert.throws(() => tl.table({ types: names }), TypeError);
      assert.throws(() => tl.checkLattice({ nodes: names, edges: [] }), TypeError);
    }
    // A getter that answers a string when checked and something else afterwards: the checked copy is what is used.
    let reads = 0;
    const tricky = ['int8'];
    Object.defineProperty(tricky, 1, { get: () => (reads++ === 0 ? 'uint8' : 42), enumerable: true });
    assert.equal(tl.resultType(tricky), 'int16');
    assert.equal(reads, 1);
    const edge = ['a'];
    let edgeReads = 0;
    Object.defineProperty(edge, 1, { get: () => (edgeReads++ === 0 ? 'b' : null), enumerable: true });
    assert.equal(tl.checkLattice({ nodes: ['a', 'b'], edges: [edge] }).isLattice, true);
  });

  test(`${name}: names with lone surrogates are refused, never changed`, async () => {
    const tl = await load(simd);
    for (const bad of ['a\ud800b', '\udc00', 'x\ud83d']) {
      assert.throws(() => tl.checkLattice({ nodes: [bad, 'b'], edges: [] }), RangeError);
      assert.throws(() => tl.graph({ nodes: ['b', bad], edges: [] }), RangeError);
      assert.throws(() => tl.promoteTypes(bad, 'int8'), RangeError);
      assert.throws(() => tl.parseLattice(`{"nodes": ["${bad}"]}`), RangeError);
    }
    // Two different lone surrogates used to come back as one name, "listed twice"; a proper pair is kept.
    const check = tl.checkLattice({ nodes: ['\ud83d\ude00', 'b'], edges: [['\ud83d\ude00', 'b']] });
    assert.equal(check.isLattice, true);
    assert.deepEqual(check.layout.map((n) => n.name).sort(), ['b', '\ud83d\ude00']);
  });
}
