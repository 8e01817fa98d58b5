// <type-lattice>'s attribute table (web/components/attributes.js) against what the element really reads and the
// module's real system and format names; the files generated from it are up to date; and the JSX typings
// type-check a page in React 19 and Preact, rejecting a value the element does not know.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sourceDir as ROOT, load } from './helpers.mjs';
import { describedAttributes } from '../../../web/components/attribute-docs.js';

const ATTRIBUTES = describedAttributes();
import { TypeLatticeElement } from '../../../web/components/type-lattice.js';
import { generateElementFiles } from '../../../web/tools/generate-element-docs.mjs';

const WEB = path.join(ROOT, 'web');
const names = ATTRIBUTES.map((a) => a.name);
const byName = Object.fromEntries(ATTRIBUTES.map((a) => [a.name, a]));

test('the table is what the element observes and reads', () => {
  assert.deepEqual(TypeLatticeElement.observedAttributes, names);
  const source = readFileSync(path.join(WEB, 'components/type-lattice.js'), 'utf8');
  const read = new Set([...source.matchAll(/(?:getAttribute\(|attributeOrDefault\(this, )'([a-z0-9-]+)'/g)]
    .map((m) => m[1]));
  assert.deepEqual([...read].sort(), [...names].sort());
});

// The Sphinx extension is pure Python: its option checks are its own, kept equal to the table here.
test('the Sphinx directive takes the same options with the same choices', () => {
  const source = readFileSync(path.join(ROOT, 'docs-integrations/sphinx_typelattice/__init__.py'), 'utf8');
  const spec = source.slice(source.indexOf('option_spec = {'), source.indexOf('}', source.indexOf('option_spec = {')));
  assert.deepEqual([...spec.matchAll(/^\s+"([a-z0-9-]+)":/gm)].map((m) => m[1]), names);
  for (const m of spec.matchAll(/"([a-z0-9-]+)": _choice\(\(([^)]*)\)\)/g)) {
    assert.deepEqual([...m[2].matchAll(/"([^"]+)"/g)].map((v) => v[1]), byName[m[1]].values, m[1]);
  }
});

test('system names are the module\'s systems; defaults are allowed values and real formats', async () => {
  const tl = await load();
  assert.deepEqual(byName.system.values, tl.systems().map((s) => s.name ?? s));
  for (const a of ATTRIBUTES) {
    if (a.values) assert.ok(a.values.includes(a.default), `${a.name}: default ${a.default} is one of its values`);
  }
  assert.ok(tl.formats().some((f) => (f.name ?? f) === byName.format.default));
  assert.equal(Number(byName.code.default), 0);
});

test('the generated files are up to date (regenerating gives the same bytes), dist carries them', async () => {
  for (const [file, content] of Object.entries(await generateElementFiles(WEB))) {
    assert.equal(readFileSync(path.join(WEB, file), 'utf8'), content, `${file}: run node web/tools/generate-element-docs.mjs`);
  }
  for (const file of ['type-lattice.d.ts', 'type-lattice-react.d.ts', 'type-lattice-preact.d.ts']) {
    assert.equal(readFileSync(path.join(WEB, 'dist', file), 'utf8'),
      readFileSync(path.join(WEB, 'components', file), 'utf8'), `dist/${file} is stale: rebuild the wasm preset`);
  }
  const pkg = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(path.join(WEB, pkg.customElements), 'utf8'));
  const [declaration] = manifest.modules[0].declarations;
  assert.equal(declaration.tagName, 'type-lattice');
  assert.deepEqual(declaration.attributes.map((a) => a.name), names);
  assert.ok(existsSync(path.join(WEB, manifest.modules[0].path)), manifest.modules[0].path);
  const readme = readFileSync(path.join(WEB, 'README.md'), 'utf8');
  for (const system of byName.system.values) assert.ok(readme.includes(`\`${system}\``), `README lists ${system}`);
  assert.match(readme, /`bits`/);
});

// React's types are not installed here: a stub with @types/react 19's JSX shape (React.JSX.IntrinsicElements,
// react/jsx-runtime re-exporting it, HTMLAttributes/DetailedHTMLProps) stands in. Preact's own types come
// from the VitePress fixture (tests/bundlers/vitepress, installed by scripts/install-deps.sh test).
const REACT_STUB = {
  'package.json': JSON.stringify({ name: 'react', types: 'index.d.ts',
    exports: { '.': { types: './index.d.ts' }, './jsx-runtime': { types: './jsx-runtime.d.ts' } } }),
  'index.d.ts': `export = React;
export as namespace React;
declare namespace React {
  interface HTMLAttributes<T> { className?: string; id?: string; children?: unknown; onClick?: (e: T) => void }
  type DetailedHTMLProps<E, T> = E & { ref?: unknown; key?: string | number | null };
  namespace JSX {
    interface Element { type: unknown; props: unknown }
    interface IntrinsicElements { div: HTMLAttributes<HTMLDivElement> }
    interface IntrinsicAttributes { key?: string | number | null }
  }
}
`,
  'jsx-runtime.d.ts': `import * as React from './index.js';
export namespace JSX {
  interface Element extends React.JSX.Element {}
  interface IntrinsicElements extends React.JSX.IntrinsicElements {}
  interface IntrinsicAttributes extends React.JSX.IntrinsicAttributes {}
}
export function jsx(type: unknown, props: unknown): JSX.Element;
export function jsxs(type: unknown, props: unknown): JSX.Element;
`,
};
const PREACT = path.join(ROOT, 'tests/bundlers/vitepress/node_modules/preact');
const TSC = path.join(ROOT, 'tests/js/node_modules/typescript/bin/tsc');

// Type-checks each page ({ name: JSX }) as a .tsx file of one project (one tsc run: it takes seconds to start);
// returns the errors tsc gives for each page, by name.
function typeCheck(framework, pages) {
  const project = mkdtempSync(path.join(tmpdir(), `typelattice-jsx-${framework}-`));
  try {
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(WEB, path.join(project, 'node_modules/typelattice'), 'dir');
    if (framework === 'react') {
      mkdirSync(path.join(project, 'node_modules/react'));
      for (const [f, text] of Object.entries(REACT_STUB)) writeFileSync(path.join(project, 'node_modules/react', f), text);
    } else {
      symlinkSync(PREACT, path.join(project, 'node_modules/preact'), 'dir');
    }
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    for (const [name, page] of Object.entries(pages)) {
      writeFileSync(path.join(project, `${name}.tsx`), `import type {} from 'typelattice/jsx-${framework}';\n` +
        `export const Page = () => ${page};\n`);
    }
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true,
      jsx: 'react-jsx', jsxImportSource: framework, lib: ['ES2022', 'DOM'], types: [],
      // as in an installed package: react/preact resolve from the project's node_modules, not from web/
      preserveSymlinks: true }, files: Object.keys(pages).map((name) => `${name}.tsx`) }));
    const run = spawnSync(process.execPath, [TSC, '--noEmit', '-p', project], { encoding: 'utf8', cwd: project });
    const lines = (run.stdout + run.stderr).split('\n').filter((line) => line.includes('error TS'));
    const errors = Object.fromEntries(Object.keys(pages).map((name) => [name,
      lines.filter((line) => line.startsWith(`${name}.tsx(`))]));
    const elsewhere = lines.filter((line) => !Object.keys(pages).some((name) => line.startsWith(`${name}.tsx(`)));
    return { status: run.status, errors, elsewhere };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

for (const framework of ['react', 'preact']) {
  test(`JSX typings (${framework}): view="bits" with a format type-checks; view="nope" does not`, (t) => {
    if (!existsSync(TSC)) throw new Error(`${TSC} is missing: scripts/install-deps.sh test`);
    if (framework === 'preact' && !existsSync(PREACT)) throw new Error(`${PREACT} is missing: scripts/install-deps.sh test`);
    const r = typeCheck(framework, {
      good: '<type-lattice view="bits" format="float8_e4m3fn" code="0x1d" id="fig" />',
      bad: '<type-lattice view="nope" />',
      unknown: '<type-lattice sytem="jax" />',
    });
    assert.deepEqual(r.elsewhere, [], 'errors outside the pages (the typings themselves)');
    assert.deepEqual(r.errors.good, [], 'view="bits" with a format');
    assert.notEqual(r.status, 0);
    assert.ok(r.errors.bad.some((line) => /error TS2322: Type '"nope"' is not assignable/.test(line)),
      `view="nope" type-checks: ${r.errors.bad.join('\n')}`);
    assert.notEqual(r.errors.unknown.length, 0, 'a misspelt attribute type-checks');
  });
}
