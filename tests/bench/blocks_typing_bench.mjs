// The Blocks view under typing, in Chromium (Debian's, through playwright-core as the browser tests): for 1 000
// and 10 000 values, the longest main-thread task (Long Tasks API: every task over 50 ms) while the values are
// pasted and while nine characters are typed at their end (120 ms apart); the longest input event (Event Timing:
// from the key to the next paint); the time from the last key until the page shows the typed values' blocks;
// the longest of the view's own steps while typing (its User Timing measures, typelattice-blocks-*: render, the
// worker's answer drawn, a page of blocks; '-' for a version without them); and the longest task while a link
// of about 4 KB of values opens.
// Usage: node tests/bench/blocks_typing_bench.mjs [--root DIR] [--runs N] [--sizes 1000,10000] [--no-link]
//   --root: a checkout to serve instead of this one (with a built web/dist), e.g. another branch's files to
//   compare against; --runs: repetitions per size (default 3), the worst of each figure is printed; --sizes:
//   the value counts; --no-link: skip the link. Each size's line is printed as soon as it is measured.
import { startServer, launchBrowser, missingPrerequisite } from '../browser/harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const root = option('--root', null);
const runs = Number(option('--runs', '3'));
const sizes = option('--sizes', '1000,10000').split(',').map(Number);
const missing = missingPrerequisite();
if (missing) {
  console.error(missing);
  process.exit(2);
}

// Values as a person pastes them: four significant digits, a normal distribution (mulberry32, seed 1).
function values(count) {
  let a = 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
  return Array.from({ length: count }, () =>
    String(Number((Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())).toPrecision(4)))).join(', ');
}

// Records every long task and input event of the page from its start.
const RECORDER = () => {
  window.benchLongTasks = [];
  window.benchEvents = [];
  window.benchView = [];
  new PerformanceObserver((list) => window.benchView.push(...list.getEntries().filter((e) => e.name.startsWith('typelattice-blocks'))
    .map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'measure', buffered: true });
  new PerformanceObserver((list) => window.benchLongTasks.push(...list.getEntries().map((e) => ({ start: e.startTime,
    duration: e.duration })))).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => window.benchEvents.push(...list.getEntries().filter((e) => e.interactionId)
    .map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'event', buffered: true, durationThreshold: 16 });
};

const now = (page) => page.evaluate(() => performance.now());
const worst = (page, from, to) => page.evaluate(([a, b]) => {
  const within = (list) => list.filter((e) => e.start >= a && e.start <= b).map((e) => e.duration);
  return { task: Math.max(0, ...within(window.benchLongTasks)), event: Math.max(0, ...within(window.benchEvents)),
           tasks: within(window.benchLongTasks).length, view: Math.max(0, ...within(window.benchView)) };
}, [from, to]);

// The SQNR cell the side-by-side table's current row (the format and mode shown) shows for `text`, asked of
// the module before a measurement starts, so that waiting for it costs the page nothing.
const expectedSqnr = (page, text) => page.evaluate((t) => {
  const tl = window.typelatticePlayground.tl;
  const { format, mode } = document.querySelector('#block-compare tr.current').dataset;
  return tl.quantizeSummary(t.split(/[\s,]+/).filter(Boolean), format, { scaleMode: mode }).blocks
    .map((b) => (Number.isFinite(b.statistics.sqnrDb) ? b.statistics.sqnrDb.toFixed(2) : String(b.statistics.sqnrDb)))
    .join(' / ');
}, text);

// Until the view shows the blocks of `text`: the current row's SQNR is the expected one, the first element is
// drawn, no error, no job running; then two frames.
async function settled(page, sqnr) {
  await page.waitForFunction((want) => {
    const progress = document.getElementById('block-progress');
    const row = document.querySelector('#block-compare tr.current');
    return row?.cells[3].textContent === want && document.querySelector('[data-element="0"]')
      && (!progress || progress.hidden) && document.getElementById('block-values-error').hidden;
  }, sqnr, { timeout: 900000, polling: 50 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(300);
}

const server = await startServer(root ? ['--root', root] : []);
const browser = await launchBrowser();
const ms = (v) => (v === 0 ? '<50' : v.toFixed(0)).padStart(8);
console.log(`Blocks view, Chromium, ${root ?? 'this checkout'}; worst of ${runs} runs; longest main-thread task in ms` +
            ' (<50: no long task)');
console.log('  values     paste    typing  tasks>50  key->paint  settle ms  view ms');
try {
  for (const count of sizes) {
    const text = values(count);
    const figure = { count, paste: 0, typing: 0, typingEvent: 0, typingTasks: 0, settle: 0, view: 0 };
    for (let run = 0; run < runs; ++run) {
      const page = await browser.context.newPage();
      page.setDefaultTimeout(900000);  // a version that freezes may take minutes to take the text
      await page.addInitScript(RECORDER);
      await page.goto(`${server.url}/#view=blocks`);
      await page.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
      await settled(page, await expectedSqnr(page, await page.inputValue('#block-values')));
      let want = await expectedSqnr(page, text);
      let start = await now(page);
      await page.fill('#block-values', text);
      await settled(page, want);
      figure.paste = Math.max(figure.paste, (await worst(page, start, await now(page))).task);
      await page.focus('#block-values');
      await page.keyboard.press('Control+End');
      want = await expectedSqnr(page, `${text}, 1.375e0`);
      start = await now(page);
      for (const key of ', 1.375e0') await page.keyboard.type(key, { delay: 0 }).then(() => page.waitForTimeout(120));
      const typed = await now(page);
      await settled(page, want);
      const done = await now(page);
      const w = await worst(page, start, done);
      figure.typing = Math.max(figure.typing, w.task);
      figure.typingEvent = Math.max(figure.typingEvent, w.event);
      figure.typingTasks = Math.max(figure.typingTasks, w.tasks);
      figure.view = Math.max(figure.view, w.view);
      figure.settle = Math.max(figure.settle, done - typed);
      await page.close();
    }
    const r = figure;
    console.log(`${String(r.count).padStart(8)}  ${ms(r.paste)}  ${ms(r.typing)}  ${String(r.typingTasks).padStart(8)}` +
                `  ${r.typingEvent.toFixed(0).padStart(10)}  ${r.settle.toFixed(0).padStart(9)}` +
                `  ${r.view ? r.view.toFixed(0).padStart(7) : '      -'}`);
  }
  if (args.includes('--no-link')) throw new Error('skipped');
  // A link of about 4 KB of values (the longest every version of the link reader takes), opened in a fresh page.
  const words = values(2000).replace(/ /g, '').split(',');
  while (words.join(',').length > 4000) words.pop();
  const helper = await browser.context.newPage();
  await helper.goto(`${server.url}/#view=blocks`);
  await helper.waitForSelector('html[data-ready="true"]', { timeout: 30000 });
  let linkTask = 0;
  const linkWant = await expectedSqnr(helper, words.join(','));
  await helper.close();
  for (let run = 0; run < runs; ++run) {
    const fresh = await browser.context.newPage();
    await fresh.addInitScript(RECORDER);
    await fresh.goto(`${server.url}/#view=blocks&values=${words.join(',')}`);
    await fresh.waitForSelector('html[data-ready="true"]', { timeout: 60000 });
    await settled(fresh, linkWant);
    linkTask = Math.max(linkTask, (await worst(fresh, 0, await now(fresh))).task);
    await fresh.close();
  }
  console.log(`opening a link of ${words.length} values (about 4 KB): longest task ${ms(linkTask).trim()} ms`);
} catch (e) {
  if (e.message !== 'skipped') throw e;
} finally {
  await browser.close();
  server.stop();
}
