// The Compare view: one expression in every system side by side (the module's compare(), the CLI's lines), rows
// that differ from the reference marked, each linked to its source; the operands in the hash; a mistyped dtype
// shows the core's suggestion; a phone's width. Expressions with operators, declarations and parentheses answer
// as the CLI does pair by pair, every grouping of three operands is one click, and old list links keep their rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setUp, openPlayground, settledUrl, ROOT } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const cliPath = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');

// Each row as the page shows it: system, answer text (result or error), marks, note, link.
const rows = (page) => page.$$eval('#compare-rows tr', (trs) => trs.map((tr) => ({
  system: tr.dataset.system,
  answer: (tr.querySelector('.compare-result') ?? tr.querySelector('.compare-error')).textContent,
  error: !!tr.querySelector('.compare-error'),
  differs: tr.classList.contains('differs'),
  reference: tr.classList.contains('reference'),
  note: tr.querySelector('.compare-note')?.textContent ?? null,
  href: tr.querySelector('td.source a').href,
  title: tr.querySelector('th').textContent,
})));

test('uint8 with 300 in every system, as typelattice compare prints it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare&operands=uint8,300');
  const shown = await rows(page);
  const systems = await page.evaluate(() => window.typelatticePlayground.tl.systems());
  assert.deepEqual(shown.map((r) => r.system), systems.map((s) => s.name), 'every system, in order');
  // The CLI's lines, independently of the module.
  const cli = spawnSync(cliPath, ['compare', 'uint8', '300'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.deepEqual(shown.map((r) => `${r.system}: ${r.answer}`), cli.stdout.trimEnd().split('\n'));
  const by = Object.fromEntries(shown.map((r) => [r.system, r]));
  assert.equal(by.numpy.answer, 'OverflowError: Python integer 300 out of bounds for uint8');
  assert.ok(by.numpy.error);
  assert.equal(by['numpy-2021'].answer, 'uint16');
  assert.equal(by.torch.answer, 'uint8');
  assert.match(by.torch.note, /wraps to 44/);
  assert.match(by['array-api'].answer, /unspecified by the array API standard/);
  assert.equal(by.jax.answer, 'uint8');
  // Marked against the first row (jax: uint8): exactly the rows with another answer.
  for (const r of shown) assert.equal(r.differs, r.answer !== by.jax.answer, r.system);
  assert.ok(by.jax.reference);
  assert.ok(by.numpy.differs && by['numpy-2021'].differs && by['array-api'].differs && !by.torch.differs);
  // Each row names its version and links to its source.
  systems.forEach((s, i) => {
    assert.equal(shown[i].href, s.sourceUrl);
    assert.ok(shown[i].title.includes(s.version), `${s.name} shows its version`);
  });
  assert.equal(by.c.answer, 'int32');  // C: uint8 and the int constant 300 are both ints
  assert.equal(by.cpp.answer, 'int32');  // C++: the same, by its usual arithmetic conversions
  // TensorFlow.js and jax-js have no uint8: both rows refuse it.
  assert.match(by.tfjs.answer, /uint8 is not in the tfjs promotion table/);
  assert.match(by['jax-js'].answer, /uint8 is not in the jax-js promotion table/);
  // MLX checks that 300 fits the array's uint8; Keras's result_type looks only at the type.
  assert.equal(by.mlx.answer, 'ValueError: Converting 300 to uint8 would result in overflow.');
  assert.equal(by.keras.answer, 'uint8');
  assert.equal(by.paddle.answer, 'uint8');  // Paddle keeps an integer tensor's dtype for a Python int, unchecked
  assert.equal(by.julia.answer, 'int64');  // Julia's literal 300 is an Int64
  assert.equal(shown.filter((r) => r.differs).length, 10);
  assert.match(await page.textContent('#compare-summary'),
               new RegExp(`10 of ${systems.length} systems answer differently from jax`));
  // Another reference: numpy's OverflowError; now every other row differs.
  await page.selectOption('#compare-reference', 'numpy');
  const again = await rows(page);
  for (const r of again) assert.equal(r.differs, r.system !== 'numpy', r.system);
  assert.match(await settledUrl(page), /ref=numpy/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the operands live in the hash: typed, picked from the menu, and back from a link', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare');
  assert.equal(await page.inputValue('#compare-operands'), 'uint8, 300', 'the default expression');
  await page.click('#compare-clear');
  assert.equal((await rows(page)).length, 0);
  await page.selectOption('#compare-add-dtype', 'int8');
  await page.click('#compare-values button[data-value="1.5"]');
  assert.match(await settledUrl(page), /operands=int8,1\.5/);
  assert.equal(await page.inputValue('#compare-operands'), 'int8, 1.5');
  await page.fill('#compare-operands', 'float16 bfloat16');
  const url = await settledUrl(page);
  assert.match(url, /view=compare/);
  assert.match(url, /operands=float16,bfloat16/);
  const typed = await rows(page);
  assert.equal(typed.find((r) => r.system === 'triton').answer, 'float16');
  assert.equal(typed.find((r) => r.system === 'jax').answer, 'float32');
  // The same link in a fresh page gives the same rows; an old Table link keeps its "compare with".
  const fresh = await env.page();
  await openPlayground(fresh, env.url, new URL(url).hash);
  assert.deepEqual(await rows(fresh), typed);
  await openPlayground(fresh, env.url, '#view=table&compare=numpy');
  assert.equal(await fresh.inputValue('#compare-select'), 'numpy');
  await fresh.close();
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a mistyped dtype gives the core\'s suggestion in place', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare&operands=unit8,300');
  const error = await page.textContent('#compare-error');
  const cli = spawnSync(cliPath, ['compare', 'unit8', '300'], { encoding: 'utf8' });
  assert.equal(cli.status, 2);
  assert.match(error, /did you mean uint8/);
  assert.ok(cli.stderr.includes(error), `the CLI says ${cli.stderr}`);
  assert.ok(await page.isVisible('#compare-error'));
  assert.equal((await rows(page)).length, 0);
  assert.equal(await page.inputValue('#compare-operands'), 'unit8, 300', 'the typed text stays');
  await page.fill('#compare-operands', 'uint8, 300');
  assert.ok(!(await page.isVisible('#compare-error')));
  const systems = await page.evaluate(() => window.typelatticePlayground.tl.systems());
  assert.equal((await rows(page)).length, systems.length);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a phone\'s width and dark mode: no sideways scrolling, every row readable', async () => {
  const page = await env.page();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 900 });
  await openPlayground(page, env.url, '#view=compare&operands=uint8,300');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  const widths = await page.$$eval('#compare-rows tr', (trs) => trs.map((tr) => tr.getBoundingClientRect().right));
  for (const right of widths) assert.ok(right <= 390, `a row ends at ${right}px`);
  // Dark mode: every text of the rows (error, note, title, badge) keeps WCAG AA contrast (4.5:1) with the
  // background it is drawn on, marked rows included.
  const low = await page.$$eval('#compare-rows tr *', (els) => {
    const rgb = (c) => c.match(/[\d.]+/g).map(Number);
    const lum = ([r, g, b]) => [r, g, b].map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length < 4 || c[3] > 0) return c;
      }
      return [255, 255, 255];
    };
    return els.filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      .map((el) => {
        const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(background(el))];
        return { text: el.textContent.slice(0, 30), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
      }).filter((x) => x.ratio < 4.5);
  });
  assert.deepEqual(low, [], 'texts under 4.5:1');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).colorScheme), 'dark');
  await page.close();
  assert.deepEqual(env.errors, []);
});

