// tl.analyze against `typelattice analyze --format json` on files this test writes itself (tensor-files.mjs):
// every tensor's statistics and every target's errors agree; the source may be a File, a Blob, an ArrayBuffer or a
// Uint8Array; progress counts the bytes read; an aborted signal rejects with an AbortError; bad files get the
// core's message (the tensor and the byte offset), as the CLI prints it; bad arguments a TypeError or RangeError.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { spawnSync } from 'node:child_process';

import { builds, cli, cliPath, load, sourceDir } from './helpers.mjs';
import { corpus, safetensors, normal, npz, npzMembers } from './tensor-files.mjs';

let dir;
const files = corpus();
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'typelattice-analyze-'));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
});
after(() => rmSync(dir, { recursive: true, force: true }));

function cliReport(name, args) {
  const r = cli(['analyze', path.join(dir, name), '--format', 'json', ...args]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout).files[0];
}

// Numbers equal to 1e-12 relative (the same code, compiled for another machine), everything else exactly.
function assertAgrees(actual, expected, where) {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const tolerance = 1e-12 * Math.max(Math.abs(expected), Number.MIN_VALUE);
    assert.ok(Math.abs(actual - expected) <= tolerance, `${where}: ${actual} vs the CLI's ${expected}`);
  } else if (expected !== null && typeof expected === 'object') {
    assert.equal(typeof actual, 'object', where);
    assert.ok(actual !== null, `${where}: null vs the CLI's ${JSON.stringify(expected)}`);
    assert.deepEqual(Object.keys(actual).filter((k) => k in expected).sort(), Object.keys(expected).sort(), where);
    for (const key of Object.keys(expected)) assertAgrees(actual[key], expected[key], `${where}.${key}`);
  } else {
    assert.equal(actual, expected, where);
  }
}

const CODEC_TARGETS = ['nf4', 'bnb_fp4', 'gguf_q4_0', 'gguf_q4_1', 'gguf_q5_0', 'gguf_q5_1', 'gguf_q8_0', 'iq4_nl',
  'gguf_mxfp4', 'gguf_nvfp4', 'int4_g128', 'int4_g32_asym', 'int8_g64', 'ds_fp8_1x128', 'ds_fp8_1x128_ue8m0'];
const RUNS = [
  { file: 'model.safetensors', args: ['--worst', '3'], opts: { worst: 3 } },
  { file: 'model.safetensors', args: ['--to', 'float8_e4m3fn', 'bfloat16', 'mxfp8_e4m3', 'mxfp4_e2m1', 'nvfp4', '--tensor-scale',
    '--scale-mode', 'rceil', '--worst', '2'],
    opts: { to: ['float8_e4m3fn', 'bfloat16', 'mxfp8_e4m3', 'mxfp4_e2m1', 'nvfp4'], tensorScale: true, scaleMode: 'rceil', worst: 2 } },
  { file: 'model.safetensors', args: ['--to', 'float8_e5m2', 'float16', '--round', 'toward-zero', '--no-saturate', '--tensor', 'layers.*', 'spec?al'],
    opts: { to: ['float8_e5m2', 'float16'], round: 'toward-zero', saturate: false, tensors: ['layers.*', 'spec?al'] } },
  // The tapered formats beside a minifloat of the same width.
  { file: 'model.safetensors', args: ['--to', 'posit8', 'posit16', 'hif8', 'float8_e4m3fn', '--no-saturate'],
    opts: { to: ['posit8', 'posit16', 'hif8', 'float8_e4m3fn'], saturate: false } },
  { file: 'weights.npy', args: ['--worst', '1'], opts: {} },
  { file: 'model.gguf', args: ['--worst', '2'], opts: { worst: 2 } },
  { file: 'quantized.gguf', args: ['--to', 'float8_e4m3fn', 'mxfp4_e2m1', 'nvfp4', '--worst', '2'],
    opts: { to: ['float8_e4m3fn', 'mxfp4_e2m1', 'nvfp4'], worst: 2 } },
  { file: 'fortran.npy', args: ['--to', 'mxfp4_e2m1', 'nvfp4', '--worst', '1'], opts: { to: ['mxfp4_e2m1', 'nvfp4'] } },
  // bitsandbytes' and ggml's blocks, GPTQ's integer groups and DeepSeek's groups, with an MX target beside them.
  ...['model.safetensors', 'model.gguf'].map((file) => ({ file, args: ['--to', ...CODEC_TARGETS, 'mxfp4_e2m1', '--worst', '2'],
    opts: { to: [...CODEC_TARGETS, 'mxfp4_e2m1'], worst: 2 } })),
  { file: 'arrays.npz', args: ['--worst', '2'], opts: { worst: 2 } },
  { file: 'arrays-deflated.npz', args: ['--worst', '2'], opts: { worst: 2 } },
  // Two passes over each deflated member (the tensor scale needs amax first): the stream starts again.
  { file: 'arrays-deflated.npz', args: ['--to', 'nvfp4', 'mxfp8_e4m3', '--tensor-scale', '--tensor', 'long', 'b'],
    opts: { to: ['nvfp4', 'mxfp8_e4m3'], tensorScale: true, tensors: ['long', 'b'] } },
  { file: 'weights.bin', args: ['--raw', 'float32:60x50'], opts: { raw: { dtype: 'float32', shape: [60, 50] } } },
];

