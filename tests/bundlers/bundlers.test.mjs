// The package as a docs author gets it: `npm pack` of web/, installed (extracted into node_modules, as npm does
// for a tarball) into fresh Vite, VitePress, Docusaurus, webpack 5 and esbuild projects that have no bundler configuration,
// built (and for Vite 8 and 6 also run under the dev server, which pre-bundles dependencies; Vite 6's needs the
// package excluded from that, as docs/embedding.md says), each page opened in Chromium: a computed join, a rendered
// <type-lattice>, no console error, no failed request, no CSP violation (the strict policy of
// static-server.mjs; VitePress's and Docusaurus' own inline scripts need a looser one, so theirs are checked without CSP).
// The fixtures' bundlers come from each fixture's package-lock.json (scripts/install-deps.sh test).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync }
  from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, missingPrerequisite, newPage } from '../browser/harness.mjs';
import { serveDirectory } from './static-server.mjs';
import { checkPage } from './page-check.mjs';
import { freePort } from './free-port.mjs';
import { packWeb } from './pack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = ['vite', 'vite6', 'vitepress', 'docusaurus', 'webpack', 'esbuild'];
// The vite.config.js docs/embedding.md gives for Vite 5-7's dev server.
const VITE_EXCLUDE_CONFIG = "export default { optimizeDeps: { exclude: ['typelattice'] } };\n";
const missing = missingPrerequisite() ??
  (FIXTURES.find((f) => !existsSync(path.join(here, f, 'node_modules')))
    ? 'fixture node_modules missing: run scripts/install-deps.sh test' : null);

let work, tarball, browser;

