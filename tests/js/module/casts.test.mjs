// Casts through the JS module (the SIMD128 and the plain build) against the CLI, the reference front end,
// plus format facts anyone can look up (ml_dtypes / ONNX / OCP MX) and a 64 MB cast.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, cli, cliCastCodes, load, randomFloats } from './helpers.mjs';

// Largest finite values, as ml_dtypes' finfo and the OCP MX spec list them.
const knownMax = {
  float8_e4m3fn: 448, float8_e4m3fnuz: 240, float8_e5m2: 57344, float8_e5m2fnuz: 57344, float8_e4m3b11fnuz: 30,
  float8_e3m4: 15.5, float8_e4m3: 240, float8_e8m0fnu: 2 ** 127, float6_e2m3fn: 7.5, float6_e3m2fn: 28,
  float4_e2m1fn: 6, bfloat16: 3.3895313892515355e38, float16: 65504, float32: 3.4028234663852886e38,
};

// Per format: the values whose casts the CLI must agree on. Every code's value, every midpoint between
// neighbours (the ties), just beside them, the specials, and random float32 bit patterns.
async function sampleFor(tl, format) {
  const f = tl.formats().find((x) => x.name === format);
  const count = 2 ** f.totalBits;
  const codeArray = { 1: Uint8Array, 2: Uint16Array }[f.codeBytes];
  const step = count > 4096 ? 61 : 1;  // 16-bit formats: a stride through the codes
  const codes = codeArray.from({ length: Math.ceil(count / step) }, (_, i) => i * step);
  const values = [...tl.decode(codes, format)].filter(Number.isFinite).sort((a, b) => a - b);
  const out = [0, -0, Infinity, -Infinity, NaN, 1e30, -1e30, 1e-30, f.max, -f.max, f.max * 1.03125, f.minSubnormal / 2];
  for (let i = 0; i + 1 < values.length; ++i) {
    const mid = Math.fround((values[i] + values[i + 1]) / 2);
    out.push(values[i], mid, Math.fround(mid * (1 + 2 ** -20)), Math.fround(mid * (1 - 2 ** -20)));
  }
  return Float32Array.from([...out, ...randomFloats(3000, count)]);
}

// The formats the bulk casts cover: every one but float32.
const allFormats = Object.keys(knownMax).filter((name) => name !== 'float32');

for (const { name, simd } of builds) {
  test(`${name}: castFloat32 agrees with \`typelattice cast\` on every format, saturating or not`, async () => {
    const tl = await load(simd);
    for (const format of allFormats) {
      const values = await sampleFor(tl, format);
      for (const saturate of [true, false]) {
        const codes = tl.castFloat32(values, format, { saturate });
        assert.equal(codes.length, values.length);
        assert.ok(codes instanceof (format.endsWith('16') ? Uint16Array : Uint8Array));
        const ref = cliCastCodes(format, values, [saturate ? '--saturate' : '--no-saturate']);
        for (let i = 0; i < values.length; ++i) {
          if (codes[i] !== ref[i]) {
            assert.fail(`${format} saturate=${saturate}: ${values[i]} -> 0x${codes[i].toString(16)}, ` +
                        `CLI 0x${ref[i].toString(16)}`);
          }
        }
      }
    }
  });

  test(`${name}: float8_e8m0fnu round modes agree with the CLI`, async () => {
    const tl = await load(simd);
    const values = await sampleFor(tl, 'float8_e8m0fnu');
    for (const round of ['up', 'down', 'nearest']) {
      const codes = tl.castFloat32(values, 'float8_e8m0fnu', { round });
      const ref = cliCastCodes('float8_e8m0fnu', values, ['--round', round]);
      assert.deepEqual([...codes], ref, `round ${round}`);
    }
  });

  test(`${name}: decode and layout agree with \`typelattice decode\` on every 8-bit-or-narrower code`, async () => {
    const tl = await load(simd);
    for (const f of tl.formats().filter((x) => x.codeBytes === 1)) {
      const codes = Uint8Array.from({ length: 2 ** f.totalBits }, (_, i) => i);
      const decoded = tl.decode(codes, f.name);
      const lines = cli(['decode', '--from', f.name], [...codes].map((c) => `0x${c.toString(16)}`).join('\n')).stdout
        .trim().split('\n');
      assert.equal(lines.length, codes.length, f.name);
      lines.forEach((line, code) => {
        const [hex, text] = line.split(/\s+/);
        assert.equal(Number.parseInt(hex, 16), code);
        const expected = Number(text.replace(/^(-?)inf$/, '$1Infinity'));
        assert.ok(Object.is(decoded[code], Math.fround(expected)) || (Number.isNaN(decoded[code]) && text === 'nan'),
                  `${f.name} 0x${code.toString(16)}: ${decoded[code]} vs CLI ${text}`);
        assert.equal(tl.layout(f.name, code).exactValue, text, `${f.name} 0x${code.toString(16)} layout`);
      });
    }
  });
}

