// The module's parts in Chromium, on the pages scripts/page-size.mjs measures: a lattice embed fetches the
// promotion part only, a bits embed the formats part only, and createTypeLattice() the whole module, with every call;
// each fetches from dist/ exactly the files page-size.mjs counts for it; the playground is interactive before it
// asks for the formats part, and its Bits view draws once that is loaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { newPage, openPlayground, startServer } from '../../browser/harness.mjs';
import { EMBED_PAGES, embedPageFiles, openEmbedPage } from './embed-pages.mjs';
import { servePageFolder } from './page-folder.mjs';
import { PAGES } from '../../../scripts/page-size.mjs';

let fixture, browser, server;

before(async () => {
  fixture = await servePageFolder('pages', embedPageFiles());
  ({ browser, server } = fixture);
});

after(() => fixture?.close());

const wasmFiles = (requests) => requests.filter((p) => p.endsWith('.wasm')).map((p) => p.split('/').pop());
const glueFiles = (requests) => requests.filter((p) => /\/typelattice-(core|promotion|formats)/.test(p) && p.endsWith('.mjs'))
  .map((p) => p.split('/').pop());

test('a lattice embed fetches the promotion part and nothing of the formats part', async () => {
  const errors = [];
  const { page, requests } = await openEmbedPage(browser.context, server.origin, 'lattice', errors);
  const result = await page.evaluate(() => document.querySelector('type-lattice').shadowRoot.querySelector('output').textContent);
  assert.equal(result, 'float16 ∨ bfloat16 = float32');
  // Clicking a node (more promotion work) still fetches nothing more.
  await page.locator('type-lattice svg .tl-node[data-dtype="int8"]').click();
  await page.waitForFunction(() => document.querySelector('type-lattice').shadowRoot.querySelector('output')
    .textContent.includes('int8'));
  assert.deepEqual(wasmFiles(requests), ['typelattice-promotion-simd.wasm']);
  assert.deepEqual(glueFiles(requests), ['typelattice-promotion-simd.mjs']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bits embed fetches the formats part and draws the code', async () => {
  const errors = [];
  const { page, requests } = await openEmbedPage(browser.context, server.origin, 'bits', errors);
  const value = await page.evaluate(() =>
    document.querySelector('type-lattice').shadowRoot.querySelector('[part=value]').textContent);
  // float8_e4m3fn 0x1d = 0 0011 101: 2^(3-7) × (1 + 5/8) = 0.1015625, a normal number.
  assert.match(value, /= 0\.1015625 \(normal\)$/);
  const bits = await page.evaluate(() => [...document.querySelector('type-lattice').shadowRoot
    .querySelectorAll('button.bit')].map((b) => b.textContent).join(''));
  assert.equal(bits, '00011101');
  assert.deepEqual(wasmFiles(requests), ['typelattice-formats-simd.wasm']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('createTypeLattice() loads the whole module, one file, and has every call', async () => {
  const errors = [];
  const { page, requests } = await openEmbedPage(browser.context, server.origin, 'api', errors);
  // float16 ∨ bfloat16 = float32; 1000 saturates to float8_e4m3fn's largest finite value, 448 = 0x7e.
  assert.equal(await page.evaluate(() => document.getElementById('out').textContent), 'float32 126');
  assert.deepEqual(wasmFiles(requests), ['typelattice-core-simd.wasm']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('each embed page fetches from dist/ the files scripts/page-size.mjs counts for it (SIMD128 build)', async () => {
  for (const { name } of EMBED_PAGES) {
    const errors = [];
    const { page, requests } = await openEmbedPage(browser.context, server.origin, name, errors);
    await page.close();
    const fetched = [...new Set(requests.filter((p) => p.startsWith('/dist/')).map((p) => p.slice('/dist/'.length)))];
    assert.deepEqual(fetched.sort(), PAGES.find((p) => p.name === name).files('-simd').sort(), name);
    assert.deepEqual(errors, [], name);
  }
});

test('the playground: interactive on the promotion part; the formats part comes after, for the Bits view', async () => {
  const playground = await startServer();
  const errors = [];
  const page = await newPage(browser.context, errors);
  try {
    await openPlayground(page, playground.url, '#select=float16,bfloat16');
    await page.click('#tab-bits');
    await page.waitForFunction(() => document.getElementById('bit-shortest').textContent !== '', null, { timeout: 30000 });
    // Every request for the formats part started after the page was interactive.
    const starts = await page.evaluate(() => {
      const interactive = performance.getEntriesByName('typelattice-interactive')[0].startTime;
      return performance.getEntriesByType('resource').filter((e) => /typelattice-formats/.test(e.name))
        .map((e) => e.startTime - interactive);
    });
    assert.ok(starts.length >= 1 && starts.every((t) => t > 0), `formats requested at ${starts} ms after interactive`);
    assert.equal(await page.evaluate(() => window.typelatticePlayground.tl.parts.join()), 'promotion,formats');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    playground.stop();
  }
});
