/**
 * The job code of `check` and `diff` over a URL list: each batch of URLs checked by the list
 * checker and written as text, JSON or CSV rows, the same inline and on a pool thread.
 */
import {
  countVerdicts, ListChecker, ListVerdict, testedHref, verdictWord, type FetchStatus, type ListBatch, type ReaderId, type ResolvedAgent, type RobotsTxt, type VerdictCounts,
} from '../robots/index.js';
import { CSV_NEWLINE, csvCell, csvRecord } from '../share/csv/index.js';
import { csvCells, diffChunk, failingChange, resultsChunk, type CheckRow, type DiffLayout, type DiffRow, type ResultLayout } from './format.js';
import { MAX_TABLE_ROWS, type FailingRow } from './github.js';
import type { JobRunner, ThreadJobs } from './pool/index.js';
import { pathCell, startsPlain, urlCell } from './url-cells.js';

/** Everything a batch needs besides its URLs: plain data, so a worker thread can be given it. */
export interface StreamSpec {
  readonly command: 'check' | 'diff';
  /** The robots.txt text: one for check, old and new for diff. */
  readonly texts: readonly string[];
  readonly statuses: readonly (FetchStatus | undefined)[];
  readonly agents: readonly ResolvedAgent[];
  readonly readers: readonly ReaderId[];
  readonly site: string | undefined;
  readonly layout: ResultLayout | DiffLayout;
  /** Keep the first changed rows as GitHub shows them (a run on GitHub Actions). */
  readonly github?: boolean;
}

/** Verdicts of one crawler (and reader) over the list. */
export type Tally = VerdictCounts;

/** Adds `t` to the tally of `key` in `tallies`. */
export function addTally(tallies: Record<string, Tally>, key: string, t: Tally): void {
  const sum = (tallies[key] ??= { allowed: 0, blocked: 0, outOfScope: 0, cannotTest: 0 });
  sum.allowed += t.allowed;
  sum.blocked += t.blocked;
  sum.outOfScope += t.outOfScope;
  sum.cannotTest += t.cannotTest;
}

/** What one batch produced: its output text and its counts. */
export interface BatchResult {
  readonly out: string;
  /** By crawler label (and reader, when not Google's). */
  readonly tallies: Record<string, Tally>;
  readonly compared: number;
  readonly changed: number;
  /** The first changed rows, as GitHub shows them (diff on GitHub Actions only; at most MAX_TABLE_ROWS). */
  readonly failures: readonly FailingRow[];
}

/**
 * Writes the rows of a listing batch by batch: the list checker checks each batch, and this
 * turns its columns into text, JSON or CSV. Google's CSV rows are written straight from the
 * columns (no explanation is built); a row that needs one (cannot test, another reader) is
 * explained and written as the CSV module writes any row.
 */
export class BatchWriter {
  private readonly checker: ListChecker;
  /** Each column's tally key: the crawler's id, with the reader when not Google's. */
  private readonly keys: readonly string[];
  /** Each column's CSV cells after the URL (crawler, reader), each with its leading comma. */
  private readonly lead: readonly string[];
  /** By column and verdict: each deciding line's cells between the URL and the path, by line number (an array: a third of a Map's look-up). */
  private readonly middles: ((string | undefined)[] | undefined)[][] = [];
  /** By verdict and column: the row's end after the path. */
  private readonly tails: (string | undefined)[][] = [];
  private readonly words: readonly string[];

  /** `parsed`: Google's parse of each of the spec's texts when the caller has it (not parsed again). */
  constructor(private readonly spec: StreamSpec, parsed?: readonly RobotsTxt[]) {
    this.checker = new ListChecker({
      versions: spec.texts.map((text, i) => ({ text, status: spec.statuses[i], robots: parsed?.[i] })), crawlers: spec.agents, readers: spec.readers, site: spec.site,
    });
    this.keys = this.checker.columns.map((c) => `${c.id}${c.reader !== 'google' ? ` [${c.reader}]` : ''}`);
    this.lead = this.checker.columns.map((c) => `,${csvCell(c.id)}${spec.layout.readers ? `,${csvCell(c.reader)}` : ''}`);
    this.words = [ListVerdict.Allowed, ListVerdict.Blocked, ListVerdict.OutOfScope].map((code) => csvCell(verdictWord(code)));
  }

