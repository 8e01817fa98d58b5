// compare(operands) through the JS module against `typelattice compare`: every row's line is the CLI's line, for
// dtypes and for Python values in every system; bad operands are RangeErrors with the core's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, cli, load } from './helpers.mjs';

// Dtypes alone, dtypes with each kind of Python value (in and out of range, either side), values alone, and
// chains of three: each system's rule for values shows in at least one of them.
const EXPRESSIONS = [
  ['uint8', '300'], ['300', 'uint8'], ['uint8', '255'], ['uint8', '-1'], ['int8', '-129'], ['int8', '127'],
  ['uint64', '-1'], ['int64', '99999999999999999999'], ['uint64', '18446744073709551615'], ['int16', '1.5'],
  ['float16', '1e40'], ['float32', '1j'], ['bfloat16', '1.5'], ['bool', 'True'], ['bool', '3'], ['int32', '2-3.5j'],
  ['float8_e4m3fn', '1.5'], ['complex32', '1.5'], ['uint32', '1.5'], ['300'], ['1.5', '1j'], ['True', 'False'],
  ['int8', 'uint8'], ['float16', 'bfloat16'], ['int64', 'uint64'], ['float8_e4m3fn', 'bfloat16'], ['i*', 'f*'],
  ['uint16', 'int16'], ['complex64', 'float64'], ['int8', 'uint8', 'float16'], ['int8', 'bfloat16', 'float16'],
  ['uint8', '300', 'int8'], ['int4', 'int8'],
];

const cliLines = (operands) => {
  const r = cli(['compare', '--', ...operands]);
  assert.equal(r.status, 0, `typelattice compare ${operands.join(' ')}: ${r.stderr}`);
  return r.stdout.trimEnd().split('\n');
};

for (const { name, simd } of builds) {
  test(`${name}: compare() gives typelattice compare's line in every system`, async () => {
    const tl = await load(simd);
    const systems = tl.systems();
    for (const operands of EXPRESSIONS) {
      const rows = tl.compare(operands);
      assert.deepEqual(rows.map((r) => r.system), systems.map((s) => s.name), 'one row per system, in order');
      assert.deepEqual(rows.map((r) => r.line), cliLines(operands), operands.join(' '));
      rows.forEach((r, i) => {
        const info = systems[i];
        assert.equal(r.line, `${r.system}: ${r.result ?? r.error}`);
        assert.ok((r.result === null) !== (r.error === null), `${r.system}: a result or an error, not both`);
        assert.deepEqual([r.title, r.version, r.source, r.sourceUrl], [info.title, info.version, info.source,
          info.sourceUrl]);
        assert.match(r.sourceUrl, /^https:\/\//);
      });
    }
  });
}

test('the issue\'s example: uint8 with 300 in every system', async () => {
  const tl = await load();
  const byName = Object.fromEntries(tl.compare(['uint8', '300']).map((r) => [r.system, r]));
  assert.equal(byName.numpy.error, 'OverflowError: Python integer 300 out of bounds for uint8');
  assert.equal(byName['numpy-2021'].result, 'uint16');
  assert.equal(byName.torch.result, 'uint8');
  assert.match(byName.torch.note, /wraps to 44/);
  assert.match(byName['array-api'].error, /unspecified by the array API standard/);
  assert.equal(byName.jax.result, 'uint8');
  assert.match(byName.jax.note, /weakly typed/);
  assert.match(byName['numpy-2021'].note, /min_scalar_type/);
});

test('a note only where a Python value takes part and the system answers', async () => {
  const tl = await load();
  for (const r of tl.compare(['int8', 'uint8'])) assert.equal(r.note, null, r.system);
  for (const r of tl.compare(['int8', '1.5'])) assert.equal(r.note === null, r.result === null, r.system);
  const wrapped = Object.fromEntries(tl.compare(['int8', '200']).map((r) => [r.system, r.note]));
  assert.match(wrapped.torch, /wraps to -56/);
});

test('bad operands: RangeError with the core\'s words, as the CLI prints them', async () => {
  const tl = await load();
  for (const operands of [['unit8', '300'], ['1.2.3', 'int8'], ['flaot16'], ['int8', '']]) {
    const r = cli(['compare', '--', ...operands]);
    assert.equal(r.status, 2, operands.join(' '));
    assert.throws(() => tl.compare(operands), (e) => {
      assert.ok(e instanceof RangeError, `${operands}: ${e}`);
      assert.ok(r.stderr.includes(e.message), `the CLI says ${r.stderr} where the module says ${e.message}`);
      return true;
    });
  }
  assert.throws(() => tl.compare(['unit8', '300']), (e) => e.suggestions?.[0] === 'uint8');
  assert.throws(() => tl.compare([]), RangeError);
});

test('wrong argument types: TypeError', async () => {
  const tl = await load();
  for (const bad of [undefined, null, 'uint8,300', 300, { 0: 'uint8' }, ['uint8', 300], ['uint8', null]]) {
    assert.throws(() => tl.compare(bad), TypeError, String(bad));
  }
});

// JAX's modes as its docs give them (docs/promotion.md, "JAX: standard, strict, x64"): strict refuses float32 with
// int32, x64 off makes uint32 with int32 int32, and a Python int must then fit int32 (the docstring of
// jax/_src/dtypes.py _scalar_type_to_dtype). Each row says the mode it used; systems without modes keep their one.
test('compare(operands, { mode, x64 }): JAX answers in that mode, every row says which it used', async () => {
  const tl = await load();
  const jax = (operands, opts) => tl.compare(operands, opts).find((r) => r.system === 'jax');
  const strict = jax(['float32', 'int32'], { mode: 'strict' });
  assert.equal(strict.result, null);
  assert.match(strict.error, /^TypePromotionError: .*jax_numpy_dtype_promotion=strict/);
  assert.deepEqual([strict.mode, strict.x64], ['strict', true]);
  assert.equal(jax(['float32', 'int32']).result, 'float32');
  assert.equal(jax(['uint32', 'int32'], { x64: false }).result, 'int32');
  assert.equal(jax(['uint32', 'int32'], { x64: true }).result, 'int64');
  assert.equal(jax(['int8', '3000000000'], { x64: false }).error,
    'OverflowError: Python int 3000000000 too large to convert to int32');
  const modes = new Set(tl.systems().filter((s) => s.modes).map((s) => s.name));
  const plain = tl.compare(['uint32', 'int32']);
  tl.compare(['uint32', 'int32'], { mode: 'strict', x64: false }).forEach((r, i) => {
    if (modes.has(r.system)) return assert.deepEqual([r.mode, r.x64], ['strict', false], r.system);
    assert.deepEqual([r.mode, r.x64], [null, null], r.system);
    assert.equal(r.line, plain[i].line, `${r.system} has one mode`);
  });
  assert.throws(() => tl.compare(['int8'], { mode: 'lax' }), RangeError);
  assert.throws(() => tl.compare(['int8'], { x64: 'off' }), TypeError);
  assert.throws(() => tl.compare(['int8'], { system: 'numpy' }), TypeError);
});