before(async () => {
  if (missing) throw new Error(missing);
  work = mkdtempSync(path.join(tmpdir(), 'typelattice-bundlers-'));
  tarball = packWeb(work).tarball;
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// A copy of the fixture whose node_modules links to the fixture's installed packages, plus the extracted tarball.
// The Vite 6 fixture is only its package files; its page is the Vite fixture's.
let projects = 0;
function freshProject(name) {
  const dir = path.join(work, `${name}-${++projects}`);
  cpSync(path.join(here, name), dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
  if (name === 'vite6') cpSync(path.join(here, 'vite/index.html'), path.join(dir, 'index.html'));
  // A fixture with an index.html loads the shared src/main.js (git keeps no empty src/ folder, so make it).
  if (existsSync(path.join(dir, 'index.html'))) {
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    cpSync(path.join(here, 'shared/main.js'), path.join(dir, 'src/main.js'));
  }
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  const installed = path.join(here, name, 'node_modules');
  for (const entry of readdirSync(installed)) symlinkSync(path.join(installed, entry), path.join(modules, entry));
  mkdirSync(path.join(modules, 'typelattice'));
  execFileSync('tar', ['xzf', tarball, '-C', path.join(modules, 'typelattice'), '--strip-components=1']);
  return dir;
}

// Runs a bundler's bin file as it is (node scripts with a shebang; esbuild's is a native executable) and
// returns its stdout and stderr; a non-zero exit fails the test with that output.
function run(dir, command, args) {
  const result = spawnSync(path.join(dir, 'node_modules', command), args,
    { cwd: dir, encoding: 'utf8', timeout: 180000, env: { ...process.env, NO_COLOR: '1' } });
  const output = `${result.stdout}${result.stderr}`;
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${output}`);
  return output;
}

// Build warnings that concern typelattice (a bundler's own notices, e.g. about chunk sizes, are not ours).
function ourWarnings(output) {
  return output.split('\n').filter((l) => /typelattice|node:fs|Critical dependency|wasm/i.test(l) &&
                                          /warn|error|critical/i.test(l));
}

async function checkBuilt(dir, { csp } = {}) {
  const server = await serveDirectory(dir, csp === undefined ? {} : { csp });
  try {
    return await checkPage(browser.context, `${server.origin}/`);
  } finally {
    await server.close();
  }
}

test('Vite: production build', async () => {
  const dir = freshProject('vite');
  const out = run(dir, 'vite/bin/vite.js', ['build', '--logLevel', 'warn']);
  assert.deepEqual(ourWarnings(out), []);
  const assets = readdirSync(path.join(dir, 'dist/assets'));
  assert.ok(assets.some((f) => /^typelattice-core-simd-.+\.wasm$/.test(f)), `hashed .wasm emitted: ${assets}`);
  await checkBuilt(path.join(dir, 'dist'));
});

// Starts `vite` (the dev server) in `dir`; resolves { url, output(), stop() }.
async function startViteDev(dir) {
  const proc = spawn(process.execPath, [path.join(dir, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1',
    '--port', String(await freePort()), '--strictPort'],
  { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const killer = setTimeout(() => proc.kill('SIGTERM'), 120000);
  let out = '';
  const stop = () => { clearTimeout(killer); proc.kill('SIGTERM'); };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { stop(); reject(new Error(`vite dev did not start: ${out}`)); }, 60000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) { clearTimeout(timer); resolve({ url: m[1], output: () => out, stop }); }
    });
    proc.stderr.on('data', (d) => { out += d; });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`vite dev exited ${code}: ${out}`)); });
  });
}

// The entry points the dev server pre-bundled (its optimizeDeps), from the cache's _metadata.json.
function preBundled(dir) {
  const metadata = path.join(dir, 'node_modules/.vite/deps/_metadata.json');
  return existsSync(metadata) ? Object.keys(JSON.parse(readFileSync(metadata, 'utf8')).optimized).sort() : [];
}

test('Vite: dev server, the package pre-bundled (optimizeDeps) as Vite does by default', async () => {
  const dir = freshProject('vite');
  const dev = await startViteDev(dir);
  try {
    await checkPage(browser.context, dev.url);
    assert.deepEqual(preBundled(dir), ['typelattice', 'typelattice/element']);
    assert.deepEqual(ourWarnings(dev.output()), [], dev.output());
  } finally {
    dev.stop();
  }
});

// Vite 6's pre-bundler (esbuild) moves the package into node_modules/.vite/deps/ without its .wasm files.
test('Vite 6: dev server with pre-bundling: the error names the setting that fixes it', async () => {
  const dir = freshProject('vite6');
  const dev = await startViteDev(dir);
  try {
    const errors = [];
    const page = await newPage(browser.context, errors);
    await page.goto(dev.url);
    await page.waitForFunction(() => document.getElementById('join').textContent !== 'loading', null,
                               { timeout: 30000 });
    const join = await page.evaluate(() => document.getElementById('join').textContent);
    assert.match(join, /node_modules\/\.vite\/deps\/typelattice-core-simd\.wasm/);
    assert.match(join, /add optimizeDeps: \{ exclude: \['typelattice'\] \} to vite\.config\.js/);
    await page.close();
  } finally {
    dev.stop();
  }
});

test('Vite 6: dev server with the package excluded from pre-bundling, as docs/embedding.md says', async () => {
  const dir = freshProject('vite6');
  writeFileSync(path.join(dir, 'vite.config.js'), VITE_EXCLUDE_CONFIG);
  const dev = await startViteDev(dir);
  try {
    await checkPage(browser.context, dev.url);
    assert.deepEqual(preBundled(dir), []);
    assert.deepEqual(ourWarnings(dev.output()), [], dev.output());
  } finally {
    dev.stop();
  }
});

test('VitePress: build (SSR of both entry points) and the built page', async () => {
  const dir = freshProject('vitepress');
  const out = run(dir, 'vitepress/bin/vitepress.js', ['build', 'docs']);
  assert.deepEqual(ourWarnings(out), []);
  await checkBuilt(path.join(dir, 'docs/.vitepress/dist'), { csp: null });
});

// Docusaurus' navbar toggle (light, dark, and in 3.x "system") sets html[data-theme]; the element follows it.
const DARK_FRAME = 'rgb(24, 24, 27)';

test('Docusaurus 3: build (an MDX page, the element as a client module), the built page, its dark toggle', async () => {
  const dir = freshProject('docusaurus');
  // Unminified: Docusaurus minifies with webpack's terser plugin, which the webpack 5 production build below runs
  // on the package already; here it was a quarter of the build's CPU time.
  const out = run(dir, '@docusaurus/core/bin/docusaurus.mjs', ['build', '--no-minify']);
  assert.deepEqual(ourWarnings(out), []);
  const server = await serveDirectory(path.join(dir, 'build'), { csp: null });
  try {
    await checkPage(browser.context, `${server.origin}/`);
    const page = await newPage(browser.context, []);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(() => document.querySelector('type-lattice')?.dataset.ready === 'true');
    const frame = () => page.$eval('type-lattice', (el) => getComputedStyle(el).backgroundColor);
    assert.notEqual(await frame(), DARK_FRAME, 'light page, light element');
    const toggle = page.locator('nav button[aria-label*="dark" i]');
    for (let i = 0; i < 3 && await page.getAttribute('html', 'data-theme') !== 'dark'; ++i) await toggle.click();
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', 'the navbar toggle reached dark');
    await page.waitForFunction((c) => getComputedStyle(document.querySelector('type-lattice')).backgroundColor === c,
                               DARK_FRAME, { timeout: 5000 });
    await page.close();
  } finally {
    await server.close();
  }
});

test('webpack 5: production build with no webpack.config.js', async () => {
  const dir = freshProject('webpack');
  const out = run(dir, 'webpack-cli/bin/cli.js', ['--mode', 'production', '--entry', './src/main.js']);
  assert.doesNotMatch(out, /WARNING|ERROR/, out);
  cpSync(path.join(dir, 'index.html'), path.join(dir, 'dist/index.html'));
  await checkBuilt(path.join(dir, 'dist'));
});

test('esbuild: bundle, the .wasm files copied next to it as the README says', async () => {
  const dir = freshProject('esbuild');
  const out = path.join(dir, 'dist');
  const log = run(dir, 'esbuild/bin/esbuild', ['src/main.js', '--bundle', '--format=esm', `--outdir=${out}`,
    '--log-level=warning']);
  assert.equal(log, '', 'esbuild warnings');
  for (const f of readdirSync(path.join(dir, 'node_modules/typelattice/dist')).filter((f) => f.endsWith('.wasm'))) {
    cpSync(path.join(dir, 'node_modules/typelattice/dist', f), path.join(out, f));
  }
  cpSync(path.join(dir, 'index.html'), path.join(out, 'index.html'));
  await checkBuilt(out);
});
