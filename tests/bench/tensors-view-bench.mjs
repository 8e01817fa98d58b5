// The Tensors view's speed in Chromium (Debian's, via playwright-core): a float32 safetensors file of SIZE MB
// (default 100; TENSORS tensors of [rows, 4096] normal values, default one) against TARGETS (default mxfp8_e4m3,
// mxfp4_e2m1 and nvfp4), from the file chosen (the input's change event) to the metrics table shown (its first row
// in the DOM), RUNS times (default 5), each in a fresh page whose workers have loaded the module's tensors part (the view reads a share of the tensors
// in each of its workers, one per core: one tensor takes one). Prints each time, the median and the machine's load;
// the goal is 1.5 s for 100 MB (docs/tensor-analysis.md), a goal, not a pass/fail.
// Usage: node tests/bench/tensors-view-bench.mjs [--size MB] [--tensors T] [--runs N] [--to "TARGET ..."]
// (needs web/dist and tests/js/node_modules)
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, missingPrerequisite, newPage, openPlayground, startServer } from '../browser/harness.mjs';
import { normal } from '../js/module/tensor-files.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const sizeMb = arg('size', 100);
const runs = arg('runs', 5);
const tensorCount = arg('tensors', 1);
const toIndex = process.argv.indexOf('--to');
const targets = toIndex >= 0 ? process.argv[toIndex + 1] : 'mxfp8_e4m3 mxfp4_e2m1 nvfp4';
const missing = missingPrerequisite();
if (missing) {
  console.error(missing);
  process.exit(2);
}

// The file, written a row block at a time: 8-byte header length, the JSON header (padded to 8), the data.
const cols = 4096;
const rows = Math.round((sizeMb * 1e6) / 4 / cols / tensorCount);
const dir = mkdtempSync(path.join(tmpdir(), 'typelattice-tensors-bench-'));
const file = path.join(dir, 'bench.safetensors');
const bytesEach = rows * cols * 4;
const entries = Array.from({ length: tensorCount }, (_, k) => [`weight.${k}`,
  { dtype: 'F32', shape: [rows, cols], data_offsets: [k * bytesEach, (k + 1) * bytesEach] }]);
let header = JSON.stringify(Object.fromEntries(entries));
header += ' '.repeat((8 - (header.length % 8)) % 8);
const fd = openSync(file, 'w');
const length = Buffer.alloc(8);
length.writeBigUInt64LE(BigInt(header.length));
writeSync(fd, length);
writeSync(fd, header);
const chunk = normal(256 * cols, 0.02, 7);
for (let k = 0; k < tensorCount; ++k) {
  for (let r = 0; r < rows; r += 256) {
    const n = Math.min(256, rows - r) * cols;
    writeSync(fd, new Uint8Array(chunk.buffer, 0, n * 4));
  }
}
closeSync(fd);

const server = await startServer();
const browser = await launchBrowser();
const times = [];
try {
  for (let i = 0; i < runs; ++i) {
    const errors = [];
    const page = await newPage(browser.context, errors);
    await openPlayground(page, server.url, '#view=tensors');
    await page.waitForSelector('#tensor-file');
    await page.fill('#tensor-targets', targets);
    await page.press('#tensor-targets', 'Tab');
    // Let the worker fetch and compile the tensors part, as it does while a person picks the file.
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      window.benchTimes = {};
      document.getElementById('tensor-file').addEventListener('change', () => { window.benchTimes.chosen = performance.now(); },
                                                              { capture: true });
      new MutationObserver((_, observer) => {
        if (document.querySelector('#tensor-metrics [data-format]')) {
          window.benchTimes.shown = performance.now();
          observer.disconnect();
        }
      }).observe(document.getElementById('tensor-metrics'), { childList: true, subtree: true });
    });
    await page.setInputFiles('#tensor-file', file);
    await page.waitForFunction(() => window.benchTimes.shown !== undefined, null, { timeout: 120000 });
    const { chosen, shown } = await page.evaluate(() => window.benchTimes);
    times.push(shown - chosen);
    await page.close();
    if (errors.length) throw new Error(errors.join('; '));
    console.log(`run ${i + 1}: ${((shown - chosen) / 1000).toFixed(3)} s`);
  }
} finally {
  await browser.close();
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`${sizeMb} MB float32 (${tensorCount} x [${rows}, ${cols}]) against ${targets}, file chosen to table shown: ` +
            `median ${(median / 1000).toFixed(3)} s of ${runs} runs (goal 1.5 s); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
