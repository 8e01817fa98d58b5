#!/usr/bin/env node
// What a page with one typelattice embed downloads: each page below is opened in headless Chromium (Debian's,
// via playwright-core) with web/dist served next to it; every file it requests from web/dist is recorded, and
// the page's weight is the sum of those files gzipped (gzip -9, as scripts/wasm-size.sh counts). Budgets:
//   lattice  <type-lattice select="float16,bfloat16">                          60 KB
//   bits     <type-lattice view="bits" format="float8_e4m3fn" code="0x1d">      80 KB
//   api      import createTypeLattice; await createTypeLattice() (whole module) 115 KB
// Usage: node scripts/page-weight.mjs [--json]   (needs web/dist built and tests/js/node_modules)
// Exits 1 when a page is over its budget, 2 when Chromium or playwright-core is missing.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;

/** The measured pages: name, budget in bytes, the page's body and module script, and what "ready" means. */
export const EMBED_PAGES = [
  { name: 'lattice', budget: 60 * KB, body: '<type-lattice select="float16,bfloat16"></type-lattice>',
    script: "import '/dist/type-lattice.mjs';" },
  { name: 'bits', budget: 80 * KB,
    body: '<type-lattice view="bits" format="float8_e4m3fn" code="0x1d"></type-lattice>',
    script: "import '/dist/type-lattice.mjs';" },
  { name: 'api', budget: 115 * KB, body: '<output id="out">loading</output>',
    script: "import createTypeLattice from '/dist/typelattice.mjs';\nconst tl = await createTypeLattice();\n" +
            "document.getElementById('out').textContent = tl.promoteTypes('float16', 'bfloat16') + ' ' + " +
            "tl.castValue('float8_e4m3fn', 1000).code;" },
];

/** Writes the pages into a new directory with web/dist linked as /dist; returns the directory. */
export function writeEmbedPages(dist = path.join(ROOT, 'web/dist')) {
  const dir = mkdtempSync(path.join(tmpdir(), 'typelattice-pages-'));
  symlinkSync(dist, path.join(dir, 'dist'), 'dir');
  for (const { name, body, script } of EMBED_PAGES) {
    writeFileSync(path.join(dir, `${name}.html`), `<!doctype html><html><head><meta charset="utf-8">
<title>${name}</title><link rel="icon" href="data:,"><script type="module" src="/${name}.mjs"></script></head>
<body>${body}</body></html>`);
    writeFileSync(path.join(dir, `${name}.mjs`), script);
  }
  return dir;
}

/** Opens /<name>.html and resolves, once the embed is drawn, to the paths it requested (in order). */
export async function openEmbedPage(context, origin, name, errors = []) {
  const { newPage } = await import('../tests/browser/harness.mjs');
  const page = await newPage(context, errors);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${origin}/${name}.html`);
  await page.waitForFunction(() => {
    const el = document.querySelector('type-lattice');
    const out = document.getElementById('out');
    return el ? el.dataset.ready === 'true' : out.textContent !== 'loading';
  }, null, { timeout: 30000 });
  return { page, requests };
}

const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

async function main() {
  const { missingPrerequisite, launchBrowser } = await import('../tests/browser/harness.mjs');
  const { serveDirectory } = await import('../tests/bundlers/static-server.mjs');
  const missing = missingPrerequisite();
  if (missing) {
    console.error(missing);
    process.exit(2);
  }
  const dir = writeEmbedPages();
  const server = await serveDirectory(dir);
  const browser = await launchBrowser();
  const results = [];
  try {
    for (const { name, budget } of EMBED_PAGES) {
      const errors = [];
      const { page, requests } = await openEmbedPage(browser.context, server.origin, name, errors);
      await page.close();
      if (errors.length) throw new Error(`${name}: ${errors.join('; ')}`);
      const files = [...new Set(requests.filter((p) => p.startsWith('/dist/')))]
        .map((p) => ({ file: p.slice('/dist/'.length), gzip: gzipped(path.join(dir, p)) }));
      const bytes = files.reduce((sum, f) => sum + f.gzip, 0);
      results.push({ name, bytes, budget, files });
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const { name, bytes, budget, files } of results) {
      console.log(`${name.padEnd(8)} ${kb(bytes).padStart(9)}  (budget ${kb(budget)}${bytes > budget ? ', OVER' : ''})  ` +
                  files.map((f) => `${f.file} ${kb(f.gzip)}`).join(', '));
    }
  }
  process.exit(results.some((r) => r.bytes > r.budget) ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
