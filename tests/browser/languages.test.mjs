// Every view in zh-CN: what a reader sees (the text of the page's header and of the shown view, and their
// tooltips and labels) holds no English once names, numbers and code are taken out. Names: dtypes, formats,
// systems and their titles and versions, round and scale modes, the sources systems cite, and the words below.
// Text the page marks lang="en" is skipped: what a library raises, quoted in its own words. The refusals this
// project words itself (the 2021 tables' '-' cells, the array API's unspecified cases) are messages, translated,
// and checked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

// Names of libraries, standards (the Array API standard), formats, units and Python's types and values; JAX's mode
// settings as its config spells them (jax_numpy_dtype_promotion=standard); identifiers of the formulas, commands
// and exceptions the page quotes (TypePromotionError, the class JAX raises).
const NAMES = new Set(['JAX', 'NumPy', 'NEP', 'PyTorch', 'Python', 'API', 'Triton', 'C', 'x64', 'dtype', 'np',
  'int', 'float', 'complex', 'True', 'False', 'false', 'true', 'jax', 'lax', 'TensorFlow', 'JEP', 'SQNR', 'MSE',
  'dB', 'ONNX', 'OCP', 'MX', 'NVFP4', 'MXFP4', 'MXFP8', 'NVIDIA', 'H100', 'P3109', 'IEEE', 'FP8', 'FP32', 'E4M3',
  'E5M2', 'E2M1', 'E8M0', 'NaN', 'Inf', 'nan', 'inf', 'max', 'JSON', 'CSV', 'Markdown', 'SVG', 'PNG', 'GGUF',
  'safetensors', 'npy', 'typelattice', 'standard', 'strict', 'amax', 'log2', 'LP64', 'stochastic', 'promote',
  'round_half_even', 'delta', 'srnumbits', 'srbits', 'finite', 'join', 'Tab', 'Enter', 'main', 'long', 'double',
  'min_scalar_type', 'Array', 'TypePromotionError', 'Keras', 'MLX', 'result_type', 'promote_types', 'to_array',
  'Paddle', 'Julia', 'promote_type', 'Int128', 'BigInt', 'Int64']);

// The lines of `text` that keep an English word once names (longest first), numbers, hex codes, tags and
// command-line flags are taken out.
function englishIn(text, names) {
  const phrases = names.filter((n) => /[\s/-]/.test(n));
  const single = new Set(names);
  return [...new Set(text.split('\n').filter((line) => {
    for (const phrase of phrases) line = line.replaceAll(phrase, ' ');
    line = line.replace(/<[a-z-]+>|\b0x[0-9a-f_]+\b|--[a-z-]+|\b\d[\w.]*/gi, ' ');
    const words = (line.match(/[A-Za-z_][A-Za-z0-9_*.+-]*/g) ?? []).filter((w) => !single.has(w))
      .flatMap((w) => w.split(/[.+-]/)).filter((w) => /^[A-Za-z_]/.test(w) && !NAMES.has(w) && !single.has(w)
        && !/^[A-Za-z]\d*$/.test(w));
    return words.length > 0;
  }))];
}

const VIEWS = [
  '#view=lattice&select=float16,bfloat16',
  '#view=lattice&select=float32,int32&mode=strict',
  '#view=lattice&system=triton&select=uint8,bfloat16',
  '#view=table',
  '#view=table&compare=numpy',
  '#view=compare',
  '#view=compare&expr=int8+%2B+uint8+%2B+float16&groupings=1',
  '#view=bits&format=float8_e4m3fn&code=0x7e&value=1000',
  '#view=bits&format=float8_e5m2&value=0.1',
  '#view=blocks',
  '#view=blocks&format=nvfp4&values=7.5,1,0.001,-3',
  '#view=story&stage=0',
  '#view=story&stage=7',
  '#view=story&stage=13',
  '#view=custom',
  '#view=custom&nodes=A,B,C,D&edges=0-2,0-3,1-2,1-3&pick=A,B',
  '#view=custom&nodes=A,B,C&edges=0-1,1-2,2-1&pick=A,C',
  '#view=tensors',
];

test('every view in zh-CN: no English outside names, numbers, code and the libraries\' own words', async () => {
  const page = await env.page();
  const found = {};
  for (const hash of VIEWS) {
    await openPlayground(page, env.url, `${hash}&lang=zh-CN`);
    const { names, text } = await page.evaluate(() => {
      const tl = window.typelatticePlayground.tl;
      const list = [...tl.dtypes().flatMap((d) => [d.name, d.shortCode]),
        ...tl.systems().flatMap((s) => [s.name, s.title, s.version, s.source]), 'typelattice check', 'u*',
        // The libraries whose block layouts the Blocks view shows, by their own names.
        'GGUF', 'ggml', 'bitsandbytes', 'GPTQ', 'AWQ', 'MLX', 'DeepSeek'];
      if (tl.formats) {
        list.push(...tl.formats().flatMap((f) => [f.name, f.onnxName, ...f.roundModes]),
          ...tl.blockFormats().flatMap((f) => [f.name, ...f.scaleModes]));
      }
      for (const el of document.querySelectorAll('#custom-figure [data-dtype]')) list.push(el.dataset.dtype);
      const view = document.querySelector('[role=tabpanel]:not([hidden])');
      // Skipped: English on purpose (lang="en"), code, keys, and menu options that show a value as code spells it.
      const skip = (el) => el.closest('[lang="en"], code, kbd, pre') ||
        (el.tagName === 'OPTION' && el.value === el.textContent);
      const parts = [];
      for (const root of [document.querySelector('header'), view]) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          if (skip(el) || (el.tagName !== 'OPTION' && !el.checkVisibility({ visibilityProperty: true }))) continue;
          parts.push(n.textContent.trim());
        }
        for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]')) {
          if (skip(el)) continue;
          for (const a of ['title', 'aria-label', 'placeholder']) if (el.hasAttribute(a)) parts.push(el.getAttribute(a));
        }
      }
      return { names: [...new Set(list.filter(Boolean))].sort((a, b) => b.length - a.length),
        text: parts.filter(Boolean).join('\n') };
    });
    assert.match(text, /[\u4e00-\u9fff]/, `${hash} shows Chinese`);
    const lines = englishIn(text, names);
    if (lines.length) found[hash] = lines;
  }
  await page.close();
  assert.deepEqual(found, {});
  assert.deepEqual(env.errors, []);
});
