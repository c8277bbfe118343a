/**
 * The UI thread's clients of the three workers (analysis, bulk, diagnostics): each is one
 * WorkerChannel configured for its work, plus what that work needs (a debounce for diagnostics).
 */
import type { AiPolicy, FetchStatus, TextEdit } from '../robots/index.js';
import { WorkerChannel, type RestartReason, type Unsent, type WorkerLike } from './channel.js';
import type { ReaderId } from '../robots/index.js';
import type {
  AnalyseRequest, AnalysisResult, BulkRequest, BulkResult, DiagnoseRequest, DiagnosticsResult, PolicyRequest, PolicyResult, ReadersRequest, ReadersResult, TestCase, WorkerResponse,
} from './protocol.js';

export type { WorkerLike } from './channel.js';

/** What the analysis client reports. */
export interface ClientEvents {
  /** A result for the newest request. */
  onResult(result: AnalysisResult): void;
  /** The worker was replaced after not answering, or after crashing; the request was re-sent. */
  onRestart(reason: RestartReason): void;
  /** The worker reported a failure for the newest request. */
  onError(message: string): void;
}

/** Drives the analysis worker: latest request wins, and a watchdog restarts a worker that stops answering. */
export class RobotsWorkerClient {
  private readonly channel: WorkerChannel<AnalyseRequest>;

  constructor(create: () => WorkerLike, events: ClientEvents, timeoutMs = 2000) {
    this.channel = new WorkerChannel<AnalyseRequest>({
      create,
      order: 'queue',
      // 2 s for any file within Google's limit; an oversized paste (10 MB) gets time in proportion.
      timeoutMs: (req) => timeoutMs + Math.max(0, req.text.length - 1_000_000) / 1000,
      onMessage: (msg) => {
        if (msg.type === 'analysis') events.onResult(msg);
        else if (msg.type === 'error') events.onError(msg.error.message);
      },
      onRestart: (reason) => events.onRestart(reason),
    });
  }

  /** The document changed by `edits` (null: replaced); told before the request for the new text. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.channel.textChanged(edits);
  }

  /** Asks for an analysis of `text` at `revision`; supersedes any request not yet sent. */
  analyse(revision: number, text: string, tests: readonly TestCase[], site = '', status: FetchStatus = { kind: 'http', code: 200 }): void {
    this.channel.send({ type: 'analyse', revision, text, tests, site, status });
  }

  /** Stops the worker; later calls do nothing. */
  dispose(): void {
    this.channel.dispose();
  }
}

/** What a bulk run reports. */
export interface BulkEvents {
  onProgress(done: number, total: number): void;
  onResult(result: BulkResult): void;
  onRestart(): void;
}

/** The parameters of a bulk run. */
export type BulkParams = Omit<Unsent<BulkRequest>, 'type'>;

/**
 * Drives the bulk worker: each run supersedes the previous one (the worker stops the old run at
 * its next chunk); a worker silent for `timeoutMs` is replaced and the newest run re-sent.
 */
export class BulkWorkerClient {
  private readonly channel: WorkerChannel<BulkRequest>;

  constructor(create: () => WorkerLike, events: BulkEvents, timeoutMs = 5000) {
    this.channel = new WorkerChannel<BulkRequest>({
      create,
      order: 'supersede',
      lazy: true,
      timeoutMs: () => timeoutMs,
      onMessage: (msg) => {
        if (msg.type === 'bulk-progress') events.onProgress(msg.done, msg.total);
        else if (msg.type === 'bulk-result') events.onResult(msg);
      },
      onRestart: () => events.onRestart(),
    });
  }

  /** The document changed by `edits` (null: replaced), whether or not a run follows. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.channel.textChanged(edits);
  }

  /** Starts a bulk run, superseding any run under way. */
  run(params: BulkParams): void {
    this.channel.send({ type: 'bulk', ...params });
  }

  /** Stops the worker. */
  dispose(): void {
    this.channel.dispose();
  }
}

/**
 * A request sent once typing pauses: longer for a big text, whose work takes a CPU core for a
 * while (on two cores it would slow the keystrokes typed next).
 */