for (const { name, simd } of builds) {
  test(`${name}: tl.analyze agrees with typelattice analyze --format json`, async () => {
    const tl = await load(simd);
    for (const { file, args, opts } of RUNS) {
      const expected = cliReport(file, args);
      const got = await tl.analyze(new File([files[file]], file), opts);
      assert.equal(got.file, file);
      assert.equal(got.kind, expected.kind);
      assert.deepEqual(got.skipped, expected.skipped);
      assert.equal(got.tensors.length, expected.tensors.length, file);
      for (let i = 0; i < expected.tensors.length; ++i) {
        assertAgrees(got.tensors[i], expected.tensors[i], `${file} ${args.join(' ')}: ${expected.tensors[i].name}`);
      }
      assertAgrees(got.summary, expected.summary, `${file} ${args.join(' ')}: the summary`);
    }
  });
}

// A trained network's weights: @vladmandic/face-api's face recognition network from npm, written as a safetensors
// file by tests/tensors/analyze_real_weights_test.py (which checks the CLI against NumPy on it).
test('both builds agree with typelattice analyze on a trained network\'s weights', async () => {
  const file = path.join(dir, 'face.safetensors');
  const written = spawnSync('/usr/bin/python3', [path.join(sourceDir, 'tests/tensors/analyze_real_weights_test.py'),
    cliPath, '--write', file], { encoding: 'utf8' });
  assert.equal(written.status, 0, written.stderr);
  const args = ['--to', 'float8_e4m3fn', 'mxfp8_e4m3', 'mxfp4_e2m1', 'nvfp4', '--tensor-scale', '--worst', '2'];
  const expected = cliReport('face.safetensors', args);
  assert.equal(expected.tensors.length, 117);
  const bytes = readFileSync(file);
  for (const { name, simd } of builds) {
    const tl = await load(simd);
    const got = await tl.analyze(new Blob([bytes]), { to: ['float8_e4m3fn', 'mxfp8_e4m3', 'mxfp4_e2m1', 'nvfp4'],
      tensorScale: true, worst: 2 });
    assert.equal(got.tensors.length, expected.tensors.length, name);
    for (let i = 0; i < expected.tensors.length; ++i) {
      assertAgrees(got.tensors[i], expected.tensors[i], `${name}: ${expected.tensors[i].name}`);
    }
    assertAgrees(got.summary, expected.summary, `${name}: the summary`);
  }
});

test('a File, a Blob, an ArrayBuffer and a Uint8Array give the same report; progress counts every byte', async () => {
  const tl = await load();
  const bytes = files['model.safetensors'];
  const progress = [];
  const fromFile = await tl.analyze(new File([bytes], 'm.safetensors'), { onProgress: (p) => progress.push(p) });
  const total = progress[0].total;
  assert.deepEqual(progress[0], { bytes: 0, total });
  assert.deepEqual(progress.at(-1), { bytes: total, total });
  assert.ok(progress.length > 3, 'the long rows are read in several reads');
  assert.ok(progress.every((p, i) => i === 0 || p.bytes > progress[i - 1].bytes));
  // Every tensor's data: the file less its header (8 bytes of length, then the JSON).
  const headerLength = Number(new DataView(bytes.buffer).getBigUint64(0, true));
  assert.equal(total, bytes.length - 8 - headerLength);
  for (const source of [new Blob([bytes]), bytes.slice().buffer, bytes]) {
    const got = await tl.analyze(source);
    assert.equal(got.file, null);
    assert.deepEqual(got.tensors, fromFile.tensors);
  }
  // With a tensor scale every tensor is read twice: the statistics first, for its amax.
  const twice = [];
  await tl.analyze(bytes, { to: ['nvfp4'], tensorScale: true, onProgress: (p) => twice.push(p) });
  assert.equal(twice.at(-1).total, 2 * total);
});

