// What a cast's rounding comes to through the JS module: castValue's facts, neighbours, stochastic share and
// expected value equal what `typelattice layout` prints; castSamples equals `typelattice cast --repeat`;
// shortestDecimal equals the layout's line; bad arguments are refused with the right error class.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, cli, load } from './helpers.mjs';

// The lines `typelattice layout FORMAT VALUE [flags]` prints under the value, as { name, text }.
function layoutFacts(format, value, flags = []) {
  const r = cli(['layout', format, ...flags, '--', value]);
  assert.equal(r.status, 0, r.stderr);
  const names = new Set(['overflow', 'underflow', 'shortest', 'between', 'tie', 'p(away)', 'expected', 'draw']);
  return r.stdout.split('\n').map((line) => /^(\S+)\s+(.*)$/.exec(line)).filter((m) => m && names.has(m[1]))
    .map((m) => ({ name: m[1], text: m[2] }));
}

const cases = [
  ['float8_e4m3fn', '4.1', { round: 'stochastic', srNumBits: 8 }, ['--round', 'stochastic', '--srnumbits', '8']],
  ['float8_e4m3fn', '4.25', {}, []],
  ['float8_e5m2', '-0.3', { round: 'stochastic', srNumBits: 3 }, ['--round', 'stochastic', '--srnumbits', '3']],
  ['float4_e2m1fn', '2.7', { round: 'toward-zero' }, ['--round', 'toward-zero']],
  ['bfloat16', '0.1', { round: 'stochastic' }, ['--round', 'stochastic']],
  ['p3109_k8p3se', '1000', { round: 'stochastic', srNumBits: 5 }, ['--round', 'stochastic', '--srnumbits', '5']],
  ['float8_e4m3fn', '1000', {}, []],
  ['float8_e4m3fn', '1000', { saturate: false }, ['--no-saturate']],
  ['float8_e5m2', '1e6', { saturate: false }, ['--no-saturate']],
  ['float8_e4m3fn', '0.0001', {}, []],
  ['float8_e8m0fnu', '1e-40', {}, []],
  ['float8_e8m0fnu', '3', { round: 'nearest' }, ['--round', 'nearest']],
  ['float16', 'nan', {}, []],
];

