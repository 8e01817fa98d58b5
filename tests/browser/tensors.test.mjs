// The Tensors view in Chromium: a file this test writes (tests/js/module/tensor-files.mjs) set on #tensor-file is read
// by the view's workers, a share of its tensors each; the list names its tensors, the metrics of each tensor carry the
// SQNR that `typelattice analyze --format json` gives, sorted highest first, and the block SQNR distributions its
// figures; a worst block opens in the Blocks view with its values; Cancel stops a large file's reading; a bad file
// shows the core's message; the page says nothing is uploaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setUp, openPlayground, ROOT } from './harness.mjs';
import { corpus, normal, safetensors } from '../js/module/tensor-files.mjs';

const CLI = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
let env;
let dir;
before(async () => {
  env = await setUp();
  dir = mkdtempSync(path.join(tmpdir(), 'typelattice-tensors-view-'));
});
after(async () => {
  await env.tearDown();
  rmSync(dir, { recursive: true, force: true });
});

function writeFile(name, bytes) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

// The same double up to the last bits: SQNR is 10 log10(...), and glibc's log10 (the CLI) and musl's (the module)
// may differ by an ulp.
function assertSameSqnr(shown, expected, where) {
  if (expected === null) {
    assert.equal(shown, 'inf', where);
    return;
  }
  assert.ok(Math.abs(Number(shown) - expected) <= 1e-12 * Math.abs(expected), `${where}: ${shown} vs the CLI's ${expected}`);
}

const shownMetrics = (page) => page.evaluate(() => [...document.querySelectorAll('#tensor-metrics [data-format]')]
  .map((row) => ({ format: row.dataset.format, sqnr: row.dataset.sqnr })));

