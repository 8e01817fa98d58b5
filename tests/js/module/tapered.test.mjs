// tl.taperedFormat against the CLI: every code's value as `typelattice decode` prints it; layouts written out as
// `typelattice layout FORMAT --code CODE` prints them, for a spread of codes and every special one; casts as
// `typelattice layout FORMAT VALUE` and `typelattice cast` print them, with the options the formats take and refuse;
// bad names, codes and arguments as errors with the CLI's words. Both builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, cli, load } from './helpers.mjs';

const FORMATS = { posit8: { step: 7, special: [0x00, 0x80, 0x7f, 0x81, 0x01, 0x40] },
  hif8: { step: 7, special: [0x00, 0x80, 0x6f, 0xef, 0x6e, 0x01, 0x07, 0x08] },
  posit16: { step: 997, special: [0x0000, 0x8000, 0x7fff, 0x0001, 0x4000] } };

const run = (args) => {
  const r = cli(args);
  assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

// The lines `typelattice layout` prints (app/common/tapered_layout_text.cpp), from the module's answers.
function layoutText(f, l, input) {
  const lines = [];
  if (input !== undefined) lines.push(`input        ${input}`);
  lines.push(`format       ${l.format}`, `code         ${l.hex}`);
  for (const field of l.fields) {
    const width = field.highBit - field.lowBit + 1;
    const range = field.highBit === field.lowBit ? `${field.highBit}` : `${field.highBit}..${field.lowBit}`;
    lines.push(`${`${field.name}:`.padEnd(13)}${field.raw.toString(2).padStart(width, '0')}  (bits ${range}, ${field.raw})  ${field.meaning}`);
  }
  if (l.truncatedExponentBits > 0) lines.push(`cut exponent ${l.truncatedExponentBits} bit(s), read as 0`);
  if (l.scale !== null) lines.push(`scale        2^${l.scale}`);
  if (l.formula) lines.push(`formula      ${l.formula}`);
  lines.push(`category     ${l.category}`, `value        ${l.exactValue}`);
  for (const fact of l.facts ?? []) lines.push(`${fact.name.padEnd(Math.max(fact.name.length + 1, 13))}${fact.text}`);
  const neighbour = (code) => (code === null ? 'none' : `${f.layout(code).hex} ${f.layout(code).exactValue}`);
  lines.push(`next up      ${neighbour(l.nextUp)}`, `next down    ${neighbour(l.nextDown)}`);
  return `${lines.join('\n')}\n`;
}

for (const { name, simd } of builds) {
  test(`${name}: each format's codes, values and layouts are the CLI's`, async () => {
    const tl = await load(simd);
    for (const [format, { step, special }] of Object.entries(FORMATS)) {
      const f = await tl.taperedFormat(format);
      assert.equal(f.name, format);
      const listed = run(['formats']).split('\n').find((line) => line.startsWith(`${format} `));
      assert.ok(listed.includes(f.summary), `${format}: ${listed}`);
      const count = 2 ** f.bits;
      const values = f.values();
      assert.equal(values.length, count);
      // `decode` prints each code's value exactly: the module's doubles are those decimals.
      const decoded = run(['decode', '--from', format, ...Array.from({ length: count }, (_, c) => String(c))]).trim().split('\n');
      decoded.forEach((line, c) => {
        const text = line.split(' ')[1];
        const want = text === 'nan' ? NaN : text === 'inf' ? Infinity : text === '-inf' ? -Infinity : Number(text);
        assert.ok(Object.is(values[c], want), `${format} ${line}: ${values[c]}`);
      });
      const codes = [...special];
      for (let c = 3; c < count; c += step) codes.push(c);
      for (const code of codes) {
        const l = f.layout(code);
        assert.equal(l.code, code);
        assert.ok(Object.is(l.value, values[code]) || (Number.isNaN(l.value) && Number.isNaN(values[code])));
        assert.equal(layoutText(f, l), run(['layout', format, '--code', String(code)]), `${format} ${l.hex}`);
        for (const field of l.fields) assert.equal(tl.renderMessage(field.meaningMessage), field.meaning);
      }
    }
  });
}

test('casts: the layout, the facts and the cast line of typelattice layout and cast, options as the CLI takes them', async () => {
  const tl = await load();
  const inputs = ['3.3', '-0.1', '1e-30', '-1e30', '0.3', '448', '40000', '1e-7', '0', '-0', 'nan', 'inf', '-inf', 1.5, -2];
  for (const format of Object.keys(FORMATS)) {
    const f = await tl.taperedFormat(format);
    for (const value of inputs) {
      const c = f.cast(value);
      assert.equal(layoutText(f, c, String(value)), run(['layout', format, String(value)]), `${format} ${value}`);
      assert.equal(`${c.line}\n`, run(['cast', '--to', format, String(value)]), `${format} ${value}`);
      for (const fact of c.facts) assert.equal(tl.renderMessage(fact.textMessage), fact.text);
    }
  }
  // HiF8 saturates when asked; a float32 pattern and a value rounded to float32 first read as the CLI reads them.
  const hif8 = await tl.taperedFormat('HiFloat8');
  assert.equal(hif8.name, 'hif8');
  assert.equal(`${hif8.cast('40000', { saturate: true }).line}\n`, run(['cast', '--to', 'hif8', '--saturate', '40000']));
  assert.equal(`${hif8.cast('0x3e99999a', { input: 'hex' }).line}\n`, run(['cast', '--to', 'hif8', '--input', 'hex', '0x3e99999a']));
  assert.equal(`${hif8.cast('0.3', { from: 'float32' }).line}\n`, run(['cast', '--to', 'hif8', '--from', 'float32', '0.3']));
  // What a format refuses, in the CLI's words.
  const posit8 = await tl.taperedFormat('posit8');
  for (const [opts, args] of [[{ round: 'toward-zero' }, ['--round', 'toward-zero']], [{ saturate: false }, ['--no-saturate']],
    [{ round: 'stochastic' }, ['--round', 'stochastic']]]) {
    const r = cli(['cast', '--to', 'posit8', ...args, '1']);
    assert.equal(r.status, 2);
    assert.throws(() => posit8.cast(1, opts), (e) => e instanceof RangeError && `typelattice: ${e.message}` === r.stderr.trim(),
                  JSON.stringify(opts));
  }
  assert.throws(() => posit8.cast(1, { srBits: 3 }), RangeError);
  const bad = cli(['cast', '--to', 'posit8', '1.5e']);
  assert.equal(bad.status, 2);
  assert.throws(() => posit8.cast('1.5e'), (e) => e instanceof RangeError && `typelattice: ${e.message}` === bad.stderr.trim());
});

test("a field's meaning is the core's message: its pattern and parts, to translate", async () => {
  const tl = await load();
  // posit8 0x44 = 0 10 00 100: a run of one 1 ended by the terminator 0, so r = 0.
  const regime = (await tl.taperedFormat('posit8')).layout(0x44).fields[1];
  assert.equal(regime.meaning, 'r = 0 (run of 1 one, then the terminator 0)');
  assert.deepEqual(regime.meaningMessage, { id: 'r = %1 (run of %2, then the terminator %3)',
    args: ['0', { id: '%1 one', args: ['1'] }, '0'] });
  const zh = { 'r = %1 (run of %2, then the terminator %3)': 'r = %1(连续 %2,然后是终止位 %3)', '%1 one': '%1 个 1' };
  assert.equal(tl.renderMessage(regime.meaningMessage, (id) => zh[id]), 'r = 0(连续 1 个 1,然后是终止位 0)');
});

test('bad names, codes and arguments', async () => {
  const tl = await load();
  await assert.rejects(tl.taperedFormat('posit9'), (e) => e instanceof RangeError && e.suggestions[0] === 'posit8');
  await assert.rejects(tl.taperedFormat('float8_e4m3fn'), (e) => e instanceof RangeError && /minifloat/.test(e.message));
  for (const name of [8, null, undefined, ['posit8']]) await assert.rejects(tl.taperedFormat(name), TypeError, String(name));
  const f = await tl.taperedFormat('posit8');
  for (const code of [256, -1, 1.5, NaN]) assert.throws(() => f.layout(code), RangeError, String(code));
  for (const code of ['1', null, undefined]) assert.throws(() => f.layout(code), TypeError, String(code));
  for (const value of [null, {}, [1]]) assert.throws(() => f.cast(value), TypeError, String(value));
  assert.throws(() => f.cast(1, { saturate: 'yes' }), TypeError);
  // values() is a copy: changing it changes nothing the handle answers.
  const values = f.values();
  values[0x40] = 7;
  assert.equal(f.values()[0x40], 1);
  assert.equal(f.layout(0x40).value, 1);
});
