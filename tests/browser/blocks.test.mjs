// The Blocks view in Chromium: the MXFP4 example (7.5 and 1s: floor gives the scale 2^0 and 7.5 -> 6,
// rceil 2^1 and 7.5 -> 8), the DOM hooks carry exactly what the module's quantizeBlock gives, the link holds the
// view (and generated values), a bad value is said in place with the typed text kept, and a phone-width page
// does not scroll sideways, in light and dark.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, artifactPath } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const EXAMPLE = ['7.5', ...Array(31).fill('1')].join(',');

// What the page shows for each element, and the scale.
const shown = (page) => page.evaluate(() => ({
  elements: [...document.querySelectorAll('[data-element]')].map((r) => ({
    index: Number(r.dataset.element), code: Number(r.dataset.code), dequantized: Number(r.dataset.dequantized),  // '-0' -> -0
  })),
  scale: (() => {
    const s = document.getElementById('block-scale');
    return { code: Number(s.dataset.code), format: s.dataset.format,
      bits: [...s.querySelectorAll('[data-bit]')].map((b) => b.getAttribute('aria-pressed') === 'true' ? 1 : 0).join('') };
  })(),
}));
const moduleBlock = (page, values, format, opts) => page.evaluate(([v, f, o]) =>
  window.typelatticePlayground.tl.quantizeBlock(v, f, o), [values, format, opts]);

