// "Embed this" (web/playground/embed-panel.js): the snippet the panel shows is run, not only read. The test server's
// root is a copy of the page's public files, so that the snippet can be written there as a blank page of its own,
// opened from the same server (as a docs page on the playground's site would), and its <type-lattice> compared with
// what the playground drew.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startServer, launchBrowser, newPage, openPlayground } from './harness.mjs';
import { ATTRIBUTES } from '../../web/components/attributes.js';

const PUBLIC = ['index.html', 'web/dist', 'web/playground', 'web/components', 'examples', 'assets', 'docs'];
let root;
let server;
let browser;
const errors = [];
let pages = 0;

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'typelattice-embed-'));
  for (const p of PUBLIC) cpSync(path.join(ROOT, p), path.join(root, p), { recursive: true });
  server = await startServer(['--root', root]);
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
  server.stop();
  rmSync(root, { recursive: true, force: true });
});

// Opens the playground at `hash`, presses "Embed this" and returns the page and the snippet.
async function snippetOf(hash) {
  const page = await newPage(browser.context, errors);
  await openPlayground(page, server.url, hash);
  await page.click('#embed-button');
  await page.waitForSelector('#embed-dialog[open]');
  return { page, snippet: await page.inputValue('#embed-snippet') };
}

// The snippet's tag, read by the browser's own HTML parser: { attributes: [[name, value]], scripts: [src] }.
async function parseSnippet(page, snippet) {
  return page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const tags = [...doc.querySelectorAll('type-lattice')];
    return {
      tags: tags.length,
      attributes: tags.length ? [...tags[0].attributes].map((a) => [a.name, a.value]) : [],
      scripts: [...doc.querySelectorAll('script')].map((s) => ({ type: s.type, src: s.getAttribute('src'),
        inline: s.textContent })),
    };
  }, snippet);
}

