#!/usr/bin/env node
// What each kind of page downloads from web/dist, as a server sends it: the sum, over the files the page fetches,
// of each file gzipped by zlib at level 9. Servers that compress (nginx, Apache's mod_deflate, node) do it with
// zlib, and level 9 is its smallest output (docs/wasm.md, "Size", compares other levels and brotli). The HTML page
// and HTTP headers are not counted.
// The file lists are checked in Chromium by tests/js/browser-module/parts.test.mjs.
// Prints the table docs/wasm.md and web/README.md quote and, on stderr, each page that misses its goal; exits 1
// when a page is over its budget (the ctest wasm_size_budget). --json prints the figures instead; --write-docs
// rewrites the table between the markers; --level N measures at another zlib level, for comparison.
// Usage: node scripts/page-size.mjs [--json | --write-docs] [--level N] [DIST_DIR]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GZIP_LEVEL = 9;
const KB = 1024;

/** The module's two builds, as the suffix of their files' names. */
export const BUILDS = [{ name: 'SIMD128', suffix: '-simd' }, { name: 'plain', suffix: '' }];

/** A part of the module in a build: its glue and its .wasm. */
const part = (stem, suffix) => [`typelattice-${stem}${suffix}.mjs`, `typelattice-${stem}${suffix}.wasm`];

/** Each kind of page: what it is, the files it fetches from dist/ in a build, its budget (exit 1 when over), goal. */
export const PAGES = [
  { name: 'lattice', page: '`<type-lattice>` showing a lattice or a table',
    files: (s) => ['type-lattice.mjs', 'type-lattice-lattice.mjs', 'typelattice.mjs', ...part('promotion', s)],
    budget: 118 * KB, goal: 60 * KB },
  { name: 'bits', page: '`<type-lattice view="bits">`',
    files: (s) => ['type-lattice.mjs', 'typelattice.mjs', ...part('formats', s)], budget: 80 * KB, goal: 80 * KB },
  { name: 'api', page: '`createTypeLattice()`, the whole API',
    files: (s) => ['typelattice.mjs', ...part('core', s)], budget: 115 * KB, goal: 115 * KB },
  { name: 'both parts', page: "`createTypeLattice({ parts: ['promotion', 'formats'] })`, both parts",
    files: (s) => ['typelattice.mjs', ...part('promotion', s), ...part('formats', s)] },
  { name: 'single', page: '`typelattice.single.mjs` (`typelattice/single`), the whole plain build in one file',
    files: () => ['typelattice.single.mjs'], budget: 138 * KB },
  { name: 'analyze', page: 'added by the first `tl.analyze` call',
    files: (s) => ['typelattice-analyze.mjs', ...part('tensors', s)] },
  { name: 'codecs', page: 'added by the first `tl.taperedFormat` or `tl.storedBlocks` call',
    files: (s) => ['typelattice-analyze.mjs', ...part('codecs', s)] },
];

/** Bytes of a file as a server sends it (gzip, zlib at `level`). */
export function gzippedSize(file, level = GZIP_LEVEL) {
  return gzipSync(readFileSync(file), { level }).length;
}

/** Measures every page in dist: [{ name, page, budget, goal, builds: [{ build, files: [{ file, bytes }], bytes }] }].
 */
export function measurePages(dist = path.join(ROOT, 'web/dist'), level = GZIP_LEVEL) {
  const sizes = new Map();
  const size = (file) => {
    const full = path.join(dist, file);
    if (!existsSync(full)) {
      throw new Error(`missing ${full}: build with cmake --preset wasm && cmake --build --preset wasm`);
    }
    if (!sizes.has(file)) sizes.set(file, gzippedSize(full, level));
    return sizes.get(file);
  };
  return PAGES.map(({ name, page, files, budget, goal }) => ({
    name, page, budget, goal,
    builds: BUILDS.map(({ name: build, suffix }) => {
      const measured = files(suffix).map((file) => ({ file, bytes: size(file) }));
      return { build, files: measured, bytes: measured.reduce((sum, f) => sum + f.bytes, 0) };
    }),
  }));
}

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const limit = (bytes) => (bytes === undefined ? '—' : `${bytes / KB} KB`);

