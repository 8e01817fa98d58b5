// Format handles (tl.format): for every built-in format, explore()'s one answer equals what the individual calls
// (castValue per mode and per format, layout, shortestDecimal, castSamples) give for the same input; its hex is
// the CLI's; bad arguments throw TypeError / RangeError; delete() frees it and later use throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, cli, load } from './helpers.mjs';

const VALUES = ['4.1', '-0.3', '4.25', '2.5', '1000', '-1e6', '1e-9', '0', '-0', 'nan', '-inf', '0.1', 3];
// Option sets, each tried on every format: a round mode a format lacks is refused for that format (as castValue
// refuses it) and gives way to each row's default in the other rows.
const OPTION_SETS = [
  {},
  { round: 'toward-zero' },
  { round: 'to-odd', saturate: false },
  { round: 'stochastic', srNumBits: 4, seed: 7 },
  { round: 'stochastic', srNumBits: 3, srBits: 5 },
  { round: 'down' },
  { round: 'nearest', saturate: true },
  { from: 'float32' },
];
const HEX_INPUTS = [['0x3f880000', { input: 'hex' }], ['0x4010666666666666', { input: 'hex', round: 'toward-positive' }]];

// What castValue throws for these arguments, or null.
function refusal(call) {
  try {
    call();
    return null;
  } catch (e) {
    return e;
  }
}

// castValue's options for a row of format `info`: the round mode (and stochastic rounding's bits) only where the
// format has it.
function rowOptions(info, opts) {
  if (opts.round === undefined || info.roundModes.includes(opts.round)) return opts;
  const { round, srNumBits, srBits, seed, ...rest } = opts;
  return rest;
}

const neighbour = (tl, format, code) => {
  if (code === null) return null;
  const l = tl.layout(format, code);
  return { code, hex: l.hex, exactValue: l.exactValue, value: l.value };
};

// describeCode's answer from layout and shortestDecimal.
function described(tl, format, code) {
  const l = tl.layout(format, code);
  return { ...l, shortest: tl.shortestDecimal(format, code), down: neighbour(tl, format, l.nextDown),
    up: neighbour(tl, format, l.nextUp) };
}

