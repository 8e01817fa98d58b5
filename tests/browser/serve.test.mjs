// scripts/serve.py: only the public files, right MIME types, a strict CSP, 404 for everything else
// (traversal attempts included, sent as raw request paths so no client normalizes them away).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startServer, ROOT } from './harness.mjs';

let server;
before(async () => { server = await startServer(); });
after(() => server.stop());

function get(rawPath, method = 'GET') {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('binds to 127.0.0.1', () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
});

test('public files are served with their MIME types and a strict CSP', async () => {
  const wasm = readdirSync(path.join(ROOT, 'web/dist')).find((f) => f.endsWith('.wasm'));
  const cases = [
    ['/', 'text/html'], ['/index.html', 'text/html'],
    ['/web/dist/typelattice.mjs', 'text/javascript'], [`/web/dist/${wasm}`, 'application/wasm'],
    ['/web/playground/main.js', 'text/javascript'], ['/web/playground/playground.css', 'text/css'],
    ['/web/components/type-lattice.js', 'text/javascript'], ['/examples/embed.html', 'text/html'],
  ];
  for (const [p, type] of cases) {
    const r = await get(p);
    assert.equal(r.status, 200, p);
    assert.equal(r.headers['content-type'].split(';')[0], type, p);
    const csp = r.headers['content-security-policy'];
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/, p);
    assert.match(csp, /default-src 'none'/, p);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval'[^;]*unsafe/, p);
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
  }
  const head = await get('/index.html', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
});

test('everything outside the public set is a 404, traversal included', async () => {
  const paths = [
    '/.git/config', '/.git/HEAD', '/.gitignore', '/CMakeLists.txt', '/README.md', '/scripts/serve.py',
    '/core/include/typelattice/dtype.h', '/tests/browser/harness.mjs', '/build/native/CMakeCache.txt', '/web/CMakeLists.txt',
    '/web/bindings.cpp', '/web/dist/', '/web/', '/examples/', '/../etc/passwd', '/web/dist/../../.git/config',
    '/%2e%2e/%2e%2e/etc/passwd', '/web/dist/%2e%2e/%2e%2e/.git/config', '/web/dist/%2E%2E%2F%2E%2E%2F.git/config',
    '/web%2fdist%2f..%2f..%2f.git/config', '/web/dist/..%5c..%5c.git/config', '/examples/./../.git/config',
    '//etc/passwd', '/index.html%00.js', '/web/dist/.hidden',
  ];
  for (const p of paths) {
    const r = await get(p);
    assert.equal(r.status, 404, p);
    assert.doesNotMatch(r.body, /\[core\]|root:x:0/, p);
  }
});
