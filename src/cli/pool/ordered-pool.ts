/**
 * The CLI's one thread pool, under `check`, `diff`, `audit` and `logs`: jobs go round worker
 * threads (or run inline when there are none) and their results come back in the order the jobs
 * were pushed, whichever thread finishes first. A bounded number of jobs is in flight, so a
 * reader of the input waits rather than fill memory. A thread that fails or ends before it is
 * told to fails the run: everything waiting on the pool is woken with the error, nothing waits
 * for ever. At the end each thread may run an end-of-run step and give its share (`finish`).
 */
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';
import type { JobRunner, PoolShape, ThreadJobs } from './jobs.js';
import type { FromThread, PoolThreadData, ToThread } from './messages.js';

/** How a pool runs. */
export interface PoolOptions<T extends PoolShape, N = undefined> {
  /** The kind of jobs, as the threads load it (see threads.ts). */
  readonly jobs: ThreadJobs<T>;
  readonly setup: T['setup'];
  /** Worker threads to start; 0: every job runs inline. */
  readonly threads: number;
  /** The bundle the threads start from (the CLI's entry). */
  readonly script: URL;
  /** A bound on each thread's heap. */
  readonly resourceLimits?: ResourceLimits;
  /** The runner on this thread: every job when there are no threads; with `helpWhenBusy`, jobs pushed while the threads are busy. */
  readonly inline?: JobRunner<T>;
  /**
   * Run a job inline rather than wait while the threads have a full queue (the reading thread
   * does a share of the work); past a bound of results waiting on an older job, it waits.
   */
  readonly helpWhenBusy?: boolean;
  /** Jobs given to the threads and not yet delivered, at most, once a push returns: it waits beyond. */
  readonly inFlight: number;
  /** Answers a thread's question. */
  readonly answer?: (question: T['question']) => Promise<T['answer']>;
  /** Receives each job's result with the job's note, in the order the jobs were pushed; the next waits for it. */
  readonly deliver: (result: T['result'], note: N) => void | Promise<void>;
}

/** A result waiting for the results before it; `threaded`: its job counts as in flight. */
type Done<R> = { readonly result: R; readonly threaded: boolean };

/** The ordered pool (see the module's comment). */
export class OrderedPool<T extends PoolShape, N = undefined> {
  private readonly workers: Worker[] = [];
  /** Threads ended on purpose: their exit is no failure. */
  private readonly ended = new Set<Worker>();
  private readonly done = new Map<number, Done<T['result']>>();
  private readonly notes = new Map<number, N>();
  private readonly parts = new Map<Worker, { resolve: (part: T['part']) => void; reject: (e: Error) => void }>();
  /** Woken when a result is delivered or the run fails. */
  private waiters: (() => void)[] = [];
  private delivering: Promise<void> = Promise.resolve();
  private pushed = 0;
  private delivered = 0;
  /** Jobs posted to the threads and not yet delivered. */
  private threaded = 0;
  private next = 0;
  private failed: Error | null = null;

