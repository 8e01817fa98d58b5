// tl.parseCode: the module reads codes by the core's one grammar (docs/formats.md, "Codes"), as the CLI and the
// Sphinx directive do: every text of docs-integrations/tests/code_grammar_cases.json against the CLI's decode,
// and the width of each format (a code one past it refused with the CLI's message).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { cli, load, sourceDir } from './helpers.mjs';

const { cases } = JSON.parse(readFileSync(path.join(sourceDir, 'docs-integrations/tests/code_grammar_cases.json'), 'utf8'));

const moduleCode = (tl, format, text) => {
  try {
    return tl.parseCode(format, text);
  } catch (e) {
    assert.ok(e instanceof RangeError, `${JSON.stringify(text)}: ${e}`);
    return null;
  }
};

test('every listed text reads as the listed float32 code, or is refused, in the module and the CLI alike', async () => {
  const tl = await load();
  for (const [text, code] of cases) {
    assert.equal(moduleCode(tl, 'float32', text), code, JSON.stringify(text));
    const r = cli(['decode', '--from', 'float32', '--', text]);
    assert.equal(r.status === 0 ? parseInt(r.stdout.split(' ')[0], 16) : null, code, `CLI: ${JSON.stringify(text)}`);
    if (code === null) {
      let message = null;
      try { tl.parseCode('float32', text); } catch (e) { message = e.message; }
      assert.ok(r.stderr.includes(message), `${JSON.stringify(text)}: the CLI says ${r.stderr}, the module ${message}`);
    }
  }
});

test('a code is read within its format\'s width: the largest fits, one more is refused', async () => {
  const tl = await load();
  for (const [format, bits] of [['float8_e4m3fn', 8], ['float4_e2m1fn', 4], ['float6_e3m2fn', 6], ['float16', 16],
                                ['bfloat16', 16], ['float32', 32]]) {
    const top = 2 ** bits - 1;
    assert.equal(tl.parseCode(format, `0x${top.toString(16)}`), top, format);
    assert.equal(tl.parseCode(format, String(top)), top, format);
    assert.equal(tl.parseCode(format, `0b${'1'.repeat(bits)}`), top, format);
    assert.throws(() => tl.parseCode(format, `0x${(top + 1).toString(16)}`),
                  new RegExp(`out of range for ${format} \\(${bits} bits`), format);
    assert.throws(() => tl.parseCode(format, String(top + 1)), RangeError, format);
  }
  // The texts: an exponent and binary are not read as Number() reads them.
  assert.throws(() => tl.parseCode('float8_e4m3fn', '1e2'), /'1e2' is not a code/);
  assert.equal(tl.parseCode('float8_e4m3fn', '0b11101'), 29);
  assert.throws(() => tl.parseCode('float8_e4m3fn', 29), TypeError);
  assert.throws(() => tl.parseCode('float99', '0x1'), /float99/);
});
