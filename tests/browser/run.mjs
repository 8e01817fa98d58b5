// ctest entry point: runs every tests/browser/*.test.mjs with node's test runner. A missing wasm module,
// playwright-core or Chromium is a failure with the reason (scripts/test.sh builds and installs them first).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { missingPrerequisite, ROOT } from './harness.mjs';

const missing = missingPrerequisite();
if (missing) {
  console.error(`browser tests cannot run: ${missing}`);
  process.exit(1);
}
const dir = path.join(ROOT, 'tests/browser');
const files = readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).map((f) => path.join(dir, f));
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