  constructor(private readonly options: PoolOptions<T, N>) {
    if ((options.threads === 0 || options.helpWhenBusy) && !options.inline) throw new Error('a pool that runs jobs inline needs a runner of its own');
    const data: PoolThreadData = { kind: options.jobs.kind, setup: options.setup };
    for (let i = 0; i < options.threads; i++) {
      const w = new Worker(options.script, { workerData: { pool: data }, ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}) });
      w.on('message', (m: FromThread<T>) => this.receive(w, m));
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => {
        if (!this.ended.has(w)) this.fail(new Error(`a worker thread ended early (exit code ${code})`));
      });
      this.workers.push(w);
    }
  }

  /** The threads started. */
  get threads(): number {
    return this.workers.length;
  }

  /** What failed the run, or null. */
  get failure(): Error | null {
    return this.failed;
  }

  /**
   * Runs `job` (on the next thread in turn, or inline); `note` comes back with its result. Once
   * the job is sent, waits while too many are in flight; throws when the run has failed.
   */
  async push(job: T['job'], note?: N): Promise<void> {
    this.check();
    const seq = this.pushed++;
    if (note !== undefined) this.notes.set(seq, note);
    const o = this.options;
    if (this.workers.length === 0 || (o.helpWhenBusy && this.threaded >= o.inFlight && this.done.size < o.inFlight * 4)) {
      let result: T['result'];
      try {
        result = await o.inline!.run(job);
      } catch (e) {
        // Its result will never come: the run fails, here as on a thread.
        this.fail(e as Error);
        throw e;
      }
      this.done.set(seq, { result, threaded: false });
      return this.deliverReady();
    }
    this.threaded++;
    const packed = o.jobs.pack?.(job);
    const message: ToThread<T> = { type: 'job', seq, job: packed ? packed.data : job };
    this.workers[this.next++ % this.workers.length]!.postMessage(message, packed?.transfer);
    // The job is sent before any wait: a push that waited to send could be overtaken by a later
    // one, and the run would wait on a job never sent.
    while (this.threaded > o.inFlight) {
      await this.change();
      this.check();
    }
  }

  /** Resolves once every job pushed is delivered; throws when the run has failed. */
  async drain(): Promise<void> {
    for (;;) {
      this.check();
      if (this.delivered === this.pushed) break;
      await this.change();
    }
    await this.delivering;
    this.check();
  }

  /**
   * Once every job is delivered, tells each thread the run ended (`endOf` its end message and
   * what moves with it) and resolves to their shares, in thread order. Each thread is ended as
   * soon as it gave its share.
   */
  async finish(endOf?: (thread: number) => { readonly end: T['end']; readonly transfer?: readonly Transferable[] }): Promise<T['part'][]> {
    await this.drain();
    const parts = this.workers.map((w) => new Promise<T['part']>((resolve, reject) => this.parts.set(w, { resolve, reject })));
    this.workers.forEach((w, i) => {
      const e = endOf?.(i);
      w.postMessage({ type: 'end', end: e?.end } satisfies ToThread<T>, e?.transfer);
    });
    return Promise.all(parts);
  }

  /** Ends every thread (after a run, or after a failure). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => this.end(w)));
  }

  private receive(w: Worker, m: FromThread<T>): void {
    if (m.type === 'result') {
      this.done.set(m.seq, { result: m.result, threaded: true });
      void this.deliverReady();
    } else if (m.type === 'ask') {
      const answer = this.options.answer;
      if (!answer) return this.fail(new Error('a worker thread asked a question this pool does not answer'));
      answer(m.question).then((a) => w.postMessage({ type: 'answer', id: m.id, answer: a } satisfies ToThread<T>), (e: Error) => this.fail(e));
    } else {
      const waiting = this.parts.get(w);
      this.parts.delete(w);
      // The thread's share is here: its memory goes back now, not at the end of the run.
      void this.end(w);
      waiting?.resolve(m.part);
    }
  }

  /** Delivers the results that are next in order; one delivery at a time, whoever asks. */
  private deliverReady(): Promise<void> {
    return (this.delivering = this.delivering.then(() => this.deliverNow()).catch((e: Error) => this.fail(e)));
  }

  private async deliverNow(): Promise<void> {
    for (let d = this.done.get(this.delivered); d !== undefined; d = this.done.get(this.delivered)) {
      const seq = this.delivered;
      this.done.delete(seq);
      const note = this.notes.get(seq) as N;
      this.notes.delete(seq);
      await this.options.deliver(d.result, note);
      this.delivered++;
      // A job is in flight until its result is delivered: a slow reader of the output slows the reading.
      if (d.threaded) this.threaded--;
      this.wake();
    }
  }

  private fail(e: Error): void {
    this.failed ??= e;
    for (const p of this.parts.values()) p.reject(this.failed);
    this.parts.clear();
    this.wake();
  }

  private check(): void {
    if (this.failed) throw this.failed;
  }

  private change(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async end(w: Worker): Promise<void> {
    this.ended.add(w);
    await w.terminate();
  }
}
