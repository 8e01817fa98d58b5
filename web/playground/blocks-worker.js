// Reads and summarizes a large Blocks input in a module worker (blocks-compute.js), so that typing 10 000
// values never blocks the page. One job at a time; the page cancels by terminating the worker.
// Messages in: { id, text, tensorScale } (the values field; whether nvfp4 uses a tensor scale). Out: { id, phase, ... } while working, then
// { id, result: { inputs, rows, tensorScales } } (inputs transferred) or { id, error } (the core's message).
import createTypeLattice from '../dist/typelattice.mjs';
import { splitValues, summarize } from './blocks-compute.js';

const loading = createTypeLattice();

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    self.postMessage({ id, phase: 'loading' });
    const tl = await loading;
    const words = splitValues(data.text);
    self.postMessage({ id, phase: 'quantizing', count: words.length, done: 0, total: 1 });
    const result = summarize(tl, words, tl.blockFormats(), data.tensorScale,
      (done, total) => self.postMessage({ id, phase: 'quantizing', count: words.length, done, total }));
    self.postMessage({ id, result }, [result.inputs.buffer]);
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
