/**
 * The UI thread's side of the worker: latest request wins (one in flight, the newest waiting),
 * stale answers are dropped, and a watchdog restarts a worker that stops answering.
 */
import type { FetchStatus, TextEdit } from '../robots/index.js';
import type { AnalyseRequest, AnalysisResult, BulkRequest, BulkResult, DiagnosticsResult, TestCase, WorkerRequest, WorkerResponse } from './protocol.js';
import { HeldText } from './text-sync.js';

/** The part of a Worker the client uses (a MessagePort-backed fake works in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<WorkerResponse>) => void): void;
  addEventListener(type: 'error', listener: (e: Event) => void): void;
  terminate(): void;
}

/** What the client reports. */
export interface ClientEvents {
  /** A result for the newest request. */
  onResult(result: AnalysisResult): void;

  /** The worker was replaced after not answering, or after crashing; the request was re-sent. */
  onRestart(reason: 'timeout' | 'crash'): void;
  /** The worker reported a failure for the newest request. */
  onError(message: string): void;
}

/** A request before its text is encoded for the worker that will receive it. */
type Pending = AnalyseRequest | Exclude<WorkerRequest, { type: 'analyse' | 'bulk' }>;

interface InFlight {
  readonly req: Pending;
  timer: ReturnType<typeof setTimeout>;
}

/** Drives one analysis worker. */
export class RobotsWorkerClient {
  private worker: WorkerLike;
  private nextId = 1;
  private inFlight: InFlight | null = null;
  private waiting: AnalyseRequest | null = null;
  private disposed = false;
  // What the worker holds of the document: requests carry only what changed since.
  private readonly held = new HeldText();

  constructor(
    private readonly create: () => WorkerLike,
    private readonly events: ClientEvents,
    private readonly timeoutMs = 2000,
  ) {
    this.worker = this.spawn();
  }

  private spawn(): WorkerLike {
    const w = this.create();
    this.held.lost();
    w.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
      if (w === this.worker) this.receive(e.data);
    });
    w.addEventListener('error', () => {
      if (w === this.worker) this.restart('crash');
    });
    return w;
  }

  /** The document changed by `edits` (null: replaced); told before the request for the new text. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.held.changed(edits);
  }

  /** Asks for an analysis of `text` at `revision`; supersedes any request not yet sent. */
  analyse(revision: number, text: string, tests: readonly TestCase[], site = '', status: FetchStatus = { kind: 'http', code: 200 }): void {
    const req: AnalyseRequest = { type: 'analyse', id: this.nextId++, revision, text, tests, site, status };
    if (this.inFlight) this.waiting = req;
    else this.send(req);
  }

  /** Test hook: makes the worker busy for `ms` (the watchdog restarts it after the timeout). */
  hang(ms: number): void {
    const req: Pending = { type: 'hang', id: this.nextId++, ms };
    if (this.inFlight) return;
    this.send(req);
  }

  /** Test hook: makes the worker die of an uncaught error (the client restarts it). */
  crash(): void {
    this.worker.postMessage({ type: 'crash', id: this.nextId++ });
  }

  private send(req: Pending): void {
    // 2 s for any file within Google's limit; an oversized paste (10 MB) gets time in proportion.
    const extra = req.type === 'analyse' ? Math.max(0, req.text.length - 1_000_000) / 1000 : 0;
    const timer = setTimeout(() => this.restart('timeout'), this.timeoutMs + extra);
    this.inFlight = { req, timer };
    if (req.type === 'analyse') {
      this.worker.postMessage({ ...req, text: this.held.payload(req.text) });
    } else {
      this.worker.postMessage(req);
    }
  }

  private receive(msg: WorkerResponse): void {
    const current = this.inFlight;
    if (!current || msg.id !== current.req.id) return;
    clearTimeout(current.timer);
    this.inFlight = null;
    const next = this.waiting;
    this.waiting = null;
    // Did anything change in the meantime? Then this answer is stale: send the newest instead.
    if (next) {
      this.send(next);
      return;
    }
    if (msg.type === 'analysis') this.events.onResult(msg);
    else if (msg.type === 'error' && msg.error.name === 'OutOfSync' && current.req.type === 'analyse') {
      // The worker lost track of the text (it never should): send this request's text whole.
      this.held.lost();
      this.send({ ...current.req, id: this.nextId++ });
    } else if (msg.type === 'error') this.events.onError(msg.error.message);
  }

  private restart(reason: 'timeout' | 'crash'): void {
    if (this.disposed) return;
    const lost = this.inFlight;
    if (lost) clearTimeout(lost.timer);
    this.inFlight = null;
    this.worker.terminate();
    this.worker = this.spawn();
    this.events.onRestart(reason);
    // No edit is lost: the newest analysis request is sent again to the fresh worker.
    const again = this.waiting ?? (lost?.req.type === 'analyse' ? lost.req : null);
    this.waiting = null;
    if (again) this.send({ ...again, id: this.nextId++ });
  }

  /** Stops the worker; later calls do nothing. */
  dispose(): void {
    this.disposed = true;
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    this.worker.terminate();
  }
}

