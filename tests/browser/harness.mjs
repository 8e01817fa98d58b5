// Shared by the browser tests and scripts/measure-playground.mjs: starts scripts/serve.py on a free port and
// Debian's Chromium through playwright-core (never a downloaded browser), and records console errors.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'tests/artifacts');
const CHROMIUM = process.env.TYPELATTICE_CHROMIUM || '/usr/bin/chromium';

// Why the browser tests cannot run here, or null.
export function missingPrerequisite() {
  if (!existsSync(path.join(ROOT, 'web/dist/typelattice.mjs'))) {
    return 'web/dist/typelattice.mjs is missing: build it with `cmake --preset wasm && cmake --build --preset wasm`';
  }
  if (!existsSync(path.join(ROOT, 'tests/js/node_modules/playwright-core'))) {
    return 'playwright-core is missing: run `scripts/install-deps.sh test` (npm ci in tests/js)';
  }
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing: apt-get install chromium`;
  return null;
}

export function loadPlaywright() {
  const require = createRequire(path.join(ROOT, 'tests/js/package.json'));
  return require('playwright-core');
}

// Starts serve.py on a free port; resolves { url, stop }.
export function startServer(extraArgs = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn('python3', [path.join(ROOT, 'scripts/serve.py'), '--port', '0', '--quiet', ...extraArgs],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`serve.py did not start: ${err}`)), 10000);
    proc.stderr.on('data', (d) => { err += d; });
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /serving (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop: () => proc.kill('SIGTERM') });
      }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve.py exited ${code}: ${err}`)); });
  });
}

export async function launchBrowser() {
  const { chromium } = loadPlaywright();
  const profile = mkdtempSync(path.join(tmpdir(), 'typelattice-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    hasTouch: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// A new page that records console errors, page errors and failed requests into `errors`.
export async function newPage(context, errors) {
  const page = await context.newPage();
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console: ${msg.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // net::ERR_ABORTED is a request the next navigation cancelled (the playground fetches a view's scripts in the
  // background after it is interactive): not the page's failure. A missing file is a 404 (below), a blocked one
  // a console error.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`); });
  return page;
}

export function artifactPath(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

// Opens the playground at `hash` and waits until the module is loaded and the first view drawn.
export async function openPlayground(page, url, hash = '') {
  await page.goto(`${url}/${hash}`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 15000 });
}

// Page settings and listeners a test may add that would outlive its page if the tab were reused.
const LASTING = ['on', 'once', 'addInitScript', 'route', 'routeFromHAR', 'exposeFunction', 'exposeBinding',
  'setViewportSize', 'emulateMedia', 'setExtraHTTPHeaders', 'setDefaultTimeout', 'setDefaultNavigationTimeout'];

// A tab a test closes goes back to the file's pool: its close() clears the tab's sessionStorage and loads a
// same-origin document with no script, and the next env.page() hands it out again. In this machine's Chromium a
// new tab costs about 1 CPU-second (its renderer processes) and a load in an open tab a third of that; the next
// test's goto() from that document is still a fresh load of the playground. A tab whose settings or listeners a
// test changed (LASTING), or whose history is long, is closed for real.
function reusable(page, pool, url) {
  let changed = false;
  for (const name of LASTING) {
    const original = page[name].bind(page);
    page[name] = (...args) => { changed = true; return original(...args); };
  }
  const close = page.close.bind(page);
  page.close = async (...args) => {
    const length = changed || page.isClosed() ? Infinity
      : await page.evaluate(() => { sessionStorage.clear(); return history.length; }).catch(() => Infinity);
    if (length > 30) return close(...args);
    await page.goto(`${url}/web/playground/icon.svg`);
    pool.push(page);
  };
  return page;
}

// One server and one browser for a test file: `const env = await setUp();` ... `await env.tearDown();`
// env.page() opens a page (a fresh one, or a tab an earlier test closed: reusable() above) and remembers its
// errors in env.errors.
export async function setUp() {
  const server = await startServer();
  const browser = await launchBrowser();
  const errors = [];
  const pool = [];
  return {
    url: server.url,
    context: browser.context,
    errors,
    page: async () => pool.pop() ?? reusable(await newPage(browser.context, errors), pool, server.url),
    async tearDown() {
      await browser.close();
      server.stop();
    },
  };
}

// The page URL once the playground has written its state to the hash (it does so right after each update).
export async function settledUrl(page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return page.url();
}

// Every drawn edge inside `root` (a document or a shadow root) that passes through a node box other than its
// own two, walking each segment of its path in half-unit steps: '<from> -> <to> through <node>'. Also returns
// how many points each edge's path has, by '<from>-><to>'. Runs in the page (pass it to page.evaluate).
export function edgesThroughNodesInPage(root) {
  const boxes = [...root.querySelectorAll('[data-dtype]')].map((g) => {
    const r = g.querySelector('rect');
    return { name: g.dataset.dtype, x: +r.getAttribute('x'), y: +r.getAttribute('y'), w: +r.getAttribute('width'),
      h: +r.getAttribute('height') };
  });
  const through = [];
  const points = {};
  for (const path of root.querySelectorAll('path.tl-edge[data-from]')) {
    const { from, to } = path.dataset;
    const pts = [...path.getAttribute('d').matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => [+m[1], +m[2]]);
    points[`${from}->${to}`] = pts.length;
    for (const box of boxes) {
      if (box.name === from || box.name === to) continue;
      let hit = false;
      for (let s = 1; s < pts.length && !hit; ++s) {
        const [x1, y1] = pts[s - 1];
        const [x2, y2] = pts[s];
        const steps = Math.ceil(Math.hypot(x2 - x1, y2 - y1) * 2) + 1;
        for (let i = 0; i <= steps && !hit; ++i) {
          const x = x1 + (x2 - x1) * i / steps;
          const y = y1 + (y2 - y1) * i / steps;
          hit = x > box.x && x < box.x + box.w && y > box.y && y < box.y + box.h;
        }
      }
      if (hit) through.push(`${from} -> ${to} through ${box.name}`);
    }
  }
  return { through, points };
}