function checkExplore(tl, handle, formats, value, opts) {
  const label = `${handle.name} ${value} ${JSON.stringify(opts, (k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
  const refused = refusal(() => tl.castValue(handle.name, value, opts));
  const draws = 25;
  // Options this format refuses are refused with any value, one that reads too.
  const readable = opts.input === 'hex' ? '0x3f800000' : '1';
  if (refused && refusal(() => tl.castValue(handle.name, readable, opts))) {
    // The options are refused for this format: explore throws what castValue throws.
    assert.throws(() => handle.explore(value, { ...opts, draws }), { name: refused.name, message: refused.message }, label);
    return;
  }
  const r = handle.explore(value, { ...opts, draws });
  if (refused) {
    // The value does not read: the reason comes back, castValue's text, and every row says it.
    assert.equal(r.cast, null, label);
    assert.equal(r.message, refused.message, label);
    assert.deepEqual(r.modes, [], label);
    for (const row of r.rows) assert.deepEqual([row.cast, row.message], [null, refused.message], label);
    assert.deepEqual(r.shown, described(tl, handle.name, 0), label);
    assert.equal(r.samples, null, label);
    return;
  }
  const cast = tl.castValue(handle.name, value, opts);
  const l = tl.layout(handle.name, cast.code);
  assert.deepEqual(r.cast, { ...cast, down: neighbour(tl, handle.name, l.nextDown),
    up: neighbour(tl, handle.name, l.nextUp) }, label);
  assert.equal(r.message, null, label);
  const { srNumBits, srBits, seed, ...rest } = opts;
  assert.deepEqual(r.modes, handle.roundModes.filter((m) => m !== 'stochastic').map((mode) => {
    const c = tl.castValue(handle.name, value, { ...rest, round: mode });
    return { mode, code: c.code, hex: c.hex, line: c.line };
  }), label);
  assert.deepEqual(r.rows.map((row) => row.format), formats.map((f) => f.name), label);
  r.rows.forEach((row, i) => {
    const c = tl.castValue(formats[i].name, value, rowOptions(formats[i], opts));
    const want = { code: c.code, hex: c.hex, exactValue: c.exactValue, value: c.value, category: c.category,
      saturated: c.saturated, error: c.error, relativeError: c.relativeError, underflow: c.underflow,
      overflow: c.overflow };
    assert.deepEqual(row, { format: formats[i].name, cast: want, message: null }, `${label}: row ${formats[i].name}`);
  });
  assert.deepEqual(r.shown, described(tl, handle.name, cast.code), label);
  const b = cast.bracket;
  if (opts.round === 'stochastic' && b && b.towardZeroCode !== b.awayCode) {
    assert.deepEqual(r.samples, tl.castSamples(handle.name, value, draws, opts), label);
  } else {
    assert.equal(r.samples, null, label);
  }
}

for (const { name, simd } of builds) {
  test(`${name}: every built-in format's handle has formatInfo's facts, and explore answers as the single calls`, async () => {
    const tl = await load(simd);
    const formats = tl.formats();
    for (const info of formats) {
      const handle = tl.format(info.name);
      const { delete: _d, deleted, hex, describeCode, codes, explore, ...facts } = handle;
      assert.deepEqual(facts, info, info.name);
      assert.equal(deleted, false);
      for (const value of VALUES) {
        for (const opts of OPTION_SETS) checkExplore(tl, handle, formats, value, opts);
      }
      for (const [value, opts] of HEX_INPUTS) checkExplore(tl, handle, formats, value, opts);
      for (const bad of ['1.5x', '', '0x3f80', '1e400']) checkExplore(tl, handle, formats, bad, {});
      handle.delete();
    }
  });

  test(`${name}: a P3109 and a defined format by handle; an alias reads as its canonical name`, async () => {
    const tl = await load(simd);
    const formats = tl.formats();
    for (const format of ['p3109_k8p3se', 'p3109_k6p2uf', 'e4m3:fn:bias=7', 'e5m2:ieee']) {
      const handle = tl.format(format);
      assert.equal(handle.name, tl.formatInfo(format).name);
      for (const value of ['4.1', '-3', '1e9', 'inf']) {
        for (const opts of OPTION_SETS.slice(0, 4)) checkExplore(tl, handle, formats, value, opts);
      }
      handle.delete();
    }
    const alias = tl.format('FLOAT8E4M3FN');
    assert.equal(alias.name, 'float8_e4m3fn');
    alias.delete();
  });

  test(`${name}: describeCode and codes as layout and shortestDecimal give them`, async () => {
    const tl = await load(simd);
    for (const [format, codes] of [['float8_e4m3fn', [0, 0x01, 0x7e, 0x7f, 0x80, 0xff]], ['float4_e2m1fn', [0, 7, 15]],
                                   ['bfloat16', [0, 0x3f80, 0x7f80, 0xffff]], ['float32', [0, 0x3f800000, 0xffffffff]],
                                   ['float8_e8m0fnu', [0, 0x7f, 0xfe, 0xff]]]) {
      const handle = tl.format(format);
      for (const code of codes) assert.deepEqual(handle.describeCode(code), described(tl, format, code), `${format} ${code}`);
      const first = codes[codes.length - 1] - 3;
      assert.deepEqual(handle.codes(first, 4), [0, 1, 2, 3].map((i) => {
        const l = tl.layout(format, first + i);
        return { code: first + i, hex: l.hex, category: l.category, exactValue: l.exactValue };
      }), format);
      handle.delete();
    }
  });

  test(`${name}: hex is the core's (the CLI's cast line): lowercase, padded to the format's width`, async () => {
    const tl = await load(simd);
    for (const [format, value] of [['float8_e4m3fn', '448'], ['float8_e5m2', '-0.3'], ['float4_e2m1fn', '-6'],
                                   ['bfloat16', '-1.7'], ['float16', '0.1'], ['float32', '-0.1'], ['float6_e3m2fn', '1']]) {
      const r = cli(['cast', '--to', format, '--', value]);
      assert.equal(r.status, 0, r.stderr);
      const line = r.stdout.trim();
      const handle = tl.format(format);
      const { cast } = handle.explore(value);
      assert.equal(cast.line, line);
      assert.equal(cast.hex, line.split(' ')[0]);
      assert.equal(handle.hex(cast.code), cast.hex);
      assert.equal(handle.describeCode(cast.code).hex, cast.hex);
      assert.equal(tl.layout(format, cast.code).hex, cast.hex);
      assert.match(cast.hex, /^0x[0-9a-f]+$/);
      handle.delete();
    }
    const e4m3 = tl.format('float8_e4m3fn');
    assert.equal(e4m3.hex(0x7e), '0x7e');
    assert.equal(e4m3.hex(0x0a), '0x0a');
    e4m3.delete();
  });

  test(`${name}: facts a view needs without guessing: default round, saturation default, the scale format`, async () => {
    const tl = await load(simd);
    for (const info of tl.formats()) {
      const handle = tl.format(info.name);
      // A cast without options is a cast with the reported defaults.
      assert.deepEqual(tl.castValue(info.name, '1e9'), tl.castValue(info.name, '1e9',
        { round: handle.defaultRound, saturate: handle.saturateByDefault }), info.name);
      assert.equal(handle.roundModes[0], handle.defaultRound);
      // The scale format: ONNX's up / down / nearest, no zero; the saturating ±Inf casts are castValue's.
      assert.equal(handle.isScaleFormat, handle.roundModes.includes('up'));
      assert.equal(handle.isScaleFormat, !handle.hasZero);
      for (const [key, input] of [['plus', 'inf'], ['minus', '-inf']]) {
        const c = tl.castValue(info.name, input, { saturate: true });
        assert.deepEqual(handle.saturatedInf[key], { code: c.code, hex: c.hex, exactValue: c.exactValue,
          category: c.category }, `${info.name} ${input}`);
      }
      handle.delete();
    }
    assert.equal(tl.formatInfo('float8_e8m0fnu').isScaleFormat, true);
    assert.equal(tl.formatInfo('float8_e4m3fn').saturateByDefault, true);
    assert.equal(tl.formatInfo('float16').saturateByDefault, false);
  });

  test(`${name}: bad arguments throw TypeError or RangeError, naming the call`, async () => {
    const tl = await load(simd);
    assert.throws(() => tl.format(3), TypeError);
    assert.throws(() => tl.format(), TypeError);
    assert.throws(() => tl.format('flaot16'), (e) => e instanceof RangeError && e.suggestions.includes('float16'));
    assert.throws(() => tl.format('e4m3:weird'), RangeError);
    const h = tl.format('float8_e4m3fn');
    const typeErrors = [
      () => h.explore(), () => h.explore(null), () => h.explore({}), () => h.explore('1', 'stochastic'),
      () => h.explore('1', { round: 1 }), () => h.explore('1', { saturate: 'yes' }), () => h.explore('1', { code: '1' }),
      () => h.explore('1', { draws: '10' }), () => h.explore('1', { srNumBits: 2n, round: 'stochastic' }),
      () => h.describeCode('0x7e'), () => h.codes('0', 4), () => h.codes(0, '4'), () => h.hex(undefined),
    ];
    typeErrors.forEach((call, i) => assert.throws(call, TypeError, `case ${i}: ${call}`));
    const rangeErrors = [
      () => h.explore('1', { round: 'sideways' }), () => h.explore('1', { round: 'up' }),
      () => h.explore('1', { input: 'octal' }), () => h.explore('1', { srNumBits: 4 }),
      () => h.explore('1', { round: 'stochastic', srNumBits: 33 }), () => h.explore('1', { code: 256 }),
      () => h.explore('1', { code: -1 }), () => h.explore('1', { code: 1.5 }), () => h.explore('1', { draws: -1 }),
      () => h.explore('1', { draws: 2 ** 20 + 1 }), () => h.explore('1', { draws: 0.5 }), () => h.describeCode(256),
      () => h.codes(250, 7), () => h.codes(0, 257), () => h.codes(-1, 1), () => h.hex(2 ** 8),
    ];
    rangeErrors.forEach((call, i) => assert.throws(call, RangeError, `case ${i}: ${call}`));
    // The core's texts: as castValue's.
    for (const opts of [{ round: 'sideways' }, { round: 'up' }, { input: 'octal' }, { srNumBits: 4 }]) {
      assert.throws(() => h.explore('1', opts), { message: refusal(() => tl.castValue('float8_e4m3fn', '1', opts)).message });
    }
    const f32 = tl.format('float32');
    assert.equal(f32.describeCode(0xffffffff).code, 0xffffffff);
    assert.throws(() => f32.describeCode(2 ** 32), RangeError);
    assert.throws(() => f32.codes(0, 2 ** 16 + 1), RangeError);
    f32.delete();
    assert.equal(h.explore('1').cast.line, '0x38 1');   // still working after all that
    h.delete();
  });

  test(`${name}: delete() frees the handle; later calls throw; many handles leave the heap as it was`, async () => {
    const tl = await load(simd);
    const h = tl.format('bfloat16');
    h.delete();
    assert.equal(h.deleted, true);
    for (const call of [() => h.explore('1'), () => h.describeCode(0), () => h.codes(0, 1)]) {
      assert.throws(call, /this handle was deleted; make a new one with tl\.format/);
    }
    assert.equal(h.hex(0x3f80), '0x3f80');   // a fact of the format, no wasm object needed
    assert.equal(h.totalBits, 16);
    h.delete();   // a second delete does nothing
    const round = () => {
      const f = tl.format('float8_e5m2');
      f.explore('0.3', { round: 'stochastic', seed: 1, draws: 100 });
      f.explore('x');
      f.describeCode(3);
      f.delete();
    };
    for (let i = 0; i < 50; ++i) round();
    const before = tl.heapStats();
    for (let i = 0; i < 2000; ++i) round();
    assert.deepEqual(tl.heapStats(), before);
  });
}