test("the issue's MXFP4 example: floor's scale 2^0 saturates 7.5 to 6, rceil's 2^1 takes it to 8", async () => {
  const page = await env.page();
  await openPlayground(page, env.url, `#view=blocks&format=mxfp4_e2m1&scale=floor&values=${EXAMPLE}`);
  let s = await shown(page);
  assert.equal(s.elements.length, 32);
  assert.deepEqual(s.scale, { code: 127, format: 'float8_e8m0fnu', bits: '01111111' });
  assert.deepEqual(s.elements[0], { index: 0, code: 7, dequantized: 6 });
  assert.ok(s.elements.slice(1).every((e) => e.dequantized === 1));
  assert.match(await page.textContent('[data-element="0"]'), /saturated/);
  assert.match(await page.textContent('[data-element="0"]'), /amax/);
  await page.selectOption('#block-scale-mode-select', 'rceil');
  await page.waitForFunction(() => document.getElementById('block-scale').dataset.code === '128');
  s = await shown(page);
  assert.deepEqual(s.elements[0], { index: 0, code: 6, dequantized: 8 });
  assert.equal(s.scale.bits, '10000000');
  await page.waitForFunction(() => location.hash.includes('scale=rceil'));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the DOM hooks are the module\'s quantizeBlock, for every format and scale mode', async () => {
  const page = await env.page();
  const values = ['0.3', '-2.25', '7.5', '0.04', '1e-7', '-0', '5', '100', '-0.011', '3.3'];
  await openPlayground(page, env.url, `#view=blocks&values=${values.join(',')}`);
  const formats = await page.evaluate(() => window.typelatticePlayground.tl.blockFormats()
    .map((f) => ({ name: f.name, modes: f.scaleModes, tensorScale: f.takesTensorScale })));
  for (const f of formats) {
    await page.selectOption('#block-format-select', f.name);
    for (const mode of f.modes) {
      await page.selectOption('#block-scale-mode-select', mode);
      // nvfp4 with its tensor scale, the view's default (one block: the tensor scale is its own values').
      const want = await moduleBlock(page, values, f.name, { scaleMode: mode, tensorScale: f.tensorScale });
      await page.waitForFunction((code) => document.getElementById('block-scale').dataset.code === String(code),
                                 want.scaleCode);
      const s = await shown(page);
      assert.deepEqual(s.elements, want.elements.map((e, i) => ({ index: i, code: e.code, dequantized: e.dequantized })),
                       `${f.name} ${mode}`);
      assert.equal(s.scale.code, want.scaleCode);
      // The comparison table's current row is this one, with the module's SQNR.
      const current = await page.$eval('#block-compare tr.current', (r) => [...r.cells].map((c) => c.textContent));
      assert.deepEqual(current.slice(0, 2), [f.name, mode]);
      assert.equal(current[3], Number.isFinite(want.statistics.sqnrDb) ? want.statistics.sqnrDb.toFixed(2)
        : String(want.statistics.sqnrDb));
    }
  }
  const rows = await page.$$eval('#block-compare tbody tr', (rs) => rs.length);
  assert.equal(rows, formats.reduce((n, f) => n + f.modes.length, 0));
  await page.close();
  assert.deepEqual(env.errors, []);
});

// One outlier and 31 equal values, typed as the shorthand: NVFP4 (two blocks of 16) against MXFP4 (one of 32),
// per block and over all the values, with NVFP4's tensor scale on (the default) and off.
test('100, 0.1*31: the repeat shorthand, the SQNR of all the values beside the blocks, nvfp4\'s tensor scale', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=blocks&format=nvfp4&values=100,0.1*31');
  await page.waitForFunction(() => document.querySelectorAll('[data-element]').length === 32);
  const words = ['100', ...Array(31).fill('0.1')];
  assert.equal(await page.isChecked('#block-tensor-scale'), true);
  assert.equal(await page.isVisible('#block-tensor-scale'), true);
  const rows = () => page.$$eval('#block-compare tbody tr', (rs) => Object.fromEntries(rs
    .filter((r) => r.dataset.default === 'true')
    .map((r) => [r.dataset.format, { whole: r.dataset.wholeSqnr, cells: [...r.cells].map((c) => c.textContent) }])));
  const summary = (format, tensorScale) => page.evaluate(([w, f, t]) => {
    const s = window.typelatticePlayground.tl.quantizeSummary(w, f, { tensorScale: t });
    return { whole: s.wholeInput.sqnrDb, blocks: s.blocks.map((b) => b.statistics.sqnrDb), tensorScale: s.tensorScale };
  }, [words, format, tensorScale]);
  for (const tensorScale of [true, false]) {
    if (!tensorScale) {
      await page.uncheck('#block-tensor-scale');
      await page.waitForFunction(() => location.hash.includes('tscale=0'));
    }
    const nvfp4 = await summary('nvfp4', tensorScale);
    const mxfp4 = await summary('mxfp4_e2m1', false);
    await page.waitForFunction((w) => [...document.querySelectorAll('#block-compare tr[data-format="nvfp4"]')]
      .some((r) => r.dataset.wholeSqnr === String(w)), nvfp4.whole);
    const shownRows = await rows();
    assert.equal(shownRows.nvfp4.whole, String(nvfp4.whole));
    assert.equal(shownRows.mxfp4_e2m1.whole, String(mxfp4.whole));
    assert.equal(shownRows.nvfp4.cells[4], nvfp4.whole.toFixed(2));
    assert.equal(shownRows.nvfp4.cells[3], nvfp4.blocks.map((v) => (Number.isFinite(v) ? v.toFixed(2) : String(v))).join(' / '));
    // The scale cell names the tensor scale when one is used.
    assert.equal(shownRows.nvfp4.cells[2].includes(String(nvfp4.tensorScale)), tensorScale);
    // The drawn nvfp4 blocks are the module's under that tensor scale.
    const want = await moduleBlock(page, words.slice(16), 'nvfp4', { tensorScale: nvfp4.tensorScale === 1 ? false : nvfp4.tensorScale });
    assert.deepEqual((await shown(page)).elements.slice(16).map((e) => e.code), want.elements.map((e) => e.code));
  }
  // The whole-input figure is not a block's: nvfp4 has two blocks here, and its whole lies between them.
  const off = await summary('nvfp4', false);
  assert.equal(off.blocks.length, 2);
  assert.ok(off.whole >= Math.min(...off.blocks) && off.whole <= Math.max(...off.blocks), JSON.stringify(off));
  // A reload keeps the tensor scale off.
  const other = await env.page();
  await openPlayground(other, env.url, await page.evaluate(() => location.hash));
  assert.equal(await other.isChecked('#block-tensor-scale'), false);
  // A bad count: said in place, the text kept.
  await page.fill('#block-values', '100, 0.1*0');
  await page.waitForSelector('#block-values-error:not([hidden])');
  assert.match(await page.textContent('#block-values-error'), /'0\.1\*0'.*1 to 100000/);
  assert.equal(await page.inputValue('#block-values'), '100, 0.1*0');
  // MX formats have no tensor scale: the box is hidden.
  await page.selectOption('#block-format-select', 'mxfp4_e2m1');
  assert.equal(await page.isVisible('#block-tensor-scale'), false);
  await page.close();
  await other.close();
  assert.deepEqual(env.errors, []);
});

