/**
 * Long URL lists, streamed: URLs are read as they come (a file or standard input; a plain list or
 * a CSV with a url column), checked in batches — on worker threads with `--jobs` — and written in
 * input order as each batch is done, so memory stays flat whatever the list's length.
 */
import { createReadStream, statSync, type ReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import Papa from 'papaparse';
import { urlColumn } from '../store/csv.js';
import {
  checkUrl, createChecker, parseRobotsTxt, prepareChecks, problemSentence, readerAgent, readerUrl, readWith, type FetchStatus, type QuickVerdict,
  type ReaderCheck, type ReaderId, type ResolvedAgent, type RobotsTxt,
} from '../robots/index.js';
import {
  csvLines, csvRecord, diffChunk, groupText, lineText, resultsChunk, type CheckRow, type DiffLayout, type DiffRow, type ResultLayout,
} from './format.js';

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
}

/** Verdicts of one crawler (and reader) over the list. */
export interface Tally {
  allowed: number;
  blocked: number;
  outOfScope: number;
  cannotTest: number;
}

/** What one batch produced: its output text and its counts. */
export interface BatchResult {
  readonly out: string;
  /** By crawler label (and reader, when not Google's). */
  readonly tallies: Record<string, Tally>;
  readonly compared: number;
  readonly changed: number;
}

/** Checks batches of URLs for a spec: parses each text once (per reader), then answers batch after batch. */
export class BatchChecker {
  private readonly robots: RobotsTxt[];
  private readonly readers: Map<ReaderId, ReaderCheck>[];

  /** Google's CSV rows need no explanation: quick checks, per crawler, with its label and group. */
  private readonly quick: { readonly check: (url: string) => QuickVerdict; readonly crawler: string; readonly group: string }[] | null;
  private readonly ruleTexts = new Map<number, string>();

  constructor(private readonly spec: StreamSpec) {
    this.robots = spec.texts.map(parseRobotsTxt);
    this.readers = spec.texts.map((t) => new Map(spec.readers.filter((r) => r !== 'google').map((r) => [r, readWith(r, t)] as const)));
    const csvGoogleOnly = spec.command === 'check' && spec.layout.format === 'csv' && spec.readers.length === 1 && spec.readers[0] === 'google';
    this.quick = csvGoogleOnly ? spec.agents.map((agent) => {
      const robots = this.robots[0]!;
      const options = { site: spec.site, status: spec.statuses[0] };
      prepareChecks(robots, agent);
      const sample = checkUrl(robots, agent, '/', options);
      return { check: createChecker(robots, agent, options), crawler: agent.profile?.id ?? sample.token, group: groupText(robots, sample) };
    }) : null;
  }

  /** Google's CSV rows from quick checks; a URL that cannot be tested gets the full check's reason. */
  private quickCsv(urls: readonly string[], tallies: Record<string, Tally>): BatchResult {
    const robots = this.robots[0]!;
    const layout = this.spec.layout as ResultLayout;
    const records: string[][] = [];
    for (const url of urls) {
      this.quick!.forEach((c, i) => {
        const q = c.check(url);
        const t = (tallies[c.crawler] ??= { allowed: 0, blocked: 0, outOfScope: 0, cannotTest: 0 });
        if (!q.valid) {
          t.cannotTest++;
          const v = checkUrl(robots, this.spec.agents[i]!, url, { site: this.spec.site, status: this.spec.statuses[0] });
          records.push(csvRecord(layout, url, c.crawler, 'google', 'Cannot test', 0, problemSentence(v)?.text ?? '', '', '', null));
          return;
        }
        if (!q.inScope) t.outOfScope++;
        else if (q.allowed) t.allowed++;
        else t.blocked++;
        let rule = '';
        if (q.line > 0) {
          rule = this.ruleTexts.get(q.line) ?? lineText(robots, q.line);
          this.ruleTexts.set(q.line, rule);
        }
        records.push(csvRecord(layout, url, c.crawler, 'google', !q.inScope ? 'Out of scope' : q.allowed ? 'Allowed' : 'Blocked', q.line, rule, q.path, q.inScope ? c.group : '', null));
      });
    }
    return { out: csvLines(records), tallies, compared: records.length, changed: 0 };
  }

  private rowsFor(v: number, url: string, agent: ResolvedAgent): CheckRow[] {
    const verdict = checkUrl(this.robots[v]!, agent, url, { site: this.spec.site, status: this.spec.statuses[v] });
    return this.spec.readers.map((r) => r === 'google' || verdict.problem
      ? { url, v: verdict, expected: null }
      : { url, v: verdict, reader: this.readers[v]!.get(r)!(readerAgent(agent), readerUrl(url, this.spec.site)), expected: null });
  }

