// The Bits view: one element per bit; clicking bits changes #bit-value to the module's exact decoding; known
// values from the format definitions (ONNX's float8 notes, IEEE 754); the cast input, the all-formats table, the code grid.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

const bitValue = async (page) => (await page.textContent('#bit-value')).trim();
const moduleLayout = (page, format, code) =>
  page.evaluate(([f, c]) => window.typelatticePlayground.tl.layout(f, c), [format, code]);

// Sets the bits of `code` by clicking, starting from code 0, and returns the displayed value.
async function clickCode(page, code, totalBits) {
  for (let n = 0; n < totalBits; ++n) {
    if ((code >>> n) & 1) await page.click(`#bit-layout [data-bit="${n}"]`);
  }
  return bitValue(page);
}

test('bit clicks give the exact values the format definitions promise', async () => {
  const page = await env.page();
  // Values from the definitions: E4M3FN max S.1111.110 = 448 and min subnormal 2^-9 (ONNX's float8 notes); E5M2 max
  // 1.75 * 2^15 = 57344 (ONNX's float8 notes); IEEE half 0x3C00 = 1, 0x7C00 = inf; bfloat16 0x3F80 = 1; E2M1 0x7 = 6;
  // E8M0 0x7F = 2^0 = 1 (bias 127).
  const cases = [
    ['float8_e4m3fn', 8, 0x7e, '448'], ['float8_e4m3fn', 8, 0x01, '0.001953125'], ['float8_e4m3fn', 8, 0xfe, '-448'],
    ['float8_e5m2', 8, 0x7b, '57344'], ['float16', 16, 0x3c00, '1'], ['float16', 16, 0x7c00, 'inf'],
    ['bfloat16', 16, 0x3f80, '1'], ['float4_e2m1fn', 4, 0x7, '6'], ['float8_e8m0fnu', 8, 0x7f, '1'],
  ];
  for (const [format, bits, code, want] of cases) {
    await openPlayground(page, env.url, `#view=bits&format=${format}`);
    assert.equal(await page.$$eval('#bit-layout [data-bit]', (els) => els.length), bits, format);
    assert.equal(await bitValue(page), (await moduleLayout(page, format, 0)).exactValue);
    assert.equal(await clickCode(page, code, bits), want, `${format} 0x${code.toString(16)}`);
    assert.match(await settledUrl(page), new RegExp(`code=0x${code.toString(16)}\\b`));
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('every single-bit flip matches tl.layout, for several formats', async () => {
  const page = await env.page();
  for (const format of ['float8_e4m3fnuz', 'float8_e5m2fnuz', 'float8_e3m4', 'float6_e3m2fn', 'bfloat16']) {
    await openPlayground(page, env.url, `#view=bits&format=${format}`);
    // The page stays loaded across hashes: wait until the bits drawn are this format's, not the last one's.
    await page.waitForFunction((name) => {
      const f = window.typelatticePlayground.tl.formats().find((x) => x.name === name);
      return document.querySelectorAll('#bit-layout [data-bit]').length === f.totalBits;
    }, format);
    const bits = await page.$$eval('#bit-layout [data-bit]', (els) => els.map((e) => Number(e.dataset.bit)));
    let code = 0;
    for (const n of bits) {
      await page.click(`#bit-layout [data-bit="${n}"]`);
      code ^= 1 << n;
      assert.equal(await bitValue(page), (await moduleLayout(page, format, code)).exactValue, `${format} ${code}`);
      assert.equal(await page.$eval(`#bit-layout [data-bit="${n}"]`, (el) => el.getAttribute('aria-pressed')), 'true');
    }
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('bits respond to the keyboard and to touch', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn');
  await page.focus('#bit-layout [data-bit="6"]');
  await page.keyboard.press('Space');          // 0x40 = 2
  assert.equal(await bitValue(page), '2');
  await page.keyboard.press('ArrowLeft');      // to the sign bit
  await page.keyboard.press('Enter');          // 0xC0 = -2
  assert.equal(await bitValue(page), '-2');
  await page.tap('#bit-layout [data-bit="7"]');
  assert.equal(await bitValue(page), '2');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('casting 1000 saturates to 448 in E4M3FN and shows every format', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn');
  await page.fill('#value-input', '1000');
  assert.equal(await bitValue(page), '448');
  const cast = await page.textContent('#cast-result');
  assert.match(cast, /0x7e/);
  assert.match(cast, /\[432, inf\]|\[432, inf\)/);   // everything from the midpoint 432 up saturates to 448
  assert.ok(await page.$('#cast-result .warn'), 'saturation is flagged');
  const rows = await page.$$eval('#cast-all tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const formats = await page.evaluate(() => window.typelatticePlayground.tl.formats().map((f) => f.name));
  assert.deepEqual(rows.map((r) => r[0]), formats);
  const row = (name) => rows.find((r) => r[0] === name);
  assert.equal(row('float16')[2], '1000');       // exactly representable in half precision
  assert.equal(row('float8_e5m2')[2], '1024');   // nearest E5M2 value
  // Not saturating: out of range becomes NaN in E4M3FN (no infinity there).
  await page.selectOption('#saturate-select', '0');
  assert.equal(await bitValue(page), 'nan');
  // Forced saturation clips float16 too (ONNX's default for float16 is Inf): 1e6 -> 65504.
  await page.selectOption('#saturate-select', '1');
  await page.selectOption('#format-select', 'float16');
  await page.fill('#value-input', '1e6');
  assert.equal(await bitValue(page), '65504');
  await page.selectOption('#saturate-select', '');
  assert.equal(await bitValue(page), 'inf');
  await page.selectOption('#format-select', 'float8_e4m3fn');
  // A hex float32 bit pattern: 0x3f800000 = 1.
  await page.selectOption('#input-kind', 'hex');
  await page.fill('#value-input', '0x3f800000');
  assert.equal(await bitValue(page), '1');
  // Bad input is an error message, not garbage.
  await page.selectOption('#input-kind', 'decimal');
  await page.fill('#value-input', '12abc');
  assert.ok(await page.$eval('#cast-result', (el) => el.classList.contains('error') && el.textContent.length > 0));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('E8M0 round mode changes the cast of 3', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e8m0fnu&value=3');
  assert.equal(await page.isDisabled('#round-select'), false);
  await page.selectOption('#round-select', 'up');
  assert.equal(await bitValue(page), '4');
  await page.selectOption('#round-select', 'down');
  assert.equal(await bitValue(page), '2');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the code grid holds every code, coloured by category, and loads a clicked code', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn');
  const cells = await page.$$eval('#code-grid [data-code]', (els) => els.map((e) => [Number(e.dataset.code), e.className]));
  assert.equal(cells.length, 256);
  const categories = await page.evaluate(() => {
    const tl = window.typelatticePlayground.tl;
    return Array.from({ length: 256 }, (_, c) => tl.layout('float8_e4m3fn', c).category);
  });
  cells.forEach(([code, cls]) => assert.match(cls, new RegExp(`cat-${categories[code]}\\b`), `code ${code}`));
  // E4M3FN has exactly two NaN codes (S.1111.111) and two zeros.
  assert.equal(cells.filter(([, c]) => c.includes('cat-nan')).length, 2);
  assert.equal(cells.filter(([, c]) => c.includes('cat-zero')).length, 2);
  // Keyboard: from code 0x7D, one step right is 0x7E; Enter loads it.
  await page.focus('#code-grid [data-code="125"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await bitValue(page), '448');
  await page.click('#code-grid [data-code="0"]');
  assert.equal(await bitValue(page), '0');
  await page.click('#code-grid [data-code="126"]');
  assert.equal(await bitValue(page), '448');
  assert.equal(await page.$eval('#bit-layout [data-bit="0"]', (el) => el.getAttribute('aria-pressed')), 'false');
  assert.equal(await page.$eval('#bit-layout [data-bit="1"]', (el) => el.getAttribute('aria-pressed')), 'true');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('16-bit formats: the grid shows the 256 codes around the current code, so every code is reachable', async () => {
  const page = await env.page();
  // bfloat16 0x7F80 = +inf: its page 0x7F00..0x7FFF holds the largest finite values, Inf and the NaNs.
  await openPlayground(page, env.url, '#view=bits&format=bfloat16&code=0x7f80');
  const cells = await page.$$eval('#code-grid [data-code]', (els) => els.map((e) => [Number(e.dataset.code), e.className]));
  assert.equal(cells.length, 256);
  assert.deepEqual(cells.map(([c]) => c), Array.from({ length: 256 }, (_, i) => 0x7f00 + i));
  const categories = await page.evaluate(() => {
    const tl = window.typelatticePlayground.tl;
    return Array.from({ length: 256 }, (_, i) => tl.layout('bfloat16', 0x7f00 + i).category);
  });
  cells.forEach(([code, cls]) => assert.match(cls, new RegExp(`cat-${categories[code - 0x7f00]}\\b`), `code ${code}`));
  assert.equal(cells.filter(([, c]) => c.includes('cat-inf')).length, 1);
  assert.equal(cells.filter(([, c]) => c.includes('cat-nan')).length, 127);
  assert.match(await page.$eval('#code-grid [data-code="32640"]', (el) => el.className), /\bcurrent\b/);
  // Clicking the largest finite value (0x7F7F) loads it; flipping the top exponent bit moves to page 0x3F.
  await page.click('#code-grid [data-code="32639"]');
  assert.equal(await bitValue(page), await page.evaluate(() => window.typelatticePlayground.tl.layout('bfloat16', 0x7f7f).exactValue));
  await page.click('#bit-layout [data-bit="14"]');
  const first = await page.$eval('#code-grid [data-code]', (el) => Number(el.dataset.code));
  assert.equal(first, 0x3f00);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('float32: 32 clickable bits, exact values, a cast of 0.1, and its page of the code grid', async () => {
  const page = await env.page();
  const tlLayout = (code) => moduleLayout(page, 'float32', code);
  await openPlayground(page, env.url, '#view=bits&format=float32');
  assert.equal(await page.$$eval('#bit-layout [data-bit]', (els) => els.length), 32);
  // IEEE 754 single: 0x3F800000 = 1 (exponent 127), the sign bit gives -1, 0x00000001 = 2^-149.
  assert.equal(await clickCode(page, 0x3f800000, 32), '1');
  await page.click('#bit-layout [data-bit="31"]');
  assert.equal(await bitValue(page), '-1');
  assert.match(await settledUrl(page), /code=0xbf800000\b/);
  assert.match(await page.textContent('#bit-code'), /^0xbf800000 = 1 01111111 0{23}$/);
  assert.match(await page.textContent('#bit-exponent'), /^0 \(exponent field 127, bias 127\)/);
  assert.equal(await page.textContent('#bit-formula'), '(−1)^1 × 2^(127−127) × 1 = -1');
  await openPlayground(page, env.url, '#view=bits&format=float32&code=0x1');
  assert.equal(await bitValue(page), (await tlLayout(1)).exactValue);
  assert.equal(Number(await bitValue(page)), 2 ** -149);
  assert.equal(await page.textContent('#bit-category'), 'subnormal');
  for (const [code, want] of [[0x7f800000, 'inf'], [0xff800000, '-inf'], [0x7fc00000, 'nan'], [0x7f7fffff,
    '340282346638528859811704183484516925440']]) {
    await openPlayground(page, env.url, `#view=bits&format=float32&code=0x${code.toString(16)}`);
    assert.equal(await bitValue(page), want, `0x${code.toString(16)}`);
  }
  // 0.1 rounds to 0x3dcccccd; the grid shows that code's page, 0x3dcccc00..0x3dccccff, with it current.
  await page.fill('#value-input', '0.1');
  assert.equal(await bitValue(page), '0.100000001490116119384765625');
  assert.match(await page.textContent('#cast-result'), /0x3dcccccd/);
  assert.ok(await page.$('#cast-result .hint'), 'no saturation');
  const cells = await page.$$eval('#code-grid [data-code]', (els) => els.map((e) => Number(e.dataset.code)));
  assert.deepEqual(cells, Array.from({ length: 256 }, (_, i) => 0x3dcccc00 + i));
  assert.match(await page.$eval(`#code-grid [data-code="${0x3dcccccd}"]`, (el) => el.className), /\bcurrent\b/);
  assert.match(await page.textContent('#grid-legend'), /0x3dcccc__/);
  await page.click(`#code-grid [data-code="${0x3dccccff}"]`);
  assert.equal(await bitValue(page), (await tlLayout(0x3dccccff)).exactValue);
  // Every format's cast of 0.1 is listed, float32 included; a row loads its format and code.
  const rows = await page.$$eval('#cast-all tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows.find((r) => r[0] === 'float32').slice(1, 3), ['0x3dcccccd', '0.100000001490116119384765625']);
  // Overflow: Inf by default (IEEE, as ONNX Cast), the largest finite value when saturating.
  await page.fill('#value-input', '1e39');
  assert.equal(await bitValue(page), 'inf');
  await page.selectOption('#saturate-select', '1');
  assert.equal(await bitValue(page), '340282346638528859811704183484516925440');
  assert.ok(await page.$('#cast-result .warn'), 'saturation is flagged');
  // The 32 bits fit the page, on a desktop and on a phone: no sideways scrolling.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `width ${width}: the page scrolls sideways by ${overflow}px`);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the saturation note puts the ONNX float8 notes\' table beside the module for the FNUZ formats', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fnuz');
  const note = await page.textContent('#saturation-note');
  assert.match(note, /test data/);
  const rows = await page.$$eval('#saturation-note tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const fnuz = rows.find((r) => r[0] === 'float8_e4m3fnuz' && r[1] === '+Inf');
  assert.equal(fnuz[3], 'NaN');          // what the ONNX float8 notes' table says
  assert.match(fnuz[2], /= 240$/);       // what the module does: clip to max (ONNX test data)
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the formula under the bits is the core\'s, for every code of float8_e4m3fn, and says what the CLI says', async () => {
  const { spawnSync } = await import('node:child_process');
  const path = (await import('node:path')).default;
  const { ROOT } = await import('./harness.mjs');
  const cli = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&code=0x1d');
  assert.equal(await page.textContent('#bit-formula'), '(−1)^0 × 2^(3−7) × (1 + 5/8) = 0.1015625');
  assert.match(await page.textContent('#bit-exponent'), /^-4 \(exponent field 3, bias 7\)/);
  for (const code of [0x00, 0x05, 0x1d, 0x7e, 0x7f, 0x80, 0xfe]) {
    await openPlayground(page, env.url, `#view=bits&format=float8_e4m3fn&code=0x${code.toString(16)}`);
    const r = spawnSync(cli, ['layout', 'float8_e4m3fn', '--code', `0x${code.toString(16)}`], { encoding: 'utf8' });
    const line = r.stdout.split('\n').find((l) => l.startsWith('formula'));
    const shown = await page.textContent('#bit-formula');
    assert.equal(shown, line === undefined ? '—' : line.replace(/^formula\s+/, ''), `code ${code}`);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('codes read as the CLI writes them (lowercase hex): the cast, the rows, the modes, the bits, the grid, the cards', async () => {
  const { spawnSync } = await import('node:child_process');
  const path = (await import('node:path')).default;
  const { ROOT } = await import('./harness.mjs');
  const cli = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');
  const cast = (format, value, flags = []) => {
    const r = spawnSync(cli, ['cast', '--to', format, ...flags, '--', value], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim();
  };
  const page = await env.page();
  for (const [format, value] of [['float8_e4m3fn', '-448'], ['float8_e5m2', '-0.3'], ['bfloat16', '-1.7'],
                                 ['float32', '0.1'], ['float4_e2m1fn', '-6'], ['p3109_k8p3se', '-100']]) {
    await openPlayground(page, env.url, `#view=bits&format=${format}&value=${value}`);
    const line = cast(format, value);   // '0xfe -448'
    const code = line.split(' ')[0];
    assert.match(await page.textContent('#cast-result .big-line'), new RegExp(`→ ${code} `), `${format} ${value}`);
    assert.ok((await page.textContent('#bit-code')).startsWith(`${code} = `), `${format} ${value}`);
    const rows = await page.$$eval('#cast-all tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
    for (const [name, shownCode] of rows) assert.equal(shownCode, cast(name, value).split(' ')[0], `${name} ${value}`);
    const modes = await page.$$eval('#mode-results tr[data-mode]', (trs) => trs.map((tr) => [tr.dataset.mode, tr.cells[1].textContent]));
    for (const [mode, shown] of modes) assert.equal(shown, cast(format, value, ['--round', mode]), `${format} ${mode}`);
    // Nowhere in the view a code in capitals: neighbours, grid labels and titles, strip, cards, saturation table.
    const texts = await page.$eval('#view-bits', (v) => [v.textContent,
      ...[...v.querySelectorAll('[title]')].map((e) => e.title), ...[...v.querySelectorAll('svg text')].map((e) => e.textContent)]);
    for (const text of texts) assert.doesNotMatch(text, /0x[0-9a-f_]*[A-F]/, `${format}: ${text.slice(0, 200)}`);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a cast on a number line: the code between its neighbours, the midpoints, the input, and the error', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=0.1');
  const cast = await page.evaluate(() => window.typelatticePlayground.tl.castValue('float8_e4m3fn', '0.1'));
  const points = await page.$$eval('#cast-strip [data-point]', (els) => els.map((e) => [e.dataset.point, Number(e.dataset.value)]));
  const of = (kind) => points.filter(([k]) => k === kind).map(([, v]) => v).sort((a, b) => a - b);
  assert.deepEqual(of('code'), [cast.value]);
  assert.deepEqual(of('neighbour'), [0.09375, 0.109375]);
  assert.deepEqual(of('midpoint'), [Number(cast.roundingInterval.low), Number(cast.roundingInterval.high)]);
  assert.deepEqual(of('input'), [0.1]);
  // The input lies inside the interval, which lies between the neighbours: what the picture claims.
  const [down, up] = of('neighbour');
  const [low, high] = of('midpoint');
  assert.ok(down < low && low <= 0.1 && 0.1 <= high && high < up);
  assert.equal(await page.textContent('#cast-error'), `Error ${Number(cast.error.toPrecision(6))} (${Number((cast.relativeError * 100).toPrecision(6))} % of the input), rounded up.`);
  assert.equal(cast.error, 0.1015625 - 0.1);
  // Saturation: 1000 clips to 448; the input's marker sits at the end, pointing beyond.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1000');
  assert.match(await page.textContent('#cast-strip [data-point="input"]'), /^→ input 1000/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

// What the facts line and the legend say of each format comes from its data: E8M0 has no subnormals, no zero,
// no Inf, and its max is 2^127; every format's legend lists only the categories its codes have.
test('facts and legend are true for every format (E8M0: no subnormal, no zero, no Inf, max 2^127)', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e8m0fnu');
  const facts = await page.textContent('#format-facts');
  assert.match(facts, /max 2\^127/);
  assert.match(facts, /smallest subnormal none/);
  assert.doesNotMatch(facts, /subnormal 2\^/);
  const formats = await page.evaluate(() => window.typelatticePlayground.tl.formats());
  for (const f of formats.filter((x) => x.totalBits <= 8)) {
    await openPlayground(page, env.url, `#view=bits&format=${f.name}`);
    await page.waitForFunction((n) => document.querySelectorAll('#bit-layout [data-bit]').length === n, f.totalBits);
    // The categories the grid's codes really have (the module's layout of each), against the legend.
    const present = await page.evaluate((name) => {
      const tl = window.typelatticePlayground.tl;
      const cats = new Set();
      const bits = tl.formats().find((x) => x.name === name).totalBits;
      for (let c = 0; c < 2 ** bits; ++c) cats.add(tl.layout(name, c).category);
      return [...cats].map((c) => (c === 'infinity' ? 'inf' : c)).sort();
    }, f.name);
    const legend = await page.$$eval('#grid-legend .swatch', (els) => els.map((e) => e.className.match(/cat-(\w+)/)[1]).sort());
    assert.deepEqual(legend, present, f.name);
  }
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the same value in every format flags underflow and overflow as clearly as saturation, with the error', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=0.1');
  const row = (name) => page.$eval(`#cast-all tr[data-format="${name}"]`, (tr) => ({
    range: tr.dataset.range, cells: [...tr.cells].map((c) => c.textContent) }));
  const fp4 = await row('float4_e2m1fn');
  assert.equal(fp4.range, 'underflow-zero');   // 0.1 is below FP4's smallest value 0.5: flushed to zero
  assert.equal(fp4.cells[4], 'underflow: flushed to 0');
  assert.equal(fp4.cells[5], '-0.1 (-100 %)');
  const e8m0 = await (async () => {
    await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1e-40');
    return row('float8_e8m0fnu');
  })();
  assert.equal(e8m0.range, 'underflow-nonzero');   // no zero in E8M0: up to 2^-127
  const sat = await (async () => {
    await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1000');
    return row('float8_e4m3fn');
  })();
  assert.equal(sat.range, 'saturated');
  assert.equal(sat.cells[4], 'saturated: clipped to ±max');
  const inRange = await row('float16');
  assert.equal(inRange.range, 'in-range');
  assert.equal(inRange.cells[5], '0 (0 %)');
  // Past max without saturation: NaN where the format has no Inf, else Inf, each as the line under the cast says it.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1e6&sat=0');
  const toNan = await row('float8_e4m3fn');
  assert.equal(toNan.range, 'overflow-nan');
  assert.equal(toNan.cells[4], 'overflow: NaN, as float8_e4m3fn has no Inf (saturation is off)');
  assert.equal(toNan.cells[4], await page.textContent('#cast-range'));
  const toInf = await row('float8_e5m2');
  assert.equal(toInf.range, 'overflow-inf');
  assert.equal(toInf.cells[4], 'overflow: Inf (saturation is off)');
  const classes = await page.$$eval('#cast-all tbody tr', (trs) => trs.map((tr) => [tr.dataset.range, tr.classList.contains('out-of-range')]));
  for (const [range, flagged] of classes) assert.equal(flagged, range !== 'in-range', range);
  await page.close();
  assert.deepEqual(env.errors, []);
});

// Issue: the line under a cast said "not saturated" for an underflow and for a non-saturating overflow to NaN, and
// never why. Now it names where the input stood (#cast-range), and the core's facts say why, with the limit.
test('a cast says why its result left the range: no Inf, Inf, below the smallest positive value, one draw', async () => {
  const page = await env.page();
  const shown = async () => ({
    range: await page.$eval('#cast-range', (p) => [p.dataset.range, p.textContent, p.className]),
    facts: await page.$$eval('#cast-facts dd', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.fact, d.textContent]))),
  });
  const moduleFacts = (format, value, options) => page.evaluate(([f, v, o]) =>
    Object.fromEntries(window.typelatticePlayground.tl.castValue(f, v, o).facts.map((x) => [x.name, x.text])),
  [format, value, options]);

  // E4M3FN has no Inf: 1000 without saturation is NaN (ONNX's float8 notes), and the page says why.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1000&sat=0');
  let s = await shown();
  assert.deepEqual(s.range, ['overflow-nan', 'overflow: NaN, as float8_e4m3fn has no Inf (saturation is off)', 'warn']);
  assert.equal(s.facts.overflow, 'float8_e4m3fn has no Inf: past its max, 448, a cast without saturation gives NaN');
  assert.equal(s.facts.overflow, (await moduleFacts('float8_e4m3fn', '1000', { saturate: false })).overflow);

  // E5M2 has Inf: past 57344 (and its rounding range) without saturation is Inf.
  await openPlayground(page, env.url, '#view=bits&format=float8_e5m2&value=1e6&sat=0');
  s = await shown();
  assert.equal(s.range[0], 'overflow-inf');
  assert.equal(s.facts.overflow, 'past the max, 57344, a cast without saturation gives Inf');

  // Saturation on (the default for FP8): clipped, and no overflow fact.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1000');
  s = await shown();
  assert.deepEqual(s.range.slice(0, 2), ['overflow-saturated', 'saturated: out of range, clipped to the largest finite value']);
  assert.equal(s.facts.overflow, undefined);

  // 1e-4 is below E4M3FN's smallest subnormal 2^-9 = 0.001953125 (ONNX's float8 notes): underflow, not "not saturated".
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=0.0001');
  s = await shown();
  assert.deepEqual(s.range, ['underflow-zero', 'underflow: flushed to 0', 'warn']);
  assert.equal(s.facts.underflow, 'below the smallest positive value, 2^-9: rounded to 0');
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=0.0001&round=toward-positive');
  assert.equal((await shown()).facts.underflow, 'below the smallest positive value, 2^-9: rounded up, away from 0');

  // In range: the old line, and neither fact.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=0.3');
  s = await shown();
  assert.deepEqual(s.range.slice(0, 2), ['in-range', 'not saturated']);
  assert.equal(s.facts.overflow ?? s.facts.underflow, undefined);

  // Stochastic rounding: the result and its interval are one draw's; the draw's bits are named.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.1&round=stochastic&srnumbits=8&seed=5');
  s = await shown();
  const draw = (await moduleFacts('float8_e4m3fn', '4.1', { round: 'stochastic', srNumBits: 8, seed: 5n })).draw;
  assert.match(draw, /^one draw: srbits \d+ of 2\^8$/);
  assert.equal(s.facts.draw, draw);
  assert.match(await page.textContent('#cast-result'), /With this draw's bits, inputs in [[(]\S+, \S+[\])] round to this code\./);

  // zh-CN: the line and the core's facts are translated (the facts are messages: docs/promotion.md).
  const factText = (name) => page.textContent(`#cast-facts [data-fact="${name}"]`);
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=1000&sat=0&lang=zh-CN');
  assert.equal(await page.textContent('#cast-range'), '上溢:结果为 NaN,因为 float8_e4m3fn 没有 Inf(未开启饱和)');
  assert.equal(await factText('overflow'), 'float8_e4m3fn 没有 Inf:超过其最大值 448 时,不饱和的转换得到 NaN');
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=0.0001&lang=zh-CN');
  assert.equal(await page.textContent('#cast-range'), '下溢:清零');
  assert.equal(await factText('underflow'), '小于最小正值 2^-9:舍入为 0');
  assert.match(await factText('between'), /^0x00 0 与 0x01 0\.001953125$/);
  await page.close();
  assert.deepEqual(env.errors, []);
});
