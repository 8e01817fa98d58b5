// <type-lattice> on examples/embed.html: one module import, attributes system/mode/select/view, interaction.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setUp, ROOT } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

async function openEmbed(page) {
  await page.goto(`${env.url}/examples/embed.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('type-lattice')].every((e) => e.dataset.ready));
}
const inShadow = (page, id, fn, arg) => page.$eval(`#${id}`, (host, [src, a]) => {
  const f = new Function('root', 'arg', `return (${src})(root, arg);`);
  return f(host.shadowRoot, a);
}, [fn.toString(), arg]);

test('the embed page loads the element with a single module script', () => {
  const html = readFileSync(path.join(ROOT, 'examples/embed.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  assert.deepEqual(scripts, ['<script type="module" src="../web/components/type-lattice.js">']);
});

test('standard JAX: float16 and bfloat16 highlighted with their join float32', async () => {
  const page = await env.page();
  await openEmbed(page);
  const state = await inShadow(page, 'standard', (root) => ({
    selected: [...root.querySelectorAll('[data-dtype].selected')].map((e) => e.dataset.dtype).sort(),
    join: [...root.querySelectorAll('[data-dtype].join')].map((e) => e.dataset.dtype),
    result: root.querySelector('.result').textContent,
  }));
  assert.deepEqual(state.selected, ['bfloat16', 'float16']);
  assert.deepEqual(state.join, ['float32']);
  assert.match(state.result, /= float32$/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('strict mode shows the error; numpy says it is not a lattice; the table view draws a table', async () => {
  const page = await env.page();
  await openEmbed(page);
  const strict = await inShadow(page, 'strict', (root) => ({
    join: root.querySelectorAll('[data-dtype].join').length,
    result: root.querySelector('.result').textContent,
    error: root.querySelector('.result').classList.contains('error'),
  }));
  assert.equal(strict.join, 0);
  assert.match(strict.result, /strict/);
  assert.equal(strict.error, true);
  const numpy = await inShadow(page, 'numpy', (root) => root.textContent);
  assert.match(numpy, /not a lattice/);
  const rows = await inShadow(page, 'table', (root) => root.querySelectorAll('table tbody tr').length);
  assert.ok(rows >= 18);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('clicking nodes in the element changes its selection and fires `select`', async () => {
  const page = await env.page();
  await openEmbed(page);
  await page.evaluate(() => {
    window.lastSelect = null;
    document.getElementById('standard').addEventListener('select', (e) => { window.lastSelect = e.detail; });
  });
  // Playwright pierces open shadow roots with CSS selectors.
  await page.click('#standard [data-dtype="bfloat16"]');   // deselect bfloat16
  await page.click('#standard [data-dtype="int8"]');       // float16 ∨ int8 = float16 (JAX docs table)
  const detail = await page.evaluate(() => window.lastSelect);
  assert.deepEqual(detail.selected, ['float16', 'int8']);
  assert.equal(detail.join, 'float16');
  // Changing an attribute redraws.
  await page.evaluate(() => document.getElementById('standard').setAttribute('mode', 'strict'));
  await page.waitForFunction(() => /strict/.test(document.getElementById('standard').shadowRoot.querySelector('.result').textContent));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the element says why its join is the join, in the core\'s words', async () => {
  const page = await env.page();
  await openEmbed(page);
  const reason = await inShadow(page, 'standard', (root) => root.querySelector('[part="reason"]').textContent);
  assert.equal(reason, 'float32: the smallest type in JAX\'s lattice that holds every float16 value and every bfloat16 value');
  const moduleReason = await page.evaluate(async () => {
    const { loadTypeLattice } = await import('../web/components/tl-module.js');
    const tl = await loadTypeLattice();
    const h = tl.system();
    const r = h.select(['float16', 'bfloat16']).reason;
    h.delete();
    return r;
  });
  assert.equal(reason, moduleReason);
  await page.close();
  assert.deepEqual(env.errors, []);
});
