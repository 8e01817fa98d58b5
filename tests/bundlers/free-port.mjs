// A TCP port on 127.0.0.1 that was free a moment ago, for servers that take a port number but not 0 (Vite 6 reads
// --port 0 as its default 5173; the notebook server needs one to print its address).
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
