// The Sphinx extension (docs-integrations/sphinx_typelattice): the sample project built with Debian's
// sphinx-build (-W: warnings fail), the page with the directive opened in Chromium under the strict CSP (a
// rendered <type-lattice>, no error, no violation), the page without it loading nothing of typelattice, and a
// bad option value reported by Sphinx with the option's name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, missingPrerequisite } from '../browser/harness.mjs';
import { serveDirectory } from './static-server.mjs';
import { checkPage } from './page-check.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPHINX = process.env.TYPELATTICE_SPHINX_BUILD || '/usr/bin/sphinx-build';
const SAMPLE = path.join(ROOT, 'docs-integrations/tests/sample');
const env = { ...process.env, TYPELATTICE_DIST: path.join(ROOT, 'web/dist'), PYTHONDONTWRITEBYTECODE: '1' };
let work, browser;

before(async () => {
  const missing = missingPrerequisite() ?? (existsSync(SPHINX) ? null : `${SPHINX} is missing: apt-get install python3-sphinx`);
  if (missing) throw new Error(missing);
  work = mkdtempSync(path.join(tmpdir(), 'typelattice-sphinx-'));
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the sample project builds and its page shows the element under a strict CSP', async () => {
  const out = path.join(work, 'html');
  execFileSync(SPHINX, ['-W', '-q', '-b', 'html', SAMPLE, out], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  assert.deepEqual(readdirSync(path.join(out, '_static/typelattice')).sort(), ['type-lattice-lattice.mjs', 'type-lattice.mjs',
    'typelattice-formats-simd.mjs', 'typelattice-formats-simd.wasm', 'typelattice-formats.mjs',
    'typelattice-formats.wasm', 'typelattice-promotion-simd.mjs', 'typelattice-promotion-simd.wasm',
    'typelattice-promotion.mjs', 'typelattice-promotion.wasm', 'typelattice.mjs']);
  assert.doesNotMatch(readFileSync(path.join(out, 'plain.html'), 'utf8'), /_static\/typelattice\//);
  const server = await serveDirectory(out);
  try {
    await checkPage(browser.context, `${server.origin}/index.html`, { expectJoin: false });
  } finally {
    await server.close();
  }
});

test('a bad option value is a Sphinx error naming the option', () => {
  const project = path.join(work, 'bad');
  cpSync(SAMPLE, project, { recursive: true });
  writeFileSync(path.join(project, 'index.rst'), 'Bad\n===\n\n.. type-lattice::\n   :system: jaxx\n');
  rmSync(path.join(project, 'plain.rst'));
  // conf.py finds the extension two levels up from the sample; point it at the repository's copy instead.
  const result = spawnSync(SPHINX, ['-W', '-q', '-b', 'html', project, path.join(work, 'bad-html')],
    { env: { ...env, PYTHONPATH: path.join(ROOT, 'docs-integrations') }, encoding: 'utf8' });
  assert.notEqual(result.status, 0);
  assert.match(result.stderr, /option: "system"; value: 'jaxx'/, result.stderr);
  assert.match(result.stderr, /choose from "jax", "numpy"/, result.stderr);
});

test('view: bits takes a format and a code; a bad code is a Sphinx error naming the option', () => {
  const build = (name, rst) => {
    const project = path.join(work, name);
    cpSync(SAMPLE, project, { recursive: true });
    writeFileSync(path.join(project, 'index.rst'), rst);
    rmSync(path.join(project, 'plain.rst'));
    return spawnSync(SPHINX, ['-W', '-q', '-b', 'html', project, path.join(work, `${name}-html`)],
      { env: { ...env, PYTHONPATH: path.join(ROOT, 'docs-integrations') }, encoding: 'utf8' });
  };
  const good = build('bits', 'Bits\n====\n\n.. type-lattice::\n   :view: bits\n   :format: float8_e4m3fn\n   :code: 0x1d\n');
  assert.equal(good.status, 0, good.stderr);
  assert.match(readFileSync(path.join(work, 'bits-html/index.html'), 'utf8'),
    /<type-lattice view="bits" format="float8_e4m3fn" code="0x1d"><\/type-lattice>/);
  const bad = build('badcode', 'Bits\n====\n\n.. type-lattice::\n   :view: bits\n   :code: zz\n');
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /option: "code"; value: 'zz'/, bad.stderr);
  assert.match(bad.stderr, /is not a code/, bad.stderr);
});
