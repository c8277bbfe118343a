/**
 * Long URL lists, streamed: URLs are read as they come (a file or standard input; a plain list or
 * a CSV with a url column), checked in batches — on worker threads with `--jobs` — and written in
 * input order as each batch is done, so memory stays flat whatever the list's length.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync, type ReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Worker } from 'node:worker_threads';
import {
  countVerdicts, ListChecker, ListVerdict, verdictWord, type FetchStatus, type ListBatch, type ReaderId, type ResolvedAgent, type RobotsTxt, type VerdictCounts,
} from '../robots/index.js';
import { CSV_NEWLINE, csvCell, csvRecord } from '../share/csv/index.js';
import { urlListReader } from '../share/csv/read/index.js';
import { csvCells, diffChunk, failingChange, resultsChunk, type CheckRow, type DiffLayout, type DiffRow, type ResultLayout } from './format.js';
import { MAX_TABLE_ROWS, type FailingRow } from './github.js';
import { onInterrupt, writeOut } from './output.js';

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
  run(urls: readonly string[], plain = false): BatchResult {
    const diff = this.spec.command === 'diff';
    const batch = this.checker.check(urls, diff ? 'all' : 0);
    const counts: VerdictCounts[] = [];
    countVerdicts(batch.results[batch.results.length - 1]!, batch.columns, counts);
    const tallies: Record<string, Tally> = Object.create(null) as Record<string, Tally>;
    counts.forEach((t, c) => {
      const sum = (tallies[this.keys[c]!] ??= { allowed: 0, blocked: 0, outOfScope: 0, cannotTest: 0 });
      sum.allowed += t.allowed;
      sum.blocked += t.blocked;
      sum.outOfScope += t.outOfScope;
      sum.cannotTest += t.cannotTest;
    });
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

/** The characters a CSV cell holds as they are: printable ASCII other than a quote, comma or semicolon. */
const PLAIN_UNITS = '\\x21\\x23-\\x2b\\x2d-\\x3a\\x3c-\\x7e';
/** Any other character. */
const UNPLAIN = new RegExp(`[^${PLAIN_UNITS}]`);

/** Whether a cell starts with a letter or a slash (never a formula, nor white space). */
export function startsPlain(cell: string): boolean {
  const c0 = cell.charCodeAt(0);
  return (c0 >= 0x61 && c0 <= 0x7a) || (c0 >= 0x41 && c0 <= 0x5a) || c0 === 0x2f;
}

/**
 * A URL as a CSV cell, as csvCell writes it: a URL that starts with a letter or a slash and holds
 * only printable ASCII other than a quote, comma or semicolon is its own cell (no formula, nothing
 * to quote); anything else goes through csvCell.
 */
export function urlCell(url: string): string {
  // One regular expression looks at the characters: half the time of a loop over them.
  return startsPlain(url) && !UNPLAIN.test(url) ? url : csvCell(url);
}

/**
 * A tested path as a CSV cell, as csvCell writes it. The path is most often the end of its URL:
 * when that URL was its own cell and the path starts with a slash, so is the path.
 */
export function pathCell(path: string, url: string, urlAsCell: string): string {
  return urlAsCell === url && path.charCodeAt(0) === 0x2f && url.endsWith(path) ? path : urlCell(path);
}

/** The URLs read from a piece of a list. */
export interface UrlPiece {
  readonly urls: readonly string[];
  /**
   * Every URL holds only printable ASCII other than a quote, comma or semicolon: each that starts
   * with a letter or a slash is its own CSV cell, with no look at its characters.
   */
  readonly plain: boolean;
}

/** Anything but a line feed or a plain character. */
const UNPLAIN_TEXT = new RegExp(`[^\\n${PLAIN_UNITS}]`);

/**
 * A URL list reader (urlListReader) that also says when the URLs of a piece are plain: they are
 * cut from the piece's text (and the line the piece before left unfinished), so they are when
 * that text holds nothing but plain characters and line feeds — one look at 64 KiB of text costs
 * a fifth of a look at each URL.
 */
