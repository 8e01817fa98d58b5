// Writes web/dist from Emscripten's output and the hand-written sources, minified with esbuild:
//   typelattice.mjs           the wrapper (web/src/*.mjs) as one file; the glue stays a separate dynamic import
//   typelattice-core{,-simd}.mjs + .wasm        the whole module: the glue of each build, minified, and its .wasm
//   typelattice-promotion{,-simd}.mjs + .wasm   the promotion part, the same way
//   typelattice-formats{,-simd}.mjs + .wasm     the formats part, the same way
//   type-lattice.mjs          the <type-lattice> element (web/components/), importing ./typelattice.mjs
//   typelattice.single.mjs    wrapper + the whole module's plain glue and plain .wasm (gzip, base64): one file
//   typelattice.d.ts, typelattice-blocks.d.ts, typelattice-promotion.d.ts, typelattice-formats.d.ts,
//   type-lattice.d.ts         the typings (copied)
// Usage: node web/tools/build-dist.mjs EMCC_OUTPUT_DIR WEB_DIR DIST_DIR
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [emccDir, webDir, distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: node build-dist.mjs EMCC_OUTPUT_DIR WEB_DIR DIST_DIR');
  process.exit(2);
}
mkdirSync(distDir, { recursive: true });

const GLUES = ['typelattice-core', 'typelattice-core-simd', 'typelattice-promotion', 'typelattice-promotion-simd',
  'typelattice-formats', 'typelattice-formats-simd'];
const common = { bundle: true, format: 'esm', minify: true, target: 'es2022', legalComments: 'none', logLevel: 'warning' };

// The glue names its .wasm as `new URL("x.wasm", import.meta.url)`, only used when no locateFile is passed;
// the wrapper always passes one (and instantiates the module itself). Bundlers would still try to resolve
// that second, unprefixed URL, so it is removed.
for (const glue of GLUES) {
  const source = readFileSync(path.join(emccDir, `${glue}.mjs`), 'utf8');
  // Closure writes it in parentheses: (new URL("x.wasm",import.meta.url)).toString().
  const pattern = new RegExp(`\\(?new URL\\("${glue}\\.wasm",import\\.meta\\.url\\)\\)?\\.toString\\(\\)`, 'g');
  const matches = source.match(pattern) || [];
  if (matches.length !== 1) {
    throw new Error(`${glue}.mjs: expected one new URL("${glue}.wasm", import.meta.url), found ${matches.length}`);
  }
  const patched = source.replace(pattern, '""');
  const out = await build({ ...common, bundle: false, stdin: { contents: patched, loader: 'js' }, write: false });
  writeFileSync(path.join(distDir, `${glue}.mjs`), out.outputFiles[0].text);
  copyFileSync(path.join(emccDir, `${glue}.wasm`), path.join(distDir, `${glue}.wasm`));
}

// The glue modules stay next to the wrapper, loaded on demand.
const keepGlueExternal = {
  name: 'keep-glue-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/typelattice-(core|promotion|formats)(-simd)?\.mjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

await build({ ...common, entryPoints: [path.join(webDir, 'src/typelattice.mjs')],
  outfile: path.join(distDir, 'typelattice.mjs'), plugins: [keepGlueExternal] });

// The element imports the wrapper as ../dist/typelattice.mjs in the source tree; in dist it sits next to it.
await build({ ...common, entryPoints: [path.join(webDir, 'components/type-lattice.js')],
  outfile: path.join(distDir, 'type-lattice.mjs'),
  plugins: [{
    name: 'wrapper-next-door',
    setup(b) {
      b.onResolve({ filter: /\/dist\/typelattice\.mjs$/ }, () => ({ path: './typelattice.mjs', external: true }));
    },
  }] });

// Single file: the whole module's plain build (it runs on every engine), its glue inlined and its .wasm gzipped as base64
// (src/load-core.mjs says why); the wrapper loads it for any parts asked for, so the parts' glue is left out.
const plainBuilds = { whole: 'typelattice-core' };
const embedded = Object.fromEntries(Object.entries(plainBuilds).map(([part, build]) =>
  [part, gzipSync(readFileSync(path.join(emccDir, `${build}.wasm`)), { level: 9 }).toString('base64')]));
const plainGlues = new Map(Object.values(plainBuilds).map((build) =>
  [`./${build}.mjs`, readFileSync(path.join(distDir, `${build}.mjs`), 'utf8')]));
await build({ ...common, entryPoints: [path.join(webDir, 'src/typelattice.mjs')],
  outfile: path.join(distDir, 'typelattice.single.mjs'),
  plugins: [{
    name: 'single-file',
    setup(b) {
      b.onResolve({ filter: /^\.\/(wasm-files|typelattice-(core|promotion|formats)(-simd)?)\.mjs$/ },
                  (args) => ({ path: args.path, namespace: 'single' }));
      b.onLoad({ filter: /.*/, namespace: 'single' }, (args) => {
        if (plainGlues.has(args.path)) return { contents: plainGlues.get(args.path), loader: 'js' };
        // The wrapper loads only the whole module's plain glue from this file.
        if (args.path !== './wasm-files.mjs') return { contents: 'export default null;', loader: 'js' };
        // wasm-files.mjs: the same file names, no URLs, the .wasm bytes inside.
        const source = readFileSync(path.join(webDir, 'src/wasm-files.mjs'), 'utf8');
        const files = source.match(/export const WASM_FILES = \{[^;]*\};/s);
        if (!files) throw new Error('src/wasm-files.mjs: expected export const WASM_FILES = { ... };');
        return { loader: 'js', contents: [
          files[0],
          'export const defaultWasmUrl = () => null;',
          `export const embeddedWasm = ${JSON.stringify(embedded)};`,
        ].join('\n') };
      });
    },
  }] });

for (const [from, to] of [['src/typelattice.d.ts', 'typelattice.d.ts'],
                          ['src/typelattice-blocks.d.ts', 'typelattice-blocks.d.ts'],
                          ['src/typelattice-promotion.d.ts', 'typelattice-promotion.d.ts'],
                          ['src/typelattice-formats.d.ts', 'typelattice-formats.d.ts'],
                          ['components/type-lattice.d.ts', 'type-lattice.d.ts']]) {
  copyFileSync(path.join(webDir, from), path.join(distDir, to));
}
