// Drawings checked, not hoped: at 1280, 780 and 390 px no label of the Bits number line, the lattice or the design
// story overlaps another or leaves its figure; the number line's text is at least 11 px, and the lattice's and the
// story's at 390 px (where the figure scrolls sideways, following the join); every tab is on screen; the
// every-format table's short columns do not wrap; and a selected type stays visibly selected while another is
// hovered. Boxes are the browser's own (getBoundingClientRect), as the edge-route tests measure them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const WIDTHS = [1280, 780, 390];

// Every label of the figure: its text, box and rendered font size; and the figure's own box.
async function labels(page, figure) {
  return page.$eval(figure, (svg) => {
    const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    // A node's label may be drawn as several lines (float8_ / e4m3fn): they count as one label.
    const labels = new Map();
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || t.getBBox().width === 0) continue;
      const owner = t.closest('[data-dtype]') || t;
      const r = box(t.getBoundingClientRect());
      const px = parseFloat(getComputedStyle(t).fontSize) * scale;
      const seen = labels.get(owner);
      if (!seen) { labels.set(owner, { text: t.textContent, box: r, px }); continue; }
      seen.text += ` ${t.textContent}`;
      seen.box = { left: Math.min(seen.box.left, r.left), right: Math.max(seen.box.right, r.right),
        top: Math.min(seen.box.top, r.top), bottom: Math.max(seen.box.bottom, r.bottom) };
      seen.px = Math.min(seen.px, px);
    }
    return { figure: box(svg.getBoundingClientRect()), texts: [...labels.values()] };
  });
}

const overlaps = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

function checkLabels(where, { figure, texts }, minPx) {
  assert.ok(texts.length > 0, `${where}: labels drawn`);
  for (const t of texts) {
    assert.ok(t.box.left >= figure.left - 0.5 && t.box.right <= figure.right + 0.5 &&
      t.box.top >= figure.top - 0.5 && t.box.bottom <= figure.bottom + 0.5,
    `${where}: "${t.text}" leaves the figure (${JSON.stringify(t.box)} in ${JSON.stringify(figure)})`);
    if (minPx) assert.ok(t.px >= minPx - 0.05, `${where}: "${t.text}" is drawn at ${t.px.toFixed(1)} px`);
  }
  for (let i = 0; i < texts.length; ++i) {
    for (let j = i + 1; j < texts.length; ++j) {
      assert.ok(!overlaps(texts[i].box, texts[j].box), `${where}: "${texts[i].text}" overlaps "${texts[j].text}"`);
    }
  }
}

// Inputs whose strips are crowded: every mode on a different code, the input off the strip (saturation), long
// exact values (float32), and a value between two close codes.
const STRIPS = [
  '#view=bits&format=float8_e4m3fn&value=0.3',
  '#view=bits&format=float8_e4m3fn&value=1000',
  '#view=bits&format=float8_e5m2&value=-3.1',
  '#view=bits&format=float32&value=0.1',
  '#view=bits&format=float16&value=65519.9',
  '#view=bits&format=float4_e2m1fn&value=2.6&lang=zh-CN',
];

