// <type-lattice> on examples/embed.html: one module import, attributes system/mode/select/view, interaction.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setUp, ROOT, edgesThroughNodesInPage } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

// The figures draw as they come near the viewport (loading="lazy", the default): each is brought into view and
// drawn, then the page goes back to the top.
async function openEmbed(page) {
  await page.goto(`${env.url}/examples/embed.html`);
  for (const id of await page.$$eval('type-lattice', (all) => all.map((e) => e.id))) {
    await page.$eval(`#${id}`, (e) => e.scrollIntoView());
    await page.waitForFunction((i) => document.getElementById(i).dataset.ready === 'true', id);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
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
  assert.equal(reason, 'float32: the smallest type in JAX\'s lattice that holds every float16 value and every bfloat16 '
    + 'value; neither holds the other: bfloat16 has the range (8 exponent bits against 5, max about 2^128 against 65504), '
    + 'float16 the precision (11 significand bits against 8, epsilon 2^-10 against 2^-7)');
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

test('in a 780 px docs column and on a phone, labels stay at 11 px or more and the figure scrolls instead', async () => {
  for (const width of [780, 390]) {
    const page = await env.page();
    await page.setViewportSize({ width, height: 900 });
    await openEmbed(page);
    const smallest = await inShadow(page, 'standard', (root) => Math.min(...[...root.querySelectorAll('.tl-node-label')]
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)));
    assert.ok(smallest >= 11, `${width} px: a label is ${smallest.toFixed(1)} px`);
    // The page itself does not scroll sideways: the element's frame does.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${width} px`);
    await page.close();
  }
  assert.deepEqual(env.errors, []);
});

test('Reset brings back the author\'s selection; a non-associative triple shows both groupings', async () => {
  const page = await env.page();
  await openEmbed(page);
  const state = () => inShadow(page, 'standard', (root) => ({
    selected: [...root.querySelectorAll('[data-dtype].selected')].map((e) => e.dataset.dtype).sort(),
    resetHidden: root.querySelector('[part="reset"]').hidden,
  }));
  assert.deepEqual(await state(), { selected: ['bfloat16', 'float16'], resetHidden: true });
  await inShadow(page, 'standard', (root) => root.querySelector('[data-dtype="int8"]').dispatchEvent(new MouseEvent('click', { bubbles: true })));
  assert.deepEqual(await state(), { selected: ['bfloat16', 'float16', 'int8'], resetHidden: false });
  await inShadow(page, 'standard', (root) => root.querySelector('[part="reset"]').click());
  await page.waitForFunction(() => document.getElementById('standard').shadowRoot.querySelector('[part="reset"]').hidden);
  assert.deepEqual(await state(), { selected: ['bfloat16', 'float16'], resetHidden: true });
  // NumPy's int8, uint8, float16: the module's left fold, and the other grouping.
  const result = await inShadow(page, 'numpy', (root) => root.querySelector('.result').textContent);
  const module = await page.evaluate(async () => {
    const tl = await (await import('../web/components/tl-module.js')).loadTypeLattice();
    const o = { system: 'numpy' };
    return { left: tl.promoteTypes(tl.promoteTypes('int8', 'uint8', o), 'float16', o),
      right: tl.promoteTypes('int8', tl.promoteTypes('uint8', 'float16', o), o) };
  });
  assert.notEqual(module.left, module.right);
  assert.match(result, new RegExp(`\\(int8 ∨ uint8\\) ∨ float16 = ${module.left}, but int8 ∨ \\(uint8 ∨ float16\\) = ${module.right}`));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('view="bits": the bits, the exact value and the core\'s formula; a click flips a bit', async () => {
  const page = await env.page();
  await openEmbed(page);
  const shown = () => inShadow(page, 'bits', (root) => ({
    bits: [...root.querySelectorAll('.bit')].map((b) => b.textContent).join(''),
    value: root.querySelector('[part="value"]').textContent,
    formula: root.querySelector('[part="formula"]').textContent,
  }));
  assert.deepEqual(await shown(), { bits: '00011101', value: 'float8_e4m3fn 0x1d = 0.1015625 (normal)',
    formula: '(−1)^0 × 2^(3−7) × (1 + 5/8) = 0.1015625' });
  await inShadow(page, 'bits', (root) => root.querySelector('.bit[data-bit="7"]').click());
  const flipped = await shown();
  assert.equal(flipped.bits, '10011101');
  const layout = await page.evaluate(async () => {
    const tl = await (await import('../web/components/tl-module.js')).loadTypeLattice();
    return tl.layout('float8_e4m3fn', 0x9d);
  });
  assert.equal(flipped.formula, layout.formula);
  assert.match(flipped.value, new RegExp(`= ${layout.exactValue} `));
  await page.close();
  assert.deepEqual(env.errors, []);
});

// The code attribute is read by the core's grammar, as the CLI and the Sphinx directive read it
// (docs-integrations/tests/code_grammar_cases.json): what it refuses is said in the element with the core's message.
test('view="bits": the code attribute is read as the CLI reads codes; a refused one shows the core\'s message', async () => {
  const page = await env.page();
  await openEmbed(page);
  const cases = [['0x1d', '0x1d'], ['0X1D', '0x1d'], ['29', '0x1d'], ['0b11101', '0x1d'], [' 0x1d ', '0x1d'],
    ['0xff', '0xff'], ['1e2', null], ['0x1_d', null], ['1_0', null], ['\u0662\u0669', null], ['0x100', null],
    ['-1', null], ['2.9', null]];
  for (const [text, hex] of cases) {
    const shown = await page.evaluate(async (code) => {
      const el = document.createElement('type-lattice');
      el.setAttribute('view', 'bits');
      el.setAttribute('format', 'float8_e4m3fn');
      el.setAttribute('code', code);
      el.setAttribute('loading', 'eager');   // appended below the fold
      document.body.append(el);
      while (!el.dataset.ready) await new Promise((r) => setTimeout(r, 10));
      const value = el.shadowRoot.querySelector('[part="value"]')?.textContent ?? null;
      const error = el.shadowRoot.querySelector('.error')?.textContent ?? null;
      el.remove();
      const tl = await (await import('../web/components/tl-module.js')).loadTypeLattice();
      let message = null;
      try { tl.parseCode('float8_e4m3fn', code); } catch (e) { message = e.message; }
      return { value, error, message };
    }, text);
    if (hex) {
      assert.match(shown.value ?? '', new RegExp(`^float8_e4m3fn ${hex} = `), JSON.stringify(text));
    } else {
      assert.equal(shown.value, null, JSON.stringify(text));
      assert.equal(shown.error, shown.message, JSON.stringify(text));
      assert.match(shown.error, /is not a code|out of range/);
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('on a phone the element scrolls its figure to the author\'s join', async () => {
  const page = await env.page();
  await page.setViewportSize({ width: 390, height: 900 });
  await openEmbed(page);
  const seen = await inShadow(page, 'standard', (root) => {
    const frame = root.querySelector('.scroll').getBoundingClientRect();
    const node = root.querySelector('[data-dtype="float32"]').getBoundingClientRect();
    return node.left >= frame.left - 1 && node.right <= frame.right + 1;
  });
  assert.ok(seen, 'float32 is in view');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the element draws no edge through a node it does not join (strict: f* -> float64 bends around float32)', async () => {
  const page = await env.page();
  await openEmbed(page);
  for (const id of ['standard', 'strict']) {
    const drawn = await page.evaluate(([src, host]) => new Function('root', `return (${src})(root);`)(
      document.getElementById(host).shadowRoot), [edgesThroughNodesInPage.toString(), id]);
    assert.deepEqual(drawn.through, [], id);
    assert.ok(Object.keys(drawn.points).length >= 15, `${id}: ${Object.keys(drawn.points).length} edges`);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});
