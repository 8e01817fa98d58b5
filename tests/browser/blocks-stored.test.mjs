// The Blocks view's "as libraries store them" section against the CLI: opening it, each field's bytes as
// `typelattice quantize --layout` prints them (with a packing, and DeepSeek's groups), each element's code as
// `quantize --format json` gives it, pointing at an element marking exactly the bits ggml's layout gives it, the core's refusals shown in
// place with the link's text kept, and the section in Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, setUp, openPlayground, settledUrl } from './harness.mjs';
import { layoutBlocks } from '../js/module/cli-layout.mjs';

const CLI = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
const VALUES = Array.from({ length: 64 }, (_, i) => String(((i * 37) % 23 - 11) / 8));

function cli(args) {
  const r = spawnSync(CLI, args, { encoding: 'utf8' });
  if (r.error) throw new Error(`${CLI}: ${r.error.message} (build it with cmake --preset native)`);
  return r;
}

// `quantize --layout`'s bytes per block and field: [{ d: '92 34', qs: '...' }].
function cliLayout(format, packing) {
  const r = cli(['quantize', '--to', format, '--layout', ...(packing ? ['--packing', packing] : []), ...VALUES]);
  assert.equal(r.status, 0, r.stderr);
  // The fields the page draws bytes of: a zero point is packed with the other groups', not in the block.
  return layoutBlocks(r.stdout).map((fields) => Object.fromEntries(fields.filter(([name]) => name !== 'zeros')));
}

// The page's bytes per block and field, from each byte's bits.
const shownBytes = (page) => page.$$eval('#stored-blocks-out .stored-block', (blocks) => blocks.map((b) =>
  Object.fromEntries([...b.querySelectorAll('.stored-field')].filter((f) => f.querySelector('.sbyte')).map((f) => [
    f.querySelector('.stored-field-name').textContent,
    [...f.querySelectorAll('.sbyte')].map((byte) => Number.parseInt([...byte.children].map((c) => c.textContent).join(''), 2)
      .toString(16).padStart(2, '0')).join(' ')]))));

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

test('opening the section lays out nf4 as bitsandbytes stores it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, `#view=blocks&values=${VALUES.join(',')}`);
  assert.equal(await page.$eval('#stored-section', (d) => d.open), false);
  await page.click('#stored-section summary');
  await page.waitForSelector('#stored-blocks-out .stored-block');
  assert.match(await settledUrl(page), /stored=nf4/);
  assert.equal(await page.inputValue('#stored-format'), 'nf4');
  assert.equal(await page.isDisabled('#stored-packing'), true);   // bitsandbytes has one layout
  assert.deepEqual(await shownBytes(page), cliLayout('nf4'));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('GGUF: bytes and codes are the CLI\'s, and an element\'s bits are where ggml puts them', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, `#view=blocks&values=${VALUES.join(',')}&stored=gguf_q5_0`);
  await page.waitForSelector('#stored-blocks-out .stored-block');
  assert.deepEqual(await shownBytes(page), cliLayout('gguf_q5_0'));
  const json = JSON.parse(cli(['quantize', '--to', 'gguf_q5_0', '--format', 'json', ...VALUES]).stdout);
  const codes = await page.$$eval('#stored-blocks-out .stored-elements tbody tr', (rows) =>
    rows.map((r) => Number.parseInt(r.cells[2].textContent, 16)));
  assert.deepEqual(codes, json.blocks.flatMap((b) => b.elements.map((e) => e.code)));
  // Element 17: the low nibble of qs byte 1's high half (ggml: byte j holds j and j + 16), its fifth bit qh bit 17.
  await page.hover('#stored-blocks-out tr[data-element="0:17"]');
  const marked = await page.$$eval('#stored-blocks-out .stored-block:first-child .sbit.marked', (bits) => bits.map((b) =>
    `${b.closest('.stored-field').querySelector('.stored-field-name').textContent} ${b.title.replace(/^.*\((.*)\)$/, '$1')}`));
  assert.deepEqual(marked.sort(), ['qh byte 2, bit 1', 'qs byte 1, bit 4', 'qs byte 1, bit 5', 'qs byte 1, bit 6',
    'qs byte 1, bit 7']);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('integer groups follow the packing chosen', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, `#view=blocks&values=${VALUES.join(',')}&stored=int4_g32_asym`);
  await page.waitForSelector('#stored-blocks-out .stored-block');
  assert.deepEqual(await shownBytes(page), cliLayout('int4_g32_asym'));
  await page.selectOption('#stored-packing', 'awq');
  assert.match(await settledUrl(page), /packing=awq/);
  // The module answers asynchronously: the codes' bytes change once its answer is drawn.
  const awq = cliLayout('int4_g32_asym', 'awq');
  assert.notDeepEqual(awq, cliLayout('int4_g32_asym'));
  for (let tries = 0; tries < 50 && JSON.stringify(await shownBytes(page)) !== JSON.stringify(awq); ++tries) {
    await page.waitForTimeout(100);
  }
  assert.deepEqual(await shownBytes(page), awq);
  // DeepSeek's groups: a float32 scale and one float8_e4m3fn byte per element; no packing to choose.
  await page.selectOption('#stored-format', 'ds_fp8_1x128');
  assert.match(await settledUrl(page), /stored=ds_fp8_1x128/);
  const ds = cliLayout('ds_fp8_1x128');
  for (let tries = 0; tries < 50 && JSON.stringify(await shownBytes(page)) !== JSON.stringify(ds); ++tries) {
    await page.waitForTimeout(100);
  }
  assert.deepEqual(await shownBytes(page), ds);
  assert.equal(await page.isDisabled('#stored-packing'), true);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('what the core refuses is said in place, and the link\'s text stays', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=blocks&values=1,2,3&stored=gguf_q8_0');
  await page.waitForSelector('#stored-error:not([hidden])');
  const refused = cli(['quantize', '--to', 'gguf_q8_0', '1', '2', '3']);
  assert.notEqual(refused.status, 0);
  assert.equal(`typelattice: ${await page.textContent('#stored-error')}`, refused.stderr.trim());
  await openPlayground(page, env.url, '#view=blocks&values=1,2,3&stored=gguf_q4_O');
  await page.waitForSelector('#stored-error:not([hidden])');
  assert.match(await page.textContent('#stored-error'), /did you mean gguf_q4_0/);
  assert.equal(await page.inputValue('#stored-format'), 'gguf_q4_O');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('in Chinese', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, `#view=blocks&values=${VALUES.join(',')}&stored=nf4&lang=zh-CN`);
  await page.waitForSelector('#stored-blocks-out .stored-block');
  assert.match(await page.textContent('#stored-section summary'), /各库/);
  assert.match(await page.textContent('#stored-facts'), /每块 64 个元素/);
  assert.match(await page.textContent('#stored-blocks-out h3'), /第 1 块/);
  await page.close();
  assert.deepEqual(env.errors, []);
});
