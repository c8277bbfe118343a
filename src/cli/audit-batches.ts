/**
 * The audit's batches on the command line: each batch of inventory URLs checked by the audit's
 * list checker and summed by a site audit, its CSV rows written straight from the columns (`url,
 * crawler, verdict, line, rule, source`), inline or on worker threads (`--jobs`). Each thread
 * sums its own share; the shares are merged at the end, so the main thread only reads the
 * inventory and writes the rows in order.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import { type FetchStatus, type ListBatch, type ListChecker, type ReaderId, type ResolvedAgent } from '../robots/index.js';
import { auditChecker, SiteAudit, type AuditPart } from '../robots/site/index.js';
import { AuditCsvWriter } from '../share/csv/index.js';

/** What a batch needs besides its URLs: plain data, so a worker thread can be given it. */
export interface AuditBatchSpec {
  /** The audited file, then the compared one (when --compare). */
  readonly texts: readonly string[];
  readonly statuses: readonly (FetchStatus | undefined)[];
  readonly agents: readonly ResolvedAgent[];
  /** Readers besides Google's. */
  readonly readers: readonly ReaderId[];
  readonly site: string | undefined;
  /** Write CSV rows (--format csv). */
  readonly csv: boolean;
  /** Blocked URLs kept per crawler for the report. */
  readonly examples: number;
}

/** The site audit's options on the command line: top folders only, a bounded tree, flat memory. */
export function cliAudit(checker: ListChecker, spec: AuditBatchSpec): SiteAudit {
  return new SiteAudit(checker, { tree: { site: spec.site, maxDepth: 3, maxNodes: 100_000 }, examples: spec.examples });
}

/** Consecutive URLs of a batch from one source: from `start` on, up to the next run. */
export interface SourceRun {
  readonly start: number;
  readonly source: string;
}

/** URLs packed for a thread: one string and each URL's length (a structured clone of one string is a copy, of thousands a walk). */
export interface PackedUrls {
  readonly text: string;
  readonly lengths: Int32Array;
}

/** Packs URLs for a thread. */
export function packUrls(urls: readonly string[]): PackedUrls {
  return { text: urls.join(''), lengths: Int32Array.from(urls, (u) => u.length) };
}

/** The URLs of a pack. */
export function unpackUrls(p: PackedUrls): string[] {
  const out = new Array<string>(p.lengths.length);
  let at = 0;
  for (let i = 0; i < p.lengths.length; i++) {
    out[i] = p.text.slice(at, at + p.lengths[i]!);
    at += p.lengths[i]!;
  }
  return out;
}

/** Checks batches and writes their rows; the same inline and on a thread. */
export class AuditBatcher {
  readonly checker: ListChecker;
  /** This batcher's share of the audit. */
  readonly audit: SiteAudit;
  private readonly writer: AuditCsvWriter;

  constructor(private readonly spec: AuditBatchSpec) {
    this.checker = auditChecker({
      robots: { text: spec.texts[0]!, status: spec.statuses[0] },
      compare: spec.texts.length > 1 ? { text: spec.texts[1]!, status: spec.statuses[1] } : undefined,
      crawlers: spec.agents, readers: spec.readers, site: spec.site,
    });
    this.writer = new AuditCsvWriter(this.checker, spec.readers.length > 0);
    this.audit = cliAudit(this.checker, spec);
  }

  /**
   * Checks `urls` (each from the source of its run; the first the `start`-th of the inventory) in
   * every column, against every version; sums them into this share; gives their CSV rows.
   */
  run(urls: readonly string[], runs: readonly SourceRun[], start: number): string {
    const batch = this.checker.check(urls, this.spec.texts.length > 1 ? 'all' : 0, start);
    this.audit.add(batch);
    return this.spec.csv ? this.csv(batch, runs) : '';
  }

  private csv(batch: ListBatch, runs: readonly SourceRun[]): string {
    let run = 0;
    let source = '';
    return this.writer.rows(batch.urls, batch.results[0]!, batch.results[1] ?? null, (u) => {
      while (run < runs.length && runs[run]!.start <= u) source = runs[run++]!.source;
      return source;
    });
  }
}

/** A message to a batch thread: a batch to check, or the end (answered with the thread's share). */
type ToThread = { seq: number; urls: PackedUrls; runs: SourceRun[]; start: number } | { seq: number; finish: true };

/** Serves batches on a worker thread started by AuditPool. */
export function serveAuditBatches(spec: AuditBatchSpec, port: MessagePort): void {
  const batcher = new AuditBatcher(spec);
  port.on('message', (m: ToThread) => {
    if ('finish' in m) port.postMessage({ seq: m.seq, part: batcher.audit.part() });
    else port.postMessage({ seq: m.seq, csv: batcher.run(unpackUrls(m.urls), m.runs, m.start) });
  });
}

/** Runs batches on `jobs` worker threads (the binary, started with `workerData.audit`). */
export class AuditPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (r: { csv?: string; part?: AuditPart }) => void; reject: (e: Error) => void }>();
  private next = 0;
  private seq = 0;
  failure: Error | null = null;

  constructor(script: URL, spec: AuditBatchSpec, jobs: number) {
    for (let i = 0; i < jobs; i++) {
      const w = new Worker(script, { workerData: { audit: spec } });
      w.on('message', (m: { seq: number; csv?: string; part?: AuditPart }) => {
        this.waiting.get(m.seq)?.resolve(m);
        this.waiting.delete(m.seq);
      });
      // A thread that fails fails the run: nothing waits for an answer that will not come.
      w.on('error', (e) => {
        this.failure = e;
        for (const p of this.waiting.values()) p.reject(e);
        this.waiting.clear();
      });
      this.workers.push(w);
    }
  }

  private ask(worker: Worker, m: ToThread): Promise<{ csv?: string; part?: AuditPart }> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.set(m.seq, { resolve, reject });
      worker.postMessage(m);
    });
  }

  /** Checks a batch on the next thread; resolves to its CSV rows. */
  async run(urls: readonly string[], runs: SourceRun[], start: number): Promise<string> {
    const w = this.workers[this.next++ % this.workers.length]!;
    return (await this.ask(w, { seq: this.seq++, urls: packUrls(urls), runs, start })).csv ?? '';
  }

  /** Every thread's share of the audit (after all batches were answered). */
  async parts(): Promise<AuditPart[]> {
    return Promise.all(this.workers.map(async (w) => (await this.ask(w, { seq: this.seq++, finish: true })).part!));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
