// MkDocs with Material (Debian's mkdocs 1.4, mkdocs-material 8): the fixture in tests/bundlers/mkdocs/ with the
// packed npm package's dist/ copied into docs/javascripts/typelattice/, as a docs author would, built with
// `mkdocs build --strict`; the theme override (overrides/main.html) loads the element and the page's script as ES
// modules, and the page shows a computed join and a rendered <type-lattice> in Chromium with no console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, missingPrerequisite } from '../browser/harness.mjs';
import { serveDirectory, STRICT_CSP } from './static-server.mjs';
import { checkPage } from './page-check.mjs';
import { packWeb } from './pack.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MKDOCS = process.env.TYPELATTICE_MKDOCS || '/usr/bin/mkdocs';
const MATERIAL = '/usr/share/mkdocs/themes/material';
// Material's pages carry an inline script (its settings and palette); everything else stays as strict.
const MATERIAL_CSP = STRICT_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
let work, browser;

before(async () => {
  const missing = missingPrerequisite() ??
    (existsSync(MKDOCS) ? null : `${MKDOCS} is missing: apt-get install mkdocs`) ??
    (existsSync(MATERIAL) ? null : `${MATERIAL} is missing: apt-get install mkdocs-material`);
  if (missing) throw new Error(missing);
  work = mkdtempSync(path.join(tmpdir(), 'typelattice-mkdocs-'));
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the Material site builds with --strict and its page shows the join and the element', async () => {
  const { tarball } = packWeb(work);
  execFileSync('tar', ['-xzf', tarball, '-C', work]);
  const project = path.join(work, 'site-source');
  cpSync(path.join(HERE, 'mkdocs'), project, { recursive: true });
  const target = path.join(project, 'docs/javascripts/typelattice');
  mkdirSync(target, { recursive: true });
  cpSync(path.join(work, 'package/dist'), target, { recursive: true });
  const out = path.join(work, 'site');
  execFileSync(MKDOCS, ['build', '--strict', '--quiet', '-f', path.join(project, 'mkdocs.yml'), '-d', out],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  const page = readFileSync(path.join(out, 'index.html'), 'utf8');
  assert.match(page, /<script type="module" src="javascripts\/typelattice\/type-lattice\.mjs"><\/script>/);
  assert.match(page, /<type-lattice system="jax" select="float16,bfloat16"><\/type-lattice>/);
  const server = await serveDirectory(out, { csp: MATERIAL_CSP });
  try {
    await checkPage(browser.context, `${server.origin}/index.html`);
  } finally {
    await server.close();
  }
});
