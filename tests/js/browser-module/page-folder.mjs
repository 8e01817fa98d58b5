// The browser-module tests' fixture: pages written into a temporary folder beside a link to web/dist (as /dist),
// served over HTTP by tests/bundlers/static-server.mjs, and Debian's Chromium; close() removes all three.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser, missingPrerequisite } from '../../browser/harness.mjs';
import { serveDirectory } from '../../bundlers/static-server.mjs';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** `files` ({ name: text }) written into a new folder named after `name`, with web/dist linked as /dist. */
export function writePageFolder(name, files, dist = DIST) {
  const dir = mkdtempSync(path.join(tmpdir(), `typelattice-${name}-`));
  symlinkSync(dist, path.join(dir, 'dist'), 'dir');
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** The folder of writePageFolder served (serverOptions: serveDirectory's) and a browser: { dir, server, browser, close }. */
export async function servePageFolder(name, files, serverOptions) {
  const missing = missingPrerequisite();
  if (missing) throw new Error(missing);
  const fixture = { dir: writePageFolder(name, files), server: null, browser: null };
  fixture.close = async () => {
    if (fixture.browser) await fixture.browser.close();
    if (fixture.server) await fixture.server.close();
    rmSync(fixture.dir, { recursive: true, force: true });
  };
  try {
    fixture.server = await serveDirectory(fixture.dir, serverOptions);
    fixture.browser = await launchBrowser();
  } catch (error) {
    await fixture.close();
    throw error;
  }
  return fixture;
}