export function plainUrlReader(): { push(text: string): UrlPiece; end(): UrlPiece } {
  const reader = urlListReader();
  // Whether the line the last piece left unfinished is plain so far.
  let restPlain = true;
  return {
    push(text) {
      const plain = !UNPLAIN_TEXT.test(text);
      const piece = { urls: reader.push(text), plain: plain && restPlain };
      // After a line feed, what is left unfinished is this text's alone.
      restPlain = text.includes('\n') ? plain : restPlain && plain;
      return piece;
    },
    end: () => ({ urls: reader.end(), plain: false }),
  };
}

/** A source of URLs: a file (or `-`), read as it comes; a CSV's url column (or its first column). */
export interface UrlSource {
  /** The URLs, a piece of the input at a time. */
  readonly urls: AsyncIterable<UrlPiece>;
  /** Bytes read so far and the file's size (0 when unknown, as for standard input). */
  progress(): { readonly read: number; readonly size: number };
  /** Stops reading: `urls` ends. */
  close(): void;
}

/** A URL list that cannot be read (exit code 2). */
export class UrlListError extends Error {}

/**
 * Reads URLs from `file` (`-`: standard input) as they come. A file that is missing, a directory
 * or unreadable throws UrlListError at once, before anything is checked.
 */
export function urlSource(file: string): UrlSource {
  if (file === '-') return streamedUrls(file, process.stdin, 0);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UrlListError(code === 'ENOENT' ? `no such URL list: ${file}` : code === 'EACCES' ? `cannot read the URL list ${file}: permission denied` : `cannot read the URL list ${file}: ${(e as Error).message}`);
  }
  const stat = fstatSync(fd);
  if (stat.isDirectory()) {
    closeSync(fd);
    throw new UrlListError(`the URL list ${file} is a directory: give a file`);
  }
  // A pipe or device has no size to show progress against.
  return stat.isFile() ? fileUrls(file, fd, stat.size) : streamedUrls(file, createReadStream(file, { fd }), 0);
}

/**
 * How much of a regular file is read at a time: 64 KiB, so that each piece's text is an ordinary
 * young object (a 256 KiB one was a large object, and reading took a third longer).
 */
const READ_PIECE = 1 << 16;

/**
 * A regular file's URLs, read in pieces without waiting on the event loop: a file on disk is
 * always ready, and each asynchronous read left the checks idle until it came back.
 */
function fileUrls(file: string, fd: number, size: number): UrlSource {
  let read = 0;
  let closed = false;
  async function* urls(): AsyncGenerator<UrlPiece> {
    try {
      const buf = Buffer.allocUnsafe(READ_PIECE);
      const decoder = new StringDecoder('utf8');
      const reader = plainUrlReader();
      for (;;) {
        if (closed) return;
        let n: number;
        try {
          n = readSync(fd, buf, 0, READ_PIECE, null);
        } catch (e) {
          throw new UrlListError(`cannot read the URL list ${file}: ${(e as Error).message}`);
        }
        if (n <= 0) break;
        read += n;
        const got = reader.push(decoder.write(buf.subarray(0, n)));
        if (got.urls.length > 0) yield got;
      }
      const last = [...reader.push(decoder.end()).urls, ...reader.end().urls];
      if (last.length > 0) yield { urls: last, plain: false };
    } finally {
      closeSync(fd);
    }
  }
  return { urls: urls(), progress: () => ({ read, size }), close: () => { closed = true; } };
}

/** A stream's URLs (standard input, a pipe) as they come. */
function streamedUrls(file: string, stream: ReadStream | NodeJS.ReadStream, size: number): UrlSource {
  let closed = false;
  async function* urls(): AsyncGenerator<UrlPiece> {
    const reader = plainUrlReader();
    stream.setEncoding('utf8');
    try {
      for await (const chunk of stream as AsyncIterable<string>) {
        if (closed) return;
        const got = reader.push(chunk);
        if (got.urls.length > 0) yield got;
      }
    } catch (e) {
      if (closed) return;
      throw new UrlListError(`cannot read the URL list ${file === '-' ? 'on standard input' : file}: ${(e as Error).message}`);
    }
    const last = reader.end();
    if (last.urls.length > 0) yield last;
  }
  return {
    urls: urls(),
    progress: () => ({ read: 'bytesRead' in stream ? stream.bytesRead : 0, size }),
    close: () => {
      closed = true;
      stream.destroy();
    },
  };
}

