// Promotion through the JS module against the seed tables (the JAX docs and the design document's appendix)
// and the CLI's answers and error text.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { TypePromotionError } from '../../../web/dist/typelattice.mjs';
import { builds, cli, load, seedTable } from './helpers.mjs';

// seed file -> the options that reproduce it (jax_docs / jax-numpy: JAX's jnp table, x64 on).
const seeds = [
  ['jax_docs', { system: 'jax' }], ['jax-numpy', { system: 'jax' }], ['numpy', { system: 'numpy' }],
  ['numpy-2021', { system: 'numpy-2021' }], ['torch-2021', { system: 'torch-2021' }],
  ['tensorflow-2021', { system: 'tensorflow-2021' }], ['jax-lax', { system: 'jax-lax' }],
];

for (const { name, simd } of builds) {
  for (const [seed, opts] of seeds) {
    test(`${name}: every cell of seed_${seed}.csv through promoteTypes`, async () => {
      const tl = await load(simd);
      const { types, rowNames, cells } = seedTable(seed);
      let checked = 0;
      rowNames.forEach((a, r) => types.forEach((b, c) => {
        const expected = cells[r][c];
        if (expected === null) {
          assert.throws(() => tl.promoteTypes(a, b, opts), TypePromotionError, `${a} + ${b} should have no promotion`);
        } else {
          assert.equal(tl.promoteTypes(a, b, opts), expected, `${opts.system}: ${a} + ${b}`);
        }
        ++checked;
      }));
      assert.equal(checked, 18 * 18);
    });
  }
}

for (const [seed, opts] of seeds) {
  test(`table(${JSON.stringify(opts)}) matches seed_${seed}.csv`, async () => {
    const tl = await load();
    const { types, rowNames, cells } = seedTable(seed);
    const table = tl.table({ ...opts, types: rowNames });
    assert.deepEqual(table.types, rowNames);
    const reordered = rowNames.map((_, r) => types.map((_t, c) => cells[r][c]));
    assert.deepEqual(table.cells, reordered);
  });
}

test('promoteTypes accepts the aliases of the JAX docs table and the design document', async () => {
  const tl = await load();
  assert.equal(tl.promoteTypes('u1', 'i1'), 'int16');
  assert.equal(tl.promoteTypes('bf', 'f2'), 'float32');
  assert.equal(tl.promoteTypes('int', 'float'), 'f*');
  assert.equal(tl.promoteTypes('INT8', 'Float16'), 'float16');
});

test('resultType folds the jax lattice like the docs table (every triple of the 18 docs types)', async () => {
  const tl = await load();
  const { types, rowNames, cells } = seedTable('jax_docs');
  const join = (a, b) => cells[rowNames.indexOf(a)][types.indexOf(b)];
  for (const a of rowNames) for (const b of rowNames) for (const c of rowNames) {
    assert.equal(tl.resultType([a, b, c]), join(join(a, b), c), `${a}, ${b}, ${c}`);
  }
  assert.equal(tl.resultType(['int8']), 'int8');
});

test('strict mode: the same answers and the same error text as the CLI for every pair of docs types', async () => {
  const tl = await load();
  const { rowNames } = seedTable('jax_docs');
  for (const a of rowNames) for (const b of rowNames) {
    const ref = cli(['promote', a, b, '--mode', 'strict']);
    if (ref.status === 0) {
      assert.equal(tl.promoteTypes(a, b, { mode: 'strict' }), ref.stdout.trim(), `${a} + ${b}`);
      continue;
    }
    assert.equal(ref.status, 1, `CLI exit status for ${a} + ${b}: ${ref.stderr}`);
    assert.throws(() => tl.promoteTypes(a, b, { mode: 'strict' }), (e) => {
      assert.ok(e instanceof TypePromotionError);
      assert.ok(e instanceof Error);
      assert.equal(e.name, 'TypePromotionError');
      // The CLI prints the error as JS shows it: "TypePromotionError: <message>".
      assert.equal(String(e), ref.stderr.trim(), `${a} + ${b}`);
      return true;
    });
  }
});

test('strict mode refuses a mixed promotion and names the inputs and the mode', async () => {
  const tl = await load();
  assert.equal(tl.promoteTypes('int8', 'int8', { mode: 'strict' }), 'int8');
  assert.throws(() => tl.promoteTypes('int8', 'float16', { mode: 'strict' }), (e) => {
    assert.ok(e instanceof TypePromotionError);
    assert.match(e.message, /int8/);
    assert.match(e.message, /float16/);
    assert.match(e.message, /strict/);
    return true;
  });
  assert.throws(() => tl.resultType(['int8', 'uint8', 'float16'], { mode: 'strict' }), TypePromotionError);
  // The standard mode still promotes the same inputs.
  assert.equal(tl.promoteTypes('int8', 'float16'), 'float16');
});
