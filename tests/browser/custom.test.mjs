// Your lattice: editing, the live check with the counterexample highlighted, JSON import/export, and user
// names shown as text only (a name that is HTML must never become markup).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setUp, openPlayground, ROOT } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const XSS = '<img src=x onerror=alert(1)>';

async function addNode(page, name) {
  await page.fill('#custom-node-name', name);
  await page.click('#custom-add-node');
}
async function addEdge(page, from, to) {
  await page.selectOption('#custom-from', from);
  await page.selectOption('#custom-to', to);
  await page.click('#custom-add-edge');
}

test('build A -> B, A -> C: not a lattice (B and C have no upper bound), then fix it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  await page.selectOption('#custom-preset', '');
  await page.click('#custom-load');
  for (const n of ['A', 'B', 'C']) await addNode(page, n);
  await addEdge(page, 'A', 'B');
  await addEdge(page, 'A', 'C');
  assert.ok(await page.$eval('#custom-check', (el) => el.classList.contains('bad')));
  const marked = await page.$$eval('#custom-figure [data-dtype].counterexample', (els) => els.map((e) => e.dataset.dtype).sort());
  assert.deepEqual(marked, ['B', 'C']);
  await addNode(page, 'D');
  await addEdge(page, 'B', 'D');
  await addEdge(page, 'C', 'D');
  assert.ok(await page.$eval('#custom-check', (el) => el.classList.contains('good')));
  assert.equal(await page.$$eval('#custom-figure [data-dtype].counterexample', (els) => els.length), 0);
  // Hovering A marks everything it may promote to.
  await page.hover('#custom-figure [data-dtype="A"]');
  const reach = await page.$$eval('#custom-figure [data-dtype].reachable', (els) => els.map((e) => e.dataset.dtype).sort());
  assert.deepEqual(reach, ['A', 'B', 'C', 'D']);
  // Selecting B and C shows their join D.
  await page.click('#custom-figure [data-dtype="B"]');
  await page.click('#custom-figure [data-dtype="C"]');
  assert.equal((await page.textContent('#custom-join')).trim(), 'D');
  assert.equal(await page.textContent('#custom-reason'), 'D: the least node that B and C both promote to in this graph (B → D; C → D)');
  // Two competing upper bounds: add E above B and C too -> no least upper bound.
  await addNode(page, 'E');
  await addEdge(page, 'B', 'E');
  await addEdge(page, 'C', 'E');
  assert.ok(await page.$eval('#custom-check', (el) => el.classList.contains('bad')));
  const competing = await page.$$eval('#custom-figure [data-dtype].competing', (els) => els.map((e) => e.dataset.dtype).sort());
  assert.deepEqual(competing, ['D', 'E']);
  // Removing an edge re-checks.
  const removeCE = await page.$('#custom-edges li:has-text("C → E") button');
  await removeCE.click();
  assert.equal(await page.$$eval('#custom-edges li', (els) => els.length), 5);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a cycle is reported and its edges marked', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  await page.fill('#custom-json', JSON.stringify({ nodes: ['x', 'y', 'z'], edges: [['x', 'y'], ['y', 'z'], ['z', 'x']] }));
  await page.click('#custom-import');
  assert.ok(await page.$eval('#custom-check', (el) => el.classList.contains('bad')));
  assert.match(await page.textContent('#custom-check'), /cycle/);
  assert.ok(await page.$$eval('#custom-figure .tl-edge.cycle-edge', (els) => els.length) >= 3);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a node named like HTML stays text everywhere', async () => {
  const page = await env.page();
  let dialogs = 0;
  page.on('dialog', (d) => { dialogs += 1; d.dismiss(); });
  await openPlayground(page, env.url, '#view=custom');
  await addNode(page, XSS);
  await addEdge(page, XSS, 'float32');
  const node = await page.$(`#custom-figure [data-dtype="${XSS.replace(/"/g, '\\"')}"]`);
  assert.ok(node, 'the node is drawn');
  assert.equal(await node.textContent(), XSS + XSS);   // label line + <title>
  assert.equal(await page.$$eval('img', (els) => els.length), 0);
  assert.match(await page.textContent('#custom-nodes'), /<img src=x onerror=alert\(1\)>/);
  assert.match(await page.inputValue('#custom-json'), /<img src=x onerror=alert\(1\)>/);
  await page.click(`#custom-figure [data-dtype="${XSS}"]`);
  await page.click('#custom-figure [data-dtype="float32"]');
  assert.equal((await page.textContent('#custom-join')).trim(), 'float32');
  // Through JSON import too.
  await page.fill('#custom-json', JSON.stringify({ nodes: [XSS, '<b>bold</b>'], edges: [[XSS, '<b>bold</b>']] }));
  await page.click('#custom-import');
  assert.equal(await page.$$eval('img, b', (els) => els.length), 0);
  assert.ok(await page.$('#custom-figure [data-dtype="<b>bold</b>"]'));
  await page.waitForTimeout(100);
  assert.equal(dialogs, 0);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('JSON: malformed input is explained; export gives what `typelattice check` reads', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  await page.fill('#custom-json', '{"nodes": ["a"], "edges": [["a", "nowhere"]]}');
  await page.click('#custom-import');
  assert.match(await page.textContent('#custom-json-error'), /nowhere/);
  await page.fill('#custom-json', '{"nodes": [1, 2]}');
  await page.click('#custom-import');
  assert.match(await page.textContent('#custom-json-error'), /nodes/);
  await page.fill('#custom-json', 'not json');
  await page.click('#custom-import');
  assert.ok((await page.textContent('#custom-json-error')).length > 0);
  await page.fill('#custom-json', JSON.stringify({ nodes: ['lo', 'hi'], edges: [['lo', 'hi']] }));
  await page.click('#custom-import');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#custom-export')]);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.deepEqual(exported, { nodes: ['lo', 'hi'], edges: [['lo', 'hi']] });
  await page.close();
  assert.deepEqual(env.errors, []);
});

