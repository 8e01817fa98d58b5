// The page's side of tensors-worker.js: one file at a time; opening another drops the first (rejected with a
// Superseded error), cancel() aborts the running one (rejected with an AbortError, as tl.analyze's signal gives it).
// A file is read by several workers at once, one per core up to MAX_WORKERS: each analyzes one share of its
// tensors (tl.analyze's option share: consecutive tensors of about equal bytes), and the shares' reports join in
// order into the one report a single call gives; the first worker then summarizes the joined tensors
// (tl.summarize), so the file's summary is the one a single call gives too.
const MAX_WORKERS = 4;

export class TensorsRunner {
  #workers = [];
  #job = null;  // { id, resolve, reject, onProgress, reports, progress }
  #nextId = 1;

  constructor(workers = Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1))) {
    this.count = workers;
  }

  run(file, options, onProgress = () => {}) {
    if (this.#job) this.#end(this.#job, named('Superseded', 'another file was opened'), true);
    return new Promise((resolve, reject) => {
      const job = { id: this.#nextId++, resolve, reject, onProgress, options,
        reports: new Array(this.count).fill(null), progress: new Array(this.count).fill(null) };
      this.#job = job;
      for (let index = 0; index < this.count; ++index) {
        const share = this.count === 1 ? undefined : { index, count: this.count };
        this.#worker(index).postMessage({ id: job.id, file, options: { ...options, share } });
      }
    });
  }

  // Starts the workers, which load the module's tensors part at once: a file chosen later does not wait for it.
  prepare() {
    for (let index = 0; index < this.count; ++index) this.#worker(index);
  }

  cancel() {
    if (this.#job) this.#end(this.#job, named('AbortError', 'cancelled'), true);
  }

  #worker(index) {
    if (!this.#workers[index]) {
      const worker = new Worker(new URL('./tensors-worker.js', import.meta.url), { type: 'module' });
      worker.addEventListener('message', (e) => this.#receive(index, e.data));
      worker.addEventListener('error', (e) => {
        this.#workers[index] = null;
        if (this.#job) this.#end(this.#job, new Error(e.message || 'the tensors worker failed to start'), true);
      });
      this.#workers[index] = worker;
    }
    return this.#workers[index];
  }

  #receive(index, message) {
    const job = this.#job;
    if (!job || message.id !== job.id) return;
    if (message.progress) {
      // The shares' bytes summed, once every share knows its total (before that the fraction would jump back).
      job.progress[index] = message.progress;
      if (job.progress.every((p) => p !== null)) {
        job.onProgress({ bytes: job.progress.reduce((sum, p) => sum + p.bytes, 0),
          total: job.progress.reduce((sum, p) => sum + p.total, 0) });
      }
    } else if (message.error) {
      this.#end(job, named(message.error.name, message.error.message), true);
    } else if (message.summary) {
      this.#end(job, null, false, { ...job.joined, summary: message.summary });
    } else {
      job.reports[index] = message.result;
      if (job.reports.every((r) => r !== null)) {
        const [first] = job.reports;
        job.joined = { ...first, tensors: job.reports.flatMap((r) => r.tensors) };
        if (this.count === 1) {
          this.#end(job, null, false, job.joined);
        } else {
          this.#worker(0).postMessage({ id: job.id, summarize: job.joined.tensors, options: job.options });
        }
      }
    }
  }

  // Ends the job: `tell` asks the workers to stop reading it.
  #end(job, error, tell, result) {
    if (this.#job === job) this.#job = null;
    if (tell) for (const worker of this.#workers) worker?.postMessage({ cancel: job.id });
    if (error) job.reject(error);
    else job.resolve(result);
  }
}

function named(name, message) {
  const error = new Error(message);
  error.name = name;
  return error;
}
