/**
 * The UI thread's clients of the four workers (analysis and diagnostics, bulk, readers and their
 * findings, AI access): each is one WorkerChannel configured for its work. When to ask is the
 * tester's call (src/tester): these send at once.
 */
import type { AiPolicy, CrawlerSpec, Diagnostic, FetchStatus, LineData, ReaderId, TextEdit } from '../robots/index.js';
import { WorkerChannel, type ChannelOptions, type RestartReason, type Unsent, type WorkerLike } from './channel.js';
import {
  withRows,
  type AnalyseRequest, type AnalysisMessage, type AnalysisResult, type BulkPrepareRequest, type BulkRequest, type BulkResult, type ChangesRequest, type ChangesResult, type DiagnoseRequest, type PolicyRequest,
  type PolicyResult, type ReaderFindingsRequest, type ReadersRequest, type ReadersResult, type SitemapInfo, type TestCase, type WorkerResponse,
} from './protocol.js';

export type { WorkerLike } from './channel.js';

/** What the analysis client reports. */
export interface ClientEvents {
  /** A result for the newest analysis request. */
  onResult(result: AnalysisResult): void;
  /** Diagnostics for the newest diagnosis request (null: dropped, the text changed meanwhile). */
  onDiagnostics?(revision: number, diagnostics: readonly Diagnostic[] | null): void;
  /** The worker was replaced after not answering, or after crashing; the requests were re-sent. */
  onRestart(reason: RestartReason): void;
  /** The newest analysis request failed: the worker reported a failure, or no worker could start (WorkerFailed). */
  onError(message: string): void;
}

/**
 * Drives the analysis worker: verdicts, and diagnostics from the same parse. The latest analysis
 * request wins (one in flight, the newest waiting); a diagnosis is background work, posted at once,
 * which the worker pauses for any newer request. A watchdog restarts a worker that stops answering
 * an analysis request (the analysis goes again; a diagnosis is asked for again by the tester).
 */
export class RobotsWorkerClient {
  private readonly channel: WorkerChannel<AnalyseRequest | DiagnoseRequest>;
  /** The worker's last answer as received (stale or not): what its next answer may build on. */
  private held: { readonly id: number; readonly lines: LineData; readonly sitemaps: readonly SitemapInfo[] } | null = null;

  constructor(create: () => WorkerLike, events: ClientEvents, timeoutMs = 2000) {
    this.channel = new WorkerChannel<AnalyseRequest | DiagnoseRequest>({
      create,
      order: { analyse: 'queue', diagnose: 'background' },
      // 2 s for any file within Google's limit and a few hundred tests; an oversized paste (10 MB)
      // or a link's 10,000 tests get time in proportion.
      timeoutMs: (req) => timeoutMs + Math.max(0, req.text.length - 1_000_000) / 1000 + (req.type === 'analyse' ? Math.max(0, req.tests.length - 500) * 0.3 : 0),
      received: (msg) => (msg.type === 'analysis' ? this.whole(msg) : msg),
      onMessage: (msg, req) => {
        if (msg.type === 'analysis') events.onResult(msg as AnalysisResult);
        else if (msg.type === 'diagnostics') events.onDiagnostics?.(msg.revision, msg.diagnostics);
        // A diagnosis that failed leaves the findings shown as they were (it never should).
        else if (msg.type === 'error' && req.type === 'analyse') events.onError(msg.error.message);
      },
      onRestart: (reason) => events.onRestart(reason),
    });
  }

  /** The document changed into `text` by `edits` (null: replaced); told before any request for `text`. */
  textChanged(edits: readonly TextEdit[] | null, text: string): void {
    this.channel.textChanged(edits, text);
  }

