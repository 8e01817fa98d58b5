// The page's side of blocks-worker.js. One job runs at a time; a request made meanwhile waits, and a newer
// one replaces it (typing sends one per keystroke: only the latest is worth computing). cancel() terminates
// the worker (a wasm call cannot be interrupted); the next job starts a fresh one.
export class BlocksRunner {
  #worker = null;
  #running = null;  // { id, request, resolve, reject, onProgress }
  #waiting = null;  // the newest request, sent when the running one ends
  #nextId = 1;

  get busy() { return this.#running !== null; }

  // Resolves with { inputs, rows }; rejects with an Error whose message is the core's, or with a BlocksDropped
  // when a newer request (reason 'superseded') or cancel() ('cancelled') ends it first.
  run(request, onProgress = () => {}) {
    return new Promise((resolve, reject) => {
      const job = { request, resolve, reject, onProgress };
      if (this.#waiting) this.#waiting.reject(new BlocksDropped('superseded'));
      this.#waiting = null;
      if (this.#running) this.#waiting = job;
      else this.#start(job);
    });
  }

  cancel() {
    if (this.#worker) this.#worker.terminate();
    this.#worker = null;
    this.#drop(new BlocksDropped('cancelled'));
  }

  #start(job) {
    if (!this.#worker) {
      this.#worker = new Worker(new URL('./blocks-worker.js', import.meta.url), { type: 'module' });
      this.#worker.addEventListener('message', (e) => this.#receive(e.data));
      this.#worker.addEventListener('error', (e) => {
        this.#worker = null;
        this.#drop(new Error(e.message || 'the blocks worker failed to start'));
      });
    }
    job.id = this.#nextId++;
    this.#running = job;
    this.#worker.postMessage({ id: job.id, ...job.request });
  }

  #receive(message) {
    const job = this.#running;
    if (!job || message.id !== job.id) return;
    if (message.phase) {
      if (!this.#waiting) job.onProgress(message);
      return;
    }
    this.#running = null;
    const next = this.#waiting;
    this.#waiting = null;
    if (next) {
      job.reject(new BlocksDropped('superseded'));
      this.#start(next);
    } else if (message.error !== undefined) {
      job.reject(new Error(message.error));
    } else {
      job.resolve(message.result);
    }
  }

  #drop(error) {
    const jobs = [this.#running, this.#waiting].filter(Boolean);
    this.#running = this.#waiting = null;
    for (const job of jobs) job.reject(error);
  }
}

export class BlocksDropped extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'BlocksDropped';
    this.reason = reason;
  }
}
