// The block-scaled formats through the JS module (both builds) against the CLI, the reference front end: every
// format and scale mode on the same float32 values, the hand-worked MXFP4 example, bad arguments, and
// the heap left as it was found.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { builds, cli, load, randomFloats } from './helpers.mjs';

// Values every block format has to get right: a spread of magnitudes around 1, an outlier per block, zeros of both
// signs, subnormal float32, huge values, and a length that is no multiple of 16 or 32 (a short last block).
function testValues() {
  const spread = randomFloats(70).map((v, i) => (Number.isFinite(v) ? (v % 8) * 2 ** ((i % 13) - 6) : i / 7));
  return Float32Array.from([
    7.5, 1, 1, -1, 0.25, 0.3, -0.7, 3.25, 0, -0, 1e-40, -2e-39, 2.75, 5.9, -6.1, 0.01,
    ...spread,
    1e30, -3e38, 65504, 448, 464, 57344, 61440, 1e-30, 2 ** -130, 2 ** -127, 0.5, 0.5, 0.5,
  ]);
}

const hex = (values) => Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length),
  (b) => `0x${b.toString(16).padStart(8, '0')}`);

function cliQuantize(format, values, { scaleMode, tensorScale } = {}, output = 'json') {
  const args = ['quantize', '--to', format, '--input', 'hex', '--format', output];
  if (scaleMode) args.push('--scale-mode', scaleMode);
  if (tensorScale) args.push('--tensor-scale');
  const r = cli([...args, ...hex(values)]);
  assert.equal(r.status, 0, r.stderr);
  return output === 'json' ? JSON.parse(r.stdout) : r.stdout;
}

// Every (format, options) the CLI takes: each MX format with each of its modes, NVFP4 with and without the tensor scale.
function cases(tl) {
  return tl.blockFormats().flatMap((f) => [
    ...f.scaleModes.map((scaleMode) => ({ format: f, opts: { scaleMode } })),
    ...(f.name === 'nvfp4' ? [{ format: f, opts: { tensorScale: true } }] : []),
  ]);
}

const orNaN = (v) => (v === null ? NaN : v);

