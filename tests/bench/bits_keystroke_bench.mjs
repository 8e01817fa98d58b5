// What one keystroke costs in the playground's Bits view, in Debian's Chromium (playwright-core, as the browser
// tests launch it): values are typed into #value-input one key at a time, and for each input event the page
// records the time from the event to the view updated and laid out (the view renders synchronously in the event;
// the script then forces style and layout) and to the next frame (requestAnimationFrame, then a task after it).
// Usage: node tests/bench/bits_keystroke_bench.mjs [--root DIR] [--rounds N]
//   --root DIR   the tree to serve (default: this checkout); DIR/web/dist must hold its built module, so another
//                commit's playground is measured by building it in a scratch copy and passing that copy.
//   --rounds N   how many times the list of values is typed per scenario (default 8: about 300 keystrokes).
// Prints, per scenario, the keystrokes measured (the first round is a warm-up and not counted) and the median and
// 95th percentile of both times in ms, with the load average before and after (the machine may be shared).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

import { launchBrowser, newPage, openPlayground, startServer, ROOT } from '../browser/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const root = path.resolve(option('--root', ROOT));
const rounds = Number(option('--rounds', '8'));
if (!Number.isInteger(rounds) || rounds < 2) {
  console.error('--rounds must be an integer of at least 2 (the first round is a warm-up)');
  process.exit(2);
}
if (!existsSync(path.join(root, 'web/dist/typelattice.mjs'))) {
  console.error(`${root}/web/dist/typelattice.mjs is missing: build that tree's module first (cmake --preset wasm)`);
  process.exit(2);
}

// Typed one key at a time; each value's keystrokes cast a longer prefix of it (a '-' alone or '1e' does not read:
// the view then shows the reason, which is a keystroke too).
const VALUES = ['0.30000000000000004', '-448.5', '1e-3', '4.1', '65504.25'];
const SCENARIOS = [
  ['float8_e4m3fn, ties-to-even', '#view=bits&format=float8_e4m3fn'],
  ['float8_e4m3fn, stochastic (1000 draws)', '#view=bits&format=float8_e4m3fn&round=stochastic'],
  ['bfloat16, ties-to-even', '#view=bits&format=bfloat16'],
  // The tapered formats: each keystroke casts into all three and every built-in format, and regroups the fields.
  ['hif8 (tapered)', '#view=bits&format=hif8'],
  ['posit16 (tapered)', '#view=bits&format=posit16'],
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(page, url, hash) {
  await openPlayground(page, url, hash);
  await page.waitForSelector('#bit-layout .bit-field');   // a tapered format's part has loaded
  await page.evaluate(() => {
    window.benchTimes = [];
    const input = document.getElementById('value-input');
    // Added after the view's own listener, so it runs once the view has rendered.
    input.addEventListener('input', (e) => {
      if (input.value.trim() === '') return;   // clearing the field: not a keystroke of a value
      const start = e.timeStamp;
      void document.body.getBoundingClientRect();   // style and layout of what the view changed
      const updated = performance.now() - start;
      requestAnimationFrame(() => setTimeout(() => {
        window.benchTimes.push({ updated, frame: performance.now() - start });
      }, 0));
    });
  });
  const input = page.locator('#value-input');
  let warmUp = 0;
  for (let round = 0; round < rounds; ++round) {
    for (const value of VALUES) {
      await input.fill('');
      await input.focus();
      await page.keyboard.type(value, { delay: 40 });
      await page.waitForTimeout(50);
    }
    if (round === 0) warmUp = await page.evaluate(() => window.benchTimes.length);
  }
  await page.waitForTimeout(200);
  const times = await page.evaluate(() => window.benchTimes);
  return times.slice(warmUp);
}

const server = await startServer(['--root', root]);
const browser = await launchBrowser();
const errors = [];
try {
  console.log(`tree: ${root}`);
  console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log('scenario                                    keys  updated median  p95   next frame median  p95  (ms)');
  for (const [name, hash] of SCENARIOS) {
    const page = await newPage(browser.context, errors);
    const times = await measure(page, server.url, hash);
    await page.close();
    const updated = times.map((t) => t.updated).sort((a, b) => a - b);
    const frame = times.map((t) => t.frame).sort((a, b) => a - b);
    console.log(`${name.padEnd(42)} ${String(times.length).padStart(5)}  ${quantile(updated, 0.5).toFixed(2).padStart(13)} ` +
                `${quantile(updated, 0.95).toFixed(2).padStart(6)}  ${quantile(frame, 0.5).toFixed(2).padStart(17)} ` +
                `${quantile(frame, 0.95).toFixed(2).padStart(6)}`);
  }
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  if (errors.length) {
    console.error(`errors in the page:\n${errors.join('\n')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.stop();
}