test('the link round trip: typed and generated values, format and mode come back from the hash', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=blocks');
  await page.selectOption('#block-format-select', 'nvfp4');
  await page.fill('#block-values', '1, -2.5, 0.125, 6');
  await page.waitForFunction(() => location.hash.includes('values=1'));
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /view=blocks/);
  assert.match(hash, /format=nvfp4/);
  const before = await shown(page);
  const other = await env.page();
  await openPlayground(other, env.url, hash);
  assert.deepEqual(await shown(other), before);
  assert.equal(await other.inputValue('#block-values'), '1, -2.5, 0.125, 6');
  assert.equal(await other.inputValue('#block-format-select'), 'nvfp4');
  // Generated values go into the field and the link: the same seed gives the same block.
  await page.selectOption('#block-distribution', 'outlier');
  await page.fill('#block-count', '16');
  await page.fill('#block-seed', '42');
  await page.click('#block-generate');
  await page.waitForFunction(() => document.querySelectorAll('[data-element]').length === 16);
  const generated = await page.inputValue('#block-values');
  await other.selectOption('#block-distribution', 'outlier');
  await other.fill('#block-count', '16');
  await other.fill('#block-seed', '42');
  await other.click('#block-generate');
  assert.equal(await other.inputValue('#block-values'), generated);
  const link = await page.evaluate(() => location.hash);
  await openPlayground(other, env.url, link);
  assert.deepEqual(await shown(other), await shown(page));
  // A format name the core does not know: the default, and the core's reason in the status line.
  await openPlayground(other, env.url, '#view=blocks&format=mxfp5');
  assert.equal(await other.inputValue('#block-format-select'), 'mxfp4_e2m1');
  assert.match(await other.textContent('#load-status'), /mxfp5/);
  await page.close();
  await other.close();
  assert.deepEqual(env.errors, []);
});

