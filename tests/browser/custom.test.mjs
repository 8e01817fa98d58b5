// Your lattice: editing, the live check with the counterexample highlighted, JSON import/export, and user
// names shown as text only (a name that is HTML must never become markup).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setUp, openPlayground } from './harness.mjs';

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
  assert.match(await page.textContent('#custom-check'), /nowhere/);
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
