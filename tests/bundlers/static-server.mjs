// A static file server on 127.0.0.1 (a free port) for built fixture pages, with the Content-Security-Policy a
// strict docs site would send. `headers(pathname)` adds per-file headers (e.g. CORS), `intercept(req, res)`
// may answer a request itself (return true), e.g. to fail a .wasm once.
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const STRICT_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
                          "connect-src 'self'; img-src 'self' data:";

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json', '.woff2': 'font/woff2',
};

export function serveDirectory(root, { csp = STRICT_CSP, headers = () => ({}), intercept = () => false } = {}) {
  const server = createServer((req, res) => {
    if (intercept(req, res)) return;
    const pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    let file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
      const body = readFileSync(file);
      const extra = headers(pathname);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        ...(csp ? { 'Content-Security-Policy': csp } : {}), ...extra });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      // server.close() alone waits for every open socket, and Chromium keeps some it opened ahead of use with no
      // request on them (after the Docusaurus page, for minutes); the test is done with the page by now.
      const close = () => new Promise((done) => { server.close(done); server.closeAllConnections(); });
      resolve({ origin, close });
    });
  });
}
