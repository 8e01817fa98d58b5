// The Design story: nodes stay still from stage to stage (every stage in the last stage's frame), the edges a
// stage adds are green and the ones it removes dashed (between the types it keeps or the faded ones it drops),
// the counts of gained, lost and changed joins expand on click, and the last stage is the Lattice view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, edgesThroughNodesInPage } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const placesIn = (page, figure) => page.$$eval(`${figure} [data-dtype]`, (gs) => Object.fromEntries(gs.map((g) => {
  const r = g.querySelector('rect');
  return [g.dataset.dtype, [r.getAttribute('x'), r.getAttribute('y'), r.getAttribute('width')].join(' ')];
})));
const viewBox = (page, figure) => page.$eval(`${figure} svg`, (s) => s.getAttribute('viewBox'));
const edgesIn = (page, figure, selector = 'path.tl-edge[data-from]') => page.$$eval(`${figure} ${selector}`,
  (ps) => ps.map((p) => `${p.dataset.from ?? p.dataset.removedFrom}->${p.dataset.to ?? p.dataset.removedTo}`).sort());

test('a type keeps its place in every stage, and the last stage is the Lattice view', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=story');
  const stages = await page.$$eval('#story-select option', (os) => os.length);
  assert.equal(stages, 14);
  const seen = {};
  let frame = null;
  for (let i = 0; i < stages; ++i) {
    await openPlayground(page, env.url, `#view=story&stage=${i}`);
    const box = await viewBox(page, '#story-figure');
    frame ??= box;
    assert.equal(box, frame, `stage ${i} is drawn on the same canvas`);
    for (const [name, place] of Object.entries(await placesIn(page, '#story-figure'))) {
      seen[name] ??= place;
      assert.equal(place, seen[name], `${name} moves in stage ${i}`);
    }
    const drawn = await page.evaluate(`(${edgesThroughNodesInPage})(document.getElementById('story-figure'))`);
    assert.deepEqual(drawn.through, [], `stage ${i}`);
  }
  const story = { places: await placesIn(page, '#story-figure'), edges: await edgesIn(page, '#story-figure'),
    box: await viewBox(page, '#story-figure') };
  await openPlayground(page, env.url, '');
  assert.deepEqual(story.places, await placesIn(page, '#lattice-figure'));
  assert.deepEqual(story.edges, await edgesIn(page, '#lattice-figure'));
  assert.equal(story.box, await viewBox(page, '#lattice-figure'));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('added edges are green, removed ones dashed; dropped types stay as faded ghosts', async () => {
  const page = await env.page();
  // Stage 13 (final) adds uint64 -> f* to option 3 with bfloat16.
  await openPlayground(page, env.url, '#view=story&stage=12');
  assert.deepEqual(await edgesIn(page, '#story-figure', 'path.tl-edge.added-edge'), ['uint64->f*']);
  assert.deepEqual(await edgesIn(page, '#story-figure', 'path.removed-edge'), []);
  const green = await page.$eval('#story-figure path.added-edge', (p) => getComputedStyle(p).stroke);
  const grey = await page.$eval('#story-figure path.tl-edge:not(.added-edge)', (p) => getComputedStyle(p).stroke);
  assert.notEqual(green, grey);
  assert.match(await page.textContent('#story-diff'), /1 added \(green\), 0 removed/);
  // Stage 4 (scalar kinds) drops NumPy's scalar ints int8* ... int64*: faded, with their edges dashed.
  await openPlayground(page, env.url, '#view=story&stage=3');
  assert.deepEqual(await page.$$eval('#story-figure [data-ghost]', (gs) => gs.map((g) => g.dataset.ghost)),
    ['int8*', 'int16*', 'int32*', 'int64*']);
  assert.deepEqual(await edgesIn(page, '#story-figure', 'path.removed-edge'),
    ['int16*->int32*', 'int32*->int64*', 'int64*->int8', 'int8*->int16*']);
  assert.equal(await page.$eval('#story-figure path.removed-edge', (p) => getComputedStyle(p).strokeDasharray !== 'none'), true);
  // Ghosts cannot be selected: they are not nodes of the stage.
  assert.equal(await page.$$eval('#story-figure [data-dtype="int8*"]', (gs) => gs.length), 0);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the counts of gained, lost and changed joins expand on click, and a pair selects in the figure', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=story&stage=12');
  const summary = await page.$('#story-diff details.gained summary');
  assert.match(await summary.textContent(), /Pairs that gain a join \(12\)/);
  const list = await page.$('#story-diff details.gained ul');
  assert.equal(await list.isVisible(), false, 'collapsed until clicked');
  await summary.click();
  assert.equal(await list.isVisible(), true);
  const chips = await page.$$eval('#story-diff details.gained .chip', (cs) => cs.map((c) => c.textContent));
  assert.equal(chips.length, 12);
  assert.ok(chips.includes('int8 ∨ uint64: f*'), chips.join('; '));
  // The pairs agree with the module's own answer.
  const gained = await page.evaluate(() => window.typelatticePlayground.tl.designStory()[12].changes.gained
    .map(({ a, b, after }) => `${a} ∨ ${b}: ${after}`));
  assert.deepEqual(chips, gained);
  await page.click('#story-diff details.gained .chip >> text="int8 ∨ uint64: f*"');
  assert.deepEqual(await page.$$eval('#story-figure [data-dtype].join', (gs) => gs.map((g) => g.dataset.dtype)), ['f*']);
  // A stage that changes joins lists them as before → after.
  let sawChange = false;
  for (let i = 1; i < 14 && !sawChange; ++i) {
    await openPlayground(page, env.url, `#view=story&stage=${i}`);
    const changed = await page.$$eval('#story-diff details.changed .chip', (cs) => cs.map((c) => c.textContent));
    if (changed.length) {
      sawChange = true;
      assert.ok(changed.every((text) => / → /.test(text)), changed.join('; '));
    }
  }
  assert.ok(sawChange, 'some stage changes a join');
  await page.close();
  assert.deepEqual(env.errors, []);
});