test('a bad value: the core\'s message in place, the typed text kept, the last block still drawn', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=blocks&values=1,2,3');
  const before = await shown(page);
  await page.fill('#block-values', '1, 2, 3x');
  await page.waitForSelector('#block-values-error:not([hidden])');
  const message = await page.textContent('#block-values-error');
  const core = await page.evaluate(() => {
    try { window.typelatticePlayground.tl.quantizeBlock(['1', '2', '3x'], 'mxfp4_e2m1'); } catch (e) { return e.message; }
    return null;
  });
  assert.equal(message, core);
  assert.match(message, /^value 3: /);
  assert.equal(await page.inputValue('#block-values'), '1, 2, 3x');
  assert.equal(await page.getAttribute('#block-values', 'aria-invalid'), 'true');
  assert.deepEqual(await shown(page), before);
  await page.fill('#block-values', '1, 2, 4');
  await page.waitForSelector('#block-values-error', { state: 'hidden' });
  assert.equal((await shown(page)).elements[2].dequantized, 4);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('phone width and dark mode: no sideways scrolling of the page; a scale bit opens the Bits view', async () => {
  const page = await env.page();
  for (const theme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 390, height: 900 });
    await openPlayground(page, env.url, `#view=blocks&values=${EXAMPLE}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${theme}: the page is ${overflow} px wider than the phone`);
    await page.screenshot({ path: artifactPath(`blocks-test-${theme}-390.png`), fullPage: true });
  }
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(background, 'rgb(19, 19, 22)');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.click('#block-scale [data-bit="0"]');
  await page.waitForFunction(() => location.hash.includes('view=bits'));
  assert.match(await page.evaluate(() => location.hash), /format=float8_e8m0fnu&code=0x7f/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

// Thousands of values: read and summarized in the worker (the page stays free), the blocks drawn a page at a time
// as the page scrolls to them, each drawn element the module's quantizeBlock of its block, the side-by-side rows
// the module's quantizeDetail of all the values; Cancel stops a job and keeps the last drawing.
test('many values: rows from the worker, blocks drawn as the page scrolls, Cancel keeps the last drawing', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=blocks');
  for (const [count, format] of [[3000, 'mxfp8_e4m3'], [2100, 'nvfp4']]) {
    const words = Array.from({ length: count }, (_, i) => String(((i * 7919) % 2003 - 1001) / 97));
    await page.selectOption('#block-format-select', format);
    await page.fill('#block-values', words.join(', '));
    await page.waitForFunction((n) => document.getElementById('block-progress').hidden &&
      document.querySelector('#block-compare tr.current') && document.querySelectorAll('[data-element]').length > 0 &&
      document.querySelector('.block-more')?.textContent.includes(String(Math.ceil(n / (n === 2100 ? 16 : 32)))), count);
    const drawn = await page.$$eval('[data-element]', (rows) => rows.length);
    assert.ok(drawn >= 32 && drawn < count, `${drawn} of ${count} elements drawn at first`);
    await page.click('.block-more button');
    await page.waitForFunction((n) => document.querySelectorAll('[data-element]').length > n, drawn);
    const now = (await shown(page)).elements;
    const size = format === 'nvfp4' ? 16 : 32;
    // nvfp4's blocks are drawn under the tensor scale of all the values.
    const opts = format === 'nvfp4' ? { tensorScale: await page.evaluate((w) =>
      window.typelatticePlayground.tl.quantizeSummary(w, 'nvfp4', { tensorScale: true }).tensorScale, words) } : {};
    for (const b of [0, Math.floor(now.length / size) - 1]) {
      const want = await moduleBlock(page, words.slice(b * size, (b + 1) * size), format, opts);
      assert.deepEqual(now.slice(b * size, (b + 1) * size),
        want.elements.map((e, i) => ({ index: b * size + i, code: e.code, dequantized: e.dequantized })), `${format} block ${b}`);
    }
    const sqnr = await page.evaluate(([w, f]) => window.typelatticePlayground.tl.quantizeDetail(w, f,
      { tensorScale: f === 'nvfp4' }).blocks
      .map((b) => (Number.isFinite(b.statistics.sqnrDb) ? b.statistics.sqnrDb.toFixed(2) : String(b.statistics.sqnrDb)))
      .join(' / '), [words, format]);
    assert.equal(await page.$eval('#block-compare tr.current', (r) => r.cells[3].textContent), sqnr);
  }
  // Cancel right after a keystroke: the job stops, the status says so, the last drawing stays.
  const before = await shown(page);
  await page.evaluate(() => {
    const field = document.getElementById('block-values');
    field.value = `${field.value}, 1.5`;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    document.getElementById('block-cancel').click();
  });
  await page.waitForFunction(() => /Cancelled/.test(document.getElementById('block-progress').textContent));
  assert.deepEqual(await shown(page), before);
  // The next edit computes again.
  await page.fill('#block-values', '1, 2, 3');
  await page.waitForFunction(() => document.querySelectorAll('[data-element]').length === 3);
  await page.close();
  assert.deepEqual(env.errors, []);
});
