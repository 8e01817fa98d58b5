// `npm pack` of web/ into `dir`, as a publisher would: returns the tarball's path and the files npm put in it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

export function packWeb(dir) {
  const out = execFileSync('npm', ['pack', webDir, '--pack-destination', dir, '--json', '--loglevel=error'],
                           { encoding: 'utf8' });
  const [info] = JSON.parse(out);
  return { tarball: path.join(dir, info.filename), files: info.files.map((f) => f.path).sort(), info };
}