test('the SIMD128 and the plain build give bit-identical casts on a million values', async () => {
  const [simd, plain] = [await load(true), await load(false)];
  assert.equal(simd.isa, 'wasm_simd128');
  assert.equal(plain.isa, 'scalar');
  const values = randomFloats(1 << 20, 12345);
  for (const format of allFormats) {
    for (const saturate of [true, false]) {
      assert.deepEqual(simd.castFloat32(values, format, { saturate }), plain.castFloat32(values, format, { saturate }),
                       `${format} saturate=${saturate}`);
    }
  }
});

test('formats(): the parameters and extreme values the specs give', async () => {
  const tl = await load();
  const formats = tl.formats();
  assert.deepEqual(formats.map((f) => f.name).sort(), Object.keys(knownMax).sort());
  assert.deepEqual(formats.filter((f) => f.isMinifloat).map((f) => f.name).sort(), [...allFormats].sort());
  for (const f of formats) {
    assert.equal(f.max, knownMax[f.name], `${f.name} max`);
    assert.equal(f.totalBits, (f.hasSign ? 1 : 0) + f.exponentBits + f.mantissaBits, f.name);
    // codeBytes: the narrowest of 1, 2, 4 bytes that holds every code (the array castFloat32 / decode use).
    assert.ok([1, 2, 4].includes(f.codeBytes), f.name);
    assert.ok(f.totalBits <= 8 * f.codeBytes && (f.codeBytes === 1 || f.totalBits > 4 * f.codeBytes), f.name);
    // roundModes: exactly the round values castValue takes for the format.
    for (const round of ['up', 'down', 'nearest', 'sideways']) {
      let taken = true;
      try { tl.castValue(f.name, '3', { round }); } catch { taken = false; }
      assert.equal(taken, f.roundModes.includes(round), `${f.name} round ${round}`);
    }
    if (f.isMinifloat) {
      const codes = tl.castFloat32(new Float32Array([1]), f.name);
      assert.equal(codes.BYTES_PER_ELEMENT, f.codeBytes, f.name);
    }
  }
  const e4m3 = formats.find((f) => f.name === 'float8_e4m3fn');
  assert.deepEqual([e4m3.onnxName, e4m3.exponentBits, e4m3.mantissaBits, e4m3.bias, e4m3.hasInf, e4m3.hasNaN],
                   ['FLOAT8E4M3FN', 4, 3, 7, false, true]);
  assert.equal(e4m3.minNormal, 2 ** -6);
  assert.equal(e4m3.minSubnormal, 2 ** -9);
  const f16 = formats.find((f) => f.name === 'float16');
  assert.deepEqual([f16.minNormal, f16.minSubnormal, f16.hasInf, f16.hasNegativeZero],
                   [2 ** -14, 2 ** -24, true, true]);
  const fnuz = formats.find((f) => f.name === 'float8_e5m2fnuz');
  assert.equal(fnuz.hasNegativeZero, false);
});

test('castValue explains one cast: code, saturation, and the rounding interval', async () => {
  const tl = await load();
  const big = tl.castValue('float8_e4m3fn', '1000');
  assert.deepEqual([big.input, big.code, big.value, big.exactValue, big.saturated], ['1000', 0x7e, 448, '448', true]);
  const nonSat = tl.castValue('float8_e4m3fn', '1000', { saturate: false });
  assert.equal(nonSat.category, 'nan');
  assert.equal(nonSat.saturated, false);
  const one = tl.castValue('float8_e4m3fn', 1);
  assert.deepEqual([one.code, one.category, one.saturated], [0x38, 'normal', false]);
  // 1's neighbours in E4M3 are 0.9375 and 1.125: the inputs rounding to 1 lie between the midpoints, and both
  // ties go to 1, whose code is even.
  assert.deepEqual(one.roundingInterval, { low: '0.96875', high: '1.0625', lowInclusive: true, highInclusive: true });
  const top = tl.castValue('float8_e4m3fn', 448).roundingInterval;
  assert.deepEqual([top.high, top.highInclusive], ['inf', true], 'saturation: everything above max lands on max');
  assert.equal(tl.castValue('float8_e4m3fn', 'nan').roundingInterval, null);
  const hex = tl.castValue('float16', '0x3f800000', { input: 'hex' });
  assert.deepEqual([hex.code, hex.value], [0x3c00, 1]);
  // The CLI reads a decimal as float32 first, as castValue does by default.
  for (const text of ['0.1', '-3.75', '1e-3', '300', '65519.99', '1e-8']) {
    for (const format of ['float8_e4m3fn', 'float8_e5m2', 'float16', 'float4_e2m1fn']) {
      const line = cli(['cast', '--to', format, text]).stdout.trim();
      assert.equal(tl.castValue(format, text).code, Number.parseInt(line.split(/\s+/)[0], 16), `${text} -> ${format}`);
    }
  }
});