  /**
   * An answer made whole again: its line table and sitemaps put together with the answer it
   * builds on. An answer built on one this side does not hold (never expected: the worker answers
   * whole whenever the text goes whole) is an OutOfSync failure, and the request goes again whole.
   */
  private whole(msg: AnalysisMessage): WorkerResponse {
    if (msg.base === null) {
      this.held = { id: msg.id, lines: msg.lines, sitemaps: msg.sitemaps };
      return msg;
    }
    const held = this.held;
    if (held === null || held.id !== msg.base) {
      this.held = null;
      return { type: 'error', id: msg.id, error: { name: 'OutOfSync', message: 'The answer builds on a line table this side does not hold.' } };
    }
    const lines = withRows(held.lines, msg.lines);
    const sitemaps = msg.sitemaps ?? held.sitemaps;
    this.held = { id: msg.id, lines, sitemaps };
    return { ...msg, base: null, lines, sitemaps };
  }

  /** Asks for an analysis of `text` at `revision`; supersedes any request not yet sent. */
  analyse(revision: number, text: string, tests: readonly TestCase[], site = '', status: FetchStatus = { kind: 'http', code: 200 }, active?: number): void {
    this.channel.send({ type: 'analyse', revision, text, tests, site, status, ...(active !== undefined ? { active } : {}) });
  }

  /** Asks for the diagnostics of `text` (the text of document revision `revision`), superseding any earlier diagnosis. */
  diagnose(revision: number, text: string, site = ''): void {
    this.channel.send({ type: 'diagnose', revision, text, site });
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
  /** The verdicts that change between the text and the version compared with (see BulkWorkerClient.changes). */
  onChanges?(result: ChangesResult): void;
  onRestart(): void;
  /** The newest run failed: the worker reported a failure, or no worker could start (WorkerFailed). */
  onError(message: string): void;
}

/** The parameters of a bulk run. */
export type BulkParams = Omit<Unsent<BulkRequest>, 'type'>;

/** The parameters of a request for the verdicts that change. */
export type ChangesParams = Omit<Unsent<ChangesRequest>, 'type'>;

/**
 * Drives the bulk worker: each run supersedes the previous one (the worker stops the old run at
 * its next chunk), and so does each request for the verdicts that change; a worker silent for
 * `timeoutMs` is replaced and the newest of each re-sent.
 */
export class BulkWorkerClient {
  private readonly channel: WorkerChannel<BulkRequest | BulkPrepareRequest | ChangesRequest>;

  constructor(create: () => WorkerLike, events: BulkEvents, timeoutMs = 5000) {
    this.channel = new WorkerChannel<BulkRequest | BulkPrepareRequest | ChangesRequest>({
      create,
      // Reading ahead is work between runs: no watchdog of its own, not sent again to a new worker.
      order: { bulk: 'supersede', 'bulk-prepare': 'background', changes: 'supersede' },
      lazy: true,
      timeoutMs: () => timeoutMs,
      onMessage: (msg, req) => {
        if (msg.type === 'bulk-progress') events.onProgress(msg.done, msg.total);
        else if (msg.type === 'bulk-result') events.onResult(msg);
        else if (msg.type === 'changes') events.onChanges?.(msg);
        // A failed search for changes leaves them unshown; a failed run is the bulk table's to say.
        else if (msg.type === 'error' && req.type === 'bulk') events.onError(msg.error.message);
      },
      onRestart: () => events.onRestart(),
    });
  }

  /** The document changed into `text` by `edits` (null: replaced), whether or not a run follows. */
  textChanged(edits: readonly TextEdit[] | null, text: string): void {
    this.channel.textChanged(edits, text);
  }

  /** Starts the worker and has it read `text` and index the rules of `crawlers` ahead of a run (a run's own reading is then only its edits since). */
  prepare(text: string, crawlers: readonly CrawlerSpec[]): void {
    this.channel.send({ type: 'bulk-prepare', text, crawlers });
  }

  /** Starts a bulk run, superseding any run under way. */
  run(params: BulkParams): void {
    this.channel.send({ type: 'bulk', ...params });
  }

  /** Asks for the verdicts that change between the text and the version compared with, superseding any earlier request. */
  changes(params: ChangesParams): void {
    this.channel.send({ type: 'changes', ...params });
  }

  /** Stops the worker. */
  dispose(): void {
    this.channel.dispose();
  }
}

/**
 * A lazily started worker whose answers supersede each other: the readers' chips and findings, and
 * the AI access tab (none sits on a keystroke's path; the tester asks once typing pauses).
 */
class LazyWorkerClient<R extends ReadersRequest | ReaderFindingsRequest | PolicyRequest> {
  private readonly channel: WorkerChannel<R>;

