// P3109 and defined formats through the JS module: listed, looked up, cast in bulk and one at a time in every
// round mode, equal to the CLI's answers, and refused with the CLI's messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, cli, cliCastCodes, load, randomFloats } from './helpers.mjs';

const sampleFormats = ['p3109_k8p3se', 'p3109_k8p4sf', 'p3109_k8p1ue', 'p3109_k5p2uf', 'e4m3:fn:bias=7', 'e3m3:ieee',
                       'e5m6:fnuz:bias=12', 'e2m1:finite'];

for (const { name, simd } of builds) {
  test(`${name}: formats('p3109') lists the family; formatInfo reads any name`, async () => {
    const tl = await load(simd);
    const family = tl.formats('p3109');
    assert.equal(family.length, 108);
    assert.ok(family.every((f) => f.family === 'p3109' && /^p3109_k[3-8]p[1-7][su][ef]$/.test(f.name)));
    assert.equal(tl.formats().length, 14);  // the built-in list is unchanged
    const k8p3se = tl.formatInfo('P3109_K8P3SE');
    assert.equal(k8p3se.name, 'p3109_k8p3se');
    assert.equal(k8p3se.max, 49152);
    assert.equal(k8p3se.hasNegativeZero, false);
    assert.equal(tl.formatInfo('p3109_k8p4se').max, 224);
    const defined = tl.formatInfo('E4M3:FN');
    assert.deepEqual([defined.name, defined.family, defined.max, defined.bias], ['e4m3:fn:bias=7', 'defined', 448, 7]);
    assert.equal(defined.convention, 'fn');
    assert.equal(tl.formatInfo('e2m1:finite').convention, 'finite');
    assert.equal(k8p3se.convention, null);
    assert.throws(() => tl.formats('P3109'), TypeError);
  });

  test(`${name}: bulk and single casts into P3109 and defined formats agree with the CLI in every mode`, async () => {
    const tl = await load(simd);
    const values = Float32Array.from([...randomFloats(1500, 7), 0, -0, 1.5, -1.5, 49152, 57344, 1e9, -1e9, Infinity,
                                      -Infinity, NaN, 4.25, 0.3]);
    for (const format of sampleFormats) {
      for (const round of tl.formatInfo(format).roundModes) {
        if (round === 'stochastic') continue;  // given below with its bits
        for (const saturate of [true, false]) {
          const flags = ['--round', round, saturate ? '--saturate' : '--no-saturate'];
          const expected = cliCastCodes(format, values, flags);
          const got = tl.castFloat32(values, format, { round, saturate });
          assert.deepEqual([...got], expected, `${format} ${round} saturate=${saturate}`);
        }
      }
      const expected = cliCastCodes(format, values, ['--round', 'stochastic', '--seed', '11', '--srnumbits', '5']);
      assert.deepEqual([...tl.castFloat32(values, format, { round: 'stochastic', seed: 11, srNumBits: 5 })], expected, format);
      const one = tl.castValue(format, '4.25');
      assert.equal(one.line, cli(['cast', '--to', format, '4.25']).stdout.trim());
      const codes = tl.castFloat32(Float32Array.of(1, -2, 0.5), format);
      assert.deepEqual([...tl.decode(codes, format)], [1, -2, 0.5].map((v) => tl.castValue(format, v).value));
    }
  });

  test(`${name}: a bad definition is refused with the CLI's message`, async () => {
    const tl = await load(simd);
    for (const text of ['e9m3:fn', 'e4m3:fnx', 'e5m0:ieee', 'e8m7:ieee:bias=-10', 'p3109_k8p8se']) {
      const message = cli(['cast', '--to', text, '1']).stderr.replace(/^typelattice: /, '').trim();
      assert.ok(message.length > 0, text);
      assert.throws(() => tl.castValue(text, 1), (e) => e instanceof RangeError && e.message.includes(message), text);
      assert.throws(() => tl.formatInfo(text), RangeError, text);
    }
  });
}
