// sphinx_typelattice as a package: the wheel built offline with Debian's Python (pip wheel --no-build-isolation,
// setuptools and wheel from python3-setuptools / python3-wheel) carries the module files; installed into a fresh
// venv (--system-site-packages, for Sphinx) it builds the sample project with no typelattice_dist and no source
// folder on the path, and the page shows the element in Chromium. The values MyST passes for unquoted options
// are accepted by the installed directive.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, missingPrerequisite } from '../browser/harness.mjs';
import { serveDirectory } from './static-server.mjs';
import { checkPage } from './page-check.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PYTHON = process.env.TYPELATTICE_PYTHON || '/usr/bin/python3';
// The element, the wrapper and each part's two builds (the element never loads the whole module, typelattice-core*).
const MODULE_FILES = ['type-lattice-lattice.mjs', 'type-lattice.mjs',
  'typelattice-formats-simd.mjs', 'typelattice-formats-simd.wasm', 'typelattice-formats.mjs', 'typelattice-formats.wasm',
  'typelattice-promotion-simd.mjs', 'typelattice-promotion-simd.wasm', 'typelattice-promotion.mjs',
  'typelattice-promotion.wasm', 'typelattice.mjs'];
// No index, no network: pip may only use what is on this machine.
const env = { ...process.env, PIP_NO_INDEX: '1', PIP_DISABLE_PIP_VERSION_CHECK: '1', PYTHONDONTWRITEBYTECODE: '1',
  TYPELATTICE_DIST: path.join(ROOT, 'web/dist') };
delete env.PYTHONPATH;
let work, browser, venvPython;

const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

before(async () => {
  const missing = missingPrerequisite() ?? (existsSync(PYTHON) ? null : `${PYTHON} is missing`);
  if (missing) throw new Error(missing);
  work = mkdtempSync(path.join(tmpdir(), 'typelattice-sphinx-wheel-'));
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the wheel carries the extension and the module files', () => {
  // A copy of the folder, so the build's build/ and *.egg-info stay out of the repository.
  const source = path.join(work, 'source');
  cpSync(path.join(ROOT, 'docs-integrations'), source, { recursive: true,
    filter: (f) => !f.includes('__pycache__') && !f.includes(`${path.sep}tests`) });
  run(PYTHON, ['-m', 'pip', 'wheel', '--no-deps', '--no-build-isolation', '-w', path.join(work, 'wheels'), source]);
  const [wheel] = readdirSync(path.join(work, 'wheels'));
  assert.match(wheel, /^sphinx_typelattice-\d+\.\d+\.\d+-py3-none-any\.whl$/);
  const listing = run(PYTHON, ['-m', 'zipfile', '-l', path.join(work, 'wheels', wheel)]);
  for (const f of MODULE_FILES) assert.match(listing, new RegExp(`sphinx_typelattice/dist/${f.replace('.', '\\.')}\\s`));
  assert.match(listing, /sphinx_typelattice\/__init__\.py/);

  run(PYTHON, ['-m', 'venv', '--system-site-packages', path.join(work, 'venv')]);
  venvPython = path.join(work, 'venv/bin/python');
  run(venvPython, ['-m', 'pip', 'install', path.join(work, 'wheels', wheel)]);
  const where = run(venvPython, ['-c', 'import sphinx_typelattice; print(sphinx_typelattice.__file__)'],
    { cwd: work }).trim();
  assert.ok(where.startsWith(path.join(work, 'venv')), `imported from ${where}`);
});

test('the installed package builds the sample project; its page shows the element', async () => {
  assert.ok(venvPython, 'the venv was made by the test before');
  const project = path.join(work, 'sample');
  cpSync(path.join(ROOT, 'docs-integrations/tests/sample'), project, { recursive: true });
  // conf.py as the package README gives it: no path to the source folder, no typelattice_dist.
  writeFileSync(path.join(project, 'conf.py'), [
    'project = "typelattice Sphinx sample (installed package)"',
    'extensions = ["sphinx_typelattice"]',
    'html_theme = "alabaster"',
    'html_sidebars = {"**": []}',
    'html_favicon = "favicon.svg"', ''].join('\n'));
  const out = path.join(work, 'html');
  const buildEnv = { ...env };
  delete buildEnv.TYPELATTICE_DIST;
  run(venvPython, ['-m', 'sphinx', '-W', '-q', '-b', 'html', project, out], { cwd: work, env: buildEnv });
  assert.deepEqual(readdirSync(path.join(out, '_static/typelattice')).sort(), MODULE_FILES);
  for (const f of MODULE_FILES) {
    assert.deepEqual(readFileSync(path.join(out, '_static/typelattice', f)), readFileSync(path.join(ROOT, 'web/dist', f)), f);
  }
  const page = readFileSync(path.join(out, 'index.html'), 'utf8');
  assert.match(page, /<type-lattice system="jax" select="float16,bfloat16"><\/type-lattice>/);
  assert.match(page, /<script type="module" src="_static\/typelattice\/type-lattice\.mjs">/);
  const server = await serveDirectory(out);
  try {
    await checkPage(browser.context, `${server.origin}/index.html`, { expectJoin: false });
  } finally {
    await server.close();
  }
});

test('the installed directive accepts what MyST passes for unquoted off, on and 0x1d', () => {
  assert.ok(venvPython, 'the venv was made by the test before');
  const answers = run(venvPython, ['-c', [
    'from sphinx_typelattice import TypeLatticeDirective as D',
    'x64, code = D.option_spec["x64"], D.option_spec["code"]',
    'print(x64(False), x64("False"), x64("off"), x64(None), x64(True), code(29), code("0x1d"))',
  ].join('\n')], { cwd: work }).trim();
  assert.equal(answers, 'off off off on on 29 0x1d');
});