  constructor(
    create: () => WorkerLike, order: ChannelOptions<R>['order'], onMessage: (msg: WorkerResponse, req: R) => void, timeoutMs: (req: R) => number,
    private readonly stopped: readonly R['type'][],
  ) {
    this.channel = new WorkerChannel<R>({ create, order, lazy: true, timeoutMs, onMessage });
  }

  /** Sends `req`, superseding any earlier one of its type. */
  protected send(req: Unsent<R>): void {
    this.channel.send(req);
  }

  /**
   * The document changed into `text` by `edits` (null: replaced), whether or not a request follows.
   * The work under way for the old text, of the types `stopped` by an edit (work in slices, which
   * hears a cancel), is stopped: its answer would be dropped, and a paste's readings (seconds of a
   * core at 500 KB) would otherwise go on under the keystrokes after it.
   */
  textChanged(edits: readonly TextEdit[] | null, text: string): void {
    this.channel.textChanged(edits, text);
    for (const type of this.stopped) this.channel.cancel(type);
  }

  /** Stops the worker. */
  dispose(): void {
    this.channel.dispose();
  }
}

/**
 * The readers' worker: how the other crawlers' parsers read the file for the active test, and the
 * findings their parses decide (`onFindings`: null when left unfinished, the text changed meanwhile).
 */
export class ReadersWorkerClient extends LazyWorkerClient<ReadersRequest | ReaderFindingsRequest> {
  constructor(create: () => WorkerLike, onResult: (result: ReadersResult) => void, onFindings: (revision: number, findings: readonly Diagnostic[] | null) => void = () => {}) {
    super(
      create,
      // The chips and the findings are worked out in slices, taking turns, between which the worker
      // answers a ping: a long run on a busy machine is no sign of a stuck worker. A text whose
      // reading crashed or hung the worker is not handed to the next one (it would again): the
      // findings come without it.
      { readers: { order: 'supersede', watch: 'alive' }, 'reader-findings': { order: 'supersede', watch: 'alive', resend: false } },
      (msg, req) => {
        if (msg.type === 'readers') onResult(msg);
        else if (msg.type === 'reader-findings') onFindings(msg.revision, msg.diagnostics);
        // A reading that failed adds no findings: the analysis worker's are shown alone.
        else if (msg.type === 'error' && req.type === 'reader-findings') onFindings(req.revision, []);
      },
      // Six parses of a file at Google's limit take a few hundred milliseconds.
      (req) => 5000 + req.text.length / 200,
      ['readers', 'reader-findings'],
    );
  }

  /** Asks how `readers` read `text` for `test` (and how many read each of `tests` otherwise than Google). */
  check(revision: number, text: string, test: TestCase, readers: readonly ReaderId[], site = '', tests: readonly TestCase[] = []): void {
    this.send({ type: 'readers', revision, text, test, readers, site, ...(tests.length > 0 ? { tests } : {}) });
  }

  /** Asks for the findings the readers' parses decide for `text` (the text of document revision `revision`), superseding any earlier request for them. */
  findings(revision: number, text: string): void {
    this.send({ type: 'reader-findings', revision, text });
  }
}

/** The AI access tab's worker: the policy's edit and its check, for the text as it is now. */
export class PolicyWorkerClient extends LazyWorkerClient<PolicyRequest> {
  constructor(create: () => WorkerLike, onResult: (result: PolicyResult) => void) {
    // A check of every AI crawler parses the file twice and tests each sample URL.
    super(create, 'supersede', (msg) => {
      if (msg.type === 'policy') onResult(msg);
    }, (req) => 10_000 + req.text.length / 100, []);
  }

  /** Asks for `policy`'s edit of `text` (the text of document revision `revision`) and its check. */
  compose(revision: number, text: string, policy: AiPolicy, urls: readonly string[], site = ''): void {
    this.send({ type: 'policy', revision, text, policy, urls, site });
  }
}