// float32 in the Bits view: its layout is its bit pattern (checked against a DataView and the CLI), its casts
// are IEEE 754's double -> float rounding (checked against Math.fround and the CLI).
test('float32: layout and castValue agree with the platform and the CLI', async () => {
  const tl = await load();
  const view = new DataView(new ArrayBuffer(4));
  const valueOf = (code) => { view.setUint32(0, code); return view.getFloat32(0); };
  const codes = [0, 0x80000000, 1, 0x007fffff, 0x00800000, 0x3f800000, 0x7f7fffff, 0x7f800000, 0xff800000,
                 0x7fc00000, 0xffffffff, ...new Uint32Array(randomFloats(500, 777).buffer)];
  const lines = cli(['decode', '--from', 'float32'], codes.map((c) => `0x${c.toString(16)}`).join('\n')).stdout
    .trim().split('\n');
  codes.forEach((code, i) => {
    const l = tl.layout('float32', code);
    const x = valueOf(code);
    assert.equal(l.exactValue, lines[i].split(/\s+/)[1], `0x${code.toString(16)}`);
    assert.deepEqual(l.fields.map((f) => f.raw), [code >>> 31, (code >>> 23) & 0xff, code & 0x7fffff]);
    if (Number.isNaN(x)) { assert.equal(l.category, 'nan'); return; }
    assert.ok(Object.is(l.value, x), `0x${code.toString(16)}: ${l.value} vs ${x}`);
    // Away from zero is the next code up in magnitude (none past max or at Inf).
    const away = x >= 0 && !Object.is(x, -0) ? l.nextUp : l.nextDown;
    if (Math.abs(x) >= 3.4028234663852886e38) assert.equal(away, null);
    else assert.equal(away, (code + 1) >>> 0);
  });
  assert.throws(() => tl.layout('float32', 2 ** 32), RangeError);
  for (const text of ['0.1', '-3.75', '1e-3', '3e38', '3.4028235677973366e38', '1e39', '-1e39', '1e-45', '7e-46',
                      '16777217', 'inf', '-nan']) {
    for (const saturate of [undefined, true]) {
      const r = tl.castValue('float32', text, saturate === undefined ? {} : { saturate });
      const line = cli(['cast', '--to', 'float32', ...(saturate ? ['--saturate'] : []), text]).stdout.trim();
      assert.equal(r.code, Number.parseInt(line.split(/\s+/)[0], 16), `${text} saturate=${saturate}`);
      const rounded = Math.fround(Number(text.replace(/^(-?)inf$/, '$1Infinity')));
      const clipped = saturate === true && !Number.isFinite(rounded) && !Number.isNaN(rounded);
      if (!Number.isNaN(rounded)) {
        assert.ok(Object.is(r.value, clipped ? Math.sign(rounded) * 3.4028234663852886e38 : rounded), `${text}`);
        assert.equal(r.saturated, clipped, `${text} saturated`);
      }
    }
  }
  const one = tl.castValue('float32', '1').roundingInterval;
  assert.deepEqual([one.lowInclusive, one.highInclusive], [true, true], '1.0 has an even code: ties go to it');
  assert.equal(Number(one.low), 1 - 2 ** -25);
  assert.equal(Number(one.high), 1 + 2 ** -24);
});

