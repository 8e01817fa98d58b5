// The page's side of check-worker.js: one job at a time, progress through a callback, cancel by terminating
// the worker (the next job starts a fresh one; the module is cached by the browser, so that costs ~50 ms).
export class CheckRunner {
  #worker = null;
  #job = null;   // { id, resolve, reject, onProgress }
  #nextId = 1;

  get busy() { return this.#job !== null; }

  // Resolves with { graph, check }; rejects with an Error whose message is the core's, or with a
  // CheckCancelled when cancel() (or a newer run) ends it first.
  run(request, onProgress = () => {}) {
    this.cancel();
    if (!this.#worker) {
      this.#worker = new Worker(new URL('./check-worker.js', import.meta.url), { type: 'module' });
      this.#worker.addEventListener('message', (e) => this.#receive(e.data));
      this.#worker.addEventListener('error', (e) => this.#fail(new Error(e.message || 'the check worker failed to start')));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#job = { id, resolve, reject, onProgress };
      this.#worker.postMessage({ id, ...request });
    });
  }

  cancel() {
    if (!this.#job) return;
    this.#worker.terminate();
    this.#worker = null;
    this.#fail(new CheckCancelled());
  }

  #receive(message) {
    const job = this.#job;
    if (!job || message.id !== job.id) return;
    if (message.phase) {
      job.onProgress(message);
      return;
    }
    this.#job = null;
    if (message.error !== undefined) job.reject(new Error(message.error));
    else job.resolve({ graph: message.graph, check: message.check });
  }

  #fail(error) {
    const job = this.#job;
    this.#job = null;
    if (job) job.reject(error);
  }
}

export class CheckCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CheckCancelled';
  }
}