// Writes the snippet as the whole body of a blank page on the test server, opens it and waits for the element.
async function runSnippet(snippet) {
  const name = `snippet-${++pages}.html`;
  mkdirSync(path.join(root, 'examples'), { recursive: true });
  writeFileSync(path.join(root, 'examples', name),
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>snippet</title><link rel="icon" href="data:,"></head>\n<body>\n${snippet}\n</body>\n</html>\n`);
  const page = await newPage(browser.context, errors);
  await page.goto(`${server.url}/examples/${name}`);
  await page.waitForFunction(() => document.querySelector('type-lattice')?.dataset.ready === 'true',
    null, { timeout: 15000 });
  return page;
}

const shadow = (page, fn) => page.$eval('type-lattice', (host, src) => {
  const f = new Function('root', 'host', `return (${src})(root, host);`);
  return f(host.shadowRoot, host);
}, fn.toString());

// Every attribute the snippet writes is one of the element's (web/components/attributes.js), written once.
function assertOnlyElementAttributes(attributes) {
  const known = new Set(ATTRIBUTES.map((a) => a.name));
  for (const [name] of attributes) assert.ok(known.has(name), `the element has no attribute ${name}`);
  assert.equal(new Set(attributes.map(([n]) => n)).size, attributes.length);
}

test('torch, int8 and uint8: the snippet draws the same system, selection and join (int16)', async () => {
  const { page, snippet } = await snippetOf('#system=torch&select=int8,uint8');
  const parsed = await parseSnippet(page, snippet);
  assert.equal(parsed.tags, 1);
  assert.deepEqual(parsed.scripts.map((s) => s.type), ['module']);
  assert.equal(parsed.scripts[0].inline, '');   // a src, not inline code: pages with a strict CSP take it
  assert.equal(parsed.scripts[0].src, `${server.url}/web/dist/type-lattice.mjs`);
  assertOnlyElementAttributes(parsed.attributes);
  const join = (await page.textContent('#join-result')).trim();
  assert.equal(join, 'int16');   // PyTorch: int8 + uint8 is int16 (torch.promote_types)
  await page.close();

  const embed = await runSnippet(snippet);
  const drawn = await shadow(embed, (r, host) => ({ options: host.options, selected: host.selected,
    result: r.querySelector('.result').textContent }));
  assert.equal(drawn.options.system, 'torch');
  assert.deepEqual(drawn.selected, ['int8', 'uint8']);
  assert.equal(drawn.result, `int8 ∨ uint8 = ${join}`);
  await embed.close();
  assert.deepEqual(errors, []);
});

test('JAX with x64 off and every type: the same nodes drawn and the same join highlighted', async () => {
  const { page, snippet } = await snippetOf('#x64=0&all=1&select=uint32,int32');
  const { attributes } = await parseSnippet(page, snippet);
  assertOnlyElementAttributes(attributes);
  const names = (els) => els.map((e) => e.dataset.dtype).sort();
  const shown = {
    nodes: await page.$$eval('#lattice-figure [data-dtype]', names),
    join: await page.$$eval('#lattice-figure [data-dtype].join', names),
    selected: await page.$$eval('#lattice-figure [data-dtype].selected', names),
  };
  assert.deepEqual(shown.join, ['int32']);   // with jax_enable_x64 off, uint32 and int32 meet at int32
  await page.close();

  const embed = await runSnippet(snippet);
  const drawn = await shadow(embed, (r, host) => {
    const all = (sel) => [...r.querySelectorAll(sel)].map((e) => e.dataset.dtype).sort();
    return { x64: host.options.x64, nodes: all('[data-dtype]'), join: all('[data-dtype].join'),
      selected: all('[data-dtype].selected') };
  });
  assert.equal(drawn.x64, false);
  assert.deepEqual(drawn.nodes, shown.nodes);
  assert.deepEqual(drawn.join, shown.join);
  assert.deepEqual(drawn.selected, shown.selected);
  await embed.close();
  assert.deepEqual(errors, []);
});

test('the Table view: the snippet draws the same system\'s table', async () => {
  const { page, snippet } = await snippetOf('#view=table&system=numpy');
  const { attributes } = await parseSnippet(page, snippet);
  assertOnlyElementAttributes(attributes);
  assert.deepEqual(Object.fromEntries(attributes).view, 'table');
  const headers = await page.$$eval('#table-container thead th', (ths) => ths.map((th) => th.textContent.trim()));
  await page.close();

  const embed = await runSnippet(snippet);
  const drawn = await shadow(embed, (r, host) => ({ system: host.options.system,
    headers: [...r.querySelectorAll('table thead th')].map((th) => th.textContent.trim()) }));
  assert.equal(drawn.system, 'numpy');
  assert.deepEqual(drawn.headers, headers);
  await embed.close();
  assert.deepEqual(errors, []);
});

test('Bits, 1000 cast to float8_e4m3fn: the snippet shows the code on screen (0x7e = 448), bit for bit', async () => {
  const { page, snippet } = await snippetOf('#view=bits&format=float8_e4m3fn&value=1000');
  const { attributes } = await parseSnippet(page, snippet);
  assertOnlyElementAttributes(attributes);
  // Both figures mark a set bit with aria-pressed="true", most significant first.
  const bits = (els) => els.sort((a, b) => b.dataset.bit - a.dataset.bit)
    .map((e) => (e.getAttribute('aria-pressed') === 'true' ? '1' : '0')).join('');
  const shown = await page.$$eval('#bit-layout [data-bit]', bits);
  assert.equal(shown, '01111110');                         // saturated to the largest finite value
  assert.match(await page.textContent('#bit-value'), /^448\b/);
  await page.close();

  const embed = await runSnippet(snippet);
  const drawn = await shadow(embed, (r) => ({
    bits: [...r.querySelectorAll('[data-bit]')].sort((a, b) => b.dataset.bit - a.dataset.bit)
      .map((e) => (e.getAttribute('aria-pressed') === 'true' ? '1' : '0')).join(''),
    value: r.querySelector('.bit-value').textContent,
  }));
  assert.equal(drawn.bits, shown);
  assert.match(drawn.value, /^float8_e4m3fn 0x7e = 448 /);
  await embed.close();
  assert.deepEqual(errors, []);
});

test('views the element cannot show say so and offer what it can: Compare the lattice, Blocks the bits', async () => {
  const { page, snippet } = await snippetOf('#view=compare&system=numpy');
  assert.match(await page.textContent('#embed-instead'), /cannot show the Compare view.*lattice of numpy/);
  assertOnlyElementAttributes((await parseSnippet(page, snippet)).attributes);
  await page.close();
  const lattice = await runSnippet(snippet);
  assert.equal(await shadow(lattice, (r, host) => host.options.system), 'numpy');
  assert.match(await shadow(lattice, (r) => r.textContent), /not a lattice/);   // as the Lattice view says
  await lattice.close();

  const blocks = await snippetOf('#view=blocks&format=mxfp4_e2m1&values=6,1,0.5');
  assert.match(await blocks.page.textContent('#embed-instead'), /cannot show the Blocks view.*float4_e2m1fn/);
  const firstCode = Number(await blocks.page.getAttribute('#view-blocks [data-element="0"]', 'data-code'));
  const { attributes } = await parseSnippet(blocks.page, blocks.snippet);
  assertOnlyElementAttributes(attributes);
  assert.equal(Number(Object.fromEntries(attributes).code), firstCode);
  await blocks.page.close();
  const bits = await runSnippet(blocks.snippet);
  assert.match(await shadow(bits, (r) => r.querySelector('.bit-value').textContent), /^float4_e2m1fn 0x/);
  await bits.close();

  // A tapered format: the element's bits are of formats with fixed fields, so the panel offers the lattice.
  const tapered = await snippetOf('#view=bits&format=posit8&code=0x4d&system=numpy');
  assert.match(await tapered.page.textContent('#embed-instead'), /not of posit8.*lattice of the page's system/);
  assert.equal(Object.fromEntries((await parseSnippet(tapered.page, tapered.snippet)).attributes).system, 'numpy');
  await tapered.page.close();

  // The table of the user's own graph: the element draws built-in systems only, so the panel says so.
  const own = await snippetOf('#view=table&table=lattice&nodes=A,B,C,D&edges=0-1,0-2,1-3,2-3');
  assert.match(await own.page.textContent('#embed-instead'), /cannot show the Your lattice view.*lattice of jax/);
  assert.equal(Object.fromEntries((await parseSnippet(own.page, own.snippet)).attributes).view, undefined);
  await own.page.close();
  assert.deepEqual(errors, []);
});

test('keyboard: Enter opens the panel, focus moves into it, Escape closes it and gives focus back', async () => {
  const page = await newPage(browser.context, errors);
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await openPlayground(page, server.url, '#select=float16,bfloat16');
  // The panel's code is not part of the page's start: it is fetched on the first press.
  assert.ok(!requested.some((u) => u.endsWith('/embed-panel.js')), 'embed-panel.js loaded before the click');
  await page.focus('#embed-button');
  assert.equal(await page.$eval('#embed-button', (b) => b.matches(':focus-visible')), true);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#embed-dialog[open]');
  assert.ok(requested.some((u) => u.endsWith('/embed-panel.js')));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'embed-copy');
  assert.equal(await page.getAttribute('#embed-dialog', 'aria-labelledby'), 'embed-title');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#embed-dialog:not([open])', { state: 'attached' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'embed-button');
  await page.close();
  assert.deepEqual(errors, []);
});

test('Copy writes the snippet to the clipboard; where the clipboard is refused the text is selected', async () => {
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const { page, snippet } = await snippetOf('#select=int8,uint8');
  await page.click('#embed-copy');
  await page.waitForFunction(() => document.getElementById('embed-copied').textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
  assert.equal(await page.textContent('#embed-copied'), 'Copied.');

  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    document.getElementById('embed-copied').textContent = '';
  });
  await page.click('#embed-copy');
  await page.waitForFunction(() => document.getElementById('embed-copied').textContent !== '');
  const selection = await page.$eval('#embed-snippet', (t) => ({ focused: document.activeElement === t,
    text: t.value.slice(t.selectionStart, t.selectionEnd) }));
  assert.deepEqual(selection, { focused: true, text: snippet });
  assert.match(await page.textContent('#embed-copied'), /Ctrl\+C/);
  await page.close();
  await browser.context.clearPermissions();
  assert.deepEqual(errors, []);
});

test('the docs link opens docs/embedding.md from the same site', async () => {
  const { page } = await snippetOf('');
  const href = await page.getAttribute('#embed-docs', 'href');
  assert.equal(href, `${server.url}/docs/embedding.md`);
  const doc = await page.evaluate(async (u) => {
    const r = await fetch(u);
    return { status: r.status, text: await r.text() };
  }, href);
  assert.equal(doc.status, 200);
  assert.match(doc.text, /^# Embedding in docs pages/);
  await page.close();
  assert.deepEqual(errors, []);
});

test('at 390 px the button is on screen and the panel fits; in Chinese its texts are Chinese', async () => {
  const page = await newPage(browser.context, errors);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayground(page, server.url, '#select=float16,bfloat16&lang=zh-CN');
  const button = await page.$eval('#embed-button', (b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return { left: r.left, right: r.right, top: r.top, text: b.textContent, onTop: b.contains(hit) };
  });
  assert.ok(button.left >= 0 && button.right <= 390 && button.top >= 0, JSON.stringify(button));
  assert.equal(button.onTop, true);
  assert.equal(button.text, '嵌入此视图');
  await page.click('#embed-button');
  await page.waitForSelector('#embed-dialog[open]');
  const box = await page.$eval('#embed-dialog', (d) => {
    const r = d.getBoundingClientRect();
    const text = d.querySelector('#embed-snippet');
    return { left: r.left, right: r.right, title: d.querySelector('#embed-title').textContent,
      scrollWidth: document.documentElement.scrollWidth, hiddenRows: text.scrollHeight > text.clientHeight };
  });
  assert.equal(box.hiddenRows, false);   // the wrapped snippet is shown whole
  assert.ok(box.left >= 0 && box.right <= 390, JSON.stringify(box));
  assert.equal(box.scrollWidth, 390);
  assert.equal(box.title, '嵌入到文档页面');
  await page.close();
  assert.deepEqual(errors, []);
});