test('a 64 MB cast: 16M float32 values through the wasm heap, freed afterwards', async () => {
  const tl = await load();
  const n = 16 * 1024 * 1024;
  const values = new Float32Array(n);
  for (let i = 0; i < n; ++i) values[i] = (i % 1000) - 500 + (i % 7) / 8;
  const before = tl.heapStats().bytesInUse;
  const codes = tl.castFloat32(values, 'float8_e4m3fn');
  assert.equal(codes.length, n);
  assert.equal(tl.heapStats().bytesInUse, before);
  const small = tl.castFloat32(values.subarray(0, 7000), 'float8_e4m3fn');
  for (const i of [0, 1, 999, 6999]) assert.equal(codes[i], small[i]);
  for (const i of [n - 1, n - 7000, 1 << 23]) assert.equal(codes[i], small[i % 7000], `index ${i}`);
  const back = tl.decode(codes, 'float8_e4m3fn');
  assert.equal(back.length, n);
  assert.equal(back[500 * 7], 0);  // i = 3500: 3500 % 1000 - 500 = 0, 3500 % 7 = 0
});

// castValue(...).line is the line `typelattice cast` prints for the same value and options, byte for byte.
test('castValue(...).line is the CLI\'s output line', async () => {
  const tl = await load();
  const cases = [
    ['float16', '1e6', {}, []],
    ['float16', 1e6, { saturate: true }, ['--saturate']],
    ['float8_e4m3fn', '1000', { saturate: false }, ['--no-saturate']],
    ['float8_e5m2', '-inf', {}, []],
    ['float8_e4m3fnuz', 'nan', {}, []],
    ['float8_e8m0fnu', '3', { round: 'down' }, ['--round', 'down']],
    ['float8_e8m0fnu', '2.9', { round: 'nearest' }, ['--round', 'nearest']],
    ['bfloat16', 0.1, {}, []],
    ['float32', '0.1', {}, []],
    ['float4_e2m1fn', -0, {}, []],
    ['float6_e3m2fn', '1e300', { saturate: false }, ['--no-saturate']],
    ['float8_e4m3fn', '0x3ff1000000000001', { input: 'hex' }, ['--input', 'hex']],
    ['float8_e4m3fn', '0x3f880000', { input: 'hex', from: 'float32' }, ['--input', 'hex', '--from', 'float32']],
    ['float8_e4m3fn', '1.0625000001', { from: 'float32' }, ['--from', 'float32']],
  ];
  for (const format of tl.formats().map((f) => f.name)) cases.push([format, '-1.5e-3', {}, []], [format, 448, {}, []]);
  for (const [format, value, opts, flags] of cases) {
    const text = Object.is(value, -0) ? '-0' : String(value);
    const expected = cli(['cast', '--to', format, ...flags, '--', text]);
    assert.equal(expected.status, 0, `${format} ${text}: ${expected.stderr}`);
    assert.equal(`${tl.castValue(format, value, opts).line}\n`, expected.stdout, `${format} ${text} ${flags}`);
  }
});

// A value or an option value the CLI refuses: castValue throws a RangeError with the CLI's message (the core's).
test('castValue refuses what the CLI refuses, with its message', async () => {
  const tl = await load();
  const cases = [
    ['float16', '1.5x', {}, []],
    ['float16', '1e400', {}, []],
    ['float16', '3', { round: 'down' }, ['--round', 'down']],
    ['float8_e8m0fnu', '3', { round: 'sideways' }, ['--round', 'sideways']],
    ['float8_e4m3fn', '0x3f80', { input: 'hex' }, ['--input', 'hex']],
    ['float8_e4m3fn', '1', { from: 'float16' }, ['--from', 'float16']],
    ['float8_e4m3fn', '1', { input: 'octal' }, ['--input', 'octal']],
  ];
  for (const [format, text, opts, flags] of cases) {
    const expected = cli(['cast', '--to', format, ...flags, '--', text]);
    assert.equal(expected.status, 2, `${format} ${text} ${flags}`);
    const message = expected.stderr.replace(/^typelattice: /, '').trim();
    assert.throws(() => tl.castValue(format, text, opts), (e) => e instanceof RangeError && e.message === message,
                  `${format} ${text} ${flags}: ${message}`);
  }
  // The bulk casts refuse a round mode the format does not have, as the CLI does (it used to be ignored).
  const refused = cli(['cast', '--to', 'float8_e4m3fn', '--round', 'down', '1']).stderr.replace(/^typelattice: /, '').trim();
  assert.throws(() => tl.castFloat32(new Float32Array(2), 'float8_e4m3fn', { round: 'down' }),
                (e) => e instanceof RangeError && e.message === refused);
});