test('option share: the shares\' tensors, joined in order, are the whole report\'s; each reads only its bytes', async () => {
  const tl = await load();
  const runs = [
    { file: 'model.safetensors', opts: { to: ['mxfp4_e2m1', 'nvfp4', 'float8_e4m3fn'], worst: 2 } },
    { file: 'model.safetensors', opts: { tensors: ['layers.*', 'zeros', 'empty'] } },
    { file: 'arrays-deflated.npz', opts: { to: ['nvfp4', 'mxfp8_e4m3'], tensorScale: true } },
  ];
  for (const { file, opts } of runs) {
    const whole = [];
    const report = await tl.analyze(files[file], { ...opts, onProgress: (p) => whole.push(p) });
    for (const count of [1, 2, 3, 4, 12]) {
      const shares = [];
      let total = 0;
      for (let index = 0; index < count; ++index) {
        const progress = [];
        const part = await tl.analyze(files[file], { ...opts, share: { index, count }, onProgress: (p) => progress.push(p) });
        assert.equal(part.kind, report.kind);
        assert.deepEqual(part.skipped, report.skipped);
        assert.deepEqual(part.targets, report.targets);
        // Progress counts the share's own tensors' bytes, all of them.
        assert.deepEqual(progress.at(-1), { bytes: progress[0].total, total: progress[0].total });
        total += progress[0].total;
        shares.push(part.tensors);
      }
      const where = `${file} ${JSON.stringify(opts)}, ${count} shares`;
      assert.deepEqual(shares.flat(), report.tensors, where);
      // The shares' tensors joined give the whole report's summary.
      const { to, tensorScale } = opts;
      assert.deepEqual(await tl.summarize(shares.flat(), { to, tensorScale }), report.summary, where);
      assert.equal(total, whole[0].total, where);
      // About equal bytes: with the tensors of model.safetensors, no share of two takes all but the empty ones.
      if (count === 2 && file === 'model.safetensors' && opts.tensors === undefined) {
        assert.ok(shares.every((tensors) => tensors.length > 0), where);
      }
    }
  }
});

test('each target comes with its facts: bits, and the range the view draws', async () => {
  const tl = await load();
  const { targets } = await tl.analyze(files['weights.npy'], { to: ['float8_e4m3fn', 'mxfp4_e2m1', 'nvfp4'] });
  assert.deepEqual(targets.map((t) => [t.name, t.kind, t.bits_per_element]),
                   [['float8_e4m3fn', 'element', 8], ['mxfp4_e2m1', 'block', 4.25], ['nvfp4', 'block', 4.5]]);
  const e4m3 = tl.formatInfo('float8_e4m3fn');
  assert.deepEqual(targets[0].range, { max: e4m3.max, minNormal: e4m3.minNormal, minSubnormal: e4m3.minSubnormal });
  // E2M1: 6 is the largest element, 0.5 its one subnormal, 1 its least normal; E8M0 scales, 2^-127 to 2^127.
  assert.deepEqual(targets[1].range, { max: 6, minNormal: 1, minSubnormal: 0.5, scaleMax: 2 ** 127, scaleMin: 2 ** -127,
    blockSize: 32 });
  assert.equal(targets[2].range.scaleMax, 448);
  assert.equal(targets[2].range.blockSize, 16);
});

test("each tensor's targets say where they keep its magnitudes: a block target's range follows its scale rule", async () => {
  const tl = await load();
  // One row of 32 values whose largest |x| is 10000: MXFP4's floor scale is 2^(floor(log2 10000) - 2) = 2^11 (E2M1's
  // largest exponent is 2), so its block saturates at 6 * 2^11 = 12288 and flushes below half of 0.5 * 2^11.
  const values = new Float32Array(32).fill(1);
  values[0] = 10000;
  const bytes = safetensors([{ name: 'w', dtype: 'F32', shape: [1, 32], values }]);
  const { tensors } = await tl.analyze(bytes, { to: ['float8_e4m3fn', 'mxfp4_e2m1'] });
  const [e4m3, mxfp4] = tensors[0].targets;
  assert.deepEqual(e4m3.range, { saturation: 448, smallestNormal: 2 ** -6, smallestSubnormal: 2 ** -9, flush: 2 ** -10,
    perBlock: false });
  assert.deepEqual(mxfp4.range, { saturation: 12288, smallestNormal: 2 ** 11, smallestSubnormal: 2 ** 10, flush: 2 ** 9,
    perBlock: true });
});

