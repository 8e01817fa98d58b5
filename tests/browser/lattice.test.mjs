// The Lattice view: selecting types shows their join (JAX docs: float16 ∨ bfloat16 = float32), strict mode
// turns it into JAX's error, hover shows reachability, keyboard selection, non-lattice systems, exports.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setUp, openPlayground, settledUrl, edgesThroughNodesInPage } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const classesOf = (page, name) =>
  page.$eval(`#lattice-figure [data-dtype="${name}"]`, (el) => [...el.classList]);
const joinNodes = (page) =>
  page.$$eval('#lattice-figure [data-dtype].join', (els) => els.map((e) => e.getAttribute('data-dtype')));

test('float16 and bfloat16 join at float32, with the paths up to it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  assert.equal(await page.$$eval('#lattice-figure [data-dtype]', (els) => els.length) >= 18, true);
  await page.click('#lattice-figure [data-dtype="float16"]');
  await page.click('#lattice-figure [data-dtype="bfloat16"]');
  assert.ok((await classesOf(page, 'float16')).includes('selected'));
  assert.ok((await classesOf(page, 'bfloat16')).includes('selected'));
  assert.deepEqual(await joinNodes(page), ['float32']);
  assert.equal((await page.textContent('#join-result')).trim(), 'float32');
  const pathEdges = await page.$$eval('#lattice-figure .tl-edge.on-path',
    (els) => els.map((e) => `${e.dataset.from}->${e.dataset.to}`).sort());
  assert.deepEqual(pathEdges, ['bfloat16->float32', 'float16->float32']);
  // Clicking again deselects.
  await page.click('#lattice-figure [data-dtype="bfloat16"]');
  assert.ok(!(await classesOf(page, 'bfloat16')).includes('selected'));
  assert.deepEqual(await joinNodes(page), []);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('more joins from the JAX docs table, three at once, and the weak types', async () => {
  const page = await env.page();
  // From the JAX docs' binary promotion table: i1 ∨ u8 = f*, u1 ∨ i1 = i2, i* ∨ u2 = u2, bf ∨ c* = c8.
  const cases = [[['int8', 'uint64'], 'f*'], [['uint8', 'int8'], 'int16'], [['i*', 'uint16'], 'uint16'],
    [['bfloat16', 'c*'], 'complex64'], [['int8', 'uint8', 'float16'], 'float16']];
  for (const [sel, want] of cases) {
    await openPlayground(page, env.url, `#select=${sel.join(',')}`);
    assert.deepEqual(await joinNodes(page), [want], sel.join(' ∨ '));
    assert.equal((await page.textContent('#join-result')).trim(), want);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('strict mode shows the promotion error and no join; unticking restores it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#select=float16,bfloat16');
  await page.check('#strict-toggle');
  const text = (await page.textContent('#join-result')).trim();
  assert.match(text, /strict/);
  assert.match(text, /float16/);
  assert.match(text, /bfloat16/);
  assert.ok(await page.$eval('#join-result', (el) => el.classList.contains('error')));
  assert.deepEqual(await joinNodes(page), []);
  assert.match(await settledUrl(page), /mode=strict/);
  await page.uncheck('#strict-toggle');
  assert.deepEqual(await joinNodes(page), ['float32']);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('x64 off: uint32 ∨ int32 is int32 instead of int64', async () => {
  const page = await env.page();
  // With x64 on (the JAX docs table) u4 ∨ i4 = i8; with x64 off JAX canonicalizes 64-bit results to 32 bits.
  await openPlayground(page, env.url, '#select=uint32,int32');
  assert.equal((await page.textContent('#join-result')).trim(), 'int64');
  await page.uncheck('#x64-toggle');
  assert.match(await settledUrl(page), /x64=0/);
  assert.equal((await page.textContent('#join-result')).trim(), 'int32');
  assert.deepEqual(await joinNodes(page), ['int32']);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('hovering a type marks everything it may promote to', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  await page.hover('#lattice-figure [data-dtype="int8"]');
  const reachable = await page.$$eval('#lattice-figure [data-dtype].reachable', (els) => els.map((e) => e.dataset.dtype));
  for (const name of ['int8', 'int16', 'int64', 'f*', 'float16', 'float32', 'complex128']) {
    assert.ok(reachable.includes(name), `${name} reachable from int8`);
  }
  for (const name of ['uint8', 'bool', 'i*']) assert.ok(!reachable.includes(name), `${name} not reachable`);
  assert.ok((await classesOf(page, 'uint8')).includes('dimmed'));
  assert.match(await page.textContent('#reach-info'), /int8/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('keyboard: arrows move between nodes, Enter and Space select', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  await page.focus('#lattice-figure [data-dtype="float16"]');
  await page.keyboard.press('Enter');
  assert.ok((await classesOf(page, 'float16')).includes('selected'));
  await page.keyboard.press('ArrowDown');
  const focused = await page.evaluate(() => document.activeElement.getAttribute('data-dtype'));
  assert.ok(focused && focused !== 'float16', `focus moved (now ${focused})`);
  await page.keyboard.press(' ');
  assert.ok((await classesOf(page, focused)).includes('selected'));
  assert.equal(await page.$eval(`[data-dtype="${focused}"]`, (el) => el.getAttribute('aria-pressed')), 'true');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('NumPy is not a lattice and shows the int8, uint8, float16 counterexample', async () => {
  const page = await env.page();
  await openPlayground(page, env.url);
  await page.selectOption('#system-select', 'numpy');
  const status = await page.textContent('#lattice-status');
  assert.match(status, /not a lattice/);
  for (const name of ['int8', 'uint8', 'float16']) assert.match(status, new RegExp(name));
  assert.ok(await page.$eval('#lattice-figure', (el) => el.hidden));
  // The types can still be combined (as numpy.promote_types does): int8 ∨ uint8 = int16.
  await page.click('#type-chips [data-type="int8"]');
  await page.click('#type-chips [data-type="uint8"]');
  assert.equal((await page.textContent('#join-result')).trim(), 'int16');
  // "Select these types" picks the counterexample's inputs.
  await page.click('#try-counterexample');
  const pressed = await page.$$eval('#type-chips [aria-pressed="true"]', (els) => els.map((e) => e.dataset.type).sort());
  assert.deepEqual(pressed, ['float16', 'int8', 'uint8']);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('export the lattice as SVG and PNG', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#select=float16,bfloat16');
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  assert.match(svgDownload.suggestedFilename(), /\.svg$/);
  const svg = readFileSync(await svgDownload.path(), 'utf8');
  assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, />float32</);
  assert.doesNotMatch(svg, /class=/);   // colours are baked in, the file stands alone
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
  const png = readFileSync(await pngDownload.path());
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.ok(png.length > 5000);
  await page.close();
  assert.deepEqual(env.errors, []);
});

// The sentence under the join is the core's, word for word what `typelattice promote --explain` prints.
test('why: the join\'s reason matches the CLI\'s promote --explain, in every system and mode', async () => {
  const { spawnSync } = await import('node:child_process');
  const path = (await import('node:path')).default;
  const { ROOT } = await import('./harness.mjs');
  const cli = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
  const page = await env.page();
  const cases = [
    ['int8,uint8', []], ['int64,uint64', []], ['float16,bfloat16', []], ['int32,float16', []],
    ['int64,uint64', ['--x64', 'off']], ['int16,float16', ['--system', 'numpy']], ['uint8,int8', ['--system', 'torch']],
    ['uint32,int32', ['--x64', 'off']],
  ];
  for (const [pair, flags] of cases) {
    const hash = `#select=${pair}${flags.includes('numpy') ? '&system=numpy' : ''}${flags.includes('torch') ? '&system=torch' : ''}${flags.includes('off') ? '&x64=0' : ''}`;
    await openPlayground(page, env.url, hash);
    const r = spawnSync(cli, ['promote', '--explain', ...flags, ...pair.split(',')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const [result, reason] = r.stdout.trim().split('\n');
    assert.equal((await page.textContent('#join-result')).trim(), result, hash);
    assert.equal(await page.textContent('#join-reason'), reason, hash);
  }
  // The last case: x64 off moved that join, and the page says from where.
  assert.match(await page.textContent('#join-reason'), /^int32: x64 off moved this join from int64: /);
  // No join, no reason: strict mode's error stands alone.
  await openPlayground(page, env.url, '#select=float32,int32&mode=strict');
  assert.equal(await page.textContent('#join-reason'), '');
  await page.close();
  assert.deepEqual(env.errors, []);
});

// What is left of a zh-CN sentence once dtype and node names, system titles (shown as they are everywhere on the
// page, as in the system menu), numbers and code are taken out: ASCII words that are not names of a library, a
// standard or Python's types and values would be English the page failed to translate.
const NAMES = new Set(['JAX', 'NumPy', 'NEP', 'PyTorch', 'Python', 'Array', 'API', 'Triton', 'C', 'x64', 'dtype',
  'np', 'min_scalar_type', 'int', 'float', 'complex', 'long', 'double', 'True', 'false', 'true', 'jax', 'lax',
  'TensorFlow', 'Keras', 'MLX', 'result_type', 'promote_types', 'to_array', 'Paddle',
  'Julia', 'promote_type', 'Int128', 'BigInt', 'Int64']);
function englishIn(text, dtypes, titles) {
  for (const title of titles) text = text.replaceAll(title, '');
  const words = text.match(/[A-Za-z_][A-Za-z0-9_.*]*/g) ?? [];
  return words.flatMap((w) => (dtypes.has(w) ? [] : w.split('.')))
    .filter((w) => w && !NAMES.has(w) && !dtypes.has(w));
}

test('in zh-CN join reasons, edge reasons, a graph\'s reason and compare notes are Chinese', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#select=float16,bfloat16&lang=zh-CN');
  const dtypes = new Set(await page.evaluate(() => window.typelatticePlayground.tl.dtypes().map((d) => d.name)));
  const titles = await page.evaluate(() => window.typelatticePlayground.tl.systems().map((s) => s.title));
  const edgeReason = () => page.getAttribute('#lattice-figure .tl-edge[data-from="float16"][data-to="float32"]',
    'data-reason');
  assert.equal(await edgeReason(), 'float32:float32 能表示 float16 的每个值');
  for (const hash of ['#select=float16,bfloat16', '#select=int8,uint8', '#select=i*,uint8', '#select=int64,uint64',
    '#select=uint32,int32&x64=0', '#select=bool,int8&system=torch', '#select=int32,float16&system=numpy']) {
    await openPlayground(page, env.url, `${hash}&lang=zh-CN`);
    const reason = await page.textContent('#join-reason');
    assert.match(reason, /[\u4e00-\u9fff]/, `${hash}: ${reason}`);
    assert.deepEqual(englishIn(reason, dtypes, titles), [], `${hash}: ${reason}`);
  }
  // The last page's reason in English, for the same selection: the language, not the content, changed.
  await page.selectOption('#lang-select', 'en');
  assert.match(await page.textContent('#join-reason'), /^float64: the smallest type in NumPy's table that holds/);
  await openPlayground(page, env.url, '#select=float16,bfloat16&lang=zh-CN');
  await page.selectOption('#lang-select', 'en');
  assert.equal(await edgeReason(), 'float32: float32 holds every float16 value');
  await openPlayground(page, env.url, '#view=custom&nodes=A,B,C,D&edges=0-2,1-3,2-3&pick=A,B&lang=zh-CN');
  const custom = await page.textContent('#custom-reason');
  assert.match(custom, /^D:此图中 A 和 B 都能提升到的最小节点\(A → C → D;B → D\)$/);
  await openPlayground(page, env.url, `#view=compare&lang=zh-CN&expr=${encodeURIComponent('(uint8 + 300) * 1.5')}`);
  const notes = await page.$$eval('.compare-note', (els) => els.map((e) => e.textContent));
  assert.ok(notes.length >= 5, notes.join('\n'));
  for (const note of notes) {
    assert.match(note, /[\u4e00-\u9fff]/, note);
    assert.deepEqual(englishIn(note.replace(/^[^:]*: /, ''), dtypes, titles), [], note);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

// The status line never claims exactly one join where a pair has none (strict mode, and "All types" in standard
// mode, where int4 and int8 do not promote): it says "at most one" and counts the pairs that raise.
test('the status line says what is true: at most one join, how many pairs have none, and the core\'s words for one', async () => {
  const page = await env.page();
  for (const [hash, all] of [['#mode=strict&select=float32,int32', false], ['#all=1', true], ['#mode=strict&all=1', true],
    ['', false], ['#x64=0', false], ['#system=array-api', false]]) {
    await openPlayground(page, env.url, hash);
    const status = await page.textContent('#lattice-status');
    const expected = await page.evaluate(([h, everything]) => {
      const tl = window.typelatticePlayground.tl;
      const p = new URLSearchParams(h.slice(1));
      const opts = { system: p.get('system') || 'jax', mode: p.get('mode') || 'standard', x64: p.get('x64') !== '0' };
      const types = (everything ? tl.dtypes() : tl.dtypes().filter((d) => d.shortCode)).map((d) => d.name).filter((n) => {
        try { tl.promoteTypes(n, n, opts); return true; } catch { return false; }
      });
      let missing = 0;
      const messages = [];
      for (let i = 0; i < types.length; ++i) {
        for (let j = i + 1; j < types.length; ++j) {
          try { tl.promoteTypes(types[i], types[j], opts); } catch (e) { ++missing; messages.push(e.message); }
        }
      }
      return { missing, n: types.length, messages };
    }, [hash, all]);
    if (expected.missing === 0) {
      assert.match(status, new RegExp(`every pair of the ${expected.n} types shown has exactly one join`), hash);
    } else {
      assert.doesNotMatch(status, /exactly one join/, hash);
      assert.match(status, new RegExp(`at most one join.*${expected.missing} of the ${expected.n * (expected.n - 1) / 2} pairs`), hash);
      assert.ok(expected.messages.some((m) => status.includes(m)), `${hash}: one pair's own error in ${status}`);
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('hovering an edge says why it exists: the core\'s reason for that pair\'s join', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '');
  const edges = await page.$$eval('#lattice-figure .tl-edge[data-from]', (els) => els.map((e) => [e.dataset.from, e.dataset.to, e.dataset.reason]));
  assert.ok(edges.length > 20);
  const expected = await page.evaluate((pairs) => {
    const h = window.typelatticePlayground.tl.system();
    const out = pairs.map(([a, b]) => h.select([a, b]).reason);
    h.delete();
    return out;
  }, edges.map(([a, b]) => [a, b]));
  edges.forEach(([a, b, reason], i) => {
    assert.equal(reason, expected[i], `${a} -> ${b}`);
    assert.ok(reason.startsWith(`${b}: `), `${a} -> ${b}: ${reason}`);   // an edge a -> b means a ∨ b = b
  });
  // The tooltip is on a wide twin of the edge, so the pointer can find it.
  const title = await page.$eval('#lattice-figure .tl-edge[data-from="int8"][data-to="int16"] + .tl-edge-hit title', (t) => t.textContent);
  assert.equal(title, 'int16: int16 holds every int8 value (−128…127)');
  await page.close();
  assert.deepEqual(env.errors, []);
});

// Edges drawn straight through other nodes read as edges that do not exist: in strict mode f* -> float64 ran
// through float32 (as if float32 -> float64 were an edge) and c* -> complex128 through complex64.
test('no edge is drawn through a node it does not join, in every mode and with all types', async () => {
  const page = await env.page();
  const through = `(${edgesThroughNodesInPage})(document.getElementById('lattice-figure'))`;
  for (const hash of ['#mode=strict', '', '#all=1', '#mode=strict&all=1', '#x64=0&all=1']) {
    await openPlayground(page, env.url, hash);
    const drawn = await page.evaluate(through);
    assert.deepEqual(drawn.through, [], hash);
    assert.ok(Object.keys(drawn.points).length >= 15, `${hash}: ${Object.keys(drawn.points).length} edges`);
    if (hash === '#mode=strict') {
      assert.ok(drawn.points['f*->float64'] > 2, 'f* -> float64 bends around float32');
      assert.ok(drawn.points['c*->complex128'] > 2, 'c* -> complex128 bends around complex64');
      assert.equal(drawn.points['f*->float32'], 2, 'an edge with nothing in its way stays straight');
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});
