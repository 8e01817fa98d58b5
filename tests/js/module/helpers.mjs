// Shared by the module tests: loading both builds, the seed tables, and the CLI as the reference front end.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import createTypeLattice from '../../../web/dist/typelattice.mjs';

export const sourceDir = process.env.TYPELATTICE_SOURCE_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const cliPath = process.env.TYPELATTICE_CLI ?? path.join(sourceDir, 'build/native/app/typelattice');

const loaded = new Map();
/** The module, SIMD128 build (simd: true) or plain build (simd: false); loaded once per test file. */
export function load(simd = true) {
  if (!loaded.has(simd)) loaded.set(simd, createTypeLattice({ simd }));
  return loaded.get(simd);
}
export const builds = [{ name: 'SIMD128 build', simd: true }, { name: 'plain build', simd: false }];

/** A seed table (tests/data/seed_<name>.csv) as { types, cell(row, col) -> name | null }. */
export function seedTable(name) {
  const lines = readFileSync(path.join(sourceDir, 'tests/data', `seed_${name}.csv`), 'utf8').trim().split('\n')
    .filter((line) => !line.startsWith('#'));  // the seed's citation
  const types = lines[0].split(',').slice(1);
  const cells = lines.slice(1).map((line) => line.split(',').slice(1).map((c) => (c === '-' ? null : c)));
  const rowNames = lines.slice(1).map((line) => line.split(',')[0]);
  return { types, rowNames, cells };
}

/** Runs the CLI; returns { status, stdout, stderr }. */
export function cli(args, input) {
  const r = spawnSync(cliPath, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `typelattice cast --to F --input hex [flags]` over float32 bit patterns; returns the codes. */
export function cliCastCodes(format, floats, flags = []) {
  const bits = new Uint32Array(floats.buffer, floats.byteOffset, floats.length);
  const input = Array.from(bits, (b) => `0x${b.toString(16).padStart(8, '0')}`).join('\n') + '\n';
  const out = execFileSync(cliPath, ['cast', '--to', format, '--input', 'hex', ...flags],
                           { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return out.trim().split('\n').map((line) => Number.parseInt(line.split(/\s+/)[0], 16));
}

/** A deterministic stream of float32 bit patterns covering every exponent (xorshift32). */
export function randomFloats(count, seed = 0x9e3779b9) {
  const bits = new Uint32Array(count);
  let x = seed >>> 0;
  for (let i = 0; i < count; ++i) {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    bits[i] = x;
  }
  return new Float32Array(bits.buffer);
}
