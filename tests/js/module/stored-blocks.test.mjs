// tl.storedBlocks and tl.storedBlockFormats against the CLI: every field's bytes as `typelattice quantize --layout`
// prints them (with each packing of the integer groups), every element's code and dequantized value as
// `quantize --format json` gives them, a stored zero point as --layout reads it, each element's bits reading its
// code back out of the bytes; the formats are the ones `quantize --to` takes; bad arguments as errors with the
// CLI's words. Both builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { layoutBlocks } from './cli-layout.mjs';
import { builds, cli, load } from './helpers.mjs';

const run = (args) => {
  const r = cli(args);
  assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

// Normal-looking values, the same in every run, as float32 decimals the CLI reads back exactly.
function sampleValues(count) {
  const out = new Float32Array(count);
  let s = 12345;
  for (let i = 0; i < count; ++i) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = ((s / 2147483648) - 0.5) * (i % 7 === 0 ? 9 : 2);
  }
  return out;
}

// `quantize --layout`'s fields per block: [{ name: hex bytes }], and a zero point's stored value by name 'zeros'.
function cliLayout(format, values, packing) {
  const text = run(['quantize', '--to', format, '--layout', ...(packing ? ['--packing', packing] : []),
    ...Array.from(values, String)]);
  return layoutBlocks(text).map((fields) =>
    Object.fromEntries(fields.map(([name, t]) => [name, name === 'zeros' ? Number(t) : t])));
}

// Each block's elements as `quantize --format json` gives them ({ code, dequantized }), or for gguf_nvfp4, which
// has no JSON form, as its text lines give them ("  -4.444 -> 0xf -12 -> -4.5").
function cliElements(format, values) {
  const args = ['quantize', '--to', format];
  const text = Array.from(values, String);
  if (format !== 'gguf_nvfp4') {
    const json = JSON.parse(run([...args, '--format', 'json', ...text]));
    return (json.blocks ?? json.tiles).map((b) => b.elements);  // DeepSeek's groups are a row's tiles
  }
  const blocks = [];
  for (const line of run([...args, ...text]).split('\n')) {
    if (line.startsWith('block ')) blocks.push([]);
    const m = /^ {2}\S+ -> 0x([0-9a-f]+) \S+ -> (\S+)$/.exec(line);
    if (m) blocks.at(-1).push({ code: Number.parseInt(m[1], 16), dequantized: Number(m[2]) });
  }
  return blocks;
}