/** Runs batches on `jobs` worker threads (this module's bundle, started with `workerData.stream`). */
class ThreadPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (r: BatchResult) => void; reject: (e: Error) => void }>();
  private next = 0;

  constructor(script: URL, spec: StreamSpec, jobs: number, onError: (e: Error) => void) {
    for (let i = 0; i < jobs; i++) {
      const w = new Worker(script, { workerData: { stream: spec } });
      w.on('message', (m: { seq: number; result: BatchResult }) => {
        this.waiting.get(m.seq)?.resolve(m.result);
        this.waiting.delete(m.seq);
      });
      // A thread that fails fails the run: nothing waits for an answer that will not come.
      w.on('error', (e) => {
        onError(e);
        for (const p of this.waiting.values()) p.reject(e);
        this.waiting.clear();
      });
      this.workers.push(w);
    }
  }

  run(seq: number, urls: string[], plain: boolean): Promise<BatchResult> {
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.workers[this.next++ % this.workers.length]!.postMessage({ seq, urls, plain });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Serves batches on a worker thread started by ThreadPool. */
export function serveBatches(spec: StreamSpec, port: import('node:worker_threads').MessagePort): void {
  const writer = new BatchWriter(spec);
  port.on('message', (m: { seq: number; urls: string[]; plain: boolean }) => port.postMessage({ seq: m.seq, result: writer.run(m.urls, m.plain) }));
}

/** How a streamed run went. */
export interface StreamOutcome {
  readonly urls: number;
  readonly compared: number;
  readonly changed: number;
  readonly tallies: Record<string, Tally>;
  /** Some row was written (the listing's tail depends on it). */
  readonly wroteAny: boolean;
  /** An interrupt stopped the run: the rows of the URLs read before it were written, whole. */
  readonly interrupted: boolean;
  /** The first changed rows as GitHub shows them (spec.github), at most MAX_TABLE_ROWS, in input order. */
  readonly failures: readonly FailingRow[];
}

/** Options of a streamed run. */
export interface StreamOptions {
  readonly jobs: number;
  /** The bundle to start worker threads from (jobs > 1). */
  readonly script: URL;
  /** Write a count, rate and ETA to standard error as the run goes. */
  readonly progress: boolean;
  /** What the listing starts with: written before the first rows (not at all when no URL came). */
  readonly head: string;
  readonly batchSize?: number;
  /** Google's parse of each of the spec's texts, when the caller has it: a run without threads does not parse again. */
  readonly parsed?: readonly RobotsTxt[];
}

/**
 * Checks every URL of `first` then `rest`, writing `head`, then each batch's rows in input order
 * as soon as the batches before it are written. Resolves when all is written (not the tail).
 */
export async function streamChecks(spec: StreamSpec, first: readonly string[], rest: UrlSource | null, options: StreamOptions): Promise<StreamOutcome> {
  const size = options.batchSize ?? 1000;
  const jobs = Math.max(1, options.jobs);
  let failure: Error | null = null;
  const pool = jobs > 1 ? new ThreadPool(options.script, spec, jobs, (e) => (failure = e)) : null;
  const inline = pool ? null : new BatchWriter(spec, options.parsed);
  const tallies: Record<string, Tally> = Object.create(null) as Record<string, Tally>;
  const failures: FailingRow[] = [];
  let [urls, compared, changed, written] = [0, 0, 0, 0];
  let wroteAny = false;
  let headWritten = false;
  const done = new Map<number, BatchResult>();
  const inFlight: Promise<void>[] = [];
  const started = Date.now();
  let lastProgress = 0;

  const write = writeOut;
  // An interrupt stops the reading; what was read is still checked and written, row by whole row.
  let interrupted = false;
  let wake: (() => void) | null = null;
  const unregister = onInterrupt(() => {
    interrupted = true;
    rest?.close();
    wake?.();
  });
  const showProgress = (force = false) => {
    if (!options.progress) return;
    const now = Date.now();
    if (!force && now - lastProgress < 250) return;
    lastProgress = now;
    const secs = Math.max(0.001, (now - started) / 1000);
    const rate = urls / secs;
    const p = rest?.progress();
    const eta = p && p.size > 0 && p.read > 0 ? ` · ETA ${Math.max(0, Math.round((secs * p.size) / p.read - secs))} s` : '';
    process.stderr.write(`\r${urls.toLocaleString('en-US')} URLs · ${Math.round(rate).toLocaleString('en-US')}/s${eta}   `);
  };
  // One flush at a time: rows are written in input order whoever asks.
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => (flushing = flushing.then(flushNow));
  const flushNow = async () => {
    for (let r = done.get(written); r; r = done.get(written)) {
      done.delete(written);
      written++;
      let out = r.out;
      // Each batch's rows begin with their separator; the listing's first row has none.
      if (!wroteAny && out !== '') {
        if (out.startsWith(',\n')) out = '\n' + out.slice(2);
        wroteAny = true;
      }
      if (!headWritten) {
        headWritten = true;
        out = options.head + out;
      }
      await write(out);
      compared += r.compared;
      changed += r.changed;
      for (const f of r.failures) if (failures.length < MAX_TABLE_ROWS) failures.push(f);
      for (const [k, t] of Object.entries(r.tallies)) {
        const sum = (tallies[k] ??= { allowed: 0, blocked: 0, outOfScope: 0, cannotTest: 0 });
        sum.allowed += t.allowed;
        sum.blocked += t.blocked;
        sum.outOfScope += t.outOfScope;
        sum.cannotTest += t.cannotTest;
      }
    }
  };
  let seq = 0;
  const dispatch = async (batch: string[], plain: boolean) => {
    const n = seq++;
    urls += batch.length;
    if (inline) {
      done.set(n, inline.run(batch, plain));
    } else {
      inFlight.push(pool!.run(n, batch, plain).then((r) => {
        done.set(n, r);
        return flush();
      }));
      // At most a few batches per thread in flight: reading waits, so memory stays flat.
      if (inFlight.length >= jobs * 4) await inFlight.shift();
    }
    await flush();
    showProgress();
  };

  try {
    let batch: string[] = [...first];
    // Whether every URL of the batch is known plain (see UrlPiece): the command line's are not.
    let plain = first.length === 0;
    if (batch.length >= size) {
      await dispatch(batch, plain);
      batch = [];
    }
    if (rest) {
      // When the input stalls (a slow pipe), what was read is checked and written meanwhile:
      // the first rows come out at once.
      let reading = false;
      const stall = setInterval(() => {
        if (reading && batch.length > 0) {
          const partial = batch;
          batch = [];
          void dispatch(partial, plain);
        }
      }, 100);
      stall.unref();
      try {
        reading = true;
        const it = rest.urls[Symbol.asyncIterator]();
        for (;;) {
          // A pipe that stays silent must not keep an interrupt waiting.
          const next = await Promise.race([it.next(), new Promise<null>((r) => (wake = () => r(null)))]);
          wake = null;
          if (next === null || next.done || interrupted) break;
          const got = next.value.urls;
          reading = false;
          if (failure) throw failure;
          // Whole batches are cut from what was read at once, not gathered URL by URL.
          for (let at = 0; at < got.length;) {
            const take = Math.min(size - batch.length, got.length - at);
            plain = (batch.length === 0 || plain) && next.value.plain;
            batch = batch.length === 0 ? got.slice(at, at + take) : batch.concat(got.slice(at, at + take));
            at += take;
            if (batch.length >= size) {
              const full = batch;
              batch = [];
              await dispatch(full, plain);
            }
          }
          reading = true;
        }
      } finally {
        clearInterval(stall);
      }
    }
    if (batch.length > 0) await dispatch(batch, plain);
    await Promise.all(inFlight);
    if (failure) throw failure;
    await flush();
  } finally {
    unregister();
    await pool?.close();
    if (options.progress) {
      showProgress(true);
      process.stderr.write('\n');
    }
  }
  return { urls, compared, changed, tallies, wroteAny, interrupted, failures };
}

/** The --summary lines: totals per crawler (and reader). */
export function formatSummary(tallies: Record<string, Tally>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return Object.entries(tallies)
    .map(([label, t]) => `${label}: ${n(t.allowed)} allowed, ${n(t.blocked)} blocked, ${n(t.outOfScope)} out of scope, ${n(t.cannotTest)} cannot test`)
    .join('\n') + '\n';
}
