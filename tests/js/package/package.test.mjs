// The npm package as published: `npm pack` of web/ holds exactly the built files, README and LICENSE; every
// entry point of its exports map loads in node from the unpacked tarball; importing the element on a server
// (SSR, static site generators) is harmless; a .wasm that cannot be read gives an error naming it, and the
// next call works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { packWeb } from '../../bundlers/pack.mjs';

let work, pkg, files;

before(() => {
  work = mkdtempSync(path.join(tmpdir(), 'typelattice-pack-'));
  const packed = packWeb(work);
  files = packed.files;
  pkg = path.join(work, 'node_modules/typelattice');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['xzf', packed.tarball, '-C', pkg, '--strip-components=1']);
});
after(() => rmSync(work, { recursive: true, force: true }));

const entry = (sub) => import(pathToFileURL(path.join(pkg, sub)).href);

test('npm pack: the built files, README, LICENSE and nothing else', () => {
  assert.deepEqual(files, ['LICENSE', 'README.md', 'custom-elements.json', 'dist/type-lattice-lattice.mjs',
    'dist/type-lattice-preact.d.ts',
    'dist/type-lattice-react.d.ts', 'dist/type-lattice-widget.d.ts', 'dist/type-lattice-widget.mjs',
    'dist/type-lattice.d.ts', 'dist/type-lattice.mjs',
    'dist/typelattice-analyze.mjs', 'dist/typelattice-blocks.d.ts', 'dist/typelattice-codecs-simd.mjs',
    'dist/typelattice-codecs-simd.wasm', 'dist/typelattice-codecs.mjs', 'dist/typelattice-codecs.wasm',
    'dist/typelattice-core-simd.mjs', 'dist/typelattice-core-simd.wasm',
    'dist/typelattice-core.mjs', 'dist/typelattice-core.wasm', 'dist/typelattice-formats-simd.mjs',
    'dist/typelattice-formats-simd.wasm', 'dist/typelattice-formats.d.ts', 'dist/typelattice-formats.mjs', 'dist/typelattice-formats.wasm',
    'dist/typelattice-promotion-simd.mjs', 'dist/typelattice-promotion-simd.wasm', 'dist/typelattice-promotion.d.ts',
    'dist/typelattice-promotion.mjs', 'dist/typelattice-promotion.wasm', 'dist/typelattice-stored-blocks.d.ts',
    'dist/typelattice-tapered.d.ts',
    'dist/typelattice-tensors-simd.mjs',
    'dist/typelattice-tensors-simd.wasm', 'dist/typelattice-tensors.d.ts', 'dist/typelattice-tensors.mjs',
    'dist/typelattice-tensors.wasm', 'dist/typelattice.d.ts',
    'dist/typelattice.mjs', 'dist/typelattice.single.mjs',
    'package.json']);
  assert.match(readFileSync(path.join(pkg, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
  const readme = readFileSync(path.join(pkg, 'README.md'), 'utf8');
  for (const topic of ['Vite', 'VitePress', 'webpack', 'esbuild', 'CDN', 'Node', 'Content-Security-Policy',
                       'typelattice/element', 'typelattice/single', 'locateFile']) {
    assert.ok(readme.includes(topic), `README mentions ${topic}`);
  }
});

test('the wrapper and glue ship minified (no comment lines, few newlines)', () => {
  for (const f of ['typelattice.mjs', 'typelattice-core.mjs', 'typelattice-core-simd.mjs', 'typelattice-promotion.mjs',
                   'typelattice-promotion-simd.mjs', 'typelattice-formats.mjs', 'typelattice-formats-simd.mjs',
                   'typelattice-tensors.mjs', 'typelattice-tensors-simd.mjs', 'typelattice-codecs.mjs',
                   'typelattice-codecs-simd.mjs', 'typelattice-analyze.mjs', 'type-lattice.mjs',
                   'type-lattice-lattice.mjs',
                   'type-lattice-widget.mjs']) {
    const text = readFileSync(path.join(pkg, 'dist', f), 'utf8');
    assert.doesNotMatch(text, /^\s*\/\//m, `${f} has comment lines`);
    // The element's stylesheets are CSS text with their own line breaks; the code around them is minified.
    if (f !== 'type-lattice.mjs') assert.ok(text.split('\n').length < 20, `${f}: ${text.split('\n').length} lines`);
  }
});

test('every exports entry resolves to a file in the package', () => {
  const manifest = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  for (const [key, target] of Object.entries(manifest.exports)) {
    const targets = typeof target === 'string' ? [target] : Object.values(target);
    for (const t of targets) assert.ok(files.includes(t.replace(/^\.\//, '')), `${key} -> ${t}`);
  }
});

test('node: the main entry and the single-file build compute the same answers', async () => {
  const { default: create } = await entry('dist/typelattice.mjs');
  const { default: createSingle } = await entry('dist/typelattice.single.mjs');
  const [tl, single] = await Promise.all([create(), createSingle()]);
  assert.equal(tl.promoteTypes('float16', 'bfloat16'), 'float32');
  assert.equal(single.promoteTypes('float16', 'bfloat16'), 'float32');
  assert.equal(single.isa, 'scalar');   // the single file carries the plain build
  const values = new Float32Array([1, 1000, -0.0625, 3.14159]);
  assert.deepEqual(single.castFloat32(values, 'float8_e4m3fn'), tl.castFloat32(values, 'float8_e4m3fn'));
});

test('SSR: importing the element on a server defines nothing and throws nothing', async () => {
  assert.equal(typeof globalThis.HTMLElement, 'undefined');
  const element = await entry('dist/type-lattice.mjs');
  assert.equal(typeof element.TypeLatticeElement, 'function');
  assert.equal(typeof element.setModuleOptions, 'function');
  assert.equal(typeof globalThis.customElements, 'undefined');
});

test('a .wasm that cannot be read: WasmLoadError names the URL; the next call loads', async () => {
  const { default: create, WasmLoadError } = await entry('dist/typelattice.mjs');
  const missing = pathToFileURL(path.join(work, 'nowhere/')).href;
  await assert.rejects(create({ locateFile: (file) => missing + file }), (e) => {
    assert.ok(e instanceof WasmLoadError);
    assert.equal(e.url, `${missing}typelattice-core-simd.wasm`);
    assert.ok(e.message.includes(e.url), e.message);
    return true;
  });
  await assert.rejects(create({ locateFile: () => 42 }), TypeError);
  const tl = await create({ locateFile: (file, defaultUrl) => defaultUrl });
  assert.equal(tl.promoteTypes('int8', 'uint8'), 'int16');
});
