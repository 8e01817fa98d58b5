// ctest entry point: runs every tests/browser/*.test.mjs with node's test runner, or with `--shard K/N` the K-th
// of N shares of them (the files in name order, every N-th from the K-th). A missing wasm module, playwright-core
// or Chromium is a failure with the reason (scripts/test.sh builds and installs them first).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { missingPrerequisite, ROOT } from './harness.mjs';

const missing = missingPrerequisite();
if (missing) {
  console.error(`browser tests cannot run: ${missing}`);
  process.exit(1);
}
const shardArgument = process.argv.indexOf('--shard');
let shard = { index: 0, count: 1 };
if (shardArgument !== -1) {
  const match = /^(\d+)\/(\d+)$/.exec(process.argv[shardArgument + 1] ?? '');
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!(count >= 1 && index >= 1 && index <= count)) {
    console.error(`--shard takes K/N with 1 <= K <= N, not ${process.argv[shardArgument + 1] ?? 'nothing'}`);
    process.exit(2);
  }
  shard = { index: index - 1, count };
}
const dir = path.join(ROOT, 'tests/browser');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.mjs'))
  .sort()
  .filter((_, i) => i % shard.count === shard.index)
  .map((f) => path.join(dir, f));
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
