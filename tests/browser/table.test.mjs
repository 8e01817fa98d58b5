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

test('compare with numpy marks exactly the cells where the two systems differ', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table');
  assert.equal(await page.$$eval('#promotion-table td.differs', (els) => els.length), 0);
  await page.selectOption('#compare-select', 'numpy');
  const marked = await page.$$eval('#promotion-table td[data-row]',
    (tds) => tds.map((td) => [td.dataset.row, td.dataset.col, td.classList.contains('differs')]));
  const { jax, numpy } = await page.evaluate(() => {
    const tl = window.typelatticePlayground.tl;
    const types = tl.dtypes().filter((d) => d.shortCode).map((d) => d.name);
    return { jax: tl.table({ system: 'jax', types }), numpy: tl.table({ system: 'numpy', types }) };
  });
  const at = (t, r, c) => t.cells[t.types.indexOf(r)][t.types.indexOf(c)];
  let differing = 0;
  for (const [r, c, isMarked] of marked) {
    const differs = numpy.types.includes(r) && numpy.types.includes(c) && at(jax, r, c) !== at(numpy, r, c);
    assert.equal(isMarked, differs, `${r} ∨ ${c}`);
    if (differs) ++differing;
  }
  assert.ok(differing > 0);
  // The JAX docs' own examples of differences: integer ∨ float keeps the float (i4 ∨ f2 = f2; NumPy widens),
  // i1 ∨ u8 is f* in JAX.
  assert.ok(await (await cell(page, 'int32', 'float16')).evaluate((td) => td.classList.contains('differs')));
  assert.ok(await (await cell(page, 'int8', 'uint64')).evaluate((td) => td.classList.contains('differs')));
  assert.ok(!(await (await cell(page, 'int8', 'int16')).evaluate((td) => td.classList.contains('differs'))));
  assert.match(await page.textContent('#compare-summary'), new RegExp(`^${differing} of 324`));
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
