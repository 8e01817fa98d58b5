// The module's parts (docs/wasm.md, "Parts"): createTypeLattice({ parts }) loads only the parts named, and the
// result has only their members; createTypeLattice() loads the whole module and has every member of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import createTypeLattice from '../../../web/dist/typelattice.mjs';

const COMMON = ['analyze', 'heapStats', 'isa', 'parts', 'renderMessage', 'storedBlockFormats', 'storedBlocks', 'summarize',
  'taperedFormat', 'version'];
const members = (tl) => Object.keys(tl).sort();

test('each member of the whole API comes with exactly one part, or with any part', async () => {
  const [all, promotion, formats] = await Promise.all([createTypeLattice(),
    createTypeLattice({ parts: ['promotion'] }), createTypeLattice({ parts: ['formats'] })]);
  const shared = members(promotion).filter((m) => members(formats).includes(m));
  assert.deepEqual(shared, COMMON, 'members in both partial instances (a new member must be listed in one part)');
  assert.deepEqual([...new Set([...members(promotion), ...members(formats)])].sort(), members(all));
  assert.deepEqual(all.parts, ['promotion', 'formats']);
  assert.deepEqual(promotion.parts, ['promotion']);
  assert.deepEqual(formats.parts, ['formats']);
  for (const m of ['promoteTypes', 'system', 'graph', 'checkLattice', 'routeEdges', 'parseLattice', 'designStory']) {
    assert.ok(members(promotion).includes(m), `promotion part has ${m}`);
  }
  for (const m of ['castValue', 'castFloat32', 'decode', 'layout', 'formats', 'quantizeBlocks', 'blockFormats']) {
    assert.ok(members(formats).includes(m), `formats part has ${m}`);
  }
});

test('a part on its own answers as the whole API does', async () => {
  const promotion = await createTypeLattice({ parts: ['promotion'] });
  const formats = await createTypeLattice({ parts: ['formats'] });
  assert.equal(promotion.promoteTypes('float16', 'bfloat16'), 'float32');
  assert.equal(promotion.joinOnGraph({ nodes: ['a', 'b', 'c'], edges: [['a', 'c'], ['b', 'c']] }, ['a', 'b']).join, 'c');
  const routes = promotion.routeEdges([{ x: 0, y: 0, halfWidth: 10, halfHeight: 5 },
    { x: 0, y: 100, halfWidth: 10, halfHeight: 5 }], [[0, 1]]);
  assert.equal(routes.length, 1);
  // float8_e4m3fn: 448 is its largest finite value, 0 1111 110 = 0x7e; 1 is 0 0111 000 = 0x38.
  assert.equal(formats.castValue('float8_e4m3fn', 448).code, 0x7e);
  assert.deepEqual(formats.castFloat32(new Float32Array([1, 448]), 'float8_e4m3fn'), Uint8Array.of(0x38, 0x7e));
  // 1 and 0.5 are MXFP8 E4M3 elements times a power-of-two scale: they come back exactly.
  const blocks = formats.quantizeBlocks(new Float32Array([1, 0.5]), 'mxfp8_e4m3');
  assert.deepEqual(formats.dequantizeBlocks(blocks, 'mxfp8_e4m3'), Float32Array.of(1, 0.5));
});

test('the isa is the loaded build\'s, whichever part', async () => {
  for (const parts of [['promotion'], ['formats']]) {
    assert.equal((await createTypeLattice({ parts, simd: false })).isa, 'scalar', parts[0]);
    assert.equal((await createTypeLattice({ parts })).isa, 'wasm_simd128', parts[0]);
  }
});

test('heapStats counts the loaded parts\' heaps; a part\'s calls leave it as it was', async () => {
  const formats = await createTypeLattice({ parts: ['formats'] });
  const cast = () => formats.castFloat32(new Float32Array(1000).fill(3), 'float8_e5m2');
  cast();  // the first cast sets up what every later one shares
  const before = formats.heapStats();
  cast();
  assert.equal(formats.heapStats().bytesInUse, before.bytesInUse);
  const all = await createTypeLattice({ parts: ['promotion', 'formats'] });
  const one = await createTypeLattice({ parts: ['promotion'] });
  assert.ok(all.heapStats().memoryBytes > one.heapStats().memoryBytes);
});

test('locateFile is asked for the parts\' files only, or the whole module\'s without parts', async () => {
  for (const [parts, expected] of [[['promotion'], ['typelattice-promotion-simd.wasm']],
    [['formats'], ['typelattice-formats-simd.wasm']],
    [['formats', 'promotion'], ['typelattice-formats-simd.wasm', 'typelattice-promotion-simd.wasm']],
    [undefined, ['typelattice-core-simd.wasm']]]) {
    const asked = [];
    await createTypeLattice({ parts, locateFile: (file, url) => { asked.push(file); return url; } });
    assert.deepEqual(asked.sort(), expected, String(parts));
  }
  const plain = [];
  await createTypeLattice({ parts: ['formats'], simd: false, locateFile: (file, url) => { plain.push(file); return url; } });
  assert.deepEqual(plain, ['typelattice-formats.wasm']);
});

test('the parts option: an array naming known parts', async () => {
  await assert.rejects(createTypeLattice({ parts: 'promotion' }), TypeError);
  await assert.rejects(createTypeLattice({ parts: null }), TypeError);
  await assert.rejects(createTypeLattice({ parts: [] }), RangeError);
  await assert.rejects(createTypeLattice({ parts: ['promotion', 'casts'] }), (e) => {
    assert.ok(e instanceof RangeError);
    assert.match(e.message, /unknown part 'casts'.*promotion, formats/);
    return true;
  });
});