for (const { name, simd } of builds) {
  test(`${name}: blockFormats lists the seven formats with their facts`, async () => {
    const tl = await load(simd);
    const table = tl.blockFormats();
    assert.deepEqual(table.map((f) => f.name),
      ['mxfp8_e4m3', 'mxfp8_e5m2', 'mxfp6_e3m2', 'mxfp6_e2m3', 'mxfp4_e2m1', 'mxint8', 'nvfp4']);
    assert.deepEqual(table.map((f) => f.bitsPerElement), [8.25, 8.25, 6.25, 6.25, 4.25, 8.25, 4.5]);
    assert.deepEqual(table.map((f) => f.blockSize), [32, 32, 32, 32, 32, 32, 16]);
    assert.deepEqual(table.map((f) => f.scaleFormat), [...Array(6).fill('float8_e8m0fnu'), 'float8_e4m3fn']);
    assert.equal(table[4].elementFormat, 'float4_e2m1fn');
    assert.equal(table[5].elementFormat, null);
    assert.deepEqual(table[6].scaleModes, ['nearest']);
    assert.deepEqual(table[0].scaleModes, ['floor', 'ceil', 'even', 'rceil']);
    assert.deepEqual(table[4].elementValues.slice(0, 8), [0, 0.5, 1, 1.5, 2, 3, 4, 6]);
    table[0].name = 'changed';
    assert.equal(tl.blockFormats()[0].name, 'mxfp8_e4m3', 'a copy each call');
  });

  test(`${name}: every format and scale mode agrees with the CLI's quantize --format json and text`, async () => {
    const tl = await load(simd);
    const values = testValues();
    for (const { format, opts } of cases(tl)) {
      const what = `${format.name} ${JSON.stringify(opts)}`;
      const want = cliQuantize(format.name, values, opts);
      const bulk = tl.quantizeBlocks(values, format.name, opts);
      assert.deepEqual(Array.from(bulk.scales), want.blocks.map((b) => b.scale.code), `${what}: scales`);
      const elements = want.blocks.flatMap((b) => b.elements);
      assert.deepEqual(Array.from(bulk.codes), elements.map((e) => e.code), `${what}: codes`);
      assert.deepEqual(Array.from(bulk.dequantized), elements.map((e) => Math.fround(orNaN(e.dequantized))),
                       `${what}: dequantized`);
      assert.equal(bulk.tensorScale, want.tensor_scale ?? 1, `${what}: tensor scale`);
      assert.equal(bulk.scaleMode, want.scale_mode);
      assert.deepEqual(tl.dequantizeBlocks(bulk, format.name), bulk.dequantized, `${what}: dequantizeBlocks`);

      const detail = tl.quantizeDetail(values, format.name, opts);
      assert.equal(detail.text, cliQuantize(format.name, values, opts, 'text'), `${what}: text`);
      detail.blocks.forEach((block, b) => {
        assert.equal(block.scaleCode, want.blocks[b].scale.code);
        assert.equal(block.scale, orNaN(want.blocks[b].scale.value));
        block.elements.forEach((e, i) => {
          const w = want.blocks[b].elements[i];
          assert.deepEqual([e.code, e.value, e.dequantized], [w.code, orNaN(w.value), orNaN(w.dequantized)],
                           `${what}: block ${b + 1} element ${i + 1}`);
        });
      });
    }
  });

  test(`${name}: the issue's MXFP4 example: 7.5 and 1s, floor gives 2^0 and 7.5 -> 6, rceil 2^1 and 7.5 -> 8`, async () => {
    const tl = await load(simd);
    const values = [7.5, ...Array(31).fill(1)];
    const floor = tl.quantizeBlock(values, 'mxfp4_e2m1', { scaleMode: 'floor' });
    assert.equal(floor.scaleCode, 127);
    assert.equal(floor.scale, 1);
    assert.equal(floor.amax, 7.5);
    assert.deepEqual({ ...floor.elements[0], line: undefined }, {
      input: 7.5, inputText: '7.5', code: 7, codeHex: '0x7', value: 6, dequantized: 6, scaled: 7.5, error: -1.5, direction: 'down',
      saturated: true, flushed: false, line: undefined,
    });
    assert.equal(floor.elements[0].line, '  7.5 -> 0x7 6 -> 6 saturated');
    assert.equal(floor.statistics.saturated, 1);
    assert.equal(floor.statistics.maxAbsError, 1.5);
    assert.equal(floor.statistics.bitsPerElement, 4.25);
    const rceil = tl.quantizeBlock(values, 'mxfp4_e2m1', { scaleMode: 'rceil' });
    assert.equal(rceil.scaleCode, 128);
    assert.equal(rceil.scale, 2);
    assert.deepEqual([rceil.elements[0].value, rceil.elements[0].dequantized, rceil.elements[0].direction],
                     [4, 8, 'up']);
    assert.deepEqual([rceil.elements[1].scaled, rceil.elements[1].dequantized], [0.5, 1]);
    assert.equal(rceil.statistics.saturated, 0);
    // The default mode is floor, and the names are read as the CLI reads them.
    assert.equal(tl.quantizeBlock(Float32Array.from(values), 'MXFP4_E2M1').scaleCode, 127);
  });

  test(`${name}: a NaN block and a tiny block: NaN scale and statistics; flushed elements`, async () => {
    const tl = await load(simd);
    const nan = tl.quantizeBlock([1, NaN, 2], 'mxfp8_e4m3');
    assert.equal(nan.scaleCode, 0xff);
    assert.ok(Number.isNaN(nan.statistics.sqnrDb) && Number.isNaN(nan.elements[0].dequantized));
    const tiny = tl.quantizeBlock([1, 1e-6], 'nvfp4');
    assert.deepEqual([tiny.elements[1].flushed, tiny.elements[1].dequantized, tiny.statistics.flushed], [true, 0, 1]);
  });

  test(`${name}: NaN and negative scales dequantize as the CLI's dequantize does; 2^128 is saturated`, async () => {
    const tl = await load(simd);
    const cases = [
      ['mxfp4_e2m1', [0xff, 0x7f], [1, 2, 3, 0x9, 1]],  // a NaN scale, then 2^0, over a short second block
      ['nvfp4', [0x7f, 0xb8], [2, 3, 1, 4, 5]],
    ];
    for (const [format, scales, codes] of cases) {
      const size = tl.blockFormats().find((f) => f.name === format).blockSize;
      const all = codes.slice(0, 3).concat(Array(size - 3).fill(1), codes.slice(3));
      const hexOf = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      // Both are FP4 formats: two codes per byte, the first in the low nibble.
      const packed = hexOf(all.reduce((out, c, i) => {
        if (i % 2 === 0) out.push(c);
        else out[out.length - 1] |= c << 4;
        return out;
      }, []));
      const r = cli(['dequantize', '--from', format], `count ${all.length}\nscales ${hexOf(scales)}\ncodes ${packed}\n`);
      assert.equal(r.status, 0, r.stderr);
      const fromCli = r.stdout.trim().split('\n').map(Number);
      const fromModule = Array.from(tl.dequantizeBlocks({ scales: Uint8Array.from(scales), codes: Uint8Array.from(all) }, format));
      assert.equal(fromModule.length, fromCli.length);
      fromCli.forEach((v, i) => assert.ok(Object.is(v, fromModule[i]) || (Number.isNaN(v) && Number.isNaN(fromModule[i])),
                                          `${format} ${i}: CLI ${v}, module ${fromModule[i]}`));
      assert.ok(fromCli.slice(0, size).every(Number.isNaN), format);
    }
    // ceil on float32's largest value: 4 · 2^126 is no float32, so the element counts as saturated.
    const top = tl.quantizeBlock(Float32Array.from([3.4028234663852886e38, 1]), 'mxfp4_e2m1', { scaleMode: 'ceil' });
    assert.deepEqual([top.elements[0].saturated, top.statistics.saturated], [true, 1]);
    assert.equal(top.elements[0].dequantized, 2 ** 128);
  });

  test(`${name}: bad arguments: TypeError for types, RangeError with the core's message for names and values`, async () => {
    const tl = await load(simd);
    const block = new Float32Array([1, 2, 3]);
    assert.throws(() => tl.quantizeBlocks([1, 2], 'mxfp4_e2m1'), TypeError);
    assert.throws(() => tl.quantizeBlocks(block, 42), TypeError);
    assert.throws(() => tl.quantizeBlocks(block, 'mxfp4_e2m1', { scaleMode: 3 }), TypeError);
    assert.throws(() => tl.quantizeBlocks(block, 'mxfp4_e2m1', { tensorScale: 'yes' }), TypeError);
    assert.throws(() => tl.quantizeBlock(['1', 2], 'mxfp4_e2m1'), TypeError);
    assert.throws(() => tl.quantizeBlock([{}], 'mxfp4_e2m1'), TypeError);
    assert.throws(() => tl.quantizeBlocks(block, 'mxfp4_e2m1', 'floor'), TypeError);
    assert.throws(() => tl.dequantizeBlocks({ scales: [127], codes: new Uint8Array(1) }, 'mxfp4_e2m1'), TypeError);
    assert.throws(() => tl.dequantizeBlocks(null, 'mxfp4_e2m1'), TypeError);
    const typo = (() => { try { tl.quantizeBlocks(block, 'mxfp4_e2m'); } catch (e) { return e; } })();
    assert.ok(typo instanceof RangeError);
    assert.equal(typo.message, cli(['quantize', '--to', 'mxfp4_e2m', '1']).stderr.replace(/^typelattice: /, '').trim());
    assert.ok(typo.suggestions.includes('mxfp4_e2m1'), typo.suggestions);
    const mode = (() => { try { tl.quantizeBlocks(block, 'nvfp4', { scaleMode: 'floor' }); } catch (e) { return e; } })();
    assert.ok(mode instanceof RangeError);
    assert.equal(mode.message,
      cli(['quantize', '--to', 'nvfp4', '--scale-mode', 'floor', '1']).stderr.replace(/^typelattice: /, '').trim());
    assert.throws(() => tl.quantizeBlocks(block, 'mxfp4_e2m1', { scaleMode: 'flor' }), RangeError);
    assert.throws(() => tl.quantizeBlocks(block, 'mxfp8_e4m3', { tensorScale: true }), RangeError);
    assert.throws(() => tl.quantizeBlock(new Float32Array(17), 'nvfp4'), /more than one nvfp4 block/);
    assert.throws(() => tl.quantizeBlock([], 'nvfp4'), RangeError);
    assert.throws(() => tl.dequantizeBlocks({ scales: new Uint8Array([127]), codes: new Uint8Array([16]) }, 'mxfp4_e2m1'),
                  RangeError);
    assert.throws(() => tl.dequantizeBlocks({ scales: new Uint8Array(2), codes: new Uint8Array(3) }, 'mxfp4_e2m1'),
                  RangeError);
    assert.throws(() => tl.dequantizeBlocks({ scales: new Uint8Array([1]), codes: new Uint8Array(3) }, 'nvfp4',
                                            { tensorScale: -1 }), RangeError);
    assert.deepEqual(tl.quantizeBlocks(new Float32Array(0), 'nvfp4').scales, new Uint8Array(0));
  });

  test(`${name}: an array larger than the heap can hold is a RangeError, not an abort`, async () => {
    const tl = await load(simd);
    const huge = new Float32Array(2 ** 28);  // 1 GB in, 1.5 GB out: more than the 2 GB heap
    assert.throws(() => tl.quantizeBlocks(huge, 'mxfp8_e4m3'), /heap/);
    // 3 alone: floor's scale is 2^(1 - 8), and 3 / 2^-7 = 384 = 1.5 × 2^8 is E4M3's 0 1111 100.
    assert.deepEqual(Array.from(tl.quantizeBlocks(new Float32Array([3]), 'mxfp8_e4m3').codes), [0x7c]);
  });

  test(`${name}: 2000 block calls, failing ones included, leave the heap as they found it`, async () => {
    const tl = await load(simd);
    const values = testValues();
    const attempt = (call) => { try { call(); } catch { /* errors are part of the mix */ } };
    const mix = (i) => {
      switch (i % 6) {
        case 0: return tl.quantizeBlocks(values, 'mxfp6_e2m3', { scaleMode: 'even' });
        case 1: return tl.dequantizeBlocks(tl.quantizeBlocks(values, 'nvfp4', { tensorScale: true }), 'nvfp4');
        case 2: return tl.quantizeBlock(values.subarray(0, 16), 'mxint8');
        case 3: return attempt(() => tl.quantizeBlocks(values, 'mxfp4', { scaleMode: 'floor' }));
        case 4: return attempt(() => tl.dequantizeBlocks({ scales: new Uint8Array(1), codes: new Uint8Array([99]) }, 'mxfp4_e2m1'));
        default: return tl.quantizeDetail(values, 'mxfp8_e5m2', { scaleMode: 'rceil' });
      }
    };
    for (let i = 0; i < 60; ++i) mix(i);
    const before = tl.heapStats();
    for (let i = 0; i < 2000; ++i) mix(i);
    assert.deepEqual(tl.heapStats(), before);
  });
}