// The IEEE directions and to-odd: castValue says what the CLI says for each mode (by name and alias), its
// rounding interval holds the input, and castFloat32 (the scalar encoder in bulk for these modes) agrees.
test('every round mode: castValue is the CLI, its interval holds the input, castFloat32 agrees', async () => {
  const tl = await load();
  const modes = ['ties-to-even', 'ties-to-away', 'toward-zero', 'toward-positive', 'toward-negative', 'to-odd', 'rtz', 'rna'];
  const values = ['4.25', '-4.25', '4.3', '0.001', '-1e-9', '500', '-500', '3.14159'];
  for (const format of ['float8_e4m3fn', 'float8_e5m2', 'float4_e2m1fn', 'bfloat16']) {
    assert.deepEqual(tl.formats().find((f) => f.name === format).roundModes,
      ['ties-to-even', 'ties-to-away', 'toward-zero', 'toward-positive', 'toward-negative', 'to-odd', 'stochastic']);
    for (const round of modes) {
      for (const saturate of [true, false]) {
        const expected = cli(['cast', '--to', format, '--round', round, saturate ? '--saturate' : '--no-saturate', '--',
          ...values]).stdout.trim().split('\n');
        const bulk = tl.castFloat32(new Float32Array(values.map(Number)), format, { round, saturate });
        values.forEach((text, i) => {
          const c = tl.castValue(format, text, { round, saturate });
          assert.equal(c.line, expected[i], `${format} ${round} ${text}`);
          if (Math.fround(Number(text)) === Number(text)) assert.equal(bulk[i], c.code, `${format} ${round} ${text} in bulk`);
          if (c.roundingInterval) {
            const { low, high, lowInclusive, highInclusive } = c.roundingInterval;
            const num = (t) => (t === 'inf' ? Infinity : t === '-inf' ? -Infinity : Number(t));  // the core's exact texts
            const x = Number(text);
            assert.ok((lowInclusive ? x >= num(low) : x > num(low)) && (highInclusive ? x <= num(high) : x < num(high)),
              `${format} ${round} ${text} in ${JSON.stringify(c.roundingInterval)}`);
          }
        });
      }
    }
  }
  assert.throws(() => tl.castValue('float8_e8m0fnu', '3', { round: 'toward-zero' }), /not one of float8_e8m0fnu's/);
  assert.throws(() => tl.castFloat32(new Float32Array([1]), 'float8_e4m3fn', { round: 'nearest' }), /float8_e8m0fnu only/);
});

// Stochastic rounding through the module: given bits are deterministic, a seed draws value i's bits from
// (seed, i) exactly as the CLI's --seed does (--repeat continues the stream), and bad options are refused.
test('stochastic rounding: given bits, seeded streams equal to the CLI\'s, and refusals', async () => {
  const tl = await load();
  const cast = (opts) => tl.castValue('float8_e4m3fn', '4.1', { round: 'stochastic', ...opts }).code;
  // 4.1 is 0.2 of the way from 4 to 4.5: with 4 bits, round_half_even(3.2) = 3, so bits 13..15 round away.
  for (let bits = 0; bits < 16; ++bits) assert.equal(cast({ srNumBits: 4, srBits: bits }), bits >= 13 ? 0x49 : 0x48, bits);
  const values = new Float32Array(64).fill(4.1);
  for (const seed of [0, 7, 2026]) {
    const bulk = [...tl.castFloat32(values, 'float8_e4m3fn', { round: 'stochastic', seed, srNumBits: 6 })];
    const expected = cli(['cast', '--to', 'float8_e4m3fn', '--round', 'stochastic', '--seed', String(seed), '--srnumbits', '6',
      '--repeat', '64', '4.1']).stdout.trim().split('\n').map((line) => Number(line.split(' ')[0]));
    assert.deepEqual(bulk, expected, `seed ${seed}`);
    assert.ok(bulk.includes(0x48) && bulk.includes(0x49), `seed ${seed} draws both`);
  }
  assert.equal(tl.castValue('float8_e4m3fn', '4.1', { round: 'stochastic', seed: 2n ** 60n }).code,
    Number(cli(['cast', '--to', 'float8_e4m3fn', '--round', 'stochastic', '--seed', String(2n ** 60n), '4.1']).stdout.split(' ')[0]));
  assert.throws(() => cast({ srBits: -1 }), TypeError);
  assert.throws(() => cast({ srBits: 1.5 }), TypeError);
  assert.throws(() => cast({ srNumBits: 33 }), /srnumbits must be an integer from 0 to 32/);
  assert.throws(() => cast({ srNumBits: 2, srBits: 4 }), /srbits must be an integer from 0 to 3/);
  assert.throws(() => cast({ srBits: 1, seed: 1 }), /not both/);
  assert.throws(() => tl.castValue('float8_e4m3fn', '1', { srBits: 1 }), /stochastic rounding only/);
});
