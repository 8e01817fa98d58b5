// The two builds: the plain one holds no SIMD instruction (it must load where SIMD128 is missing), the SIMD one
// runs its cast kernels with SIMD128, and the loader picks by feature detection unless told otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import createTypeLattice from '../../../web/dist/typelattice.mjs';
import { sourceDir } from './helpers.mjs';

const dist = path.join(sourceDir, 'web/dist');
// binaryen's disassembler comes with Debian's emscripten package.
const simdInstructions = (file) => execFileSync('wasm-dis', [path.join(dist, file)], { encoding: 'utf8', maxBuffer: 1 << 28 })
  .split('\n').filter((line) => /\b(v128|[if](8x16|16x8|32x4|64x2))\./.test(line)).length;

test('the plain build has no SIMD instruction; the SIMD build has', () => {
  assert.equal(simdInstructions('typelattice-core.wasm'), 0);
  assert.ok(simdInstructions('typelattice-core-simd.wasm') > 0);
});

test('createTypeLattice loads the SIMD build where SIMD128 validates, the plain one when told', async () => {
  const auto = await createTypeLattice();
  assert.equal(auto.isa, 'wasm_simd128');
  const plain = await createTypeLattice({ simd: false });
  assert.equal(plain.isa, 'scalar');
  assert.equal(auto.version, '0.1.0');
  assert.equal(plain.promoteTypes('float16', 'bfloat16'), auto.promoteTypes('float16', 'bfloat16'));
});