test('the list, and every tensor\'s metrics carry the CLI\'s SQNR, highest first', async () => {
  const file = writeFile('model.safetensors', corpus()['model.safetensors']);
  const run = spawnSync(CLI, ['analyze', file, '--format', 'json', '--worst', '5'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(run.status, 0, run.stderr);
  const expected = JSON.parse(run.stdout).files[0].tensors;
  const page = await env.page();
  // Three cores: three workers read a share of the tensors each, and the view joins their reports in file order.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3 }));
  await openPlayground(page, env.url, '#view=tensors');
  assert.match(await page.textContent('#view-tensors'), /uploads nothing/);
  await page.setInputFiles('#tensor-file', file);
  await page.waitForSelector('#tensor-metrics [data-format]', { timeout: 60000 });
  assert.equal(page.workers().filter((w) => w.url().endsWith('/tensors-worker.js')).length, 3);
  const names = await page.$$eval('#tensor-list [data-tensor]', (items) => items.map((i) => i.dataset.tensor));
  assert.deepEqual(names, expected.map((t) => t.name));
  for (const tensor of expected) {
    await page.click(`#tensor-list [data-tensor="${tensor.name}"]`);
    await page.waitForFunction((name) => document.querySelector(`#tensor-list [data-tensor="${name}"]`)
      .getAttribute('aria-pressed') === 'true', tensor.name);
    const shown = await shownMetrics(page);
    assert.deepEqual(shown.map((r) => r.format).sort(), tensor.targets.map((t) => t.format).sort(), tensor.name);
    for (const target of tensor.targets) {
      const row = shown.find((r) => r.format === target.format);
      assertSameSqnr(row.sqnr, target.sqnr_db, `${tensor.name} ${target.format}`);
    }
    // Each block target's distribution: the CLI's figures, 'inf' when exact.
    const distributions = await page.$$eval('#tensor-block-sqnr [data-format]', (rows) => rows.map((r) => ({
      format: r.dataset.format, blocks: Number(r.dataset.blocks), exact: Number(r.dataset.exact), min: r.dataset.min,
      p1: r.dataset.p1, median: r.dataset.median })));
    const blockTargets = tensor.targets.filter((t) => t.block_sqnr_db);
    assert.deepEqual(distributions.map((d) => d.format), blockTargets.map((t) => t.format), tensor.name);
    for (const target of blockTargets) {
      const d = distributions.find((r) => r.format === target.format);
      const want = target.block_sqnr_db;
      assert.deepEqual([d.blocks, d.exact], [want.blocks, want.exact], `${tensor.name} ${target.format}`);
      for (const key of ['min', 'p1', 'median']) {
        if (want.blocks === 0) assert.equal(d[key], '', `${tensor.name} ${target.format} ${key}`);
        else assertSameSqnr(d[key], want[key], `${tensor.name} ${target.format} ${key}`);
      }
    }
    // The rows in the core's order (the CLI's JSON's rank, the app's panel): the highest SQNR first, the best
    // first among SQNRs within 1e-6 dB.
    assert.deepEqual(shown.map((r) => r.format), [...tensor.targets].sort((a, b) => a.rank - b.rank).map((t) => t.format),
                     `${tensor.name}: the CLI's order`);
    const measured = shown.filter((r) => tensor.targets.find((t) => t.format === r.format).measured > 0)
      .map((r) => (r.sqnr === 'inf' ? Infinity : Number(r.sqnr)));
    measured.slice(1).forEach((sqnr, i) => assert.ok(sqnr <= measured[i] + 1e-6, `${tensor.name}: sorted by SQNR`));
  }
  // The whole file: the CLI's summary, joined from three workers' shares; a worst tensor opens on a click.
  const summary = JSON.parse(run.stdout).files[0].summary;
  const summaryRows = await page.$$eval('#tensor-summary [data-format]', (rows) => rows.map((r) => ({
    format: r.dataset.format, sqnr: r.dataset.sqnr, worst: r.querySelector('[data-worst-tensor]')?.dataset.worstTensor ?? null })));
  assert.deepEqual(summaryRows.map((r) => r.format), [...summary.targets].sort((a, b) => a.rank - b.rank).map((t) => t.format));
  for (const target of summary.targets) {
    const row = summaryRows.find((r) => r.format === target.format);
    assertSameSqnr(row.sqnr, target.sqnr_db, `the file, ${target.format}`);
    assert.equal(row.worst, target.worst_tensor, `the file, ${target.format}'s worst tensor`);
  }
  assert.match(await page.textContent('#tensor-summary h2'), new RegExp(`${summary.tensors} tensors, ${summary.count} values`));
  const worstTensor = summary.targets.find((t) => t.worst_tensor !== null).worst_tensor;
  await page.click(`#tensor-summary [data-worst-tensor="${worstTensor}"]`);
  await page.waitForFunction((name) => document.querySelector(`#tensor-list [data-tensor="${name}"]`)
    .getAttribute('aria-pressed') === 'true', worstTensor);
  // The histogram: a bar per binade the tensor has, and a range lane per target.
  await page.click('#tensor-list [data-tensor="layers.1.outlier"]');
  const outlier = expected.find((t) => t.name === 'layers.1.outlier');
  await page.waitForFunction(() => document.querySelector('#tensor-title').textContent.includes('layers.1.outlier'));
  const bars = await page.$$eval('#tensor-histogram [data-binade]', (r) => r.map((b) => Number(b.dataset.binade)));
  assert.ok(bars.includes(8), 'the outlier 300 is in binade 8');
  // Each bar's tooltip names its binade and count as the CLI's histogram has them ("1 value", "12 values").
  for (const [k, n] of Object.entries(outlier.stats.log2_histogram)) {
    if (!bars.includes(Number(k))) continue;
    assert.equal(await page.textContent(`#tensor-histogram [data-binade="${k}"] title`),
                 `2^${k} ≤ |x| < 2^${Number(k) + 1}: ${n} ${n === 1 ? 'value' : 'values'}`);
  }
  assert.ok(Object.keys(outlier.stats.log2_histogram).map(Number).every((k) => k < bars[0] || bars.includes(k)));
  assert.deepEqual(await page.$$eval('#tensor-histogram [data-range]', (g) => g.map((x) => x.dataset.range)),
                   outlier.targets.map((t) => t.target));
  // The filter.
  await page.fill('#tensor-filter', 'layers.1');
  assert.deepEqual(await page.$$eval('#tensor-list [data-tensor]', (items) => items.map((i) => i.dataset.tensor)),
                   ['layers.1.outlier', 'layers.1.bf16']);
  // A worst block opens in the Blocks view with its values.
  const link = await page.$('#tensor-worst a[href*="format=mxfp4_e2m1"]');
  const worst = outlier.targets.find((t) => t.format === 'mxfp4_e2m1').worst_blocks[0];
  assert.equal(Number(await link.getAttribute('data-block')), worst.index);
  await link.click();
  await page.waitForSelector('#view-blocks:not([hidden]) [data-element="0"][data-code]');
  const values = await page.inputValue('#block-values');
  assert.deepEqual(values.split(',').map(Number), worst.values);
  // The Blocks view's SQNR of that block is the CLI's.
  const blockSqnr = await page.evaluate((v) => window.typelatticePlayground.tl.quantizeBlock(v, 'mxfp4_e2m1')
    .statistics.sqnrDb, values.split(','));
  assert.ok(Math.abs(blockSqnr - worst.sqnr_db) < 1e-9, `${blockSqnr} vs ${worst.sqnr_db}`);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('Cancel stops the reading of a large file; a bad file shows the core\'s message', async () => {
  // 64 MiB of float32 against NVFP4 with its tensor scale (two passes): long enough to cancel midway.
  const big = writeFile('big.safetensors', safetensors([{ name: 'w', dtype: 'F32', shape: [4096, 4096],
    values: normal(4096 * 4096, 1, 11) }]));
  const page = await env.page();
  await openPlayground(page, env.url, '#view=tensors');
  await page.fill('#tensor-targets', 'nvfp4 mxfp4_e2m1');
  await page.setInputFiles('#tensor-file', big);
  await page.waitForFunction(() => Number(document.getElementById('tensor-progress').value) > 0, null, { timeout: 60000 });
  await page.click('#tensor-cancel');
  await page.waitForFunction(() => document.getElementById('tensor-progress').hidden);
  assert.match(await page.textContent('#tensor-progress-text'), /Cancelled/);
  assert.equal(await page.$$eval('#tensor-metrics [data-format]', (r) => r.length), 0);
  // A file cut short: the error names the tensor, as the CLI's does.
  const bytes = corpus()['model.safetensors'];
  const cut = writeFile('cut.safetensors', bytes.subarray(0, bytes.length - 10));
  const run = spawnSync(CLI, ['analyze', cut], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  await page.setInputFiles('#tensor-file', cut);
  await page.waitForSelector('#tensor-error:not([hidden])', { timeout: 60000 });
  assert.equal(`typelattice: ${path.dirname(cut)}/${await page.textContent('#tensor-error')}`, run.stderr.trim());
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a file of one tensor is counted as one', async () => {
  const file = writeFile('weights.npy', corpus()['weights.npy']);
  const page = await env.page();
  await openPlayground(page, env.url, '#view=tensors');
  await page.setInputFiles('#tensor-file', file);
  await page.waitForSelector('#tensor-metrics [data-format]', { timeout: 60000 });
  assert.match(await page.textContent('#tensor-progress-text'), /^weights\.npy: 1 tensor \(npy\), read in /);
  assert.equal(await page.textContent('#tensor-list-count'), '1 of 1 tensor');
  assert.ok(await page.$eval('#tensor-summary', (box) => box.hidden), 'one tensor: no summary, as the CLI prints none');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a file dropped on the page is read as a chosen one; zh-CN labels the view', async () => {
  const bytes = corpus()['weights.npy'];
  const page = await env.page();
  await openPlayground(page, env.url, '#view=tensors&lang=zh-CN');
  assert.equal(await page.textContent('#tab-tensors'), '张量');
  const transfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'weights.npy'));
    return dt;
  }, [...bytes]);
  await page.dispatchEvent('#tensor-drop', 'drop', { dataTransfer: transfer });
  await page.waitForSelector('#tensor-metrics [data-format]', { timeout: 60000 });
  // A .npy holds one tensor, with no name.
  assert.deepEqual(await page.$$eval('#tensor-list [data-tensor]', (items) => items.map((i) => i.dataset.tensor)), ['']);
  const file = writeFile('weights.npy', bytes);
  const run = spawnSync(CLI, ['analyze', file, '--format', 'json'], { encoding: 'utf8' });
  const expected = JSON.parse(run.stdout).files[0].tensors[0].targets;
  const shown = await shownMetrics(page);
  for (const target of expected) assertSameSqnr(shown.find((r) => r.format === target.format).sqnr, target.sqnr_db, target.format);
  await page.close();
  assert.deepEqual(env.errors, []);
});
