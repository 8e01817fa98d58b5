// Loading web/dist in Chromium as docs sites do: the module and <type-lattice> from another origin (a CDN)
// with CORS, under the strict policy plus that origin, with no error and no violation; and a .wasm request
// that fails once: the error names the URL and the HTTP status, and a retry (the API called again, the
// element's "Try again" button) works; and the single-file build, which makes no second request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, missingPrerequisite, newPage } from '../../browser/harness.mjs';
import { serveDirectory } from '../../bundlers/static-server.mjs';
import { checkPage } from '../../bundlers/page-check.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
let browser, pages, cdn, failingCdn, site;
let wasmFailures = 0;

before(async () => {
  const missing = missingPrerequisite();
  if (missing) throw new Error(missing);
  browser = await launchBrowser();
  const cors = () => ({ 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' });
  cdn = await serveDirectory(dist, { csp: null, headers: cors });
  // Answers the first .wasm request of each test with 503, as a flaky network would.
  failingCdn = await serveDirectory(dist, { csp: null, headers: cors, intercept(req, res) {
    if (!req.url.endsWith('.wasm') || wasmFailures > 0) return false;
    ++wasmFailures;
    res.writeHead(503, { 'Access-Control-Allow-Origin': '*' }).end('busy');
    return true;
  } });

  pages = mkdtempSync(path.join(tmpdir(), 'typelattice-loading-'));
  const page = (name, script) => {
    writeFileSync(path.join(pages, `${name}.html`), `<!doctype html><html><head><meta charset="utf-8">
<title>${name}</title><link rel="icon" href="data:,"><script type="module" src="/${name}.mjs"></script></head>
<body><output id="join">loading</output><type-lattice select="float16,bfloat16"></type-lattice></body></html>`);
    writeFileSync(path.join(pages, `${name}.mjs`), script);
  };
  page('cors', `import createTypeLattice from '${cdn.origin}/typelattice.mjs';
import '${cdn.origin}/type-lattice.mjs';
const tl = await createTypeLattice();
document.getElementById('join').textContent = tl.promoteTypes('float16', 'bfloat16');`);
  page('retry-api', `import createTypeLattice from '${failingCdn.origin}/typelattice.mjs';
window.attempts = [];
for (let i = 0; i < 2; ++i) {
  try {
    const tl = await createTypeLattice();
    window.attempts.push('ok ' + tl.promoteTypes('float16', 'bfloat16'));
  } catch (e) {
    window.attempts.push([e.name, e.url, e.status, e.message].join(' | '));
  }
}
document.getElementById('join').textContent = 'done';`);
  page('retry-element', `import '${failingCdn.origin}/type-lattice.mjs';`);
  copyFileSync(path.join(dist, 'typelattice.single.mjs'), path.join(pages, 'typelattice.single.mjs'));
  page('single', `import createTypeLattice from './typelattice.single.mjs';
const tl = await createTypeLattice();
document.getElementById('join').textContent = tl.promoteTypes('float16', 'bfloat16') + ' ' + tl.isa;`);
  const origins = `${cdn.origin} ${failingCdn.origin}`;
  site = await serveDirectory(pages, { csp: `default-src 'none'; script-src 'self' ${origins} 'wasm-unsafe-eval'; ` +
                                           `style-src 'self'; connect-src 'self' ${origins}; img-src 'self' data:` });
});

after(async () => {
  if (browser) await browser.close();
  for (const server of [cdn, failingCdn, site]) if (server) await server.close();
  if (pages) rmSync(pages, { recursive: true, force: true });
});

test('cross-origin: the module and the element from a CORS-enabled origin, under a strict CSP', async () => {
  await checkPage(browser.context, `${site.origin}/cors.html`);
});

test('a failed .wasm load names the URL and status; calling again loads', async () => {
  wasmFailures = 0;
  const errors = [];
  const page = await newPage(browser.context, errors);
  await page.goto(`${site.origin}/retry-api.html`);
  await page.waitForFunction(() => document.getElementById('join').textContent === 'done', null, { timeout: 30000 });
  const attempts = await page.evaluate(() => window.attempts);
  const url = `${failingCdn.origin}/typelattice-core-simd.wasm`;
  assert.equal(attempts.length, 2);
  const [name, errorUrl, status, message] = attempts[0].split(' | ');
  assert.deepEqual([name, errorUrl, status], ['WasmLoadError', url, '503']);
  assert.ok(message.includes(url) && message.includes('HTTP 503'), message);
  assert.equal(attempts[1], 'ok float32');
  assert.deepEqual(errors.sort(), [`HTTP 503: ${url}`, `console: Failed to load resource: the server responded with a status of 503 ` +
                            '(Service Unavailable)'].sort());
  await page.close();
});

test('<type-lattice>: a failed load shows the URL and status; "Try again" draws the figure', async () => {
  wasmFailures = 0;
  const page = await newPage(browser.context, []);
  await page.goto(`${site.origin}/retry-element.html`);
  const el = page.locator('type-lattice');
  await page.waitForFunction(() => document.querySelector('type-lattice').dataset.ready === 'true');
  const shown = await el.evaluate((e) => e.shadowRoot.querySelector('.error').textContent);
  assert.ok(shown.includes(`${failingCdn.origin}/typelattice-promotion-simd.wasm`) && shown.includes('HTTP 503'), shown);
  await el.locator('button.retry').click();
  await page.waitForFunction(() =>
    document.querySelector('type-lattice').shadowRoot.querySelector('output').textContent.includes('float32'));
  const result = await el.evaluate((e) => e.shadowRoot.querySelector('output').textContent);
  assert.equal(result, 'float16 ∨ bfloat16 = float32');
  await page.close();
});

test('the single-file build: one script, no .wasm request, under the strict CSP', async () => {
  const errors = [];
  const requests = [];
  const page = await newPage(browser.context, errors);
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${site.origin}/single.html`);
  await page.waitForFunction(() => document.getElementById('join').textContent !== 'loading', null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.getElementById('join').textContent), 'float32 scalar');
  assert.deepEqual(requests.filter((p) => p !== '/single.html' && p !== '/single.mjs'), ['/typelattice.single.mjs']);
  assert.deepEqual(errors, []);
  await page.close();
});