// Each block's "  input -> code integer -> value" lines of `quantize --to FORMAT` (ggml's types): [[input, value]].
function cliTexts(format, values) {
  const blocks = [];
  for (const line of run(['quantize', '--to', format, ...Array.from(values, String)]).split('\n')) {
    if (line.startsWith('block ')) blocks.push([]);
    const m = /^ {2}(\S+) -> \S+ \S+ -> (\S+)$/.exec(line);
    if (m) blocks.at(-1).push([m[1], m[2]]);
  }
  return blocks;
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

// The code an element's bits hold in its block's fields.
function readCode(block, element) {
  let code = 0;
  for (let k = 0; k < element.bits.length / 2; ++k) {
    const bytes = block.fields[element.bits[2 * k]].bytes;
    const bit = element.bits[2 * k + 1];
    code |= ((bytes[bit >> 3] >> (bit & 7)) & 1) << k;
  }
  return code;
}

const CASES = [['nf4'], ['bnb_fp4'], ['gguf_q4_0'], ['gguf_q4_1'], ['gguf_q5_0'], ['gguf_q5_1'], ['gguf_q8_0'],
  ['iq4_nl'], ['gguf_mxfp4'], ['gguf_nvfp4'], ['int4_g32'], ['int4_g32', 'awq'], ['int3_g32_asym', 'gptq_v1'],
  ['int4_g64_asym', 'awq'], ['int8_g32_asym'], ['int2_g32_awq'], ['int4_g32_mlx'], ['int5_g64_mlx'], ['ds_fp8_1x128'],
  ['ds_fp8_1x128_ue8m0']];

for (const { name, simd } of builds) {
  test(`${name}: the formats are those quantize --to takes`, async () => {
    const tl = await load(simd);
    const formats = await tl.storedBlockFormats();
    assert.deepEqual([...new Set(formats.map((f) => f.family))], ['bitsandbytes', 'gguf', 'deepseek', 'gptq', 'awq', 'mlx']);
    assert.equal(formats.filter((f) => f.family === 'gptq').length, 7 * 3 * 2);   // N = 2..8, G = 32, 64, 128, sym/asym
    for (const f of formats) {
      assert.ok(f.bitsPerElement > 0, f.name);
      // quantize --to takes the name, with one block of values (whole blocks where the format takes only those).
      const r = cli(['quantize', '--to', f.name, ...Array(f.blockSize).fill('0.5')]);
      assert.equal(r.status, 0, `${f.name}: ${r.stderr}`);
      assert.match(r.stdout, /^(block 1|tile 1,1): /, f.name);  // DeepSeek's groups are a row's tiles
    }
  });

  test(`${name}: every field's bytes, code and value are the CLI's`, async () => {
    const tl = await load(simd);
    for (const [format, packing] of CASES) {
      const where = `${format}${packing ? ` --packing ${packing}` : ''}`;
      const size = (await tl.storedBlockFormats()).find((f) => f.name === format).blockSize;
      const whole = format.startsWith('gguf') || format === 'iq4_nl';
      const values = sampleValues(2 * size + (whole ? 0 : 5));
      const stored = await tl.storedBlocks(values, format, packing ? { packing } : undefined);
      assert.equal(stored.format, format);
      assert.equal(stored.count, values.length);
      const layout = cliLayout(format, values, packing);
      const elementsOf = cliElements(format, values);
      // ggml's text form prints each element as "  input -> code integer -> value".
      const texts = format.startsWith('gguf') || format === 'iq4_nl' ? cliTexts(format, values) : null;
      assert.equal(stored.blocks.length, layout.length, where);
      stored.blocks.forEach((block, b) => {
        for (const field of block.fields) {
          if (field.name === 'zeros') assert.equal(field.scales[0].code, layout[b].zeros, `${where} block ${b} zeros`);
          else assert.equal(hex(field.bytes), layout[b][field.name], `${where} block ${b} ${field.name}`);
        }
        // The CLI's codes are the unpacked ones, the same for every packing.
        const elements = elementsOf[b];
        assert.equal(block.elements.length, elements.length);
        block.elements.forEach((e, j) => {
          assert.equal(e.input, values[b * size + j]);
          if (texts) assert.deepEqual([e.inputText, e.dequantizedText], texts[b][j], `${where} block ${b} element ${j}`);
          assert.equal(e.code, elements[j].code, `${where} block ${b} element ${j}`);
          assert.equal(e.dequantized, elements[j].dequantized, `${where} block ${b} element ${j}`);
          assert.equal(readCode(block, e), e.code, `${where} block ${b} element ${j}: its bits`);
        });
      });
    }
  });

  test(`${name}: bad arguments are refused in the CLI's words`, async () => {
    const tl = await load(simd);
    const values = sampleValues(40);
    await assert.rejects(tl.storedBlocks(values, 'gguf_q8_0'), (e) => e instanceof RangeError &&
      e.message === cli(['quantize', '--to', 'gguf_q8_0', ...Array.from(values, String)]).stderr.trim().replace(/^typelattice: /, ''));
    await assert.rejects(tl.storedBlocks(values, 'nf5'), (e) => e instanceof RangeError && e.suggestions.includes('nf4'));
    await assert.rejects(tl.storedBlocks(values, 'int4_g32', { packing: 'awqq' }),
      (e) => e instanceof RangeError && e.suggestions[0] === 'awq');
    await assert.rejects(tl.storedBlocks(values, 'nf4', { packing: 'awq' }), RangeError);
    await assert.rejects(tl.storedBlocks(values, 'int3_g32', { packing: 'awq' }), (e) => e instanceof RangeError &&
      e.message === cli(['quantize', '--to', 'int3_g32', '--layout', '--packing', 'awq', '1']).stderr.trim().replace(/^typelattice: /, ''));
    await assert.rejects(tl.storedBlocks('1 2', 'nf4'), TypeError);
    await assert.rejects(tl.storedBlocks([1, '2'], 'nf4'), TypeError);
    await assert.rejects(tl.storedBlocks(values, 7), TypeError);
    await assert.rejects(tl.storedBlocks(values, 'nf4', { maxBlocks: 1.5 }), RangeError);
    await assert.rejects(tl.storedBlocks(values, 'nf4', { packing: 4 }), TypeError);
    await assert.rejects(tl.storedBlocks([], 'nf4'), /no values/);
    // Only the blocks asked for are laid out.
    const first = await tl.storedBlocks(sampleValues(64 * 20), 'nf4', { maxBlocks: 3 });
    assert.equal(first.blocks.length, 3);
    assert.equal(first.count, 1280);
  });
}
