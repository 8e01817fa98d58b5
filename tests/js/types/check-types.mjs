// Type-checks consumer.ts the way a user's project sees the package: a scratch project whose node_modules links
// `typelattice` to web/ (so web/package.json's exports map and types are what resolves), with tsc --noEmit.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, copyFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = path.resolve(here, '../node_modules/typescript/bin/tsc');
const web = path.resolve(here, '../../../web');

const project = mkdtempSync(path.join(tmpdir(), 'typelattice-ts-'));
try {
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(web, path.join(project, 'node_modules', 'typelattice'), 'dir');
  const consumers = ['consumer.ts', 'loading-consumer.ts', 'parts-consumer.ts', 'widget-consumer.ts'];
  for (const file of consumers) copyFileSync(path.join(here, file), path.join(project, file));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true,
      noUnusedLocals: true, exactOptionalPropertyTypes: true, lib: ['ES2022', 'DOM'], types: [],
    },
    files: consumers,
  }));
  execFileSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
  console.log(`typings: ${consumers.join(', ')} compile against the package (tsc --noEmit)`);
} catch (e) {
  console.error(`typings check failed (status ${e.status ?? e.message})`);
  process.exitCode = 1;
} finally {
  rmSync(project, { recursive: true, force: true });
}
