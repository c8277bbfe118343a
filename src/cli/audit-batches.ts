/**
 * The audit's batches on the command line: each batch of inventory URLs checked by the audit's
 * list checker, its CSV rows written straight from the columns (`url, crawler, verdict, line,
 * rule, source`), inline or on worker threads (`--jobs`); the compact columns come back for the
 * audit's sums, in inventory order.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import { auditChecker, ListVerdict, type FetchStatus, type ListBatch, type ListChecker, type ReaderId, type ResolvedAgent } from '../robots/index.js';
import { csvCell } from '../share/csv/index.js';

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
}

/** Consecutive URLs of a batch from one source: from `start` on, up to the next run. */
export interface SourceRun {
  readonly start: number;
  readonly source: string;
}

/** A batch checked: its columns (the URLs stay with the caller) and its CSV rows. */
export interface CheckedBatch {
  readonly columns: number;
  readonly results: ListBatch['results'];
  readonly paths: readonly string[];
  readonly csv: string;
}

/** The verdict as the audit's CSV says it. */
const WORDS = ['allowed', 'blocked', 'out of scope', 'cannot test'];

/** The audit CSV's header: the reader column with --reader, the compared version's with --compare. */
export function auditCsvHeader(readers: boolean, compare: boolean): string[] {
  return ['url', 'crawler', ...(readers ? ['reader'] : []), 'verdict', 'line', 'rule', 'source', ...(compare ? ['compared verdict', 'compared line', 'compared rule'] : [])];
}

/** Checks batches and writes their rows; the same inline and on a thread. */
export class AuditBatcher {
  readonly checker: ListChecker;
  private readonly lead: readonly string[];
  private readonly words = WORDS.map(csvCell);
  private readonly ruleCells: Map<number, string>[];

  constructor(private readonly spec: AuditBatchSpec) {
    this.checker = auditChecker({
      robots: { text: spec.texts[0]!, status: spec.statuses[0] },
      compare: spec.texts.length > 1 ? { text: spec.texts[1]!, status: spec.statuses[1] } : undefined,
      crawlers: spec.agents, readers: spec.readers, site: spec.site,
    });
    const readers = spec.readers.length > 0;
    this.lead = this.checker.columns.map((c) => `,${csvCell(c.id)}${readers ? `,${csvCell(c.reader)}` : ''}`);
    this.ruleCells = spec.texts.map(() => new Map());
  }

  /** Checks `urls` (each from the source of its run) in every column, against every version. */
  run(urls: readonly string[], runs: readonly SourceRun[]): CheckedBatch {
    const batch = this.checker.check(urls, this.spec.texts.length > 1 ? 'all' : 0);
    return { columns: batch.columns, results: batch.results, paths: batch.paths, csv: this.spec.csv ? this.csv(batch, runs) : '' };
  }

  private csv(batch: ListBatch, runs: readonly SourceRun[]): string {
    const m = batch.columns;
    const [now, before] = batch.results;
    let out = '';
    let run = 0;
    let source = '';
    for (let u = 0; u < batch.urls.length; u++) {
      while (run < runs.length && runs[run]!.start <= u) source = csvCell(runs[run++]!.source);
      const url = csvCell(batch.urls[u]!);
      for (let c = 0; c < m; c++) {
        const i = u * m + c;
        out += `${url}${this.lead[c]},${this.words[now!.verdict[i]!]},${this.lineCells(0, now!.line[i]!)},${source}`;
        if (before) out += `,${this.words[before.verdict[i]!]},${this.lineCells(1, before.line[i]!)}`;
        out += '\r\n';
      }
    }
    return out;
  }

  /** The line and rule cells of a deciding line (both empty when none decided). */
  private lineCells(version: number, line: number): string {
    if (line <= 0) return ',';
    const cells = this.ruleCells[version]!;
    let cell = cells.get(line);
    if (cell === undefined) cells.set(line, (cell = `${line},${csvCell(this.checker.lineText(version, line))}`));
    return cell;
  }
}

/** Serves batches on a worker thread started by AuditPool. */
export function serveAuditBatches(spec: AuditBatchSpec, port: MessagePort): void {
  const batcher = new AuditBatcher(spec);
  port.on('message', (m: { seq: number; urls: string[]; runs: SourceRun[] }) => {
    const r = batcher.run(m.urls, m.runs);
    const buffers = r.results.flatMap((x) => [x.verdict.buffer, x.line.buffer]) as ArrayBuffer[];
    port.postMessage({ seq: m.seq, result: r }, buffers);
  });
}

/** Runs batches on `jobs` worker threads (the binary, started with `workerData.audit`). */
export class AuditPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (r: CheckedBatch) => void; reject: (e: Error) => void }>();
  private next = 0;
  failure: Error | null = null;

  constructor(script: URL, spec: AuditBatchSpec, jobs: number) {
    for (let i = 0; i < jobs; i++) {
      const w = new Worker(script, { workerData: { audit: spec } });
      w.on('message', (m: { seq: number; result: CheckedBatch }) => {
        this.waiting.get(m.seq)?.resolve(m.result);
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

  run(seq: number, urls: string[], runs: SourceRun[]): Promise<CheckedBatch> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.workers[this.next++ % this.workers.length]!.postMessage({ seq, urls, runs });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** True for a blocked verdict code (the CI gate). */
export const isBlocked = (code: number): boolean => code === ListVerdict.Blocked;