/** What a bulk run reports. */
export interface BulkEvents {
  onProgress(done: number, total: number): void;
  onResult(result: BulkResult): void;
  onRestart(): void;
}

/** The parameters of a bulk run. */
export type BulkParams = Omit<BulkRequest, 'type' | 'id'>;

/**
 * Drives the bulk worker: each run supersedes the previous one (the worker stops the old run at
 * its next chunk); a worker silent for `timeoutMs` is replaced and the newest run re-sent.
 */
export class BulkWorkerClient {
  private worker: WorkerLike;
  private nextId = 1;
  private latest: BulkRequest | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly held = new HeldText();

  constructor(
    private readonly create: () => WorkerLike,
    private readonly events: BulkEvents,
    private readonly timeoutMs = 5000,
  ) {
    this.worker = this.spawn();
  }

  private spawn(): WorkerLike {
    const w = this.create();
    this.held.lost();
    w.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
      if (w !== this.worker) return;
      const msg = e.data;
      if (!this.latest || msg.id !== this.latest.id) return;
      if (msg.type === 'bulk-progress') {
        this.arm();
        this.events.onProgress(msg.done, msg.total);
      } else if (msg.type === 'bulk-result') {
        this.disarm();
        this.latest = null;
        this.events.onResult(msg);
      } else if (msg.type === 'error' && msg.error.name === 'OutOfSync') {
        this.held.lost();
        this.post({ ...this.latest, id: this.nextId++ });
      } else if (msg.type === 'error') {
        this.disarm();
        this.latest = null;
      }
    });
    w.addEventListener('error', () => {
      if (w === this.worker) this.restart();
    });
    return w;
  }

  private arm(): void {
    this.disarm();
    this.timer = setTimeout(() => this.restart(), this.timeoutMs);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private restart(): void {
    this.disarm();
    this.worker.terminate();
    this.worker = this.spawn();
    this.events.onRestart();
    if (this.latest) this.post({ ...this.latest, id: this.nextId++ });
  }

  private post(req: BulkRequest): void {
    this.latest = req;
    this.arm();
    this.worker.postMessage({ ...req, text: this.held.payload(req.text) });
  }

  /** The document changed by `edits` (null: replaced), whether or not a run follows. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.held.changed(edits);
  }

  /** Starts a bulk run, superseding any run under way. */
  run(params: BulkParams): void {
    this.post({ type: 'bulk', id: this.nextId++, ...params });
  }

  /** Stops the worker. */
  dispose(): void {
    this.disarm();
    this.worker.terminate();
  }
}

/**
 * Drives the diagnostics worker, debounced like CodeMirror's linter: diagnostics are computed once
 * typing pauses, in a worker of their own, so they never hold up a verdict. Latest request wins.
 */
export class DiagnosticsWorkerClient {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  private latest = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly held = new HeldText();
  // The newest request, kept to send whole again when the worker lost track of the text.
  private pending: { revision: number; text: string; site: string } | null = null;

  constructor(
    private readonly create: () => WorkerLike,
    private readonly onResult: (result: DiagnosticsResult) => void,
    private readonly delayMs = 150,
  ) {}

  private ensure(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.create();
    this.held.lost();
    w.addEventListener('message', (e: MessageEvent<WorkerResponse>) => {
      if (w !== this.worker || e.data.id !== this.latest) return;
      if (e.data.type === 'diagnostics') this.onResult(e.data);
      else if (e.data.type === 'error' && e.data.error.name === 'OutOfSync' && this.pending) {
        this.held.lost();
        this.post(this.pending);
      }
    });
    w.addEventListener('error', () => {
      if (w !== this.worker) return;
      w.terminate();
      this.worker = null;
    });
    return (this.worker = w);
  }

  /**
   * Diagnoses `text` once no newer text arrives for a moment — longer for a big text, whose
   * diagnosis takes a CPU core for a while: on two cores it would slow the keystrokes typed next.
   */
  diagnose(revision: number, text: string, site = ''): void {
    if (this.timer) clearTimeout(this.timer);
    const delay = this.delayMs + Math.min(1500, Math.floor(text.length / 500));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.post({ revision, text, site });
    }, delay);
  }

  private post(req: { revision: number; text: string; site: string }): void {
    const worker = this.ensure();
    const id = this.nextId++;
    this.latest = id;
    this.pending = req;
    worker.postMessage({ type: 'diagnose', id, ...req, text: this.held.payload(req.text) });
  }

  /** The document changed by `edits` (null: replaced), whether or not a diagnosis follows. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.held.changed(edits);
  }

  /** Stops the worker. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.worker?.terminate();
  }
}
