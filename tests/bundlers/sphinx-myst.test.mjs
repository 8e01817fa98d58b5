// The Sphinx extension under MyST Markdown (Debian's python3-myst-parser): the sample project
// (docs-integrations/tests/myst-sample) writes every option unquoted, as MyST users do, and builds with
// sphinx-build -W; each option reaches the element's attribute with the value meant (MyST reads `off`, `on`,
// 0x1d and 0b11101 as YAML, not as text); the page opens in Chromium under the strict CSP with a rendered
// <type-lattice> and no error, and the page with the other options draws each figure.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, missingPrerequisite, newPage } from '../browser/harness.mjs';
import { serveDirectory } from './static-server.mjs';
import { checkPage } from './page-check.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SPHINX = process.env.TYPELATTICE_SPHINX_BUILD || '/usr/bin/sphinx-build';
const MYST = '/usr/lib/python3/dist-packages/myst_parser';
const SAMPLE = path.join(ROOT, 'docs-integrations/tests/myst-sample');
const env = { ...process.env, TYPELATTICE_DIST: path.join(ROOT, 'web/dist'), PYTHONDONTWRITEBYTECODE: '1' };
let work, browser, out;

before(async () => {
  const missing = missingPrerequisite() ??
    (existsSync(SPHINX) ? null : `${SPHINX} is missing: apt-get install python3-sphinx`) ??
    (existsSync(MYST) ? null : `${MYST} is missing: apt-get install python3-myst-parser`);
  if (missing) throw new Error(missing);
  work = mkdtempSync(path.join(tmpdir(), 'typelattice-myst-'));
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the MyST sample builds with -W and every unquoted option reaches the element as meant', async () => {
  out = path.join(work, 'html');
  execFileSync(SPHINX, ['-W', '-q', '-b', 'html', SAMPLE, out], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const elements = (page) =>
    readFileSync(path.join(out, page), 'utf8').match(/<type-lattice[^>]*><\/type-lattice>/g);
  assert.deepEqual(elements('index.html'),
    ['<type-lattice system="jax" x64="off" select="float16,bfloat16"></type-lattice>']);
  // 0x1d and 0b11101 arrive as YAML's number 29: the same code, in decimal.
  assert.deepEqual(elements('options.html'), [
    '<type-lattice system="jax" mode="strict" x64="on" select="bfloat16" view="table" types="all" ' +
      'loading="eager" theme="dark"></type-lattice>',
    '<type-lattice view="bits" format="float8_e4m3fn" code="29"></type-lattice>',
    '<type-lattice view="bits" format="float8_e5m2" code="29" x64="off"></type-lattice>',
    '<type-lattice system="numpy-2021" select="int8,uint8"></type-lattice>']);
  for (const page of ['index.html', 'options.html']) {
    assert.match(readFileSync(path.join(out, page), 'utf8'),
      /<script type="module" src="_static\/typelattice\/type-lattice\.mjs">/, page);
  }
  const server = await serveDirectory(out);
  try {
    await checkPage(browser.context, `${server.origin}/index.html`, { expectJoin: false });
  } finally {
    await server.close();
  }
});

test('the figures written with the other options draw without an error', async () => {
  assert.ok(out, 'the site was built by the test before');
  const server = await serveDirectory(out);
  const errors = [];
  const page = await newPage(browser.context, errors);
  try {
    await page.goto(`${server.origin}/options.html`);
    const figures = [];
    for (const element of await page.$$('type-lattice')) {
      await element.scrollIntoViewIfNeeded();   // loading="lazy" fetches near the viewport only
      await page.waitForFunction((el) => el.dataset.ready === 'true', element, { timeout: 30000 });
      figures.push(await element.evaluate((el) => ({
        error: el.shadowRoot.querySelector('.error')?.textContent ?? null,
        tableCells: el.shadowRoot.querySelectorAll('table td').length,
        result: el.shadowRoot.querySelector('output')?.textContent ?? null,
        bits: [...el.shadowRoot.querySelectorAll('.bit-row .bit')].map((b) => b.textContent).join(''),
      })));
    }
    assert.deepEqual(figures.map((f) => f.error), [null, null, null, null]);
    assert.ok(figures[0].tableCells > 0, 'the table view drew a table');
    // Code 29 in both 8-bit formats: its bits, most significant first.
    assert.deepEqual(figures.slice(1, 3).map((f) => f.bits), ['00011101', '00011101']);
    // NumPy's promote_types(int8, uint8) is int16.
    assert.equal(figures[3].result, 'int8 ∨ uint8 = int16');
    assert.deepEqual(errors, [], 'console errors and failed requests');
  } finally {
    await page.close();
    await server.close();
  }
});