// JAX's documented modes (docs/promotion.md, "JAX: standard, strict, x64"; jax-ml/jax's type promotion docs):
// strict refuses float32 with int32 (TypePromotionError); uint32 with int32 is int64 with x64 on, int32 with it off.
const modeOf = (page) => page.$$eval('#compare-rows tr', (trs) => trs.map((tr) => ({
  system: tr.dataset.system, mode: tr.dataset.mode ?? null, x64: tr.dataset.x64 ?? null,
  words: tr.querySelector('.system-mode').textContent, text: tr.textContent,
  answer: (tr.querySelector('.compare-result') ?? tr.querySelector('.compare-error')).textContent,
})));

test('the page\'s strict and x64 apply to JAX\'s row, which names the mode it used', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare&operands=float32,int32');
  assert.ok(await page.isVisible('#strict-toggle'), 'the strict toggle is in the Compare view');
  assert.ok(!(await page.isVisible('#system-select')), 'the system menu (not used by Compare) is not shown');
  const systems = await page.evaluate(() => window.typelatticePlayground.tl.systems());
  const withModes = new Set(systems.filter((s) => s.modes).map((s) => s.name));
  let shown = await modeOf(page);
  let jax = shown.find((r) => r.system === 'jax');
  assert.equal(jax.answer, 'float32');
  assert.match(jax.words, /standard, x64 on/);
  await page.check('#strict-toggle');
  assert.match(await settledUrl(page), /mode=strict/);
  shown = await modeOf(page);
  jax = shown.find((r) => r.system === 'jax');
  assert.match(jax.answer, /^TypePromotionError: .*jax_numpy_dtype_promotion=strict/);
  assert.match(jax.words, /strict, x64 on/);
  assert.equal(jax.mode, 'strict');
  // A system without the setting answers in its one mode, and says so.
  const numpy = shown.find((r) => r.system === 'numpy');
  assert.equal(numpy.answer, 'float64');
  assert.equal(numpy.mode, null);
  assert.match(numpy.words, /one mode only/);
  for (const r of shown) assert.equal(r.mode !== null, withModes.has(r.system), r.system);
  // uint32 with int32: int64 with x64 on, int32 with it off.
  await page.uncheck('#strict-toggle');
  await page.fill('#compare-operands', 'uint32, int32');
  assert.equal((await modeOf(page)).find((r) => r.system === 'jax').answer, 'int64');
  await page.uncheck('#x64-toggle');
  assert.match(await settledUrl(page), /x64=0/);
  jax = (await modeOf(page)).find((r) => r.system === 'jax');
  assert.equal(jax.answer, 'int32');
  assert.match(jax.words, /standard, x64 off/);
  // The same setting from a link, in Chinese.
  await openPlayground(page, env.url, '#view=compare&operands=uint32,int32&x64=0&lang=zh-CN');
  jax = (await modeOf(page)).find((r) => r.system === 'jax');
  assert.equal(jax.answer, 'int32');
  assert.match(jax.words, /x64 关/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('every mode is one click: four JAX rows, each with its answer, and no row claims more than it shows', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare&operands=float32,int32');
  await page.click('#compare-every-mode');
  assert.match(await settledUrl(page), /modes=1/);
  const shown = await modeOf(page);
  const jax = shown.filter((r) => r.system === 'jax');
  assert.deepEqual(jax.map((r) => [r.mode, r.x64]),
    [['standard', 'true'], ['standard', 'false'], ['strict', 'true'], ['strict', 'false']]);
  assert.deepEqual(jax.map((r) => r.answer.startsWith('TypePromotionError') ? 'error' : r.answer),
    ['float32', 'float32', 'error', 'error']);
  for (const r of jax) assert.match(r.words, new RegExp(`${r.mode}, x64 ${r.x64 === 'true' ? 'on' : 'off'}`));
  const systems = await page.evaluate(() => window.typelatticePlayground.tl.systems());
  assert.equal(shown.length, systems.length + 3, 'one row per other system');
  assert.match(await page.textContent('#compare-summary'), new RegExp(`of ${shown.length} rows`));
  // Every row shows one answer, so none may claim both modes (or both x64 settings).
  for (const r of shown) assert.doesNotMatch(r.text, /standard and strict|x64 on and off/, r.system);
  // uint32 with int32, every mode: x64 decides, strict refuses.
  await page.fill('#compare-operands', 'uint32, int32');
  const again = (await modeOf(page)).filter((r) => r.system === 'jax');
  assert.deepEqual(again.map((r) => r.answer.startsWith('TypePromotionError') ? 'error' : r.answer),
    ['int64', 'int32', 'error', 'error']);
  // The reference is JAX's row in the page's mode: with strict on, the strict, x64 on row.
  await page.check('#strict-toggle');
  const marked = await page.$$eval('#compare-rows tr', (trs) => trs.filter((tr) => tr.classList.contains('reference'))
    .map((tr) => [tr.dataset.system, tr.dataset.mode, tr.dataset.x64]));
  assert.deepEqual(marked, [['jax', 'strict', 'true']]);
  assert.equal(await page.textContent('#compare-rows tr[data-mode="standard"][data-x64="true"] .badge'),
    'differs from jax (strict, x64 on)', 'a JAX row names the mode of the JAX row it differs from');
  await page.click('#compare-every-mode');
  assert.equal((await modeOf(page)).filter((r) => r.system === 'jax').length, 1);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a strict toggle in Compare, with a system that has no modes in the Table view, moves that to JAX', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=table&system=numpy');
  await page.click('#tab-compare');
  assert.ok(await page.isEnabled('#strict-toggle'));
  await page.check('#strict-toggle');
  const url = await settledUrl(page);
  assert.match(url, /mode=strict/);
  assert.doesNotMatch(url, /system=numpy/);
  await page.click('#tab-table');
  assert.equal(await page.inputValue('#system-select'), 'jax');
  assert.ok(await page.isChecked('#strict-toggle'));
  await page.close();
  assert.deepEqual(env.errors, []);
});