for (const { name, simd } of builds) {
  test(`${name}: castValue's facts are the lines typelattice layout prints`, async () => {
    const tl = await load(simd);
    for (const [format, value, opts, flags] of cases) {
      const cast = tl.castValue(format, value, opts);
      // The English text is the CLI's line; textMessage renders to it (messages.test.mjs checks its shape).
      assert.deepEqual(cast.facts.map(({ name, text }) => ({ name, text })), layoutFacts(format, value, flags),
        `${format} ${value}`);
      for (const fact of cast.facts) assert.equal(tl.renderMessage(fact.textMessage), fact.text);
    }
  });

  test(`${name}: the neighbours, the share rounding away and the expected value`, async () => {
    const tl = await load(simd);
    const c = tl.castValue('float8_e4m3fn', '4.1', { round: 'stochastic', srNumBits: 8 });
    assert.deepEqual(c.bracket, { towardZeroCode: 0x48, awayCode: 0x49, towardZero: '4', away: '4.5', fraction: c.bracket.fraction });
    assert.ok(Math.abs(c.bracket.fraction - 0.2) < 1e-12);
    assert.equal(c.awayProbability, 51 / 256);
    assert.equal(c.expectedValue, 4 + (51 / 256) * 0.5);
    const even = tl.castValue('float8_e4m3fn', '4.1');
    assert.equal(even.awayProbability, null);
    assert.equal(even.expectedValue, null);
    assert.equal(tl.castValue('float8_e4m3fn', '1000').bracket, null);  // beyond max
    assert.equal(tl.castValue('float8_e8m0fnu', '3').bracket, null);
  });

  test(`${name}: castSamples draws the stream typelattice cast --repeat prints`, async () => {
    const tl = await load(simd);
    for (const [format, value, seed] of [['float8_e4m3fn', '4.1', 0], ['float8_e5m2', '0.30000000000000004', 12],
                                         ['bfloat16', '-1.7', 3], ['e4m3:fn:bias=7', '4.1', 5]]) {
      const codes = tl.castSamples(format, value, 300, { round: 'stochastic', seed });
      assert.ok(codes instanceof Uint32Array);
      const lines = cli(['cast', '--to', format, '--round', 'stochastic', '--seed', String(seed), '--repeat', '300', '--', value])
        .stdout.trim().split('\n');
      assert.deepEqual([...codes], lines.map((l) => Number.parseInt(l.split(' ')[0], 16)), `${format} ${value}`);
    }
    // A seed past 2^53 as a BigInt, as castValue takes it.
    const big = tl.castSamples('float8_e4m3fn', 4.1, 50, { round: 'stochastic', seed: 2n ** 60n + 1n });
    const bigLines = cli(['cast', '--to', 'float8_e4m3fn', '--round', 'stochastic', '--seed', String(2n ** 60n + 1n),
                          '--repeat', '50', '4.1']).stdout.trim().split('\n');
    assert.deepEqual([...big], bigLines.map((l) => Number.parseInt(l, 16)));
    assert.deepEqual([...tl.castSamples('float8_e4m3fn', 4.1, 4)], [0x48, 0x48, 0x48, 0x48]);  // ties to even
    assert.equal(tl.castSamples('float8_e4m3fn', 4.1, 0).length, 0);
  });

  test(`${name}: shortestDecimal is the layout's shortest line`, async () => {
    const tl = await load(simd);
    assert.equal(tl.shortestDecimal('float8_e4m3fn', 0x01), '0.002');
    assert.equal(tl.shortestDecimal('float8_e4m3fn', 0x7e), '450');
    assert.equal(tl.shortestDecimal('float8_e4m3fn', 0x7f), '');  // NaN
    for (const code of [0x00, 0x01, 0x35, 0x7b, 0xfc]) {
      const line = cli(['layout', 'float8_e5m2', '--code', `0x${code.toString(16)}`]).stdout.split('\n')
        .find((l) => l.startsWith('shortest'));
      assert.equal(tl.shortestDecimal('float8_e5m2', code), line ? line.replace(/^shortest\s+/, '') : '', `0x${code.toString(16)}`);
    }
  });

  test(`${name}: bad arguments to castSamples and shortestDecimal`, async () => {
    const tl = await load(simd);
    assert.throws(() => tl.castSamples('float8_e4m3fn', 1, '10'), TypeError);
    assert.throws(() => tl.castSamples('float8_e4m3fn', 1, 1.5), RangeError);
    assert.throws(() => tl.castSamples('float8_e4m3fn', 1, -1), RangeError);
    assert.throws(() => tl.castSamples('float8_e4m3fn', 1, 2 ** 20 + 1), /at most|from 0 to/);
    assert.throws(() => tl.castSamples('float8_e4m3fn', {}, 3), TypeError);
    assert.throws(() => tl.castSamples('float8_e4m3fx', 1, 3), (e) => e instanceof RangeError && /float8_e4m3fn/.test(e.message));
    assert.throws(() => tl.castSamples('float8_e4m3fn', '1.2.3', 3), RangeError);
    assert.throws(() => tl.castSamples('float8_e4m3fn', 1, 3, { srNumBits: 40, round: 'stochastic' }), /srnumbits/);
    assert.throws(() => tl.shortestDecimal('float8_e4m3fn', 256), RangeError);
    assert.throws(() => tl.shortestDecimal('float8_e4m3fn', '1'), TypeError);
    const before = tl.heapStats().bytesInUse;
    for (let i = 0; i < 200; ++i) tl.castSamples('float8_e4m3fn', 4.1, 1000, { round: 'stochastic', seed: i });
    assert.equal(tl.heapStats().bytesInUse, before);  // every sample buffer is freed
  });
}