// Strings are read by the core as `typelattice quantize` reads its arguments: the same float32 as the CLI.
test('values as text: each read as the CLI reads it, a bad one named', async () => {
  const tl = await load(true);
  const words = ['0.1', '1e-40', '-3.4028235e38', 'inf', '16777217', '-0'];
  const detail = tl.quantizeDetail(words, 'mxfp8_e5m2');
  const r = cli(['quantize', '--to', 'mxfp8_e5m2', '--', ...words]);
  assert.equal(detail.text, r.stdout);
  assert.throws(() => tl.quantizeDetail(['1', '2x'], 'mxfp8_e5m2'),
    { name: 'RangeError', message: cli(['quantize', '--to', 'mxfp8_e5m2', '1', '2x']).stderr.replace(/^typelattice: /, '').trim() });
});

// quantizeSummary, what the playground's side-by-side table is drawn from: each block is quantizeDetail's block
// without its elements, for every format and mode, on the hostile values above, on 700 values of every float32
// bit pattern kind (NaN and Inf blocks among them), and on text; inputs are the values as read.
test('quantizeSummary: quantizeDetail\'s blocks without their elements, values as read', async () => {
  const tl = await load(true);
  const random = Float32Array.from(randomFloats(700), (v, i) => (i % 97 === 0 ? v : Number.isFinite(v) ? v % 1000 : v));
  const words = ['0.1', '1e-40', '-3.4028235e38', 'inf', '16777217', '-0', ...Array.from({ length: 40 }, (_, i) => `${i / 3}`)];
  for (const values of [testValues(), random, words]) {
    for (const f of tl.blockFormats()) {
      for (const scaleMode of f.scaleModes) {
        const summary = tl.quantizeSummary(values, f.name, { scaleMode });
        const detail = tl.quantizeDetail(values, f.name, { scaleMode });
        assert.deepEqual([summary.format, summary.scaleMode, summary.tensorScale],
                         [detail.format, detail.scaleMode, detail.tensorScale]);
        assert.deepEqual(summary.blocks, detail.blocks.map(({ amax, scaleCode, scaleHex, scale, statistics }) =>
          ({ amax, scaleCode, scaleHex, scale, statistics })), `${f.name} ${scaleMode}`);
        assert.deepEqual(Array.from(summary.inputs), detail.blocks.flatMap((b) => b.elements.map((e) => e.input)));
      }
    }
  }
  // Read once, passed on: the same blocks from the inputs as from the text.
  const read = tl.quantizeSummary(words, 'nvfp4');
  assert.deepEqual(tl.quantizeSummary(read.inputs, 'nvfp4').blocks, read.blocks);
  assert.throws(() => tl.quantizeSummary(['1', '2x'], 'mxfp8_e5m2'), { name: 'RangeError', message: /^value 2: / });
  assert.throws(() => tl.quantizeSummary([], 'mxfp8_e5m2'), /no values to quantize/);
  assert.throws(() => tl.quantizeSummary([1], 'mxfp4_e2m1', { scaleMode: 'nearest' }), RangeError);
});

