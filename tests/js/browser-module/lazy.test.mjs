// <type-lattice loading>, in Chromium: a page with a lattice at the top and a bits figure 6 000 px down. With
// the default (lazy) the far figure's part (formats) is not fetched, and the figure not drawn, until it is
// scrolled near the viewport; an attribute set while it is out of view is what it draws. loading="eager", and
// a browser without IntersectionObserver, load and draw it at once; an unknown value is the default.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { newPage } from '../../browser/harness.mjs';
import { servePageFolder } from './page-folder.mjs';

let fixture, browser, server;

// The far element's extra attributes, one page each.
const PAGES = { lazy: '', eager: 'loading="eager"', unknown: 'loading="later"' };

before(async () => {
  const files = { 'page.mjs': "import '/dist/type-lattice.mjs';" };
  for (const [name, extra] of Object.entries(PAGES)) {
    files[`${name}.html`] = `<!doctype html><html><head><meta charset="utf-8">
<title>${name}</title><link rel="icon" href="data:,"><script type="module" src="/page.mjs"></script></head>
<body><type-lattice id="top" select="float16,bfloat16"></type-lattice><div style="height: 6000px"></div>
<type-lattice id="far" view="bits" format="float8_e4m3fn" code="0x1d" ${extra}></type-lattice></body></html>`;
  }
  fixture = await servePageFolder('lazy', files, { csp: null });
  ({ browser, server } = fixture);
});

after(() => fixture?.close());

async function open(name, { withoutIntersectionObserver = false } = {}) {
  const errors = [];
  const page = await newPage(browser.context, errors);
  if (withoutIntersectionObserver) await page.addInitScript(() => { delete window.IntersectionObserver; });
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname.split('/').pop()));
  await page.goto(`${server.origin}/${name}.html`);
  await page.waitForFunction(() => document.getElementById('top').dataset.ready === 'true', null, { timeout: 30000 });
  return { page, errors, formatsRequests: () => requests.filter((f) => f.startsWith('typelattice-formats')) };
}

const farReady = (page) => page.evaluate(() => document.getElementById('far').dataset.ready ?? null);
const farValue = (page) => page.evaluate(() => document.getElementById('far').shadowRoot.querySelector('[part=value]')
  ?.textContent ?? null);
const waitFarReady = (page) => page.waitForFunction(() => document.getElementById('far').dataset.ready === 'true',
  null, { timeout: 30000 });

for (const name of ['lazy', 'unknown']) {
  test(`${name === 'lazy' ? 'no loading attribute' : 'loading="later"'}: the far figure loads its part and draws ` +
       'only when scrolled into view, with the attribute set while it was out of view', async () => {
    const { page, errors, formatsRequests } = await open(name);
    // The top lattice is drawn; time enough for a fetch the far element would have started on connect.
    await page.waitForTimeout(500);
    assert.deepEqual(formatsRequests(), []);
    assert.equal(await farReady(page), null);
    assert.equal(await farValue(page), null);
    // float8_e4m3fn 0x7e = 0 1111 110: 2^(15-7) × (1 + 6/8) = 448, the largest finite value.
    await page.evaluate(() => document.getElementById('far').setAttribute('code', '0x7e'));
    await page.waitForTimeout(300);
    assert.deepEqual(formatsRequests(), []);
    assert.equal(await farReady(page), null);

    await page.evaluate(() => document.getElementById('far').scrollIntoView());
    await waitFarReady(page);
    assert.deepEqual(formatsRequests(), ['typelattice-formats-simd.mjs', 'typelattice-formats-simd.wasm']);
    assert.match(await farValue(page), /= 448 \(normal\)$/);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('loading="eager": the far figure loads and draws without scrolling', async () => {
  const { page, errors, formatsRequests } = await open('eager');
  await waitFarReady(page);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(formatsRequests(), ['typelattice-formats-simd.mjs', 'typelattice-formats-simd.wasm']);
  assert.match(await farValue(page), /= 0\.1015625 \(normal\)$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('without IntersectionObserver the default draws at once, as eager does', async () => {
  const { page, errors } = await open('lazy', { withoutIntersectionObserver: true });
  await waitFarReady(page);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.match(await farValue(page), /= 0\.1015625 \(normal\)$/);
  assert.deepEqual(errors, []);
  await page.close();
});
