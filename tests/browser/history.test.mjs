// The address bar as the page's memory: Back and Forward restore every view (a choice pushes an entry, typing
// replaces the entry its first keystroke pushed), Your lattice lives in the URL (names with any Unicode, commas,
// quotes), and a value too long for a link (Blocks values, a large lattice) stays in its field and in the tab
// through reload and Back, with the page saying the link cannot hold it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const LIMIT = 4096;   // state.js LINK_LIMIT: the longest value a link holds for one key

// What the shown view shows of its state.
const snapshot = (page) => page.evaluate(() => {
  const q = (s) => document.querySelector(s);
  const texts = (s) => [...document.querySelectorAll(s)].map((e) => e.textContent);
  const view = q('[role=tab][aria-selected=true]').dataset.view;
  const out = { view, hash: location.hash };
  if (view === 'lattice') {
    out.selected = [...document.querySelectorAll('#lattice-figure [data-dtype].selected')].map((e) => e.dataset.dtype).sort();
    out.join = q('#join-result').textContent;
  }
  if (view === 'table') out.compare = q('#compare-select').value;
  if (view === 'compare') {
    out.operands = q('#compare-operands').value;
    out.groupings = q('#compare-groupings').hidden ? null : texts('#compare-groupings-table td');
  }
  if (view === 'bits') out.bits = [q('#format-select').value, q('#value-input').value, q('#bit-value').textContent];
  if (view === 'blocks') out.blocks = [q('#block-format-select').value, q('#block-values').value, texts('[data-element]').length];
  if (view === 'custom') {
    out.custom = [texts('#custom-nodes li span'), texts('#custom-edges li span')];
    out.picked = [...document.querySelectorAll('#custom-figure [data-dtype].selected')].map((e) => e.dataset.dtype).sort();
    out.join = q('#custom-join').textContent;
  }
  return out;
});
const settle = (page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
async function go(page, step, hash) {
  await page.evaluate((n) => history.go(n), step);
  await page.waitForFunction((h) => location.hash === h, hash);
  await settle(page);
}
async function addNode(page, name) {
  await page.fill('#custom-node-name', name);
  await page.click('#custom-add-node');
}

test('Back and Forward restore every view, one entry per choice', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  const seen = [await snapshot(page)];
  const length = await page.evaluate(() => history.length);
  const steps = [
    () => page.click('#lattice-figure [data-dtype="int8"]'),
    () => page.click('#lattice-figure [data-dtype="uint8"]'),
    () => page.click('#tab-table'),
    () => page.selectOption('#compare-select', 'numpy'),
    () => page.click('#tab-compare'),
    () => page.fill('#compare-operands', 'int8, 1.5'),
    () => page.click('#compare-examples button:text-is("int8 | uint8 | float16")'),
    () => page.click('#compare-every-grouping'),
    () => page.click('#tab-bits'),
    () => page.selectOption('#format-select', 'float16'),
    () => page.fill('#value-input', '0.1'),
    () => page.click('#bit-layout [data-bit="0"]'),
    () => page.click('#tab-blocks'),
    () => page.selectOption('#block-format-select', 'nvfp4'),
    () => page.fill('#block-values', '1, 2, 3.5'),
    () => page.click('#tab-custom'),
    () => addNode(page, 'é,"x"'),
    () => page.click('#custom-figure [data-dtype="int8"]'),
    () => page.click('#custom-figure [data-dtype="uint8"]'),
  ];
  for (const step of steps) {
    await step();
    await settledUrl(page);
    seen.push(await snapshot(page));
  }
  assert.equal(await page.evaluate(() => history.length), length + steps.length);
  assert.deepEqual(seen.at(-1).custom[0].at(-1), 'é,"x"');
  assert.deepEqual(seen.at(-1).picked, ['int8', 'uint8']);
  assert.equal(seen.at(-1).join.trim(), 'int16');
  for (let i = seen.length - 2; i >= 0; --i) {
    await go(page, -1, seen[i].hash);
    assert.deepEqual(await snapshot(page), seen[i], `Back to step ${i}`);
  }
  for (let i = 1; i < seen.length; ++i) {
    await go(page, 1, seen[i].hash);
    assert.deepEqual(await snapshot(page), seen[i], `Forward to step ${i}`);
  }
  // Several entries at once.
  await go(page, -6, seen[seen.length - 7].hash);
  assert.deepEqual(await snapshot(page), seen[seen.length - 7]);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('typing is one history entry: Back leaves the field as it was before', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float16');
  const length = await page.evaluate(() => history.length);
  await page.type('#value-input', '0.125');
  await settledUrl(page);
  assert.match(page.url(), /value=0\.125/);
  assert.equal(await page.evaluate(() => history.length), length + 1);
  await go(page, -1, '#view=bits&format=float16');
  assert.equal(await page.inputValue('#value-input'), '');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('Your lattice is in the link: names with Unicode, commas and quotes come back on reload and in a new tab', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  await page.selectOption('#custom-preset', '');
  await page.click('#custom-load');
  const names = ['a,b', '"quoted"', "it's", '漢字 🙂', '100%', '%2C', 'x&y=z#w'];
  for (const n of names) await addNode(page, n);
  for (const [from, to] of [['a,b', '"quoted"'], ['"quoted"', '漢字 🙂'], ["it's", '漢字 🙂'], ['漢字 🙂', '100%']]) {
    await page.selectOption('#custom-from', from);
    await page.selectOption('#custom-to', to);
    await page.click('#custom-add-edge');
  }
  const link = await settledUrl(page);
  assert.match(link, /nodes=/);
  const shown = await snapshot(page);
  assert.deepEqual(shown.custom[0], names);
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  assert.deepEqual(await snapshot(page), shown);
  const other = await env.page();
  await openPlayground(other, env.url, link.slice(link.indexOf('#')));
  assert.deepEqual(await snapshot(other), shown);
  assert.equal(await other.isVisible('#custom-link-note'), false);
  assert.equal(await other.isVisible('#load-status'), false);
  await page.close();
  await other.close();
  assert.deepEqual(env.errors, []);
});

function starJson(n) {
  const nodes = Array.from({ length: n - 1 }, (_, i) => `t${i}`);
  return JSON.stringify({ nodes: [...nodes, 'top'], edges: nodes.map((x) => [x, 'top']) });
}

test('a lattice too long for a link: the page says so, offers the JSON file, and keeps it through reload', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  const json = starJson(1200);   // ~7 KB of names: more than a link holds
  await page.$eval('#custom-json', (el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }, json);
  await page.click('#custom-import');
  await page.waitForSelector('#custom-check:not([aria-busy]).good', { timeout: 60000 });
  const link = await settledUrl(page);
  assert.match(link, /held=nodes\.[0-9a-z]+/);
  assert.doesNotMatch(link, /nodes=/);
  assert.equal(await page.isVisible('#custom-link-note'), true);
  assert.match(await page.textContent('#custom-link-note'), /longer than a link holds/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#custom-link-json')]);
  assert.deepEqual(JSON.parse(readFileSync(await download.path(), 'utf8')), JSON.parse(json));
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForSelector('#custom-check:not([aria-busy]).good', { timeout: 60000 });
  assert.equal(await page.$$eval('#custom-nodes li', (els) => els.length), 1200);
  assert.equal(await page.isVisible('#custom-link-note'), true);
  // The same link in another tab cannot find it: the default lattice, and the status line says why.
  const other = await env.page();
  await openPlayground(other, env.url, link.slice(link.indexOf('#')));
  assert.match(await other.textContent('#load-status'), /nodes .*too long for a link/);
  assert.ok(await other.$('#custom-figure [data-dtype="float32"]'));
  await page.close();
  await other.close();
  assert.deepEqual(env.errors, []);
});

// n characters of values: '1,' repeated, ending in a digit.
const valuesOf = (n) => `${'1,'.repeat((n - 1) / 2)}1`.padEnd(n, '0').slice(0, n);

test('Blocks values below, at and above the link limit survive Back and reload; above it the page says so', async () => {
  const many = Array.from({ length: 2100 }, (_, i) => String(((i * 37) % 1000) / 100)).join(',');   // 2 100 pasted values
  for (const text of [valuesOf(LIMIT - 1), valuesOf(LIMIT), valuesOf(LIMIT + 1), many]) {
    const page = await env.page();
    await openPlayground(page, env.url, '#view=blocks');
    await page.$eval('#block-values', (el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }, text);
    const link = await settledUrl(page);
    const fits = text.length <= LIMIT;
    assert.equal(/values=/.test(link), fits, `${text.length} characters: ${link.slice(0, 120)}`);
    assert.equal(/held=values\./.test(link), !fits, `${text.length} characters`);
    assert.equal(await page.isVisible('#block-values-link'), !fits, `${text.length} characters`);
    if (!fits) assert.match(await page.textContent('#block-values-link'), new RegExp(`${text.length} characters`));
    const hash = link.slice(link.indexOf('#'));
    // Away and Back.
    await page.click('#tab-lattice');
    await settledUrl(page);
    await go(page, -1, hash);
    assert.equal(await page.inputValue('#block-values'), text, `${text.length} characters after Back`);
    // Reload.
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    assert.equal(await page.inputValue('#block-values'), text, `${text.length} characters after reload`);
    assert.equal(await page.isVisible('#load-status'), false);
    if (!fits) {
      // Elsewhere the link cannot bring the values: the default block, and a note naming them.
      const other = await env.page();
      await openPlayground(other, env.url, hash);
      assert.equal(await other.inputValue('#block-values'), '7.5,1,1,1,1,1,1,1');
      assert.match(await other.textContent('#load-status'), /values .*too long for a link/);
      await other.close();
    }
    await page.close();
  }
  assert.deepEqual(env.errors, []);
});

test('when the tab cannot keep a long text, the page says so and the field keeps it', async () => {
  const page = await env.page();
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await openPlayground(page, env.url, '#view=blocks');
  const text = valuesOf(LIMIT + 101);
  await page.$eval('#block-values', (el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }, text);
  await settledUrl(page);
  assert.match(await page.textContent('#load-status'), /could not keep it.*: values\./);
  assert.equal(await page.isVisible('#load-status'), true);
  assert.equal(await page.inputValue('#block-values'), text);
  await page.close();
  assert.deepEqual(env.errors, []);
});