test("bitsandbytes' and ggml's block targets: bits from their storage, a lane from the block's amax to its finest level", async () => {
  const tl = await load();
  const values = new Float32Array(64).fill(1);
  values[0] = -10000;
  const bytes = safetensors([{ name: 'w', dtype: 'F32', shape: [1, 64], values }]);
  const { targets, tensors } = await tl.analyze(bytes, { to: ['nf4', 'gguf_q8_0', 'gguf_q4_0'] });
  // NF4: 4-bit codes and a float32 absmax per 64; Q8_0: 32 int8 and a float16 d; Q4_0: 32 nibbles and a float16 d.
  assert.deepEqual(targets.map((t) => [t.name, t.kind, t.bits_per_element, t.range.blockSize]),
                   [['nf4', 'block', 4 + 32 / 64, 64], ['gguf_q8_0', 'block', 8 + 16 / 32, 32],
                    ['gguf_q4_0', 'block', 4 + 16 / 32, 32]]);
  const [nf4, q8, q4] = tensors[0].targets;
  // NF4's smallest nonzero level (bitsandbytes' table) times the block's absmax; Q8_0's d = amax / 127; Q4_0's amax / 8.
  const nf4Finest = 10000 * Math.fround(0.07958029955625534);
  assert.deepEqual(nf4.range, { saturation: 10000, smallestNormal: nf4Finest, smallestSubnormal: nf4Finest,
    flush: nf4Finest / 2, perBlock: true });
  assert.equal(q8.range.smallestNormal, 10000 * (1 / 127));
  assert.equal(q4.range.smallestSubnormal, 10000 / 8);
  // The ones beside -10000 flush: NF4's one block of 64 (1/10000 of the absmax is below half its finest level),
  // the GGUF types' first block of 32 (d = 78.7 and 1250); their second block, all ones, keeps them. Nothing
  // saturates: the blocks' largest values are on the codes -127, -8 and the scales are exact.
  assert.deepEqual([nf4.flushed, q8.flushed, q4.flushed], [63, 31, 31]);
  assert.deepEqual([nf4.saturated, q4.saturated], [0, 0]);
  assert.equal(nf4.scale_mode, undefined);
  assert.equal(nf4.blocks, 1);
  assert.equal(q8.blocks, 2);
});

test("ggml's MXFP4 and NVFP4 targets give ggml's own values (tests/data/gguf_blocks/ggml_fp4_reference.txt)", async () => {
  const tl = await load();
  const lines = readFileSync(new URL('../../data/gguf_blocks/ggml_fp4_reference.txt', import.meta.url), 'utf8').split('\n');
  const floats = (hex) => new Float32Array(new Uint32Array(hex.match(/.{8}/g).map((h) => parseInt(h, 16))).buffer);
  const rows = Object.fromEntries(lines.filter((l) => !l.startsWith('#') && l).map((l) => l.split(' '))
    .filter(([kind]) => kind !== 'decode').map(([kind, name, a, b]) => [`${kind} ${name}`, kind === 'input' ? a : b]));
  // Ties, values whose amax log2f rounds up to a power of two, UE4M3 rounding and random blocks: 64 values each.
  for (const name of ['ties', 'below-power-of-two-1', 'ue4m3-rounding', 'random-7']) {
    const x = floats(rows[`input ${name}`]);
    const bytes = safetensors([{ name: 'w', dtype: 'F32', shape: [1, 64], values: x }]);
    const { targets, tensors } = await tl.analyze(bytes, { to: ['gguf_mxfp4', 'gguf_nvfp4'] });
    assert.deepEqual(targets.map((t) => [t.name, t.bits_per_element, t.range.blockSize]),
                     [['gguf_mxfp4', 4.25, 32], ['gguf_nvfp4', 4.5, 64]]);
    tensors[0].targets.forEach((target, i) => {
      const y = floats(rows[`${i ? 'nvfp4' : 'mxfp4'} ${name}`]);
      let signal = 0, noise = 0;
      x.forEach((v, j) => { signal += v * v; noise += (y[j] - v) ** 2; });
      const sqnr = 10 * Math.log10(signal / noise);
      assert.ok(Math.abs(target.sqnr_db - sqnr) <= 1e-9 * Math.abs(sqnr), `${name} ${target.target}: ${target.sqnr_db} vs ${sqnr}`);
    });
  }
});

