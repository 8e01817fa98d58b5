// The Table view of the user's own lattice: opened from Your lattice, its cells are the joins worked out by hand,
// its CSV, Markdown and JSON exports hold them, and its CSV is what `typelattice table --lattice -` prints for the
// same graph.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setUp, openPlayground, settledUrl, ROOT } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const CLI = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
const cellText = async (page, row, col) =>
  page.$eval(`#promotion-table td[data-row="${row}"][data-col="${col}"]`, (td) => td.textContent);
const exported = async (page, button) => {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
};

// The diamond A -> B, A -> C, B -> D, C -> D, by hand: a node with itself is itself, A with X is X (A is below
// every node), B with C is D (the only node above both), D with anything is D.
const DIAMOND_CSV = ',A,B,C,D\nA,A,B,C,D\nB,B,B,D,D\nC,C,D,C,D\nD,D,D,D,D\n';
const DIAMOND_CELLS = [['A', 'B', 'C', 'D'], ['B', 'B', 'D', 'D'], ['C', 'D', 'C', 'D'], ['D', 'D', 'D', 'D']];

test('the diamond built in Your lattice opens as a table; its exports hold the joins; the CLI prints the same CSV', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  await page.selectOption('#custom-preset', '');
  await page.click('#custom-load');
  for (const n of ['A', 'B', 'C', 'D']) {
    await page.fill('#custom-node-name', n);
    await page.click('#custom-add-node');
  }
  for (const [from, to] of [['A', 'B'], ['A', 'C'], ['B', 'D'], ['C', 'D']]) {
    await page.selectOption('#custom-from', from);
    await page.selectOption('#custom-to', to);
    await page.click('#custom-add-edge');
  }
  const graphJson = await page.inputValue('#custom-json');
  await page.click('#custom-open-table');
  assert.equal(await page.isVisible('#view-table'), true);
  assert.match(await settledUrl(page), /view=table&.*table=lattice/);
  // The system's toolbar and the comparison belong to the system tables, not to a user's graph.
  assert.equal(await page.isVisible('#system-bar'), false);
  assert.equal(await page.isVisible('#compare-select'), false);
  assert.equal(await page.inputValue('#table-source'), 'lattice');
  assert.match(await page.textContent('#view-table .intro'), /^Your lattice as a table: each cell is the least upper bound/);
  assert.equal(await cellText(page, 'B', 'C'), 'D');
  assert.equal(await cellText(page, 'C', 'B'), 'D');
  assert.equal(await cellText(page, 'A', 'B'), 'B');
  assert.equal(await cellText(page, 'C', 'C'), 'C');
  assert.equal(await cellText(page, 'D', 'A'), 'D');
  assert.equal(await page.$$eval('#promotion-table td.no-join', (els) => els.length), 0);
  assert.equal(await page.textContent('#table-codes'), '');

  const csv = await exported(page, '#export-csv');
  assert.equal(csv.name, 'typelattice-table-lattice.csv');
  assert.equal(csv.text, DIAMOND_CSV);
  const md = await exported(page, '#export-md');
  assert.equal(md.name, 'typelattice-table-lattice.md');
  assert.match(md.text, /^\| \| A \| B \| C \| D \|\n\|---\|---\|---\|---\|---\|\n/);
  assert.ok(md.text.includes('| **B** | B | B | D | D |\n'), md.text);
  assert.ok(md.text.includes('| **C** | C | D | C | D |\n'), md.text);
  const json = await exported(page, '#export-json');
  assert.equal(json.name, 'typelattice-table-lattice.json');
  assert.deepEqual(JSON.parse(json.text), { types: ['A', 'B', 'C', 'D'], cells: DIAMOND_CELLS });

  // The same graph, as the JSON box holds it, through the CLI: the same CSV byte for byte, the same JSON cells.
  const cliCsv = spawnSync(CLI, ['table', '--lattice', '-', '--format', 'csv'], { input: graphJson, encoding: 'utf8' });
  assert.equal(cliCsv.status, 0, cliCsv.stderr);
  assert.equal(cliCsv.stdout, csv.text);
  const cliJson = spawnSync(CLI, ['table', '--lattice', '-', '--format', 'json'], { input: graphJson, encoding: 'utf8' });
  const fromCli = JSON.parse(cliJson.stdout);
  assert.deepEqual([fromCli.types, fromCli.cells], [['A', 'B', 'C', 'D'], DIAMOND_CELLS]);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('not a lattice: a pair with no join is marked, exported as "-" as the CLI does, and a click shows why', async () => {
  // A -> B, A -> C and nothing above B and C: B with C has no upper bound at all.
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table&table=lattice&nodes=A,B,C&edges=0-1,0-2');
  assert.equal(await cellText(page, 'B', 'C'), '–');
  assert.ok(await page.$eval('#promotion-table td[data-row="B"][data-col="C"]', (td) => td.classList.contains('no-join')));
  assert.equal(await cellText(page, 'A', 'C'), 'C');
  assert.match(await page.textContent('#table-codes'), /no least upper bound/);
  const csv = await exported(page, '#export-csv');
  assert.equal(csv.text, ',A,B,C\nA,A,B,C\nB,B,B,-\nC,C,-,C\n');
  const json = await exported(page, '#export-json');
  assert.deepEqual(JSON.parse(json.text).cells, [['A', 'B', 'C'], ['B', 'B', null], ['C', null, 'C']]);
  const graph = JSON.stringify({ nodes: ['A', 'B', 'C'], edges: [['A', 'B'], ['A', 'C']] });
  const cli = spawnSync(CLI, ['table', '--lattice', '-', '--format', 'csv'], { input: graph, encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(cli.stdout, csv.text);
  // A click takes the pair to Your lattice, which says why there is no join.
  await page.click('#promotion-table td[data-row="B"][data-col="C"]');
  assert.equal(await page.isVisible('#view-custom'), true);
  assert.match(await settledUrl(page), /pick=B,C/);
  assert.equal(await page.textContent('#custom-join'), 'not a lattice: B and C have no common upper bound (nothing both promote to)');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('Table of: back to the system, in Chinese, and graphs the view does not tabulate', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table&table=lattice&nodes=A,B&edges=0-1&lang=zh-CN');
  assert.match(await page.textContent('#promotion-table caption'), /^自定义格\(2 个类型\):行 ∨ 列$/);
  assert.equal(await page.$eval('#table-source option[value="lattice"]', (o) => o.textContent), '自定义格');
  assert.match(await page.textContent('#view-table .intro'), /^把自定义格写成表/);
  await page.selectOption('#table-source', 'system');
  assert.match(await page.textContent('#view-table .intro'), /^同样的信息写成表/);
  assert.equal(await page.$$eval('#promotion-table tbody tr', (trs) => trs.length), 18);
  assert.equal(await page.isVisible('#system-bar'), true);
  assert.doesNotMatch(await settledUrl(page), /table=lattice/);
  // 65 types: more than the view tabulates; it says so and points at the CLI; nothing to export.
  const nodes = Array.from({ length: 65 }, (_, i) => `n${i}`).join(',');
  await openPlayground(page, env.url, `#view=table&table=lattice&nodes=${nodes}&lang=en`);
  assert.match(await page.textContent('#table-error'), /65 types; the Table view shows up to 64\. typelattice table --lattice FILE/);
  assert.equal(await page.isDisabled('#export-csv'), true);
  // A name given twice (possible only in a link): the core's words, no table.
  await openPlayground(page, env.url, '#view=table&table=lattice&nodes=A,A');
  assert.equal(await page.textContent('#table-error'), "node 'A' is listed twice");
  assert.equal(await page.$('#promotion-table'), null);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a system\'s table exports JSON too: what `typelattice table --format json` prints for it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table&system=jax&mode=strict');
  const json = await exported(page, '#export-json');
  assert.equal(json.name, 'typelattice-table-jax-strict.json');
  const cli = spawnSync(CLI, ['table', '--system', 'jax', '--mode', 'strict', '--format', 'json'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.deepEqual(JSON.parse(json.text), JSON.parse(cli.stdout));
  await page.close();
  assert.deepEqual(env.errors, []);
});
