// The Bits view's Rounding menu: the core's modes for the format (E8M0: ONNX's; the others: the IEEE directions
// and to-odd), and 4.25 in float8_e4m3fn (a tie between 4 and 4.5) cast in each, as the module casts it, with
// the mode in the URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPlayground, settledUrl } from './harness.mjs';

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

test('the Rounding menu lists the format\'s modes and each casts 4.25 as the module does', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.25');
  const options = await page.$$eval('#round-select option', (os) => os.map((o) => [o.value, o.title]));
  const formats = await page.evaluate(() => window.typelatticePlayground.tl.formats().find((f) => f.name === 'float8_e4m3fn'));
  // Every mode the core lists, stochastic too (its panel shows the chance and the draws).
  assert.deepEqual(options, formats.roundModes.map((m, i) => [m, formats.roundModeRules[i]]));
  assert.ok(formats.roundModes.includes('stochastic'));
  assert.equal(await page.inputValue('#round-select'), 'ties-to-even');
  const want = { 'ties-to-even': '0x48', 'ties-to-away': '0x49', 'toward-zero': '0x48', 'toward-positive': '0x49',
    'toward-negative': '0x48', 'to-odd': '0x49' };
  for (const [mode, code] of Object.entries(want)) {
    await page.selectOption('#round-select', mode);
    assert.match(await settledUrl(page), new RegExp(`round=${mode}\\b`));
    const text = await page.textContent('#cast-result');
    assert.match(text, new RegExp(`→ ${code}`), `${mode}: ${text}`);
    const module = await page.evaluate((r) => window.typelatticePlayground.tl.castValue('float8_e4m3fn', '4.25', { round: r }).code, mode);
    assert.equal(`0x${module.toString(16).padStart(2, '0')}`, code);
  }
  // E8M0 has ONNX's modes; a mode the format lacks falls back to the format's default in the menu.
  await openPlayground(page, env.url, '#view=bits&format=float8_e8m0fnu&value=3&round=toward-zero');
  assert.deepEqual(await page.$$eval('#round-select option', (os) => os.map((o) => o.value)), ['up', 'down', 'nearest']);
  assert.equal(await page.inputValue('#round-select'), 'up');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('under a cast, where each mode sends the input, and a tie explained', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.25&round=toward-zero');
  const rows = await page.$$eval('#mode-results tr[data-mode]', (trs) => trs.map((tr) =>
    [tr.dataset.mode, tr.cells[1].textContent, tr.classList.contains('current')]));
  const expected = await page.evaluate(() => {
    const { tl } = window.typelatticePlayground;
    const f = tl.formats().find((x) => x.name === 'float8_e4m3fn');
    return f.roundModes.filter((m) => m !== 'stochastic').map((m) => [m, tl.castValue(f.name, '4.25', { round: m }).line, m === 'toward-zero']);
  });
  assert.deepEqual(rows, expected);
  assert.equal(rows.find(([m]) => m === 'ties-to-away')[1], '0x49 4.5');
  const tie = await page.textContent('#tie-note');
  assert.match(tie, /4\.25 is exactly halfway/);
  assert.match(tie, /even code \(0x48 4\)/);
  assert.match(tie, /farther from zero \(0x49 4\.5\)/);
  // Not a tie: no sentence. E8M0's modes are not directions of one rounding: no table.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.3');
  assert.equal(await page.$('#tie-note'), null);
  assert.ok(await page.$('#mode-results'));
  await openPlayground(page, env.url, '#view=bits&format=float8_e8m0fnu&value=3');
  assert.equal(await page.$('#mode-results'), null);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('the number line marks where each mode sends the input; the facts are the module\'s', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.3');
  const marks = await page.$$eval('#cast-strip [data-modes]', (gs) => gs.map((g) => [Number(g.dataset.value), g.dataset.modes.split(' ')]));
  const expected = await page.evaluate(() => {
    const { tl } = window.typelatticePlayground;
    const byValue = new Map();
    for (const m of ['ties-to-even', 'ties-to-away', 'toward-zero', 'toward-positive', 'toward-negative', 'to-odd']) {
      const v = tl.castValue('float8_e4m3fn', '4.3', { round: m }).value;
      byValue.set(v, [...(byValue.get(v) ?? []), m]);
    }
    return [...byValue].sort((a, b) => a[0] - b[0]);
  });
  assert.deepEqual(marks.sort((a, b) => a[0] - b[0]), expected);
  assert.deepEqual(expected.map(([v]) => v), [4, 4.5]);  // 4.3 lies between 4 and 4.5
  const facts = await page.$$eval('#cast-facts dd', (dds) => dds.map((d) => [d.dataset.fact, d.textContent]));
  const module = await page.evaluate(() => window.typelatticePlayground.tl.castValue('float8_e4m3fn', '4.3').facts
    .filter((f) => f.name !== 'tie').map((f) => [f.name, f.text]));
  assert.deepEqual(facts, module);
  assert.deepEqual(facts.map(([n]) => n), ['shortest', 'between']);
  // The code's shortest decimal beside its exact value: 0x01 is 2^-9 = 0.001953125, and 0.002 casts back to it.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&code=0x1');
  assert.equal(await page.textContent('#bit-value'), '0.001953125');
  assert.equal(await page.textContent('#bit-shortest'), '0.002');
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('stochastic rounding: the chance, the expected value and K draws from the seeded stream', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.1&round=stochastic&srnumbits=8&seed=5&draws=2000');
  assert.equal(await page.inputValue('#round-select'), 'stochastic');
  const chance = await page.textContent('#sr-chance');
  assert.match(chance, /51\/256 = 0\.19921875/);   // round_half_even(0.2 * 256) of 256 patterns
  assert.match(chance, /4\.099609375/);
  const bars = await page.$$eval('#sr-histogram [data-code]', (gs) => gs.map((g) => [Number(g.dataset.code), Number(g.dataset.count)]));
  const draws = await page.evaluate(() => [...window.typelatticePlayground.tl.castSamples('float8_e4m3fn', '4.1', 2000,
    { round: 'stochastic', srNumBits: 8, seed: 5 })]);
  const count = (c) => draws.filter((d) => d === c).length;
  assert.deepEqual(bars, [[0x48, count(0x48)], [0x49, count(0x49)]]);
  assert.equal(count(0x48) + count(0x49), 2000);
  assert.ok(await page.$('#sr-running-mean polyline.mean'));
  assert.match(await page.textContent('#sr-summary'), new RegExp(`^2000 draws: ${count(0x49)} rounded away`));
  // The seed field changes the stream and the link; a value out of range is kept in the field and refused aloud.
  await page.fill('#sr-seed', '6');
  await page.press('#sr-seed', 'Enter');
  assert.match(await settledUrl(page), /seed=6\b/);
  await page.fill('#sr-num-bits', '40');
  await page.press('#sr-num-bits', 'Enter');
  assert.equal(await page.getAttribute('#sr-num-bits', 'aria-invalid'), 'true');
  assert.equal(await page.inputValue('#sr-num-bits'), '40');
  assert.match(await page.textContent('#stochastic-panel'), /0 – 32/);
  assert.doesNotMatch(await settledUrl(page), /srnumbits=40/);
  // A value of the format has nothing to draw; the mode table and the strip leave stochastic out.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4&round=stochastic');
  assert.match(await page.textContent('#sr-chance'), /is a value of the format/);
  assert.equal(await page.$('#sr-histogram'), null);
  assert.ok(!(await page.$$eval('#mode-results tr[data-mode]', (trs) => trs.map((tr) => tr.dataset.mode))).includes('stochastic'));
  // A link with a bad seed opens with the default and says so.
  await openPlayground(page, env.url, '#view=bits&format=float8_e4m3fn&value=4.1&round=stochastic&seed=-1');
  assert.equal(await page.inputValue('#sr-seed'), '0');
  await page.close();
  assert.deepEqual(env.errors, []);
});
