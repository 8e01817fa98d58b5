// scripts/serve.py: only the public files, right MIME types, a strict CSP, 404 for everything else
// (traversal attempts included, sent as raw request paths so no client normalizes them away).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, ROOT } from './harness.mjs';

let server;
before(async () => { server = await startServer(['--idle-timeout', '1']); });
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
    ['/docs/embedding.md', 'text/markdown'],
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
  // What browsers ask every server for: the playground's icon, byte for byte.
  const icon = await get('/favicon.ico');
  assert.equal(icon.status, 200);
  assert.equal(icon.headers['content-type'], 'image/svg+xml');
  assert.equal(icon.body, readFileSync(path.join(ROOT, 'web/playground/icon.svg'), 'utf8'));
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

// Sends raw bytes (so malformed requests reach the server as written) and collects the reply until the server
// closes the connection or `ms` pass.
function raw(bytes, ms = 5000) {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port });
    let reply = '';
    const started = Date.now();
    const timer = setTimeout(() => { socket.destroy(); resolve({ reply, closed: false }); }, ms);
    socket.on('data', (d) => { reply += d; });
    socket.on('close', () => { clearTimeout(timer); resolve({ reply, closed: true, after: Date.now() - started }); });
    socket.on('error', reject);
    if (bytes) socket.write(bytes);
  });
}

const policyOf = (reply) => /^content-security-policy: (.*)$/im.exec(reply)?.[1];

test('errors carry the same headers as files: 405 for writes, and http.server\'s own 400, 414, 431, 505', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const r = await get('/index.html', method);
    assert.equal(r.status, 405, method);
    assert.equal(r.headers.allow, 'GET, HEAD', method);
    assert.match(r.headers['content-security-policy'] ?? '', /default-src 'none'/, method);
    assert.equal(r.headers['x-content-type-options'], 'nosniff', method);
  }
  const malformed = [
    ['GARBAGE\r\n\r\n', 400],
    ['GET /index.html\r\n\r\n', 200],  // HTTP/0.9's form: answered as 1.0, with headers
    [`GET /${'a'.repeat(70000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414],
    [`GET / HTTP/1.1\r\nHost: x\r\n${'X-A: b\r\n'.repeat(120)}\r\n`, 431],
    ['GET / HTTP/2.0\r\nHost: x\r\n\r\n', 505],
  ];
  for (const [request, status] of malformed) {
    const { reply } = await raw(request);
    assert.match(reply, new RegExp(`^HTTP/1\\.[01] ${status} `), request.slice(0, 30));
    assert.match(policyOf(reply) ?? '', /default-src 'none'/, `${status}: ${reply.slice(0, 200)}`);
  }
});

test('an idle connection is closed after the idle timeout', async () => {
  const silent = await raw('', 8000);
  assert.ok(silent.closed, 'a connection that sends nothing is closed');
  const half = await raw('GET /index.html HTTP/1.1\r\n', 8000);
  assert.ok(half.closed, 'a connection that stops mid-request is closed');
});