test('an aborted signal rejects with an AbortError, before or during the reads', async () => {
  const tl = await load();
  const bytes = files['model.safetensors'];
  await assert.rejects(tl.analyze(bytes, { signal: AbortSignal.abort() }),
                       (e) => e instanceof DOMException && e.name === 'AbortError');
  const controller = new AbortController();
  let calls = 0;
  await assert.rejects(tl.analyze(new Blob([bytes]), { signal: controller.signal, onProgress: () => {
    if (++calls === 2) controller.abort();
  } }), (e) => e instanceof DOMException && e.name === 'AbortError');
  assert.equal(calls, 2, 'no read after the abort');
  // Nothing is left allocated in the tensors part: the next call works.
  assert.equal((await tl.analyze(files['weights.npy'])).tensors.length, 1);
});

// Bad files: the CLI's message after "typelattice: PATH: ", and the JS error's after "NAME: ".
const BAD_FILES = {
  'truncated.safetensors': files['model.safetensors'].subarray(0, files['model.safetensors'].length - 1000),
  'huge-header.safetensors': (() => {
    const b = new Uint8Array(64);
    new DataView(b.buffer).setBigUint64(0, 1n << 63n, true);
    return b;
  })(),
  'twice.safetensors': safetensors([], { header:
    '{"a": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}, "a": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}}' }),
  'overlap.safetensors': safetensors([], { header:
    '{"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}, "b": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}}' }),
  'short.npy': files['weights.npy'].subarray(0, 100),
  'cut.npz': files['arrays.npz'].subarray(0, 5000),
  'bzip2.npz': npz(npzMembers(), { deflate: true, edit: (i, f) => { if (i === 1) f.method = 12; } }),
  'encrypted.npz': npz(npzMembers(), { edit: (i, f) => { if (i === 0) f.flags = 1; } }),
  'bomb.npz': npz(npzMembers(), { deflate: true, edit: (i, f) => { if (i === 0) f.size = f.csize * 2000; } }),
  'moved.npz': npz(npzMembers(), { edit: (i, f) => { if (i === 3) f.offset = 0; } }),
};
test('bad files: an Error with the core\'s message, as the CLI prints it', async () => {
  const tl = await load();
  for (const [name, bytes] of Object.entries(BAD_FILES)) {
    // The data of the two handwritten headers: 8 bytes past their header.
    const file = name.startsWith('twice') || name.startsWith('overlap')
      ? new Uint8Array([...bytes, ...new Uint8Array(8)]) : bytes;
    writeFileSync(path.join(dir, name), file);
    const r = cli(['analyze', path.join(dir, name), '--format', 'json']);
    assert.equal(r.status, 2, name);
    const message = r.stderr.trim().replace(`typelattice: ${path.join(dir, name)}: `, '');
    await assert.rejects(tl.analyze(new File([file], name)), (e) => {
      assert.equal(e.name, 'TensorFileError', `${name}: ${e.stack}`);
      assert.equal(e.message, `${name}: ${message}`);
      return true;
    });
  }
  // What the messages say, for two of them: the tensor and where.
  await assert.rejects(tl.analyze(new File([BAD_FILES['truncated.safetensors']], 't')), /long\.rows/);
  await assert.rejects(tl.analyze(new File([new Uint8Array([...BAD_FILES['overlap.safetensors'], 0, 0, 0, 0, 0, 0, 0, 0])], 'o')), /byte/);
});