// The whole input's figures: every value's squared error and squared input summed (blocks holding NaN or ±Inf
// left out), computed here from quantizeDetail's elements; and nvfp4's tensor scale given as a number, so that a
// piece of a tensor quantizes as it does in the whole (as the playground draws a page of blocks).
test('quantizeSummary\'s wholeInput is every kept value together; a tensorScale number is used as given', async () => {
  for (const simd of [true, false]) {
    const tl = await load(simd);
    const random = Float32Array.from(randomFloats(700), (v, i) => (i % 97 === 0 ? v : Number.isFinite(v) ? v % 1000 : v));
    for (const values of [testValues(), random, Float32Array.from([100, ...Array(31).fill(0.1)])]) {
      for (const f of tl.blockFormats()) {
        for (const tensorScale of f.takesTensorScale ? [false, true] : [false]) {
          const { wholeInput, bitsPerElement = f.bitsPerElement } = tl.quantizeSummary(values, f.name, { tensorScale });
          let signal = 0, noise = 0, count = 0, saturated = 0, flushed = 0, worst = 0;
          for (const b of tl.quantizeDetail(values, f.name, { tensorScale }).blocks) {
            if (Number.isNaN(b.scale)) continue;
            for (const e of b.elements) {
              signal += e.input * e.input;
              noise += e.error * e.error;
              worst = Math.max(worst, Math.abs(e.error));
              count += 1;
              saturated += e.saturated ? 1 : 0;
              flushed += e.flushed ? 1 : 0;
            }
          }
          const what = `${f.name} tensor scale ${tensorScale}`;
          assert.deepEqual([wholeInput.count, wholeInput.saturated, wholeInput.flushed, wholeInput.maxAbsError,
                            wholeInput.bitsPerElement], [count, saturated, flushed, worst, bitsPerElement], what);
          const sqnr = noise === 0 ? Infinity : 10 * Math.log10(signal / noise);
          if (Number.isFinite(sqnr)) assert.ok(Math.abs(wholeInput.sqnrDb - sqnr) < 1e-9, `${what}: ${wholeInput.sqnrDb} ${sqnr}`);
          else assert.equal(wholeInput.sqnrDb, sqnr, what);
        }
      }
    }
    // A page of a tensor under the whole tensor's scale: its blocks are the whole's.
    const values = testValues();
    const whole = tl.quantizeDetail(values, 'nvfp4', { tensorScale: true });
    assert.notEqual(whole.tensorScale, 1);
    const page = tl.quantizeDetail(values.subarray(32, 64), 'nvfp4', { tensorScale: whole.tensorScale });
    assert.equal(page.tensorScale, whole.tensorScale);
    assert.deepEqual(page.blocks.map((b) => b.elements.map((e) => e.code)),
                     whole.blocks.slice(2, 4).map((b) => b.elements.map((e) => e.code)));
    assert.match(page.text, /^tensor scale /);
    for (const bad of [0, -1, Infinity, NaN, 0.1]) {
      assert.throws(() => tl.quantizeDetail(values, 'nvfp4', { tensorScale: bad }),
                    { name: 'RangeError', message: /tensorScale .* is not a positive finite float32/ }, String(bad));
    }
    assert.throws(() => tl.quantizeDetail(values, 'nvfp4', { tensorScale: '1' }), TypeError);
    assert.throws(() => tl.quantizeDetail(values, 'mxfp4_e2m1', { tensorScale: 0.5 }), /nvfp4 only/);
    assert.deepEqual(tl.blockFormats().filter((f) => f.takesTensorScale).map((f) => f.name), ['nvfp4']);
  }
});
