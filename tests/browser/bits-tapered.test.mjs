// The Bits view with the tapered formats (posit8, posit16, hif8), checked against the CLI: the menu lists the
// formats `typelattice formats` lists; a code's fields (their bits, widths and meanings), value and formula are
// `typelattice layout`'s, and flipping a bit regroups them; every grid cell's value is `typelattice decode`'s; a
// typed value's cast and its facts are `typelattice layout`'s in every tapered format, and the core's refusal is
// shown where the cast would be; links with a bad code are refused; the labels follow the page's language.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, setUp, openPlayground, settledUrl } from './harness.mjs';

const CLI = process.env.TYPELATTICE_CLI ?? path.join(ROOT, 'build/native/app/typelattice');

function cli(args) {
  const r = spawnSync(CLI, args, { encoding: 'utf8' });
  if (r.error) throw new Error(`${CLI}: ${r.error.message} (build it with cmake --preset native)`);
  return r;
}

// `typelattice layout FORMAT --code CODE` (or `layout FORMAT VALUE`) as { fields: [{ name, bits, meaning }],
// value, formula, and each other line by its name }.
function layout(format, ...args) {
  const r = cli(['layout', format, ...args]);
  assert.equal(r.status, 0, r.stderr);
  const out = { fields: [] };
  for (const line of r.stdout.trimEnd().split('\n')) {
    const field = /^(\w+):\s+([01]+)\s+\(bits [^)]*\)\s+(.*)$/.exec(line);
    if (field) out.fields.push({ name: field[1], bits: field[2], meaning: field[3] });
    else out[line.slice(0, 13).trim()] = line.slice(13);
  }
  return out;
}

// The fields the page shows: each group's name, its bits (most significant first) and its meaning.
const shownFields = (page) => page.$$eval('#bit-layout .bit-field', (groups) => groups.map((g) => ({
  label: g.querySelector('.field-label').textContent,
  bits: [...g.querySelectorAll('[data-bit]')].map((b) => b.querySelector('.bit-digit').textContent).join(''),
  meaning: g.querySelector('.field-meaning').textContent,
})));

let env;
before(async () => { env = await setUp(); });
after(async () => { await env.tearDown(); });