  /** Checks `urls` for every crawler (and reader); the output follows what was written before. */
  run(urls: readonly string[]): BatchResult {
    const tallies: Record<string, Tally> = {};
    const count = (row: CheckRow, allowed: boolean) => {
      const label = `${row.v.agent.profile?.id ?? row.v.token}${row.reader ? ` [${row.reader.reader}]` : ''}`;
      const t = (tallies[label] ??= { allowed: 0, blocked: 0, outOfScope: 0, cannotTest: 0 });
      if (row.v.problem || row.reader?.reason === 'unparsable') t.cannotTest++;
      else if (!row.v.inScope) t.outOfScope++;
      else if (allowed) t.allowed++;
      else t.blocked++;
    };
    const allowedOf = (row: CheckRow) => (row.reader && !row.v.fetch ? row.reader.allowed : row.v.allowed);
    if (this.quick) return this.quickCsv(urls, tallies);
    if (this.spec.command === 'check') {
      const rows: CheckRow[] = [];
      for (const url of urls) for (const agent of this.spec.agents) for (const row of this.rowsFor(0, url, agent)) {
        rows.push(row);
        count(row, allowedOf(row));
      }
      return { out: resultsChunk(this.robots[0]!, rows, this.spec.layout as ResultLayout, false), tallies, compared: rows.length, changed: 0 };
    }
    const changes: DiffRow[] = [];
    let compared = 0;
    for (const url of urls) {
      for (const agent of this.spec.agents) {
        const [olds, nows] = [this.rowsFor(0, url, agent), this.rowsFor(1, url, agent)];
        olds.forEach((o, i) => {
          const n = nows[i]!;
          compared++;
          count(n, allowedOf(n));
          if (allowedOf(o) !== allowedOf(n) || o.v.inScope !== n.v.inScope) {
            changes.push({ url, old: o.v, now: n.v, ...(o.reader && n.reader ? { readers: { old: o.reader, now: n.reader } } : {}) });
          }
        });
      }
    }
    return { out: diffChunk(this.robots[0]!, this.robots[1]!, changes, this.spec.layout as DiffLayout, false), tallies, compared, changed: changes.length };
  }
}

/** A source of URLs: a file (or `-`), read line by line; a CSV's url column (or its first column). */
export interface UrlSource {
  readonly lines: AsyncIterable<string>;
  /** Bytes read so far and the file's size (0 when unknown, as for standard input). */
  progress(): { readonly read: number; readonly size: number };
}

/** Reads URLs from `file` (`-`: standard input) as they come. */
export function urlSource(file: string): UrlSource {
  const stream: ReadStream | NodeJS.ReadStream = file === '-' ? process.stdin : createReadStream(file);
  let size = 0;
  try {
    if (file !== '-') size = statSync(file).size;
  } catch {
    // the stream reports the error
  }
  async function* lines(): AsyncGenerator<string> {
    const rl = createInterface({ input: stream, crlfDelay: Infinity });
    let first = true;
    let column = -1;
    let delimiter = '';
    for await (const raw of rl) {
      if (first) {
        const line = raw.replace(/^\uFEFF/, '');
        if (line.trim() === '') continue;
        first = false;
        // A plain list has no separators on its first line (URLs hold no commas, semicolons or tabs there).
        if (/[,;\t]/.test(line)) {
          const head = Papa.parse<string[]>(line, { delimiter: '', delimitersToGuess: [',', ';', '\t'] });
          delimiter = head.meta.delimiter;
          const at = urlColumn(head.data[0] ?? []);
          column = Math.max(at, 0);
          if (at >= 0) continue;
        }
        const url = column < 0 ? line.trim() : (Papa.parse<string[]>(line, { delimiter }).data[0]?.[column] ?? '').trim();
        if (url) yield url;
        continue;
      }
      const url = column < 0 ? raw.trim() : (Papa.parse<string[]>(raw, { delimiter }).data[0]?.[column] ?? '').trim();
      if (url) yield url;
    }
  }
  return { lines: lines(), progress: () => ({ read: 'bytesRead' in stream ? stream.bytesRead : 0, size }) };
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

  run(seq: number, urls: string[]): Promise<BatchResult> {
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.workers[this.next++ % this.workers.length]!.postMessage({ seq, urls });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Serves batches on a worker thread started by ThreadPool. */
export function serveBatches(spec: StreamSpec, port: import('node:worker_threads').MessagePort): void {
  const checker = new BatchChecker(spec);
  port.on('message', (m: { seq: number; urls: string[] }) => port.postMessage({ seq: m.seq, result: checker.run(m.urls) }));
}

/** How a streamed run went. */
export interface StreamOutcome {
  readonly urls: number;
  readonly compared: number;
  readonly changed: number;
  readonly tallies: Record<string, Tally>;
  /** Some row was written (the listing's tail depends on it). */
  readonly wroteAny: boolean;
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
  const inline = pool ? null : new BatchChecker(spec);
  const tallies: Record<string, Tally> = {};
  let [urls, compared, changed, written] = [0, 0, 0, 0];
  let wroteAny = false;
  let headWritten = false;
  const done = new Map<number, BatchResult>();
  const inFlight: Promise<void>[] = [];
  const started = Date.now();
  let lastProgress = 0;

  const write = async (text: string): Promise<void> => {
    if (text === '') return;
    if (!process.stdout.write(text)) await new Promise((r) => process.stdout.once('drain', r));
  };
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
  const dispatch = async (batch: string[]) => {
    const n = seq++;
    urls += batch.length;
    if (inline) {
      done.set(n, inline.run(batch));
    } else {
      inFlight.push(pool!.run(n, batch).then((r) => {
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
    if (batch.length >= size) {
      await dispatch(batch);
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
          void dispatch(partial);
        }
      }, 100);
      stall.unref();
      try {
        reading = true;
        for await (const url of rest.lines) {
          reading = false;
          if (failure) throw failure;
          batch.push(url);
          if (batch.length >= size) {
            const full = batch;
            batch = [];
            await dispatch(full);
          }
          reading = true;
        }
      } finally {
        clearInterval(stall);
      }
    }
    if (batch.length > 0) await dispatch(batch);
    await Promise.all(inFlight);
    if (failure) throw failure;
    await flush();
  } finally {
    await pool?.close();
    if (options.progress) {
      showProgress(true);
      process.stderr.write('\n');
    }
  }
  return { urls, compared, changed, tallies, wroteAny };
}

/** The --summary lines: totals per crawler (and reader). */
export function formatSummary(tallies: Record<string, Tally>): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return Object.entries(tallies)
    .map(([label, t]) => `${label}: ${n(t.allowed)} allowed, ${n(t.blocked)} blocked, ${n(t.outOfScope)} out of scope, ${n(t.cannotTest)} cannot test`)
    .join('\n') + '\n';
}
