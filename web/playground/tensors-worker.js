// Reads a checkpoint file in a module worker with tl.analyze (slices of a few MiB; the file never leaves the
// machine), so that a 1 GB file never blocks the page. One job at a time.
// Messages in: { id, file, options } to start, { cancel: id } to stop it (its signal aborts before the next read),
// { id, summarize: tensors, options } for the summary of reports that several workers made (tl.summarize).
// Out: { id, progress: { bytes, total } } while reading, then { id, result } or { id, error: { name, message } };
// { id, summary } for a summarize.
import createTypeLattice from '../dist/typelattice.mjs';

// The formats part is the smallest instance that has analyze; the tensors part is fetched and compiled right away
// (a call with no file loads it, then refuses the empty source), so a file chosen later does not wait for it.
const loading = createTypeLattice({ parts: ['formats'] }).then((tl) => {
  tl.analyze(new Uint8Array(0)).catch(() => {});
  return tl;
});
const running = new Map();  // id -> AbortController

// What a failed call posts: the error's name and message (an AbortError is a DOMException).
const failure = (e) => ({ name: e?.name ?? 'Error',
  message: e instanceof Error || e instanceof DOMException ? e.message : String(e) });

self.addEventListener('message', async ({ data }) => {
  if (data.cancel !== undefined) {
    running.get(data.cancel)?.abort();
    return;
  }
  const { id, file, options } = data;
  if (data.summarize !== undefined) {
    try {
      self.postMessage({ id, summary: await (await loading).summarize(data.summarize, options) });
    } catch (e) {
      self.postMessage({ id, error: failure(e) });
    }
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const tl = await loading;
    let last = 0;
    const result = await tl.analyze(file, { ...options, signal: controller.signal, onProgress: (progress) => {
      // At most about 20 messages a second.
      const now = performance.now();
      if (now - last < 50 && progress.bytes !== progress.total) return;
      last = now;
      self.postMessage({ id, progress });
    } });
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: failure(e) });
  } finally {
    running.delete(id);
  }
});
