// The page's side of tensors-worker.js: one file at a time; opening another drops the first (rejected with a
// Superseded error), cancel() aborts the running one (rejected with an AbortError, as tl.analyze's signal gives it).
export class TensorsRunner {
  #worker = null;
  #job = null;  // { id, resolve, reject, onProgress }
  #nextId = 1;

  run(file, options, onProgress = () => {}) {
    if (this.#job) this.#end(this.#job, named('Superseded', 'another file was opened'), true);
    return new Promise((resolve, reject) => {
      const job = { id: this.#nextId++, resolve, reject, onProgress };
      this.#job = job;
      this.#ensureWorker().postMessage({ id: job.id, file, options });
    });
  }

  cancel() {
    if (this.#job) this.#end(this.#job, named('AbortError', 'cancelled'), true);
  }

  #ensureWorker() {
    if (!this.#worker) {
      this.#worker = new Worker(new URL('./tensors-worker.js', import.meta.url), { type: 'module' });
      this.#worker.addEventListener('message', (e) => this.#receive(e.data));
      this.#worker.addEventListener('error', (e) => {
        this.#worker = null;
        if (this.#job) this.#end(this.#job, new Error(e.message || 'the tensors worker failed to start'), false);
      });
    }
    return this.#worker;
  }

  #receive(message) {
    const job = this.#job;
    if (!job || message.id !== job.id) return;
    if (message.progress) job.onProgress(message.progress);
    else if (message.error) this.#end(job, named(message.error.name, message.error.message), false);
    else this.#end(job, null, false, message.result);
  }

  // Ends the job: `tell` asks the worker to stop reading it.
  #end(job, error, tell, result) {
    if (this.#job === job) this.#job = null;
    if (tell && this.#worker) this.#worker.postMessage({ cancel: job.id });
    if (error) job.reject(error);
    else job.resolve(result);
  }
}

function named(name, message) {
  const error = new Error(message);
  error.name = name;
  return error;
}
