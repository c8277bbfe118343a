/**
 * A log's chunks judged on worker threads (`logs --jobs`) or inline: each thread has its own
 * judge; chunks go round the threads and their CSV comes back in input order; the threads'
 * tallies are merged at the end. DNS questions go to the main thread, which asks the resolver
 * once per address for every thread.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { type FetchStatus, type ReaderId } from '../robots/index.js';
import {
  chunkLines, decodeChunk, emptyTally, LogJudge, LogReader, mergeTally, readIpRanges, tallyForView,
  TOP_SHOWN, type ByteChunk, type LogReaderState, type LogTally, type UnreadLine, type Verification,
} from '../robots/logs/index.js';
import { LogCsvWriter } from '../share/csv/index.js';

/** Everything a thread needs to judge: plain data. */
export interface LogSetup {
  readonly versions: readonly { readonly text: string; readonly status?: FetchStatus; readonly since?: number }[];
  readonly readers: readonly ReaderId[];
  readonly site: string | undefined;
  readonly ranges: readonly { readonly text: string; readonly source: string; readonly crawlers: readonly string[] }[];
  /** Ask the DNS check for crawlers whose operators document their names. */
  readonly dns: boolean;
  /** Write CSV rows. */
  readonly csv: boolean;
}

/** A DNS question of a thread. */
export interface DnsQuestion {
  readonly ip: string;
  readonly crawler: string;
  readonly domains: readonly string[];
}

/** What judging one chunk gave: its CSV and its unreadable lines. */
export interface ChunkResult {
  readonly csv: string;
  readonly lines: number;
  readonly unparsed: number;
  readonly samples: readonly UnreadLine[];
}

/** One chunk to judge: its lines' bytes, the reader's state at its start, and the file it comes from (for CSV rows). */
export interface ChunkJob {
  readonly chunk: ByteChunk;
  readonly state: LogReaderState;
  readonly file: string;
}

/** Judges chunks for one thread (or inline), keeping the thread's tally. */
export class ChunkJudge {
  private readonly judge: LogJudge;
  private readonly csv: LogCsvWriter | null;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(private readonly setup: LogSetup, private readonly ask: (questions: DnsQuestion[]) => Promise<(Verification | null)[]>) {
    this.judge = new LogJudge({
      versions: setup.versions, readers: setup.readers, site: setup.site,
      ranges: setup.ranges.map((r) => readIpRanges(r.text, r.source, r.crawlers)),
    });
    this.csv = setup.csv ? new LogCsvWriter((v, l) => this.judge.lineText(v, l), this.judge.readers.length) : null;
  }

  /** Judges a chunk; its CSV rows when asked for. */
  async run(job: ChunkJob): Promise<ChunkResult> {
    const t = this.judge.tally;
    const [unparsed, samples] = [t.unparsed, t.samples.length];
    const requests = this.judge.readLines(LogReader.from(job.state), chunkLines(decodeChunk(job.chunk, this.decoder)));
    const chunkSamples: UnreadLine[] = t.samples.slice(samples);
    // Samples are kept per chunk here (the file's own messages); the thread's tally keeps none.
    t.samples.length = samples;
    if (this.setup.dns) {
      const questions = this.judge.dnsQuestions(requests);
      if (questions.length > 0) {
        const answers = await this.ask(questions);
        questions.forEach((q, i) => this.judge.answerDns(q.crawler, q.ip, answers[i] ?? null));
      }
    }
    const rows = this.judge.judge(requests, this.csv !== null);
    return { csv: this.csv ? this.csv.rows(rows, job.file) : '', lines: job.chunk.count, unparsed: t.unparsed - unparsed, samples: chunkSamples };
  }

  /** The thread's tally so far. */
  tally(): LogTally {
    return this.judge.tally;
  }
}

/**
 * `merge`: add the tally another thread sends on `from`. `end`: send the tally on `to` (then tell
 * the main thread, tally null), or to the main thread cut to what the reports show.
 */
type ToThread = { type: 'chunk'; seq: number; job: ChunkJob } | { type: 'dns'; id: number; answers: (Verification | null)[] } | { type: 'merge'; from: MessagePort } | { type: 'end'; to?: MessagePort };
type FromThread = { type: 'done'; seq: number; result: ChunkResult } | { type: 'dns'; id: number; questions: DnsQuestion[] } | { type: 'tally'; tally: LogTally | null };

/** Serves chunks on a worker thread started by LogPool (`workerData.logs`). */
export function serveLogChunks(setup: LogSetup, port: MessagePort): void {
  const waiting = new Map<number, (answers: (Verification | null)[]) => void>();
  let nextAsk = 0;
  const judge = new ChunkJudge(setup, (questions) => new Promise((resolve) => {
    const id = nextAsk++;
    waiting.set(id, resolve);
    port.postMessage({ type: 'dns', id, questions } satisfies FromThread);
  }));
  // One chunk at a time: a chunk waiting on DNS holds back the next, so the tally adds up in order.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (m: ToThread) => {
    if (m.type === 'dns') {
      waiting.get(m.id)?.(m.answers);
      waiting.delete(m.id);
    } else if (m.type === 'chunk') {
      queue = queue.then(async () => port.postMessage({ type: 'done', seq: m.seq, result: await judge.run(m.job) } satisfies FromThread));
    } else if (m.type === 'merge') {
      // The other thread's tally, or nothing if it ended without sending one (the run fails).
      queue = queue.then(() => new Promise<void>((resolve) => {
        m.from.once('message', (t: LogTally) => {
          mergeTally(judge.tally(), t);
          m.from.close();
        });
        m.from.once('close', () => resolve());
      }));
    } else if (m.to) {
      const to = m.to;
      queue = queue.then(() => {
        to.postMessage(judge.tally());
        to.close();
        port.postMessage({ type: 'tally', tally: null } satisfies FromThread);
      });
    } else {
      queue = queue.then(() => port.postMessage({ type: 'tally', tally: tallyForView(judge.tally(), TOP_SHOWN) } satisfies FromThread));
    }
  });
}