test('a deflated member whose CRC-32 or compressed size lies: the tensor and the stream, as the CLI says', async () => {
  const tl = await load();
  const cases = {
    'crc.npz': [npz(npzMembers(), { deflate: true, edit: (i, f) => { if (i === 0) f.crc ^= 1; } }), /CRC-32/],
    'short.npz': [npz(npzMembers(), { deflate: true, edit: (i, f) => { if (i === 1) f.csize -= 100; } }), /stream/],
  };
  for (const [name, [bytes, what]] of Object.entries(cases)) {
    writeFileSync(path.join(dir, name), bytes);
    const r = cli(['analyze', path.join(dir, name), '--format', 'json']);
    assert.equal(r.status, 2, name);
    assert.match(r.stderr, what);
    const cliTensor = /cannot read tensor '([^']+)': the deflate stream from byte (\d+)/.exec(r.stderr);
    assert.ok(cliTensor, r.stderr);
    await assert.rejects(tl.analyze(new File([bytes], name)), (e) => {
      assert.equal(e.name, 'TensorFileError', e.stack);
      assert.match(e.message, what);
      assert.ok(e.message.startsWith(`${name}: cannot read tensor '${cliTensor[1]}': the deflate stream from byte ${cliTensor[2]}`),
                e.message);
      return true;
    });
  }
});

test('summarize: TypeError for what is not tl.analyze\'s reports, RangeError for other targets', async () => {
  const tl = await load();
  const report = await tl.analyze(files['model.safetensors'], { to: ['mxfp4_e2m1', 'float16'] });
  const opts = { to: ['mxfp4_e2m1', 'float16'] };
  assert.deepEqual(await tl.summarize(report.tensors, opts), report.summary);
  const empty = await tl.summarize([], opts);
  assert.equal(empty.tensors, 0);
  assert.deepEqual(empty.targets.map((t) => t.worst_tensor), [null, null]);
  const first = report.tensors[0];
  const broken = [
    'tensors', { ...first }, [null], [{ ...first, name: 1 }], [{ ...first, stats: undefined }],
    [{ ...first, stats: { ...first.stats, mean: '0' } }], [{ ...first, stats: { ...first.stats, log2_histogram: { 3: '1' } } }],
    [{ ...first, targets: {} }], [{ ...first, targets: [{ ...first.targets[0], measured: null }, first.targets[1]] }],
    [{ ...first, targets: [{ ...first.targets[0], block_sqnr_db: 3 }, first.targets[1]] }],
  ];
  for (const tensors of broken) await assert.rejects(tl.summarize(tensors, opts), TypeError, JSON.stringify(tensors).slice(0, 80));
  await assert.rejects(tl.summarize(report.tensors, { to: ['float16', 'mxfp4_e2m1'] }), RangeError);
  await assert.rejects(tl.summarize(report.tensors), RangeError);  // the default targets are not these
  await assert.rejects(tl.summarize(report.tensors, { to: ['mxfp4_e3m1'] }), RangeError);
  await assert.rejects(tl.summarize(report.tensors, 'mxfp4'), TypeError);
  // Counts that are not counts, figures that are NaN, infinite or negative, bins that are not binades, and counts
  // that do not add up as analyze's do: a RangeError naming the field or the tensor, never a summary of them.
  const [t0, t1] = first.targets;
  const stats = (changes) => [{ ...first, stats: { ...first.stats, ...changes } }];
  const target = (changes) => [{ ...first, targets: [{ ...t0, ...changes }, t1] }];
  const wrongValues = [
    [stats({ zeros: -1 }), '.stats.zeros must be a count'], [stats({ nan: 0.5 }), '.stats.nan must be a count'],
    [stats({ finite: NaN }), '.stats.finite must be a count'], [[{ ...first, count: 2 ** 60 }], '.count must be a count'],
    [target({ measured: 2 ** 70 }), '.targets[0].measured must be a count'],
    [stats({ amax: -3 }), '.stats.amax must be at least 0'], [stats({ mean: Infinity }), '.stats.mean must be a finite'],
    [target({ sum_squared_error: NaN }), '.targets[0].sum_squared_error must be a finite'],
    [target({ max_abs_error: -1e-9 }), '.targets[0].max_abs_error must be at least 0'],
    [stats({ log2_histogram: { ...first.stats.log2_histogram, x: 0 } }), 'keyed by binades'],
    [stats({ log2_histogram: { ...first.stats.log2_histogram, '1e1': 0 } }), 'keyed by binades'],
    [stats({ log2_histogram: { ...first.stats.log2_histogram, '-900': 0 } }), 'a bin -900, outside float32\'s binades'],
    [stats({ zeros: first.stats.zeros + 1 }), 'zeros and log2 histogram do not add up'],
    [stats({ inf: first.stats.inf + 1 }), 'finite, NaN and Inf counts do not add up'],
    [stats({ subnormals: first.stats.finite + 1 }), 'more subnormals than nonzero values'],
    [target({ non_finite: t0.non_finite + 1 }), `${t0.target} target's measured and non-finite counts`],
    [target({ flushed: t0.measured + 1 }), 'more saturated or flushed values than measured'],
    [target({ block_sqnr_db: { ...t0.block_sqnr_db, exact: t0.block_sqnr_db.blocks + 1 } }), 'more blocks with an SQNR'],
  ];
  for (const [tensors, message] of wrongValues) {
    await assert.rejects(tl.summarize(tensors, opts), (e) => e instanceof RangeError && e.message.includes(message),
      message);
  }
  // A block target's report without its blocks: a RangeError naming the tensor.
  const noBlocks = { ...first, targets: [{ ...first.targets[0], blocks: undefined }, first.targets[1]] };
  delete noBlocks.targets[0].blocks;
  await assert.rejects(tl.summarize([noBlocks], opts), (e) => e instanceof RangeError && e.message.includes(first.name));
});