  /**
   * Checks `urls` for every crawler (and reader); the output follows what was written before.
   * `plain`: every URL is known to hold only plain characters (see UrlPiece).
   */
  run(given: readonly string[], plain = false): BatchResult {
    // Each row names the URL tested: a relative one on the site it was resolved against.
    const site = this.spec.site;
    const urls = site ? given.map((url) => testedHref(url, site)) : given;
    const diff = this.spec.command === 'diff';
    const batch = this.checker.check(urls, diff ? 'all' : 0);
    const counts: VerdictCounts[] = [];
    countVerdicts(batch.results[batch.results.length - 1]!, batch.columns, counts);
    const tallies: Record<string, Tally> = Object.create(null) as Record<string, Tally>;
    counts.forEach((t, c) => addTally(tallies, this.keys[c]!, t));
    const compared = urls.length * batch.columns;
    if (diff) {
      const [before, after] = batch.results;
      const changes: DiffRow[] = [];
      for (let i = 0; i < before!.verdict.length; i++) {
        if (before!.verdict[i] === after!.verdict[i]) continue;
        const url = urls[Math.floor(i / batch.columns)]!;
        const c = i % batch.columns;
        changes.push({ url, old: this.checker.explain(url, c, 0), now: this.checker.explain(url, c, 1) });
      }
      const failures = this.spec.github ? changes.slice(0, MAX_TABLE_ROWS).map((r) => failingChange(this.checker, r)) : [];
      return { out: diffChunk(this.checker, changes, this.spec.layout as DiffLayout, false), tallies, compared, changed: changes.length, failures };
    }
    const layout = this.spec.layout as ResultLayout;
    if (layout.format === 'csv') return { out: this.csvRows(batch, layout, plain), tallies, compared, changed: 0, failures: [] };
    const rows: CheckRow[] = [];
    for (let i = 0; i < compared; i++) rows.push({ ...this.checker.explain(urls[Math.floor(i / batch.columns)]!, i % batch.columns, 0), expected: null });
    return { out: resultsChunk(this.checker, rows, layout, false), tallies, compared, changed: 0, failures: [] };
  }

  /** Google's CSV rows straight from the columns; the others explained. */
  private csvRows(batch: ListBatch, layout: ResultLayout, plain: boolean): string {
    const { verdict, line } = batch.results[0]!;
    const m = batch.columns;
    const columns = this.checker.columns;
    let out = '';
    for (let u = 0; u < batch.urls.length; u++) {
      const url = batch.urls[u]!;
      let lead: string | null = null;
      let path: string | null = null;
      for (let c = 0; c < m; c++) {
        const i = u * m + c;
        const code = verdict[i]!;
        if (code === ListVerdict.CannotTest || columns[c]!.reader !== 'google') {
          out += csvRecord(csvCells(this.checker, layout, { ...this.checker.explain(url, c, 0), expected: null }));
          continue;
        }
        lead ??= plain && startsPlain(url) ? url : urlCell(url);
        path ??= pathCell(batch.paths[u]!, url, lead);
        out += lead + this.middle(c, code, line[i]!) + path + this.tail(c, code);
      }
    }
    return out;
  }

  /** A row's cells between the URL and the tested path (crawler, reader, verdict, line, rule), each with its comma; made once per column, verdict and line. */
  private middle(column: number, code: number, line: number): string {
    // Sized for every line of the file at once, so that it keeps fast elements whichever lines decide.
    const byLine = ((this.middles[column] ??= [])[code] ??= new Array<string | undefined>(this.checker.robots[0]!.lineCount + 1));
    return (byLine[line] ??= `${this.lead[column]},${this.words[code]},${line > 0 ? `${line},${this.ruleCell(line)}` : ','},`);
  }

  /** A row's end after the tested path: the group cell and the record's end. */
  private tail(column: number, code: number): string {
    const tails = (this.tails[code] ??= []);
    return (tails[column] ??= `,${csvCell(this.checker.groupFor(column, 0, code))}${CSV_NEWLINE}`);
  }

  private ruleCell(line: number): string {
    return csvCell(this.checker.lineText(0, line));
  }
}

/** A batch of a URL list: its URLs, and whether each is known plain (see UrlPiece). */
export interface UrlBatch {
  readonly urls: readonly string[];
  readonly plain: boolean;
}

/** The types of the checks' pool. */
export type CheckPool = { setup: StreamSpec; job: UrlBatch; result: BatchResult; end: undefined; part: undefined; question: never; answer: never };

/** A batch writer as the pool runs it. */
export function checkRunner(writer: BatchWriter): JobRunner<CheckPool> {
  return { run: (job) => writer.run(job.urls, job.plain) };
}

/** The checks' pool threads: each writes batches with its own batch writer. */
export const CHECK_JOBS: ThreadJobs<CheckPool> = {
  kind: 'check',
  start: (spec) => checkRunner(new BatchWriter(spec)),
};