test('the menu lists the tapered formats the CLI lists', async () => {
  const listing = cli(['formats']).stdout.split('\n');
  const from = listing.findIndex((line) => line.startsWith('tapered '));
  const names = listing.slice(from + 1).filter((line) => line.trim()).map((line) => line.split(' ')[0]);
  assert.deepEqual(names.sort(), ['hif8', 'posit16', 'posit8']);
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits');
  const group = await page.$$eval('#format-select optgroup', (gs) => gs.map((g) => ({ label: g.label,
    names: [...g.querySelectorAll('option')].map((o) => o.value) })));
  assert.deepEqual(group.find((g) => g.label === 'Tapered precision').names.sort(), names);
  await page.selectOption('#format-select', 'posit8');
  await page.waitForSelector('#bit-layout .field-regime');
  assert.match(await settledUrl(page), /format=posit8/);
  assert.equal(await page.isHidden('#format-cards-section'), true);   // the cards are a minifloat's
  assert.match(await page.textContent('#tapered-help'), /regime/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a posit code shows the CLI\'s fields, and flipping a bit regroups them', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=posit8&code=0x4d');
  await page.waitForSelector('#bit-layout .field-regime');
  for (const code of ['0x4d', '0x0d', '0x0c']) {
    const want = layout('posit8', '--code', code);
    assert.deepEqual(await shownFields(page), want.fields.map((f) => ({ label: f.name, bits: f.bits, meaning: f.meaning })),
      code);
    assert.equal(await page.textContent('#bit-value'), want.value);
    assert.equal(await page.textContent('#bit-formula'), want.formula);
    assert.equal((await page.textContent('#bit-code')).replace(/ /g, ''), `${want.code}=${want.fields.map((f) => f.bits).join('')}`);
    const [up] = want['next up'].split(' ');
    assert.ok((await page.textContent('#bit-neighbours')).includes(`↑ ${up} = `), code);
    // 0x4d -> 0x0d: bit 6 turns the regime's run of ones into a run of zeros; then bit 0 of the fraction.
    if (code === '0x4d') await page.click('#bit-layout [data-bit="6"]');
    if (code === '0x0d') await page.click('#bit-layout [data-bit="0"]');
    if (code !== '0x0c') await page.waitForFunction((c) => document.querySelector('#bit-code').textContent.startsWith(c),
      code === '0x4d' ? '0x0d' : '0x0c');
  }
  assert.match(await settledUrl(page), /code=0xc(&|$)/);
  // The keyboard stays on the bit that was flipped, though the buttons were drawn again.
  assert.equal(await page.evaluate(() => document.activeElement.dataset.bit), '0');
  // A neighbour opens its code.
  await page.click('#bit-neighbours [data-code]:last-child');
  assert.match(await settledUrl(page), /code=0xd(&|$)/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('every grid cell is the CLI\'s value, 256 codes at a time for posit16', async () => {
  const page = await env.page();
  for (const [format, code, first] of [['posit8', '0x10', 0], ['hif8', '0x01', 0], ['posit16', '0x4000', 0x4000]]) {
    await openPlayground(page, env.url, `#view=bits&format=${format}&code=${code}`);
    await page.waitForSelector('#code-grid [data-code]');
    const cells = await page.$$eval('#code-grid [data-code]', (cs) => cs.map((c) => [Number(c.dataset.code), c.title]));
    assert.equal(cells.length, 256, format);
    const codes = cells.map(([c]) => c);
    assert.deepEqual(codes, Array.from({ length: 256 }, (_, i) => first + i), format);
    const decoded = cli(['decode', '--from', format, ...codes.map(String)]).stdout.trim().split('\n');
    cells.forEach(([, title], i) => {
      const [hex, value] = decoded[i].split(' ');
      assert.ok(title.startsWith(`${hex} = ${value} (`), `${format}: ${title} vs ${decoded[i]}`);
    });
    assert.equal(await page.$eval('#code-grid .current', (c) => Number(c.dataset.code)), Number(code));
  }
  assert.match(await page.textContent('#grid-legend'), /0x40__/);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a typed value is cast into every tapered format as the CLI casts it', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=hif8');
  await page.waitForSelector('#bit-layout .field-dot');
  await page.fill('#value-input', '0.3');
  await page.waitForSelector('#cast-facts');
  const want = layout('hif8', '0.3');
  assert.equal(await page.textContent('#bit-value'), want.value);
  assert.ok((await page.textContent('#cast-result')).includes(want.code));
  assert.equal(await page.textContent('#cast-facts [data-fact="between"]'), want.between);
  assert.equal(await page.textContent('#cast-facts [data-fact="exact"]'), want.exact);
  const rows = await page.$$eval('#cast-all tbody tr', (trs) => trs.map((tr) => [tr.dataset.format,
    ...[...tr.cells].map((td) => td.textContent)]));
  for (const format of ['posit8', 'posit16', 'hif8']) {
    const c = layout(format, '0.3');
    const row = rows.find(([f]) => f === format);
    assert.deepEqual(row.slice(2, 4), [c.code, c.value], format);
  }
  // The built-in formats follow, as the CLI casts them.
  const e4m3 = rows.find(([f]) => f === 'float8_e4m3fn');
  assert.equal(e4m3[2], cli(['cast', '--to', 'float8_e4m3fn', '0.3']).stdout.split(' ')[0]);
  // Past posit8's range: saturated (the only way posits go), and no saturation is refused with the core's reason.
  await page.selectOption('#format-select', 'posit8');
  await page.fill('#value-input', '1e30');
  await page.waitForSelector('#cast-facts [data-fact="clamped"]');
  assert.equal(await page.textContent('#cast-facts [data-fact="clamped"]'), layout('posit8', '1e30').clamped);
  await page.selectOption('#saturate-select', '0');
  const refused = cli(['cast', '--to', 'posit8', '--no-saturate', '1e30']);
  assert.notEqual(refused.status, 0);
  await page.waitForFunction(() => document.querySelector('#cast-result').classList.contains('error'));
  assert.ok(refused.stderr.includes(await page.textContent('#cast-result')), await page.textContent('#cast-result'));
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('a link\'s code past the width is refused; another format brings the minifloat view back', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=posit8&code=0x1ff');
  await page.waitForSelector('#bit-layout .field-regime');
  assert.match(await page.textContent('#load-status'), /code=0x1ff \(code 0x1ff is out of range for posit8 \(8 bits/);
  assert.equal(await page.textContent('#bit-code'), '0x00 = 0 0000000');
  await page.selectOption('#format-select', 'float8_e4m3fn');
  await page.waitForSelector('#bit-layout .field-mantissa');
  assert.deepEqual(await page.$$eval('#bit-layout .field-label', (ls) => ls.map((l) => l.textContent)),
    ['sign', 'exponent', 'mantissa']);
  assert.equal(await page.isVisible('#format-cards-section'), true);
  assert.equal(await page.isHidden('#tapered-help'), true);
  assert.equal(await page.isDisabled('#round-select'), false);
  await page.close();
  assert.deepEqual(env.errors, []);
});

test('in Chinese the fields and what they mean are translated', async () => {
  const page = await env.page();
  await openPlayground(page, env.url, '#view=bits&format=posit8&code=0x4d&lang=zh-CN');
  await page.waitForSelector('#bit-layout .field-regime');
  const fields = await shownFields(page);
  const english = layout('posit8', '--code', '0x4d').fields;
  assert.deepEqual(fields.map((f) => f.bits), english.map((f) => f.bits));
  fields.forEach((f, i) => assert.notEqual(f.label, english[i].name));
  // The sign's and the regime's meanings are sentences (the module's messages, in Chinese); e = 1 and f = 5/8 are not.
  for (const f of fields.slice(0, 2)) assert.match(f.meaning, /[\u4e00-\u9fff]/, f.meaning);
  assert.match(await page.textContent('#tapered-help'), /[\u4e00-\u9fff]/);
  await page.close();
  assert.deepEqual(env.errors, []);
});