test('the number line: no label overlaps another or leaves the strip, text at least 11 px', async () => {
  const page = await env.page();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const hash of STRIPS) {
      await openPlayground(page, env.url, hash);
      await page.waitForSelector('#cast-strip');
      checkLabels(`${hash} at ${width} px`, await labels(page, '#cast-strip'), 11);
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the lattice and the design story: node labels stay apart and inside their figures, at least 11 px on a phone', async () => {
  const page = await env.page();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const hash of ['#select=float16,bfloat16', '#all=1&select=int4,float8_e4m3fn', '#system=array-api', '#mode=strict&select=float32,int32']) {
      await openPlayground(page, env.url, hash);
      await page.waitForSelector('#view-lattice svg.tl-lattice [data-dtype] text');
      checkLabels(`lattice ${hash} at ${width} px`, await labels(page, '#view-lattice svg.tl-lattice'), width === 390 ? 11 : 0);
    }
    for (const stage of [1, 3, 8, 13]) {
      await openPlayground(page, env.url, `#view=story&stage=${stage}`);
      await page.waitForSelector('#view-story svg.tl-lattice [data-dtype] text');
      checkLabels(`story stage ${stage} at ${width} px`, await labels(page, '#view-story svg.tl-lattice'), width === 390 ? 11 : 0);
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('every tab is on screen at 390 px, without scrolling the tab row', async () => {
  const page = await env.page();
  await page.setViewportSize({ width: 390, height: 800 });
  await openPlayground(page, env.url, '#view=bits');
  const tabs = await page.$$eval('[role=tab]', (all) => all.map((t) => {
    const r = t.getBoundingClientRect();
    return { id: t.id, left: r.left, right: r.right, width: r.width };
  }));
  assert.equal(tabs.length, 8);
  for (const t of tabs) assert.ok(t.width > 0 && t.left >= 0 && t.right <= 390, `${t.id} is off screen: ${t.left}..${t.right}`);
  const scrolled = await page.$eval('.tabs', (row) => row.scrollWidth - row.clientWidth);
  assert.ok(scrolled <= 1, `the tab row scrolls by ${scrolled} px`);
  await page.close();
});

test('the every-format table keeps each format, code, value, category and error on one line at 390 px, in zh-CN too', async () => {
  const page = await env.page();
  await page.setViewportSize({ width: 390, height: 800 });
  for (const lang of ['en', 'zh-CN']) {
    await openPlayground(page, env.url, `#view=bits&format=float8_e4m3fn&value=1e6&sat=0&lang=${lang}`);
    const wrapped = await page.$$eval('#cast-all tbody tr', (rows) => rows.flatMap((tr) => [...tr.cells].filter((_, i) => i !== 4)
      .filter((td) => { const r = document.createRange(); r.selectNodeContents(td); return r.getClientRects().length > 1; })
      .map((td) => `${tr.dataset.format}: ${td.textContent}`)));
    assert.deepEqual(wrapped, [], lang);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a selected type stays selected while another type is hovered, and the hover list names only drawn types', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#select=float16,bfloat16');
  const look = () => page.$$eval('#view-lattice [data-dtype]', (nodes) => Object.fromEntries(nodes.map((g) => [g.dataset.dtype, {
    selected: g.classList.contains('selected'), opacity: getComputedStyle(g).opacity,
    fill: getComputedStyle(g.firstChild).fill }])));
  const before = await look();
  assert.ok(before.float16.selected && before.bfloat16.selected);
  // float32 promotes to neither float16 nor bfloat16, so both lie outside what the hover highlights.
  await page.hover('#view-lattice [data-dtype="float32"]');
  await page.waitForFunction(() => document.getElementById('reach-info').textContent.startsWith('float32'));
  const during = await look();
  assert.ok(during.int8.opacity !== '1', 'a type float32 cannot reach is dimmed');
  for (const name of ['float16', 'bfloat16']) {
    assert.ok(during[name].selected, `${name} keeps its selection class`);
    assert.equal(during[name].opacity, '1', `${name} is not dimmed`);
    assert.equal(during[name].fill, before[name].fill, `${name} keeps its fill`);
  }
  // bool promotes to every type of the system, drawn or not (int4 and the float8 types are hidden by default).
  await page.hover('#view-lattice [data-dtype="bool"]');
  await page.waitForFunction(() => document.getElementById('reach-info').textContent.startsWith('bool'));
  const drawn = new Set(Object.keys(during));
  const listed = (await page.textContent('#reach-info')).replace(/^bool may promote to: /, '').split(', ');
  assert.ok(listed.length > 10, listed.join());
  for (const name of listed) assert.ok(drawn.has(name), `the hover list names ${name}, which is not drawn`);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('on a phone the lattice scrolls sideways to show the join of a link and of a click', async () => {
  const page = await env.page();
  await page.setViewportSize({ width: 390, height: 800 });
  // Whether a node's box lies inside the figure's scroll box, as the reader sees it.
  const inView = (name) => page.$eval('#lattice-figure', (box, n) => {
    const node = box.querySelector(`[data-dtype="${n}"]`).getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    return { overflows: box.scrollWidth > box.clientWidth, inside: node.left >= frame.left && node.right <= frame.right };
  }, name);
  // complex128 is drawn at the far right of the JAX lattice, beyond the first 390 px.
  await openPlayground(page, env.url, '#select=complex64,complex128');
  await page.waitForFunction(() => document.getElementById('lattice-figure').scrollLeft > 0);
  const linked = await inView('complex128');
  assert.ok(linked.overflows, 'the figure is wider than a phone');
  assert.ok(linked.inside, 'the join of the link is scrolled into view');
  // Scrolled to the far right, then a choice of types drawn at the left: the figure follows the selection.
  await page.$eval('#lattice-figure', (box) => { box.scrollLeft = box.scrollWidth; });
  await page.evaluate(() => window.typelatticePlayground.set({ select: ['bool', 'uint8'] }));
  await page.waitForFunction(() => document.getElementById('lattice-figure').scrollLeft < 200);
  assert.ok((await inView('uint8')).inside, 'the new join is scrolled into view');
  await page.close();
  assert.deepEqual(env.errors, []);
});
