// ctest entry point: runs every tests/browser/*.test.mjs with node's test runner, or exits 77 ("skipped")
// with the reason when the wasm module, playwright-core or Chromium is missing.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { missingPrerequisite, ROOT } from './harness.mjs';

const missing = missingPrerequisite();
if (missing) {
  console.error(`browser tests skipped: ${missing}`);
  process.exit(77);
}
const dir = path.join(ROOT, 'tests/browser');
const files = readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).map((f) => path.join(dir, f));
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
