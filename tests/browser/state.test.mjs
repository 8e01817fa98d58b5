// The page state: a link reproduces the view (URL hash round trip), the language switch, the theme toggle,
// the Design story, phone width, and that the page holds no inline script (the CSP forbids them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setUp, openPlayground, ROOT, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

test('URL round trip: a copied link reopens the same lattice selection and mode', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  await page.click('#lattice-figure [data-dtype="int8"]');
  await page.click('#lattice-figure [data-dtype="uint8"]');
  await page.check('#strict-toggle');
  const link = await settledUrl(page);
  const again = await env.page();
  await openPlayground(again, env.url, link.slice(link.indexOf('#')));
  assert.equal(await again.isChecked('#strict-toggle'), true);
  const selected = await again.$$eval('#lattice-figure [data-dtype].selected', (els) => els.map((e) => e.dataset.dtype));
  assert.deepEqual(selected.sort(), ['int8', 'uint8']);
  assert.equal(await again.textContent('#join-result'), await page.textContent('#join-result'));
  await page.close();
  await again.close();
  assert.deepEqual(env.errors, []);
});

test('URL round trip: the Bits view keeps format, value, mode and bits', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  await page.click('#tab-bits');
  await page.selectOption('#format-select', 'float16');
  await page.fill('#value-input', '0.1');
  await page.selectOption('#saturate-select', '0');
  await page.click('#bit-layout [data-bit="0"]');
  const value = await page.textContent('#bit-value');
  const link = await settledUrl(page);
  assert.match(link, /view=bits/);
  const again = await env.page();
  await openPlayground(again, env.url, link.slice(link.indexOf('#')));
  assert.equal(await again.isVisible('#view-bits'), true);
  assert.equal(await again.inputValue('#format-select'), 'float16');
  assert.equal(await again.inputValue('#value-input'), '0.1');
  assert.equal(await again.inputValue('#saturate-select'), '0');
  assert.equal(await again.textContent('#bit-value'), value);
  // Back to the lattice, the system select round-trips too.
  await again.click('#tab-lattice');
  await again.selectOption('#system-select', 'torch');
  const third = await env.page();
  const link3 = await settledUrl(again);
  await openPlayground(third, env.url, link3.slice(link3.indexOf('#')));
  assert.equal(await third.inputValue('#system-select'), 'torch');
  await page.close();
  await again.close();
  await third.close();
  assert.deepEqual(env.errors, []);
});