// The box reads what `typelattice check` reads, with the same message for what it refuses.
test('JSON: the box and `typelattice check -` accept and refuse the same text, with the same words', async () => {
  const cli = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  const texts = [
    '{"nodes": [{"name": "a"}, {"name": "b", "x": 0.5}], "edges": [["a", "b"]]}',
    '{"nodes": ["a", "b",], "edges": []}',
    '{"nodes": ["a"], "edges": [["a", "nowhere"]]}',
    '{"nodes": ["a"], "nodes": ["b"]}',
    '{"nodes": ["a\\ud800b"]}',
    '{"nodes": ["a"], "edges": []}\u0000garbage',
    `{"nodes": ["a"], "title": ${'['.repeat(100)}${']'.repeat(100)}}`,
  ];
  for (const text of texts) {
    const r = spawnSync(cli, ['check', '-'], { input: text, encoding: 'utf8' });
    await page.fill('#custom-json', text);
    await page.click('#custom-import');
    const boxError = await page.textContent('#custom-json-error');
    if (r.status === 2) {
      assert.equal(boxError, r.stderr.trim().replace(/^typelattice: stdin: /, ''), text);
    } else {
      assert.equal(boxError, '', `${text}: the CLI read it (${r.stdout.trim()}), the box must too`);
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('JSON: text typed into the box survives Add type and a language switch until Apply', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  const mine = '{"nodes": ["p", "q"], "edges": [["p", "q"]]}';
  await page.fill('#custom-json', mine);
  await addNode(page, 'extra');
  assert.equal(await page.inputValue('#custom-json'), mine);
  assert.ok((await page.textContent('#custom-json-error')).length > 0, 'says the box is not applied yet');
  await page.selectOption('#lang-select', 'zh-CN');
  assert.equal(await page.inputValue('#custom-json'), mine);
  await page.selectOption('#lang-select', 'en');
  await page.click('#custom-import');
  assert.ok(await page.$('#custom-figure [data-dtype="q"]'));
  // Applied: the box follows the graph again.
  await addNode(page, 'r');
  assert.match(await page.inputValue('#custom-json'), /"r"/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

// Graphs of the largest supported size (4096 nodes), as `typelattice check` reads them.
function starJson(n, top = 'top') {
  const nodes = Array.from({ length: n - 1 }, (_, i) => `t${i}`);
  return JSON.stringify({ nodes: [...nodes, top], edges: nodes.map((x) => [x, top]) });
}
function gridJson(side) {
  const name = (i, j) => `g${i}_${j}`;
  const nodes = [];
  const edges = [];
  for (let i = 0; i < side; ++i) {
    for (let j = 0; j < side; ++j) {
      nodes.push(name(i, j));
      if (i + 1 < side) edges.push([name(i, j), name(i + 1, j)]);
      if (j + 1 < side) edges.push([name(i, j), name(i, j + 1)]);
    }
  }
  return JSON.stringify({ nodes, edges });
}
async function applyJson(page, text) {
  await page.$eval('#custom-json', (el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }, text);
  await page.click('#custom-import');
}
const verdict = '#custom-check:not([aria-busy]).good, #custom-check:not([aria-busy]).bad';
// Records whether the status box was ever busy (a warm worker can finish before a test looks).
async function watchBusy(page) {
  await page.$eval('#custom-check', (el) => {
    window.sawBusy = false;
    new MutationObserver(() => { window.sawBusy ||= el.getAttribute('aria-busy') === 'true'; })
      .observe(el, { attributes: true, attributeFilter: ['aria-busy'] });
  });
}

test('a 4096-node graph is read and checked in a worker: progress, then the verdict, and joins on it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  await applyJson(page, starJson(4096));
  // The page is not blocked: the status says what the worker is doing, with a Cancel button.
  await page.waitForSelector('#custom-check[aria-busy="true"] #custom-cancel');
  assert.match(await page.textContent('#custom-progress'), /checker|Reading|Checking/);
  await page.waitForSelector(verdict, { timeout: 60000 });
  assert.ok(await page.$eval('#custom-check', (el) => el.classList.contains('good')));
  assert.equal(await page.$$eval('#custom-figure [data-dtype]', (els) => els.length), 4096);
  // 4095 nodes in one layer overlap in the drawing: click them through their elements, not by position.
  await page.dispatchEvent('#custom-figure [data-dtype="t7"]', 'click');
  await page.dispatchEvent('#custom-figure [data-dtype="t4000"]', 'click');
  assert.equal((await page.textContent('#custom-join')).trim(), 'top');
  // Not a lattice, found in the worker: t0 and t1 now have two competing upper bounds.
  const split = JSON.parse(starJson(4096));
  split.nodes = split.nodes.filter((x) => x !== 't4093' && x !== 't4094');   // room for 'other' and one more
  split.nodes.push('other');
  split.edges = split.edges.filter(([a]) => a !== 't4093' && a !== 't4094');
  split.edges.push(['t0', 'other'], ['t1', 'other']);
  await watchBusy(page);
  await applyJson(page, JSON.stringify(split));
  await page.waitForFunction(() => window.sawBusy);
  await page.waitForSelector(verdict, { timeout: 60000 });
  assert.match(await page.textContent('#custom-check'), /t0 and t1 have 2 minimal upper bounds, top and other/);
  const competing = await page.$$eval('#custom-figure [data-dtype].competing', (els) => els.map((e) => e.dataset.dtype).sort());
  assert.deepEqual(competing, ['other', 'top']);
  // A small edit to the big graph is checked in the worker again.
  await watchBusy(page);
  await addNode(page, 'lonely');
  await page.waitForSelector('#custom-figure [data-dtype="lonely"]');
  await page.waitForSelector(verdict, { timeout: 60000 });
  assert.ok(await page.evaluate(() => window.sawBusy), 'the edit was checked in the worker');
  assert.match(await page.textContent('#custom-check'), /t0 and t1 have 2 minimal upper bounds/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a check in the worker can be cancelled; malformed large JSON gets the core\'s message', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=custom');
  const before = await page.$$eval('#custom-figure [data-dtype]', (els) => els.length);
  // A fresh page: the worker starts with this job (loading the module first), so Cancel is there to click.
  const grid = gridJson(64);
  await applyJson(page, grid);
  await page.click('#custom-check[aria-busy="true"] #custom-cancel');
  await page.waitForSelector('#custom-check:not([aria-busy]).bad');
  assert.match(await page.textContent('#custom-check'), /cancelled/);
  // Nothing is lost: the text stays in the box, the drawing is the last checked graph.
  assert.equal(await page.inputValue('#custom-json'), grid);
  assert.equal(await page.$$eval('#custom-figure [data-dtype]', (els) => els.length), before);
  // Apply again, and let it finish: the grid is a lattice.
  await page.click('#custom-import');
  await page.waitForSelector(verdict, { timeout: 60000 });
  assert.ok(await page.$eval('#custom-check', (el) => el.classList.contains('good')));
  // Malformed, and too large for the page: the worker's reader says what the CLI says.
  const broken = `${grid.slice(0, -2)},]}`;
  await applyJson(page, broken);
  await page.waitForSelector('#custom-check:not([aria-busy]).bad');
  const cli = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
  const r = spawnSync(cli, ['check', '-'], { input: broken, encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.equal(await page.textContent('#custom-json-error'), r.stderr.trim().replace(/^typelattice: stdin: /, ''));
  assert.equal(await page.inputValue('#custom-json'), broken);
  assert.equal(await page.$$eval('#custom-figure [data-dtype]', (els) => els.length), 4096);
  await page.close();
  assert.deepEqual(env.errors, []);
});
