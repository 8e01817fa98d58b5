// Writes web/dist from Emscripten's output and the hand-written sources, minified with esbuild:
//   typelattice.mjs           the wrapper (web/src/*.mjs) as one file; the glue stays a separate dynamic import
//   typelattice-core{,-simd}.mjs + .wasm   the glue of each build, minified, and its .wasm (copied)
//   type-lattice.mjs          the <type-lattice> element (web/components/), importing ./typelattice.mjs
//   typelattice.single.mjs    wrapper + plain glue + the plain .wasm as base64: one file to serve
//   typelattice.d.ts, typelattice-blocks.d.ts, typelattice-promotion.d.ts, type-lattice.d.ts,
//   type-lattice-react.d.ts, type-lattice-preact.d.ts   the typings (copied; the element's attribute parts are
//   first written from web/components/attributes.js by generate-element-docs.mjs, with the manifest and README)
// Usage: node web/tools/build-dist.mjs EMCC_OUTPUT_DIR WEB_DIR DIST_DIR
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeElementFiles } from './generate-element-docs.mjs';
import { gzipSync } from 'node:zlib';

const [emccDir, webDir, distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: node build-dist.mjs EMCC_OUTPUT_DIR WEB_DIR DIST_DIR');
  process.exit(2);
}
mkdirSync(distDir, { recursive: true });

const GLUES = ['typelattice-core', 'typelattice-core-simd'];
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
    b.onResolve({ filter: /^\.\/typelattice-core(-simd)?\.mjs$/ }, (args) => ({ path: args.path, external: true }));
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

// Single file: the plain build only (it runs on every engine), its glue inlined and its .wasm as base64.
// Gzipped before base64 (src/single-file-wasm.mjs says why and inflates it).
const plainWasm = gzipSync(readFileSync(path.join(emccDir, 'typelattice-core.wasm')), { level: 9 }).toString('base64');
const plainGlue = readFileSync(path.join(distDir, 'typelattice-core.mjs'), 'utf8');
await build({ ...common, entryPoints: [path.join(webDir, 'src/typelattice.mjs')],
  outfile: path.join(distDir, 'typelattice.single.mjs'),
  plugins: [{
    name: 'single-file',
    setup(b) {
      b.onResolve({ filter: /^\.\/(wasm-files|typelattice-core(-simd)?)\.mjs$/ },
                  (args) => ({ path: args.path, namespace: 'single' }));
      b.onLoad({ filter: /.*/, namespace: 'single' }, (args) => {
        if (args.path === './typelattice-core.mjs') return { contents: plainGlue, loader: 'js' };
        if (args.path === './typelattice-core-simd.mjs') return { contents: 'export default null;', loader: 'js' };
        const stand_in = readFileSync(path.join(webDir, 'src/single-file-wasm.mjs'), 'utf8');
        return { loader: 'js', contents: stand_in.replace("'PLAIN_WASM_GZIP_BASE64'", `'${plainWasm}'`) };
      });
    },
  }] });

await writeElementFiles(webDir);
for (const [from, to] of [['src/typelattice.d.ts', 'typelattice.d.ts'],
                          ['src/typelattice-blocks.d.ts', 'typelattice-blocks.d.ts'],
                          ['src/typelattice-promotion.d.ts', 'typelattice-promotion.d.ts'],
                          ['components/type-lattice.d.ts', 'type-lattice.d.ts'],
                          ['components/type-lattice-react.d.ts', 'type-lattice-react.d.ts'],
                          ['components/type-lattice-preact.d.ts', 'type-lattice-preact.d.ts']]) {
  copyFileSync(path.join(webDir, from), path.join(distDir, to));
}