class Debounced {
  private timer: ReturnType<typeof setTimeout> | null = null;
  constructor(private readonly delayMs: number) {}
  /** Runs `send` after the pause a text of `length` characters needs, dropping any pending one. */
  schedule(length: number, send: () => void): void {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      send();
    }, this.delayMs + Math.min(1500, Math.floor(length / 500)));
  }
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Drives the diagnostics worker, debounced like CodeMirror's linter: diagnostics are computed once
 * typing pauses, in a worker of their own (spawned on first use), so they never hold up a verdict.
 */
export class DiagnosticsWorkerClient {
  private readonly channel: WorkerChannel<DiagnoseRequest>;
  private readonly pause: Debounced;

  constructor(create: () => WorkerLike, onResult: (result: DiagnosticsResult) => void, delayMs = 150) {
    this.pause = new Debounced(delayMs);
    this.channel = new WorkerChannel<DiagnoseRequest>({
      create,
      order: 'supersede',
      lazy: true,
      // Diagnosing a file at Google's limit takes well under a second.
      timeoutMs: (req) => 5000 + req.text.length / 1000,
      onMessage: (msg) => {
        if (msg.type === 'diagnostics') onResult(msg);
      },
    });
  }

  /** Diagnoses `text` once no newer text arrives for a moment (longer for a big text). */
  diagnose(revision: number, text: string, site = ''): void {
    this.pause.schedule(text.length, () => this.channel.send({ type: 'diagnose', revision, text, site }));
  }

  /** The document changed by `edits` (null: replaced), whether or not a diagnosis follows. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.channel.textChanged(edits);
  }

  /** Stops the worker. */
  dispose(): void {
    this.pause.cancel();
    this.channel.dispose();
  }
}

/**
 * A lazily started worker asked once typing pauses, whose answers supersede each other: the
 * readers' chips and the AI access tab (neither sits on a keystroke's path).
 */
class PausedWorkerClient<R extends ReadersRequest | PolicyRequest> {
  private readonly channel: WorkerChannel<R>;
  private readonly pause: Debounced;

  constructor(create: () => WorkerLike, type: R['type'], onResult: (msg: WorkerResponse) => void, delayMs: number, timeoutMs: (req: R) => number) {
    this.pause = new Debounced(delayMs);
    this.channel = new WorkerChannel<R>({
      create, order: 'supersede', lazy: true, timeoutMs,
      onMessage: (msg) => {
        if (msg.type === type) onResult(msg);
      },
    });
  }

  /** Sends `req` once no newer request arrives for a moment. */
  protected schedule(length: number, req: Unsent<R>): void {
    this.pause.schedule(length, () => this.channel.send(req));
  }

  /** Drops a request not yet sent (its answer is no longer on screen). */
  cancel(): void {
    this.pause.cancel();
  }

  /** The document changed by `edits` (null: replaced), whether or not a request follows. */
  textChanged(edits: readonly TextEdit[] | null): void {
    this.channel.textChanged(edits);
  }

  /** Stops the worker. */
  dispose(): void {
    this.pause.cancel();
    this.channel.dispose();
  }
}

/** The readers' worker: how the other crawlers' parsers read the file for the active test. */
export class ReadersWorkerClient extends PausedWorkerClient<ReadersRequest> {
  constructor(create: () => WorkerLike, onResult: (result: ReadersResult) => void, delayMs = 120) {
    // Six parses of a file at Google's limit take a few hundred milliseconds.
    super(create, 'readers', (msg) => onResult(msg as ReadersResult), delayMs, (req) => 5000 + req.text.length / 200);
  }

  /** Asks how `readers` read `text` for `test`, once no newer request arrives for a moment. */
  check(revision: number, text: string, test: TestCase, readers: readonly ReaderId[], site = ''): void {
    this.schedule(text.length, { type: 'readers', revision, text, test, readers, site });
  }
}

/** The AI access tab's worker: the policy's edit and its check, for the text as it is now. */
export class PolicyWorkerClient extends PausedWorkerClient<PolicyRequest> {
  constructor(create: () => WorkerLike, onResult: (result: PolicyResult) => void, delayMs = 80) {
    // A check of every AI crawler parses the file twice and tests each sample URL.
    super(create, 'policy', (msg) => onResult(msg as PolicyResult), delayMs, (req) => 10_000 + req.text.length / 100);
  }

  /** Asks for `policy`'s edit of `text` and its check, once no newer request arrives for a moment. */
  compose(revision: number, text: string, policy: AiPolicy, urls: readonly string[], site = ''): void {
    this.schedule(text.length, { type: 'policy', revision, text, policy, urls, site });
  }
}