test('a hand-edited link with an unknown system explains itself and falls back to jax', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#system=nosuch&select=float16,bfloat16');
  assert.equal(await page.isVisible('#load-status'), true);
  assert.match(await page.textContent('#load-status'), /nosuch/);
  assert.equal(await page.inputValue('#system-select'), 'jax');
  assert.ok(await page.$$eval('#lattice-figure [data-dtype]', (els) => els.length) >= 18);
  // The rest of the link still applies: its selection, joined on jax's lattice.
  assert.equal((await page.textContent('#join-result')).trim(), 'float32');
  // The note stays until the next change.
  await page.click('#lattice-figure [data-dtype="bfloat16"]');
  await page.click('#lattice-figure [data-dtype="int8"]');
  assert.equal((await page.textContent('#join-result')).trim(), 'float16');
  assert.equal(await page.isVisible('#load-status'), false);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('Chinese interface text and back', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  await page.selectOption('#lang-select', 'zh-CN');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal((await page.textContent('#tab-lattice')).trim(), '格');
  assert.match(await settledUrl(page), /lang=zh-CN/);
  await page.click('#lattice-figure [data-dtype="float16"]');
  assert.equal((await page.textContent('#join-result')).trim(), '请选择两个或更多类型。');
  await page.selectOption('#lang-select', 'en');
  assert.equal((await page.textContent('#tab-lattice')).trim(), 'Lattice');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('theme toggle switches light and dark', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.click('#theme-toggle');   // auto -> light
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  const light = await bg();
  await page.click('#theme-toggle');   // light -> dark
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.notEqual(await bg(), light);
  await page.click('#theme-toggle');   // back to auto
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the design story steps through the stages and lists pairs that gain a join', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=story');
  const stages = await page.$$eval('#story-select option', (os) => os.length);
  assert.ok(stages >= 5);
  assert.equal(await page.isDisabled('#story-prev'), true);
  let sawGain = false;
  for (let i = 1; i < stages; ++i) {
    await page.click('#story-next');
    assert.match(await settledUrl(page), new RegExp(`stage=${i}\\b`));
    assert.ok(await page.$$eval('#story-figure [data-dtype]', (els) => els.length) > 0);
    assert.ok((await page.textContent('#story-prose')).length > 40, `stage ${i} has its explanation`);
    if (await page.$('#story-diff .gained')) sawGain = true;
  }
  assert.ok(sawGain, 'some stage adds joins');
  assert.equal(await page.isDisabled('#story-next'), true);
  assert.match(await page.textContent('#story-status'), /lattice/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('usable at phone width: no horizontal page overflow, bits fit', async () => {
  const page = await env.page();
  await page.setViewportSize({ width: 375, height: 740 });
  for (const view of ['lattice', 'table', 'bits', 'blocks', 'story', 'custom']) {
    await openPlayground(page, env.url, `#view=${view}&format=float16`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${view} overflows by ${overflow}px`);
  }
  const right = await page.$$eval('#bit-layout [data-bit]', (els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
  assert.ok(right <= 375, `bits end at ${right}px`);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('index.html has no inline scripts or styles (the CSP allows neither)', () => {
  const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  assert.ok(scripts.length >= 1);
  for (const s of scripts) assert.match(s, /\bsrc=/, s);
  assert.doesNotMatch(html, /<style\b|\sstyle=|\son[a-z]+=/i);
});

// The first view's modules arrive in two rounds at most: the playground's bundle (web/tools/build-dist.mjs builds
// it from web/playground/) is preloaded with the wrapper it imports; the chunks it imports statically import
// nothing that is not already on its way.
test('index.html loads the playground bundle, whose static imports are one round deep', () => {
  const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
  const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(html)?.[1];
  assert.equal(entry, 'web/dist/playground/main.js');
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]));
  assert.ok(preloaded.has(entry), 'the bundle is preloaded');
  // Static imports and re-exports of minified code; import('...') is a module fetched later, on demand.
  const staticImports = (file) => [...readFileSync(path.join(ROOT, file), 'utf8')
    .matchAll(/\b(?:import|export)\s*(?:[^'"()]*?\bfrom\s*)?["'](\.\.?\/[^'"]+)["']/g)]
    .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])));
  const first = staticImports(entry);
  assert.ok(first.includes('web/dist/typelattice.mjs') && preloaded.has('web/dist/typelattice.mjs'), first.join(' '));
  const chunks = first.filter((f) => !preloaded.has(f));
  assert.ok(chunks.length >= 1 && chunks.every((f) => /^web\/dist\/playground\/chunk-/.test(f)), chunks.join(' '));
  for (const chunk of chunks) {
    assert.deepEqual(staticImports(chunk).filter((f) => !preloaded.has(f) && !first.includes(f)), [], chunk);
  }
});

// A link opened right after a click (before the address bar caught up with the click) must win: the click's
// pending address-bar write used to put the old view back over it.
test('a hash set right after a click is applied, not overwritten by the click\'s pending URL update', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn');
  await page.evaluate(() => {
    document.querySelector('#bit-layout [data-bit="0"]').click();
    location.hash = '#view=bits&format=float8_e5m2';
  });
  await page.waitForFunction(() => document.getElementById('format-select').value === 'float8_e5m2', null, { timeout: 5000 });
  assert.match(await settledUrl(page), /format=float8_e5m2/);
  await page.close();
  assert.deepEqual(env.errors, []);
});