/** Files with their sizes, a glue and its .wasm joined: `typelattice-core-simd.mjs` 8.2 KB + `.wasm` 99.6 KB. */
function fileList(files) {
  return files.map(({ file, bytes }) => `\`${file.endsWith('.wasm') ? '.wasm' : file}\` ${kb(bytes)}`)
    .join(', ').replace(/(\.mjs` [\d.]+ KB), (`\.wasm`)/g, '$1 + $2');
}

/** The table docs quote (markdown). */
export function sizeTable(results) {
  const rows = results.map(({ page, budget, goal, builds }) => {
    const [simd, plain] = builds;
    return `| ${page} | ${fileList(simd.files)} | ${kb(simd.bytes)} | ${kb(plain.bytes)} | ` +
           `${limit(budget)} | ${limit(goal)} |`;
  });
  return ['| page | fetches (SIMD128 build; gzipped) | SIMD128 | plain | budget | goal |',
    '| --- | --- | ---: | ---: | ---: | ---: |', ...rows].join('\n');
}

/** Pages over their `limit` ('budget' or 'goal'), as messages. */
export function overLimit(results, limit) {
  return results.flatMap((r) => r.builds.filter((b) => r[limit] !== undefined && b.bytes > r[limit])
    .map((b) => `${r.name} page (${b.build}): ${b.bytes} bytes gzipped is over the ${limit} of ${r[limit]} bytes`));
}

/** The documents that quote the table, between these markers. */
export const QUOTING_DOCS = ['docs/wasm.md', 'web/README.md'];
export const BEGIN = 'BEGIN GENERATED by node scripts/page-size.mjs --write-docs';
export const END = 'END GENERATED';

/** The quoted table in a document's text (the lines between the markers). */
export function quotedTable(text, file) {
  const start = text.indexOf(BEGIN);
  const stop = text.indexOf(END, start);
  if (start < 0 || stop < 0) throw new Error(`${file}: the "${BEGIN}" … "${END}" markers are missing`);
  const afterBegin = text.indexOf('\n', start) + 1;
  const endLine = text.lastIndexOf('\n', stop) + 1;
  return { before: text.slice(0, afterBegin), table: text.slice(afterBegin, endLine).trim(),
    after: text.slice(endLine) };
}

function main() {
  const args = process.argv.slice(2);
  const levelAt = args.indexOf('--level');
  const level = levelAt < 0 ? GZIP_LEVEL : Number(args[levelAt + 1]);
  if (!(Number.isInteger(level) && level >= 1 && level <= 9)) {
    console.error(`--level takes a zlib level from 1 to 9, not ${args[levelAt + 1]}`);
    process.exit(2);
  }
  if (level !== GZIP_LEVEL && args.includes('--write-docs')) {
    console.error(`the docs quote level ${GZIP_LEVEL}; --write-docs does not take --level`);
    process.exit(2);
  }
  const dist = args.find((a, i) => !a.startsWith('--') && (levelAt < 0 || i !== levelAt + 1));
  let results;
  try {
    results = measurePages(dist, level);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const table = sizeTable(results);
  if (args.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
  } else if (args.includes('--write-docs')) {
    for (const file of QUOTING_DOCS) {
      const full = path.join(ROOT, file);
      const { before, after } = quotedTable(readFileSync(full, 'utf8'), file);
      writeFileSync(full, `${before}${table}\n${after}`);
    }
    console.log(`wrote the table into ${QUOTING_DOCS.join(', ')}`);
  } else {
    console.log(table);
  }
  // A missed goal is reported; only a budget fails the run (a goal not yet met, such as the lattice embed's, would
  // otherwise fail every build until it is).
  for (const message of overLimit(results, 'goal')) console.error(`missed: ${message}`);
  const over = overLimit(results, 'budget');
  for (const message of over) console.error(message);
  process.exit(over.length ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