test('bad arguments: TypeError for a wrong type, RangeError for a wrong value', async () => {
  const tl = await load();
  const bytes = files['weights.npy'];
  for (const source of [42, 'model.safetensors', null, undefined, new Float32Array(4), [1, 2]]) {
    await assert.rejects(tl.analyze(source), TypeError, String(source));
  }
  await assert.rejects(tl.analyze(bytes, 'json'), TypeError);
  await assert.rejects(tl.analyze(bytes, { to: 'mxfp4_e2m1' }), TypeError);
  await assert.rejects(tl.analyze(bytes, { tensors: 'w*' }), TypeError);
  await assert.rejects(tl.analyze(bytes, { onProgress: true }), TypeError);
  await assert.rejects(tl.analyze(bytes, { signal: 'stop' }), TypeError);
  await assert.rejects(tl.analyze(bytes, { to: [] }), RangeError);
  await assert.rejects(tl.analyze(bytes, { worst: 0 }), RangeError);
  await assert.rejects(tl.analyze(bytes, { scaleMode: 'sideways' }), RangeError);
  for (const share of [[0, 2], null, 1, { index: '0', count: 2 }, { index: 0 }]) {
    await assert.rejects(tl.analyze(bytes, { share }), TypeError, JSON.stringify(share));
  }
  for (const share of [{ index: 2, count: 2 }, { index: -1, count: 2 }, { index: 0, count: 0 }, { index: 0.5, count: 2 },
    { index: 0, count: 65 }]) {
    await assert.rejects(tl.analyze(bytes, { share }), RangeError, JSON.stringify(share));
  }
  for (const raw of ['float32:60x50', null, { dtype: 1, shape: [1] }, { dtype: 'float32', shape: '60x50' },
    { dtype: 'float32', shape: ['60'] }]) {
    await assert.rejects(tl.analyze(bytes, { raw }), TypeError, JSON.stringify(raw));
  }
  const raw = files['weights.bin'];
  for (const shape of [[-1], [1.5], [60, 51]]) {
    await assert.rejects(tl.analyze(raw, { raw: { dtype: 'float32', shape } }), RangeError, JSON.stringify(shape));
  }
  await assert.rejects(tl.analyze(raw, { raw: { dtype: 'float7', shape: [3000] } }), RangeError);
  // The layout that does not fit: both sizes, as the CLI says them.
  const misfit = cli(['analyze', path.join(dir, 'weights.bin'), '--raw', 'float32:60x51']);
  assert.equal(misfit.status, 2);
  assert.match(misfit.stderr, /12240 bytes, but the file is 12000 bytes/);
  await assert.rejects(tl.analyze(raw, { raw: { dtype: 'float32', shape: [60, 51] } }),
                       /raw layout 'float32:60x51' is 12240 bytes, but the file is 12000 bytes/);
  // An unknown target: the CLI's message, the closest names in `suggestions`.
  const r = cli(['analyze', path.join(dir, 'weights.npy'), '--to', 'mxfp5_e2m1']);
  assert.equal(r.status, 2);
  await assert.rejects(tl.analyze(bytes, { to: ['mxfp5_e2m1'] }), (e) => {
    assert.ok(e instanceof RangeError);
    assert.equal(`typelattice: ${e.message}`, r.stderr.trim());
    assert.ok(e.suggestions.length > 0);
    return true;
  });
  // --tensor that matches nothing.
  await assert.rejects(tl.analyze(safetensors([{ name: 'w', dtype: 'F32', shape: [4], values: normal(4) }]),
                                  { tensors: ['x*'] }), RangeError);
});
