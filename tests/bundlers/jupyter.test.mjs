// The element in a Jupyter Notebook (Debian's jupyter-notebook, classic Notebook 6), as a notebook author uses it:
// the packed package extracted into node_modules/ of the notebook's folder (what `npm install` there does), a
// code cell displaying HTML that loads the element from the notebook server's own /files/ route, run with the
// kernel in Chromium: a rendered figure with the join, and no console error of ours.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { launchBrowser, missingPrerequisite, newPage } from '../browser/harness.mjs';
import { freePort } from './free-port.mjs';
import { packWeb } from './pack.mjs';

// The cell docs/embedding.md ("Jupyter and notebooks") gives.
const CELL = `from IPython.display import HTML
HTML('''<script type="module" src="/files/node_modules/typelattice/dist/type-lattice.mjs"></script>
<type-lattice system="jax" select="float16,bfloat16"></type-lattice>''')`;

const missing = missingPrerequisite() ??
  (spawnSync('jupyter-notebook', ['--version']).status !== 0
    ? 'jupyter-notebook is missing: run scripts/install-deps.sh test' : null);

let work, browser, server;

// Starts the notebook server on `root` with its own config, data and runtime folders; resolves { url, stop }.
async function startNotebook(root) {
  const port = await freePort();
  const env = { ...process.env, JUPYTER_CONFIG_DIR: path.join(work, 'config'),
                JUPYTER_DATA_DIR: path.join(work, 'data'), JUPYTER_RUNTIME_DIR: path.join(work, 'runtime'),
                IPYTHONDIR: path.join(work, 'ipython') };
  const proc = spawn('jupyter-notebook', ['--no-browser', '--allow-root', '--ip=127.0.0.1', `--port=${port}`,
    '--port-retries=0', "--NotebookApp.token=''", "--NotebookApp.password=''", `--notebook-dir=${root}`],
  { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const stop = () => { try { process.kill(-proc.pid, 'SIGTERM'); } catch { /* already gone */ } };
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { stop(); reject(new Error(`the notebook server did not start: ${out}`)); }, 60000);
    const read = (d) => {
      out += d;
      if (out.includes(`http://127.0.0.1:${port}/`)) { clearTimeout(timer); resolve(`http://127.0.0.1:${port}/`); }
    };
    proc.stdout.on('data', read);
    proc.stderr.on('data', read);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the notebook server exited ${code}: ${out}`));
    });
  });
  return { url, stop };
}

before(async () => {
  if (missing) throw new Error(missing);
  work = mkdtempSync(path.join(tmpdir(), 'typelattice-jupyter-'));
  const root = path.join(work, 'notebooks');
  const pkg = path.join(root, 'node_modules/typelattice');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['xzf', packWeb(work).tarball, '-C', pkg, '--strip-components=1']);
  writeFileSync(path.join(root, 'lattice.ipynb'), JSON.stringify({
    cells: [{ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source: CELL }],
    metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' } },
    nbformat: 4, nbformat_minor: 5,
  }));
  server = await startNotebook(root);
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('Jupyter Notebook: a cell displaying the element draws the figure', async () => {
  const errors = [];
  const page = await newPage(browser.context, errors);
  await page.goto(`${server.url}notebooks/lattice.ipynb`);
  await page.waitForFunction(() => window.Jupyter?.notebook?.kernel?.is_connected?.(), null, { timeout: 60000 });
  await page.evaluate(() => window.Jupyter.notebook.execute_all_cells());
  await page.waitForFunction(() => document.querySelector('.output_area type-lattice')?.dataset.ready === 'true', null,
                             { timeout: 60000 });
  const seen = await page.evaluate(() => {
    const root = document.querySelector('.output_area type-lattice').shadowRoot;
    return { result: root.querySelector('output').textContent, nodes: root.querySelectorAll('svg .tl-node').length,
             joinNode: root.querySelector('svg .tl-node.join .tl-node-label')?.textContent ?? null };
  });
  assert.equal(seen.result, 'float16 ∨ bfloat16 = float32');
  assert.ok(seen.nodes >= 10, `${seen.nodes} lattice nodes drawn`);
  assert.equal(seen.joinNode, 'float32');
  // Debian's notebook configuration loads the ipywidgets nbextension (widgets/notebook/js/extension.js), which
  // the jupyter-notebook package does not install: the host's own 404, reported as the request, a generic
  // "Failed to load resource" line and the refused script. Everything else counts.
  const hostMissing = errors.filter((e) => e.includes('/nbextensions/widgets/') && e.startsWith('HTTP 404')).length;
  let genericAllowed = hostMissing;
  const ours = errors.filter((e) => {
    if (e.includes('/nbextensions/widgets/')) return false;
    if (/^console: Failed to load resource: .* 404/.test(e) && genericAllowed > 0) {
      genericAllowed -= 1;
      return false;
    }
    return true;
  });
  assert.deepEqual(ours, []);
  await page.close();
});
