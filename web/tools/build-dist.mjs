// Writes web/dist from Emscripten's output and the hand-written sources, minified with esbuild:
//   typelattice.mjs           the wrapper (web/src/*.mjs) as one file; the glue stays a separate dynamic import
//   typelattice-core{,-simd}.mjs + .wasm        the whole module: the glue of each build, minified, and its .wasm
//   typelattice-promotion{,-simd}.mjs + .wasm   the promotion part, the same way
//   typelattice-formats{,-simd}.mjs + .wasm     the formats part, the same way
//   typelattice-tensors{,-simd}.mjs + .wasm     the tensors part, the same way (loaded by tl.analyze only)
//   typelattice-codecs{,-simd}.mjs + .wasm      the codecs part, the same way (tl.taperedFormat, tl.storedBlocks)
//   typelattice-analyze.mjs   the code of the calls that load a part on demand (src/analyze.mjs), imported by the
//                             wrapper when one is first called
//   type-lattice.mjs          the <type-lattice> element (web/components/), importing ./typelattice.mjs
//   type-lattice-lattice.mjs  the element's lattice and table views (components/lattice-view.js), imported on demand
//   type-lattice-widget.mjs   the notebook widget entry (components/widget.js), importing ./type-lattice.mjs
//   typelattice.single.mjs    wrapper + the whole module's plain glue and plain .wasm (gzip, base64): one file
//   playground/               the playground (web/playground/, which index.html loads from here): main.js, the
//                             views it loads on demand, the workers and the chunks they share; ../typelattice.mjs
//   typelattice.d.ts, typelattice-blocks.d.ts, typelattice-promotion.d.ts, typelattice-formats.d.ts, typelattice-tensors.d.ts,
//   typelattice-tapered.d.ts, typelattice-stored-blocks.d.ts,
//   type-lattice.d.ts, type-lattice-react.d.ts, type-lattice-preact.d.ts, type-lattice-widget.d.ts   the typings (copied; the element's
//   attribute parts are first written from web/components/attributes.js by generate-element-docs.mjs, with the
//   manifest and README)
// Usage: node web/tools/build-dist.mjs EMCC_OUTPUT_DIR WEB_DIR DIST_DIR
import { build, transform } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeElementFiles } from './generate-element-docs.mjs';
import { gzipSync } from 'node:zlib';

const [emccDir, webDir, distDir] = process.argv.slice(2);
if (!distDir) {
  console.error('usage: node build-dist.mjs EMCC_OUTPUT_DIR WEB_DIR DIST_DIR');
  process.exit(2);
}
mkdirSync(distDir, { recursive: true });

