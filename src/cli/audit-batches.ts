/**
 * The job code of `audit`: each batch of inventory URLs checked by the audit's list checker and
 * summed by a site audit, its CSV rows written straight from the columns (`url, crawler, verdict,
 * line, rule, source`) and encoded as UTF-8, inline or on the ordered pool's threads (`--jobs`).
 * Each thread sums its own share, which it gives at the end of the run; the main thread reads the
 * inventory and writes the rows' bytes in order.
 */
import { type FetchStatus, type ListBatch, type ListChecker, type ReaderId, type ResolvedAgent } from '../robots/index.js';
import { auditChecker, SiteAudit, type AuditPart } from '../robots/site/index.js';
import { AuditCsvBytes, AuditCsvWriter } from '../share/csv/index.js';
import type { JobRunner, ThreadJobs } from './pool/index.js';

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

/**
 * The site audit's options on the command line: top folders only, a bounded tree, flat memory;
 * the CSV lists the rows and prints no report, so it sums the counts alone (no tree, no rule impact).
 */
export function cliAudit(checker: ListChecker, spec: AuditBatchSpec): SiteAudit {
  return new SiteAudit(checker, { tree: { site: spec.site, maxDepth: 3, maxNodes: 100_000 }, examples: spec.examples, sums: spec.csv ? 'counts' : 'all' });
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

const NO_ROWS = new Uint8Array(0);

/** Checks batches and writes their rows; the same inline and on a thread. */
export class AuditBatcher {
  readonly checker: ListChecker;
  /** This batcher's share of the audit. */
  readonly audit: SiteAudit;
  private readonly writer: AuditCsvBytes;

  constructor(private readonly spec: AuditBatchSpec) {
    this.checker = auditChecker({
      robots: { text: spec.texts[0]!, status: spec.statuses[0] },
      compare: spec.texts.length > 1 ? { text: spec.texts[1]!, status: spec.statuses[1] } : undefined,
      crawlers: spec.agents, readers: spec.readers, site: spec.site,
    });
    this.writer = new AuditCsvBytes(new AuditCsvWriter(this.checker, spec.readers.length > 0), spec.texts.length > 1);
    this.audit = cliAudit(this.checker, spec);
  }

  /**
   * Checks `urls` (each from the source of its run; the first the `start`-th of the inventory) in
   * every column, against every version; sums them into this share; gives their CSV rows as UTF-8.
   * Bytes, not text: a thread hands them on as one copy (a string of rows was flattened and
   * serialised here, copied again there and encoded on the main thread, which also reads the
   * inventory), and the main thread writes them as they are.
   */
  run(urls: readonly string[], runs: readonly SourceRun[], start: number): Uint8Array {
    const batch = this.checker.check(urls, this.spec.texts.length > 1 ? 'all' : 0, start);
    this.audit.add(batch);
    return this.spec.csv ? this.csv(batch, runs) : NO_ROWS;
  }

  private csv(batch: ListBatch, runs: readonly SourceRun[]): Uint8Array {
    let run = 0;
    let source = '';
    return this.writer.rows(batch.urls, batch.results[0]!, batch.results[1] ?? null, (u) => {
      while (run < runs.length && runs[run]!.start <= u) source = runs[run++]!.source;
      return source;
    });
  }
}

/** A batch of the inventory: its URLs, the source of each run of them, and the first one's place in the inventory. */
export interface AuditJob {
  readonly urls: readonly string[];
  readonly runs: readonly SourceRun[];
  readonly start: number;
}

/** The types of the audit's pool: CSV rows per batch (UTF-8), each thread's share of the audit at the end. */
export type AuditPool = { setup: AuditBatchSpec; job: AuditJob; result: Uint8Array; end: undefined; part: AuditPart; question: never; answer: never };

/** A batcher as the pool runs it. */
export function auditRunner(batcher: AuditBatcher): JobRunner<AuditPool> {
  return { run: (job) => batcher.run(job.urls, job.runs, job.start), finish: () => batcher.audit.part() };
}

/** The audit's pool threads: a batcher each; the URLs travel packed. */
export const AUDIT_JOBS: ThreadJobs<AuditPool> = {
  kind: 'audit',
  start: (spec) => auditRunner(new AuditBatcher(spec)),
  pack: (job) => ({ data: { ...job, urls: packUrls(job.urls) }, transfer: [] }),
  unpack: (data) => {
    const job = data as Omit<AuditJob, 'urls'> & { readonly urls: PackedUrls };
    return { ...job, urls: unpackUrls(job.urls) };
  },
};
