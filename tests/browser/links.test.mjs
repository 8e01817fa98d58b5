// Hand-edited and hostile links: every key of the URL hash is checked; a value that is not understood falls
// back to its default with a note in the status line, and the rest of the link still applies. The page always
// becomes ready, the system menu fills, and nothing throws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const status = (page) => page.$eval('#load-status', (el) => (el.hidden ? '' : el.textContent));

// [hash, the key the note must name, a check of what the page shows instead]
const cases = [
  ['#view=table&compare=foo', 'compare=foo', async (p) => assert.equal(await p.inputValue('#compare-select'), '')],
  ['#view=table&compare=__proto__', 'compare=__proto__', null],
  ['#view=table&compare=constructor&system=torch', 'compare=constructor',
    async (p) => assert.equal(await p.inputValue('#system-select'), 'torch')],
  ['#system=__proto__', 'system=__proto__', async (p) => assert.equal(await p.inputValue('#system-select'), 'jax')],
  ['#system=nump&select=int8,uint8', 'system=nump', null],
  ['#view=nope', 'view=nope', null],
  ['#mode=lenient', 'mode=lenient', null],
  ['#x64=maybe', 'x64=maybe', null],
  ['#view=bits&format=float99', 'format=float99',
    async (p) => assert.equal(await p.inputValue('#format-select'), 'float8_e4m3fn')],
  ['#view=bits&code=0x100', 'code=0x100', null],
  ['#view=bits&vs=float8_e9m9', 'vs=float8_e9m9',
    async (p) => assert.equal(await p.$$eval('#format-cards .format-card', (cs) => cs.length), 1)],
  ['#view=bits&format=float4_e2m1fn&code=0x10', 'code=0x10', null],
  ['#view=bits&format=float32&code=0x100000000', 'code=0x100000000', null],
  ['#view=bits&code=0xffffffffffffffffffff', 'code=0xffffffffffffffffffff', null],
  ['#view=bits&round=sideways', 'round=sideways', null],
  ['#view=story&stage=999', 'stage=999', null],
  ['#lang=xx', 'lang=xx', null],
  [`#system=${'a'.repeat(5000)}`, 'system=aaaa', null],
];

test('every bad key in a link gets a note and its default; the page still works', async () => {
  for (const [hash, key, check] of cases) {
    const page = await env.page();
    await openPlayground(page, env.url, hash);
    const note = await status(page);
    assert.ok(note.includes(key), `${hash.slice(0, 60)}: the status line names ${key}: "${note.slice(0, 200)}"`);
    if (check) await check(page);
    // The system menu fills after the first frame, whatever the link said.
    await page.waitForFunction(() => document.querySelectorAll('#system-select option').length > 1);
    await page.close();
  }
  // After a bad link, a good one (a hash change, no reload) still works and says nothing more.
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table&compare=foo');
  await page.evaluate(() => { location.hash = '#select=float16,bfloat16'; });
  await page.waitForFunction(() => document.querySelector('#join-result')?.textContent.includes('float32'));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a good link shows no note', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table&system=torch&compare=jax');
  assert.equal(await status(page), '');
  // The same page: a hash change, so the Bits view first loads the formats part ("Loading…" meanwhile).
  await openPlayground(page, env.url, '#view=bits&format=float16&code=0x3c00');
  await page.waitForFunction(() => {
    const el = document.querySelector('#load-status');
    return el.hidden || el.classList.contains('error');
  });
  assert.equal(await status(page), '');
  await page.close();
  assert.deepEqual(env.errors, []);
});