/** The old generation of each thread's heap, in MB. */
const HEAP_MB = 192;
/**
 * The young generation of each thread's heap, in MB. A chunk's garbage (its text, lines, requests)
 * is a few MB and dies with the chunk: V8's default (16 MB semi-spaces, 48 MB a thread) only let
 * it lie longer, which two threads paid for in resident memory on a long log.
 */
const YOUNG_MB = 12;

/** Judges chunks on `jobs` threads, or inline for one; DNS questions answered by `answer`. */
export class LogPool {
  private readonly workers: Worker[] = [];
  private readonly inline: ChunkJudge | null;
  private readonly pending = new Map<number, { resolve: (r: ChunkResult) => void; reject: (e: Error) => void }>();
  private readonly tallies: Promise<LogTally | null>[] = [];
  private readonly tallyWaiters: ((t: LogTally | null) => void)[] = [];
  private failure: Error | null = null;
  /** Threads ended on purpose (their exit is no failure). */
  private readonly ended = new Set<Worker>();
  private next = 0;

  constructor(script: URL, setup: LogSetup, jobs: number, answer: (questions: DnsQuestion[]) => Promise<(Verification | null)[]>) {
    this.inline = jobs > 1 ? null : new ChunkJudge(setup, answer);
    if (this.inline) return;
    for (let i = 0; i < jobs; i++) {
      // A thread's live data is small (its tally, one parse per crawler): a bounded heap keeps V8
      // from letting garbage grow it far past that on a long log.
      const w = new Worker(script, { workerData: { logs: setup }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: YOUNG_MB } });
      let tallyResolve: (t: LogTally | null) => void = () => {};
      this.tallies.push(new Promise((resolve) => (tallyResolve = resolve)));
      this.tallyWaiters.push(tallyResolve);
      w.on('message', (m: FromThread) => {
        if (m.type === 'done') {
          this.pending.get(m.seq)?.resolve(m.result);
          this.pending.delete(m.seq);
        } else if (m.type === 'dns') {
          answer(m.questions).then((answers) => w.postMessage({ type: 'dns', id: m.id, answers } satisfies ToThread));
        } else {
          tallyResolve(m.tally);
        }
      });
      // A thread that fails (or ends before it is told to) fails the run: nothing waits for an
      // answer that will not come.
      const fail = (e: Error) => {
        this.failure ??= e;
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
        tallyResolve(emptyTally(setup.versions.length));
      };
      w.on('error', fail);
      w.on('exit', (code) => {
        if (!this.ended.has(w)) fail(new Error(`a worker thread ended early (exit code ${code})`));
      });
      this.workers.push(w);
    }
  }

  /** Judges one chunk (numbered `seq` in input order). */
  run(seq: number, job: ChunkJob): Promise<ChunkResult> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.inline) return this.inline.run(job);
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      // The chunk's bytes move to the thread (its own buffer): nothing is copied.
      this.workers[this.next++ % this.workers.length]!.postMessage({ type: 'chunk', seq, job } satisfies ToThread, [job.chunk.bytes.buffer as ArrayBuffer]);
    });
  }

  /** Every thread's tally merged, once all chunks are done; the threads end. */
  async close(versions: number): Promise<LogTally> {
    if (this.inline) {
      const total = emptyTally(versions);
      mergeTally(total, this.inline.tally());
      return total;
    }
    // The threads add their tallies up among themselves, each into the next, and each ends once
    // its tally is sent; the last sends the total, cut to the paths the reports list (their counts
    // exact): the main thread never holds the threads' whole tallies (the run's peak was there).
    const last = this.workers.length - 1;
    for (let i = 0; i < last; i++) {
      const { port1, port2 } = new MessageChannel();
      this.workers[i + 1]!.postMessage({ type: 'merge', from: port2 } satisfies ToThread, [port2]);
      this.workers[i]!.postMessage({ type: 'end', to: port1 } satisfies ToThread, [port1]);
    }
    this.workers[last]!.postMessage({ type: 'end' } satisfies ToThread);
    let total: LogTally | null = null;
    for (let i = 0; i <= last; i++) {
      total = await this.tallies[i]!;
      if (this.failure) break;
      await this.end(this.workers[i]!);
    }
    if (this.failure) {
      await this.abort();
      throw this.failure;
    }
    return total ?? emptyTally(versions);
  }

  private async end(w: Worker): Promise<void> {
    this.ended.add(w);
    await w.terminate();
  }

  /** Ends the threads without their tallies (after a failure). */
  async abort(): Promise<void> {
    await Promise.all(this.workers.map((w) => this.end(w)));
  }
}