// The CLI's answer per system for one list of operands (typelattice compare), as { system: answer }.
const cliAnswers = (operands) => {
  const cli = spawnSync(cliPath, ['compare', '--', ...operands], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  return Object.fromEntries(cli.stdout.trimEnd().split('\n').map((line) => {
    const at = line.indexOf(': ');
    return [line.slice(0, at), line.slice(at + 2)];
  }));
};
const DTYPES = /^[a-z0-9_]+\*?$/;   // an answer that is a dtype name, not an error

test('an expression reads as the list did: uint8 + 300 gives the old link\'s rows, its own link, and Back', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare&operands=uint8,300');
  const old = await rows(page);
  assert.equal(await page.inputValue('#compare-operands'), 'uint8, 300', 'an old link keeps its list');
  await page.fill('#compare-operands', 'uint8 + 300');
  assert.deepEqual(await rows(page), old);
  const url = await settledUrl(page);
  assert.match(url, /expr=uint8\+%2B\+300/);
  assert.doesNotMatch(url, /operands=/);
  // The summary counts the rows marked as differing (numpy, array-api, c, cpp, tfjs, jax-js, mlx, julia,
  // numpy-2021, jax-lax).
  const differing = old.filter((r) => r.differs).length;
  assert.equal(differing, 10);
  assert.match(await page.textContent('#compare-summary'), new RegExp(`^uint8 \\+ 300: ${differing} of ${old.length} `));
  // Back gives the list again, Forward the expression.
  const shows = (text) => page.waitForFunction((v) => document.querySelector('#compare-operands').value === v, text);
  await page.goBack();
  await shows('uint8, 300');
  assert.deepEqual(await rows(page), old);
  await page.goForward();
  await shows('uint8 + 300');
  // Typing key by key, from a list (uint8) into an expression (uint8 + 300), is one history entry: from the
  // list's entry it replaces the forward one, and Back returns to the list.
  await page.goBack();
  await shows('uint8, 300');
  const length = await page.evaluate(() => history.length);
  await page.fill('#compare-operands', '');
  await page.type('#compare-operands', 'uint8 + 300');
  await settledUrl(page);
  assert.equal(await page.evaluate(() => history.length), length);
  assert.deepEqual(await rows(page), old);
  await page.goBack();
  await shows('uint8, 300');
  const fresh = await env.page();
  await openPlayground(fresh, env.url, new URL(url).hash);
  assert.equal(await fresh.inputValue('#compare-operands'), 'uint8 + 300');
  assert.deepEqual(await rows(fresh), old);
  await fresh.close();
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('x: int32; x * 2.5 answers as typelattice compare int32 2.5', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare');
  await page.fill('#compare-operands', 'x: int32; x * 2.5');
  const shown = await rows(page);
  const cli = cliAnswers(['int32', '2.5']);
  assert.deepEqual(Object.fromEntries(shown.map((r) => [r.system, r.answer])), cli);
  assert.equal(cli.numpy, 'float64');
  assert.match(shown.find((r) => r.system === 'jax').note, /2\.5/);
  assert.match(await page.textContent('#compare-summary'), /^x \* 2\.5: /);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('int8 | uint8 | float16: left to right as the CLI, and every grouping one click away, NumPy\'s marked', async () => {
  const page = await env.page();
  await page.setViewportSize({ width: 390, height: 900 });
  await openPlayground(page, env.url, '#view=compare');
  assert.ok(!(await page.isVisible('#compare-every-grouping')), 'two operands: nothing to regroup');
  await page.fill('#compare-operands', 'int8 | uint8 | float16');
  const leftToRight = cliAnswers(['int8', 'uint8', 'float16']);
  assert.deepEqual(Object.fromEntries((await rows(page)).map((r) => [r.system, r.answer])), leftToRight);
  assert.ok(!(await page.isVisible('#compare-groupings')));
  await page.check('#compare-every-grouping');
  assert.match(await settledUrl(page), /groupings=1/);
  const heads = await page.$$eval('#compare-groupings-table thead th code', (cs) => cs.map((c) => c.textContent));
  assert.deepEqual(heads, ['(int8 | uint8) | float16', 'int8 | (uint8 | float16)']);
  const table = await page.$$eval('#compare-groupings-table tbody tr', (trs) => trs.map((tr) => ({
    system: tr.dataset.system, disagrees: tr.classList.contains('disagrees'),
    cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
  })));
  // int8 | (uint8 | float16), one pair at a time through the CLI: uint8 with float16, then int8 with that.
  const inner = cliAnswers(['uint8', 'float16']);
  for (const { system, disagrees, cells } of table) {
    const second = DTYPES.test(inner[system]) ? cliAnswers(['int8', inner[system]])[system] : inner[system];
    assert.deepEqual(cells, [leftToRight[system], second], system);
    const results = cells.map((c) => (DTYPES.test(c) ? c : 'error'));
    assert.equal(disagrees, results[0] !== results[1], system);
  }
  const numpy = table.find((r) => r.system === 'numpy');
  assert.ok(numpy.disagrees);
  assert.deepEqual(numpy.cells, ['float32', 'float16']);
  assert.ok(!table.find((r) => r.system === 'jax').disagrees);
  assert.match(await page.textContent('#compare-groupings-summary'), /numpy/);
  // Written with the second grouping, the main table gives that column.
  await page.fill('#compare-operands', 'int8 | (uint8 | float16)');
  const written = Object.fromEntries((await rows(page)).map((r) => [r.system, r.answer]));
  for (const r of table) assert.equal(written[r.system], r.cells[1], r.system);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('each example chip puts its text in the box, and the box reads it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare');
  const chips = await page.$$eval('#compare-examples button', (bs) => bs.map((b) => b.textContent));
  assert.ok(chips.includes('uint8 + 300') && chips.includes('int8 | uint8 | float16'), chips.join('; '));
  const systems = await page.evaluate(() => window.typelatticePlayground.tl.systems());
  for (const [i, text] of chips.entries()) {
    await page.click(`#compare-examples button >> nth=${i}`);
    assert.equal(await page.inputValue('#compare-operands'), text);
    assert.ok(!(await page.isVisible('#compare-error')), text);
    assert.equal((await rows(page)).length, systems.length, text);
  }
  await page.click('#compare-examples button:text-is("uint8 + 300")');
  assert.equal(await page.inputValue('#compare-operands'), 'uint8 + 300');
  assert.match(await settledUrl(page), /expr=uint8\+%2B\+300/);
  // A dtype or value from the menus joins an expression with +.
  await page.selectOption('#compare-add-dtype', 'int8');
  await page.click('#compare-values button[data-value="1.5"]');
  assert.equal(await page.inputValue('#compare-operands'), 'uint8 + 300 + int8 + 1.5');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a malformed expression says where and what was expected, in either language', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=compare');
  await page.fill('#compare-operands', 'uint8 + ');
  assert.equal(await page.textContent('#compare-error'),
    'At character 9: expected a dtype, a Python value or (, found the end.');
  assert.equal((await rows(page)).length, 0);
  await page.fill('#compare-operands', 'int8 | (uint8 | float16');
  assert.match(await page.textContent('#compare-error'), /^At character 24: expected a closing \)/);
  await page.fill('#compare-operands', 'int8 uint8 +');
  assert.match(await page.textContent('#compare-error'), /^At character 6: expected an operator .*, found “uint8”/);
  assert.equal(await page.inputValue('#compare-operands'), 'int8 uint8 +', 'the typed text stays');
  // An unknown name in an expression is the module's error, with its suggestions.
  await page.fill('#compare-operands', 'unit8 + 300');
  assert.match(await page.textContent('#compare-error'), /^unknown dtype 'unit8'; did you mean uint8/);
  await openPlayground(page, env.url, `#view=compare&lang=zh-CN&expr=${encodeURIComponent('uint8 + ')}`);
  assert.equal(await page.textContent('#compare-error'), '第 9 个字符处:应为 dtype、Python 值或 (,实际已到结尾。');
  await page.close();
  assert.deepEqual(env.errors, []);
});