const GLUES = ['typelattice-core', 'typelattice-core-simd', 'typelattice-promotion', 'typelattice-promotion-simd',
  'typelattice-formats', 'typelattice-formats-simd', 'typelattice-tensors', 'typelattice-tensors-simd',
  'typelattice-codecs', 'typelattice-codecs-simd'];
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
    b.onResolve({ filter: /^\.\/typelattice-(core|promotion|formats|tensors|codecs)(-simd)?\.mjs$|^\.\/typelattice-analyze\.mjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

await build({ ...common, entryPoints: [path.join(webDir, 'src/typelattice.mjs')],
  outfile: path.join(distDir, 'typelattice.mjs'), plugins: [keepGlueExternal] });
// The on-demand calls' code (src/analyze.mjs, with its own copy of the loader, reading the on-demand parts' table)
// is imported by the wrapper when one is first called.
const onDemandFiles = {
  name: 'on-demand-wasm-files',
  setup(b) {
    b.onResolve({ filter: /^\.\/wasm-files\.mjs$/ }, () => ({ path: path.join(webDir, 'src/wasm-files-on-demand.mjs') }));
  },
};
await build({ ...common, entryPoints: [path.join(webDir, 'src/analyze.mjs')],
  outfile: path.join(distDir, 'typelattice-analyze.mjs'), plugins: [keepGlueExternal, onDemandFiles] });

// The element's style sheets are CSS text in template literals (styles.js says why), which minifying the JS
// leaves as written: each is minified as CSS, comments and all.
const minifiedStyles = {
  name: 'minified-styles',
  setup(b) {
    b.onLoad({ filter: /components[\\/]styles\.js$/ }, async (args) => {
      let source = readFileSync(args.path, 'utf8');
      for (const [literal, css] of [...source.matchAll(/`([^`$\\]*)`/g)]) {
        const { code } = await transform(css, { loader: 'css', minify: true });
        source = source.replace(literal, JSON.stringify(code.trim()));
      }
      return { contents: source, loader: 'js' };
    });
  },
};

// Imports matching `filter` stay imports, of the file `relativePath` beside the bundle in dist: a module of its own.
const externalAt = (filter, relativePath) => ({
  name: `external ${relativePath}`,
  setup(b) {
    b.onResolve({ filter }, () => ({ path: relativePath, external: true }));
  },
});

// The element and the playground import the wrapper as ../dist/typelattice.mjs in the source tree; a bundle in
// dist imports it from where it sits there (`relativePath`).
const wrapperAt = (relativePath) => externalAt(/\/dist\/typelattice\.mjs$/, relativePath);

// The element's lattice and table views are a file of their own, which it imports when it first draws one: a
// page that shows only bits does not download them.
await build({ ...common, entryPoints: [path.join(webDir, 'components/type-lattice.js')],
  outfile: path.join(distDir, 'type-lattice.mjs'),
  plugins: [minifiedStyles, wrapperAt('./typelattice.mjs'),
    externalAt(/^\.\/lattice-view\.js$/, './type-lattice-lattice.mjs')] });
await build({ ...common, entryPoints: [path.join(webDir, 'components/lattice-view.js')],
  outfile: path.join(distDir, 'type-lattice-lattice.mjs') });

// The notebook widget entry imports the element next door, so a page that has both runs one element module.
await build({ ...common, entryPoints: [path.join(webDir, 'components/widget.js')],
  outfile: path.join(distDir, 'type-lattice-widget.mjs'),
  plugins: [externalAt(/^\.\/type-lattice\.js$/, './type-lattice.mjs')] });

// The playground as one minified bundle and its on-demand pieces: its 20-odd source modules, each its own request
// and module task, made the page about a third slower to become interactive (docs/playground.md, "Budgets").
// Splitting keeps one copy of each module shared by main.js, the views it imports on demand and the workers; those
// are entry points too, so they keep their names (`new URL('./x-worker.js', import.meta.url)` finds the workers).
const playgroundDir = path.join(distDir, 'playground');
rmSync(playgroundDir, { recursive: true, force: true });
await build({ ...common,
  entryPoints: ['main.js', 'bits-view.js', 'blocks-view.js', 'tensors-view.js', 'embed-panel.js', 'check-worker.js',
    'blocks-worker.js', 'tensors-worker.js']
    .map((f) => path.join(webDir, 'playground', f)),
  outdir: playgroundDir, splitting: true, entryNames: '[name]', chunkNames: 'chunk-[hash]', sourcemap: 'linked',
  plugins: [minifiedStyles, wrapperAt('../typelattice.mjs')] });

// Single file: the whole module's plain build (it runs on every engine), its glue inlined and its .wasm gzipped
// before base64 (src/single-file-wasm.mjs says why and inflates it); the wrapper loads it for any parts asked for,
// so the parts' glue is left out.
const plainWasm = gzipSync(readFileSync(path.join(emccDir, 'typelattice-core.wasm')), { level: 9 }).toString('base64');
const plainGlue = readFileSync(path.join(distDir, 'typelattice-core.mjs'), 'utf8');
await build({ ...common, entryPoints: [path.join(webDir, 'src/typelattice.mjs')],
  outfile: path.join(distDir, 'typelattice.single.mjs'),
  plugins: [{
    name: 'single-file',
    setup(b) {
      b.onResolve({ filter: /^\.\/(wasm-files|typelattice-(core|promotion|formats|tensors|codecs)(-simd)?|typelattice-analyze)\.mjs$/ },
                  (args) => ({ path: args.path, namespace: 'single' }));
      b.onLoad({ filter: /.*/, namespace: 'single' }, (args) => {
        if (args.path === './typelattice-core.mjs') return { contents: plainGlue, loader: 'js' };
        // The parts loaded on demand are not in this file: tl.analyze, tl.taperedFormat and tl.storedBlocks say so.
        if (args.path === './typelattice-analyze.mjs') {
          const refuse = (member) => `export async function ${member}() { throw new Error("tl.${member}: the ` +
            'single-file build does not carry the parts loaded on demand; import typelattice instead of typelattice/single"); }\n';
          return { loader: 'js', contents: ['analyze', 'taperedFormat', 'storedBlocks', 'storedBlockFormats'].map(refuse).join('') };
        }
        // The wrapper loads only the whole module's plain glue from this file.
        if (args.path !== './wasm-files.mjs') return { contents: 'export default null;', loader: 'js' };
        const standIn = readFileSync(path.join(webDir, 'src/single-file-wasm.mjs'), 'utf8');
        return { loader: 'js', contents: standIn.replace("'PLAIN_WASM_GZIP_BASE64'", `'${plainWasm}'`) };
      });
    },
  }] });

await writeElementFiles(webDir);
for (const [from, to] of [['src/typelattice.d.ts', 'typelattice.d.ts'],
                          ['src/typelattice-blocks.d.ts', 'typelattice-blocks.d.ts'],
                          ['src/typelattice-promotion.d.ts', 'typelattice-promotion.d.ts'],
                          ['src/typelattice-formats.d.ts', 'typelattice-formats.d.ts'],
                          ['src/typelattice-tensors.d.ts', 'typelattice-tensors.d.ts'],
                          ['src/typelattice-tapered.d.ts', 'typelattice-tapered.d.ts'],
                          ['src/typelattice-stored-blocks.d.ts', 'typelattice-stored-blocks.d.ts'],
                          ['components/type-lattice.d.ts', 'type-lattice.d.ts'],
                          ['components/type-lattice-react.d.ts', 'type-lattice-react.d.ts'],
                          ['components/type-lattice-preact.d.ts', 'type-lattice-preact.d.ts'],
                          ['components/type-lattice-widget.d.ts', 'type-lattice-widget.d.ts']]) {
  copyFileSync(path.join(webDir, from), path.join(distDir, to));
}
