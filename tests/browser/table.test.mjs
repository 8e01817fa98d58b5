// The Table view: the JAX docs' 18x18 table, compare colouring against another system, cell clicks select
// the pair on the lattice, Markdown/CSV export.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const cell = (page, row, col) => page.$(`#promotion-table td[data-row="${row}"][data-col="${col}"]`);

test('the JAX table has the docs\' 18 types and their cells', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table');
  assert.equal(await page.$$eval('#promotion-table tbody tr', (trs) => trs.length), 18);
  // Cells from the JAX docs' table (short codes as there): u1 ∨ i1 = i2, bf ∨ f2 = f4, i* ∨ u2 = u2.
  assert.equal((await (await cell(page, 'uint8', 'int8')).textContent()), 'i2');
  assert.equal((await (await cell(page, 'bfloat16', 'float16')).textContent()), 'f4');
  assert.equal((await (await cell(page, 'i*', 'uint16')).textContent()), 'u2');
  await page.check('#all-types-toggle');
  assert.ok(await page.$$eval('#promotion-table tbody tr', (trs) => trs.length) > 18);
  assert.match(await settledUrl(page), /all=1/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('compare with numpy: concrete answers compared, each difference classed and explained', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table');
  assert.equal(await page.$$eval('#promotion-table td.differs', (els) => els.length), 0);
  await page.selectOption('#compare-select', 'numpy');
  const marked = await page.$$eval('#promotion-table td[data-row]',
    (tds) => tds.map((td) => [td.dataset.row, td.dataset.col, td.dataset.kind || 'same', td.textContent]));
  const { jax, numpy } = await page.evaluate(() => {
    const tl = window.typelatticePlayground.tl;
    const types = tl.dtypes().filter((d) => d.shortCode).map((d) => d.name);
    return { jax: tl.table({ system: 'jax', types }), numpy: tl.table({ system: 'numpy', types }) };
  });
  // Independently of the core's classes: a weak result is the type it becomes with x64 on; a type NumPy cannot
  // promote with itself is one it does not have.
  const concrete = (d) => ({ 'i*': 'int64', 'f*': 'float64', 'c*': 'complex128' }[d] ?? d);
  const at = (t, r, c) => t.cells[t.types.indexOf(r)][t.types.indexOf(c)];
  const weak = (d) => d.endsWith('*');
  const integer = (d) => /^(bool|u?int\d+)$/.test(d);
  const inexact = (d) => /^(b?float|complex)/.test(d);
  const counts = {};
  for (const [r, c, kind] of marked) {
    let want = 'disagreement';
    if (at(numpy, r, r) === null || at(numpy, c, c) === null) want = 'missing-type';
    else if (concrete(at(jax, r, c)) === at(numpy, r, c)) want = 'same';
    else if (weak(r) || weak(c)) want = 'weak-scalar';
    else if ((integer(r) && inexact(c)) || (inexact(r) && integer(c))) want = 'integer-float';
    assert.equal(kind, want, `${r} ∨ ${c}`);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  // int64 ∨ uint64: JAX's f* is float64 with x64 on, NumPy's answer: no longer counted as a difference.
  assert.equal(await (await cell(page, 'int64', 'uint64')).evaluate((td) => td.dataset.kind ?? 'same'), 'same');
  // int32 ∨ float16: JAX keeps float16, NumPy widens; both shown, JAX's first.
  const i4f2 = await cell(page, 'int32', 'float16');
  assert.equal(await i4f2.evaluate((td) => td.dataset.kind), 'integer-float');
  assert.equal(await i4f2.evaluate((td) => td.textContent), 'f2 / f8');
  assert.equal(await (await cell(page, 'bfloat16', 'float32')).evaluate((td) => td.dataset.kind), 'missing-type');
  const differing = 324 - counts.same;
  const summary = await page.textContent('#compare-summary');
  assert.match(summary, new RegExp(`${differing} of 324 cells differ from numpy`));
  // The version of NumPy compared: its source, as systems() gives it (NumPy 2, NEP 50).
  const numpySource = await page.evaluate(() => window.typelatticePlayground.tl.systems().find((x) => x.name === 'numpy').source);
  assert.ok(summary.includes(`numpy: ${numpySource}`), summary);
  assert.match(summary, new RegExp(`${counts['integer-float']} integer with float, ${counts['missing-type']} with a type`));
  // One "why" per class that occurs.
  const why = await page.$$eval('#compare-why dt', (dts) => dts.map((dt) => dt.dataset.kind));
  assert.deepEqual(why, ['weak-scalar', 'integer-float', 'missing-type', 'disagreement'].filter((k) => counts[k]));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('clicking a cell selects that pair on the lattice', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table');
  await (await cell(page, 'float16', 'bfloat16')).click();
  assert.equal(await page.isVisible('#view-lattice'), true);
  const selected = await page.$$eval('#lattice-figure [data-dtype].selected', (els) => els.map((e) => e.dataset.dtype).sort());
  assert.deepEqual(selected, ['bfloat16', 'float16']);
  assert.equal((await page.textContent('#join-result')).trim(), 'float32');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('export the table as CSV and Markdown', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  const lines = readFileSync(await csv.path(), 'utf8').trim().split('\n');
  const header = lines[0].split(',');
  assert.equal(header[0], '');
  assert.equal(header.length, 19);
  const f16 = lines.find((l) => l.startsWith('float16,')).split(',');
  assert.equal(f16[header.indexOf('bfloat16')], 'float32');
  const [md] = await Promise.all([page.waitForEvent('download'), page.click('#export-md')]);
  const text = readFileSync(await md.path(), 'utf8');
  assert.match(text, /^\| \| bool \| uint8 /);
  assert.match(text, /\| \*\*float16\*\* \|/);
  await page.close();
  assert.deepEqual(env.errors, []);
});
