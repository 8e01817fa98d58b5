// A plain page served with a strict Content-Security-Policy imports web/dist/typelattice.mjs in Chromium
// (playwright-core driving Debian's chromium; no browser download) and shows promotion and cast results,
// with no console error and no CSP violation. A control page proves the policy is enforced.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../../../web/dist');
const CSP = "script-src 'self' 'wasm-unsafe-eval'";
const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm' };

const pageHtml = (script) => `<!doctype html><html><head><meta charset="utf-8"><title>typelattice CSP check</title><link rel="icon" href="data:,">
<script type="module" src="/${script}"></script></head><body><output id="result">loading</output></body></html>`;

// The page's own script: what a docs author writes. simd=0 in the URL forces the plain build.
const pageScript = `import createTypeLattice from '/dist/typelattice.mjs';
const out = document.getElementById('result');
try {
  const tl = await createTypeLattice({ simd: new URLSearchParams(location.search).get('simd') !== '0' });
  const codes = tl.castFloat32(new Float32Array([1, 1000, -0.0625]), 'float8_e4m3fn');
  out.textContent = [tl.isa, tl.promoteTypes('float16', 'bfloat16'), Array.from(codes, (c) => c.toString(16)).join(' '),
                     tl.lattice().nodes.length > 0].join(' | ');
} catch (e) {
  out.textContent = 'error: ' + e;
}
document.body.dataset.done = 'yes';`;
const controlScript = `try { new Function('return 1')(); document.getElementById('result').textContent = 'eval ran'; }
catch (e) { document.getElementById('result').textContent = 'eval blocked'; }
document.body.dataset.done = 'yes';`;

const routes = {
  '/': ['text/html', pageHtml('page.mjs')], '/page.mjs': ['text/javascript', pageScript],
  '/control.html': ['text/html', pageHtml('control.mjs')], '/control.mjs': ['text/javascript', controlScript],
};

let server, origin, context, profile;

before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let type, body;
    if (routes[url.pathname]) {
      [type, body] = routes[url.pathname];
    } else if (url.pathname.startsWith('/dist/') && !url.pathname.includes('..')) {
      try {
        body = readFileSync(path.join(dist, url.pathname.slice('/dist/'.length)));
        type = types[path.extname(url.pathname)] ?? 'application/octet-stream';
      } catch {
        res.writeHead(404).end();
        return;
      }
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': type, 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  profile = mkdtempSync(path.join(tmpdir(), 'typelattice-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
           '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
});

after(async () => {
  await context?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

// Opens a page and collects console errors, page errors and CSP violation events.
async function visit(url) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const response = await page.goto(url);
  assert.equal(response.headers()['content-security-policy'], CSP);
  await page.waitForSelector('body[data-done="yes"]', { timeout: 60_000 });
  const result = await page.textContent('#result');
  await page.close();
  return { result, problems };
}

for (const [label, query, isa] of [['SIMD128 build', '', 'wasm_simd128'], ['plain build', '?simd=0', 'scalar']]) {
  test(`${label}: the module works under "${CSP}" with no console error or CSP violation`, async () => {
    const { result, problems } = await visit(`${origin}/${query}`);
    assert.deepEqual(problems, []);
    // float16 v bfloat16 = float32; 1 -> 0x38, 1000 saturates to 448 = 0x7e, -0.0625 = -2^-4 -> 0x98.
    assert.equal(result, `${isa} | float32 | 38 7e 98 | true`);
  });
}

test('control: the same policy blocks eval, and the test sees the violation', async () => {
  const { result, problems } = await visit(`${origin}/control.html`);
  assert.equal(result, 'eval blocked');
  assert.ok(problems.some((p) => p.includes('CSP violation') || p.includes('Content Security Policy')), problems.join('\n'));
});
