// <type-lattice theme>, in Chromium: with theme="auto" (the default) the element is dark exactly when the host
// page is, by the docs toolchains' own toggles (flipped here as their scripts flip them, with the reader's
// preference set the other way to show the toggle wins), by the colour behind it, or by prefers-color-scheme
// when the page allows a dark scheme; theme="light"/"dark" always; --tl-* properties and ::part(node) restyle it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { newPage } from '../../browser/harness.mjs';
import { servePageFolder } from './page-folder.mjs';

let fixture, browser, server;

// The element's frame: styles.js's light and dark --bg.
const LIGHT = 'rgb(255, 255, 255)';
const DARK = 'rgb(24, 24, 27)';

// name -> [attributes of <html>, attributes of <body>, a style sheet, what goes before the element]
const PAGES = {
  plain: ['', '', '', ''],
  'allows-dark': ['', '', ':root { color-scheme: light dark; }', ''],
  'dark-column': ['', '', '', '<div style="background: #101418; padding: 1em">'],
  'oklch-column': ['', '', '', '<div style="background: oklch(0.2 0.02 250); padding: 1em">'],
  docusaurus: ['data-theme="dark"', '', '', ''],
  material: ['', 'data-md-color-scheme="slate"', '', ''],
  vitepress: ['class="dark"', '', '', ''],
  themed: ['', '', 'type-lattice { --tl-selected: rgb(1, 2, 3); } type-lattice::part(node-join) { stroke: rgb(4, 5, 6); }', ''],
};

before(async () => {
  const files = { 'page.mjs': "import '/dist/type-lattice.mjs';" };
  for (const [name, [html, body, css, before]] of Object.entries(PAGES)) {
    files[`${name}.html`] = `<!doctype html><html ${html}><head><meta charset="utf-8">
<title>${name}</title><link rel="icon" href="data:,"><style>${css}</style>
<script type="module" src="/page.mjs"></script></head>
<body ${body}>${before}<type-lattice id="fig" select="float16,bfloat16" loading="eager"></type-lattice></body></html>`;
  }
  fixture = await servePageFolder('theme', files, { csp: null });
  ({ browser, server } = fixture);
});

after(() => fixture?.close());

async function open(name, scheme) {
  const errors = [];
  const page = await newPage(browser.context, errors);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`${server.origin}/${name}.html`);
  await page.waitForFunction(() => document.getElementById('fig').dataset.ready === 'true', null, { timeout: 30000 });
  return { page, errors };
}

const frame = (page) => page.$eval('#fig', (el) => getComputedStyle(el).backgroundColor);
const waitFrame = (page, colour) => page.waitForFunction(
  (c) => getComputedStyle(document.getElementById('fig')).backgroundColor === c, colour, { timeout: 5000 });
// A plain node's box and label, as drawn.
const node = (page, dtype) => page.$eval('#fig', (el, d) => {
  const g = el.shadowRoot.querySelector(`[data-dtype="${d}"]`);
  const box = getComputedStyle(g.querySelector('rect'));
  return { fill: box.fill, stroke: box.stroke, label: getComputedStyle(g.querySelector('text')).fill };
}, dtype);

test('a light page with no toggle stays light for a reader who prefers dark; the figure is drawn light', async () => {
  const { page, errors } = await open('plain', 'dark');
  assert.equal(await frame(page), LIGHT);
  assert.equal((await node(page, 'int8')).label, 'rgb(24, 24, 27)');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a page that allows dark (color-scheme) and sets no colour follows prefers-color-scheme, live', async () => {
  const { page, errors } = await open('allows-dark', 'dark');
  assert.equal(await frame(page), DARK);
  assert.equal((await node(page, 'int8')).label, 'rgb(244, 244, 245)');
  await page.emulateMedia({ colorScheme: 'light' });
  await waitFrame(page, LIGHT);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const name of ['dark-column', 'oklch-column']) {
  test(`${name}: the element inside a dark column is dark, whatever the reader prefers`, async () => {
    const { page, errors } = await open(name, 'light');
    assert.equal(await frame(page), DARK);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// Each toolchain's toggle as its own script flips it: [page, to light, back to dark].
const TOGGLES = {
  'docusaurus (and pydata-sphinx-theme): html[data-theme]': ['docusaurus',
    () => document.documentElement.setAttribute('data-theme', 'light'),
    () => document.documentElement.setAttribute('data-theme', 'dark')],
  'Material for MkDocs: body[data-md-color-scheme]': ['material',
    () => document.body.setAttribute('data-md-color-scheme', 'default'),
    () => document.body.setAttribute('data-md-color-scheme', 'slate')],
  'VitePress: html.dark': ['vitepress',
    () => document.documentElement.classList.remove('dark'),
    () => document.documentElement.classList.add('dark')],
};

for (const [label, [name, toLight, toDark]] of Object.entries(TOGGLES)) {
  test(`${label}: the element is dark with the site's dark toggle and light with its light one`, async () => {
    const { page, errors } = await open(name, 'light');
    assert.equal(await frame(page), DARK);
    await page.evaluate(toLight);
    await waitFrame(page, LIGHT);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(toDark);
    await waitFrame(page, DARK);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('theme="dark" and theme="light" hold whatever the page says; back to auto follows it again', async () => {
  const { page, errors } = await open('docusaurus', 'dark');
  await page.$eval('#fig', (el) => el.setAttribute('theme', 'light'));
  await waitFrame(page, LIGHT);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.waitForTimeout(100);
  assert.equal(await frame(page), LIGHT);
  await page.$eval('#fig', (el) => el.setAttribute('theme', 'auto'));
  await waitFrame(page, DARK);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await waitFrame(page, LIGHT);
  await page.$eval('#fig', (el) => el.setAttribute('theme', 'dark'));
  await waitFrame(page, DARK);
  assert.deepEqual(errors, []);
  await page.close();
});

test('--tl-* properties set on type-lattice and ::part(node-join) restyle the figure', async () => {
  const { page, errors } = await open('themed', 'light');
  assert.equal((await node(page, 'float16')).fill, 'rgb(1, 2, 3)');     // selected
  assert.equal((await node(page, 'float32')).stroke, 'rgb(4, 5, 6)');   // the join
  assert.notEqual((await node(page, 'int8')).fill, 'rgb(1, 2, 3)');
  // The parts follow the state: a click adds int8 to the selection (float16 ∨ bfloat16 ∨ int8 is still float32).
  await page.locator('#fig [data-dtype="int8"]').click();
  await page.waitForFunction(() => document.getElementById('fig').shadowRoot
    .querySelector('[data-dtype="int8"]').classList.contains('selected'));
  assert.equal((await node(page, 'int8')).fill, 'rgb(1, 2, 3)');
  assert.equal((await node(page, 'float32')).stroke, 'rgb(4, 5, 6)');
  assert.deepEqual(errors, []);
  await page.close();
});
