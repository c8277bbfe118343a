/**
 * The job code of `logs`: a log's chunks judged in the ordered pool, inline on the reading
 * thread and on worker threads (`logs --jobs`). Each thread has its own judge and tally; the
 * threads' tallies are merged among themselves at the end, then into the inline judge's. DNS
 * questions go to the main thread, which asks the resolver once per address for every thread.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import {
  createLogJudge, mergeTally, type LogChunk, type LogJudge, type LogJudgeSetup, type LogTally, type UnreadLine,
  type Verification,
} from '../robots/logs/index.js';
import { LogCsvWriter } from '../share/csv/index.js';
import { THREAD_YOUNG_MB, type OrderedPool, type ThreadJobs } from './pool/index.js';

/** Everything a thread needs to judge, plain data: the engine's setup of a judge (its `dns`: ask the main thread), whether to write CSV rows, and the blocked paths reported per crawler (TOP_SHOWN by default). */
export type LogSetup = LogJudgeSetup & { readonly csv: boolean; readonly top?: number };

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

/** One chunk to judge, as the log-file reader cut it (its lines' bytes and the reader's state at its start), and the file it comes from (for CSV rows). */
export interface ChunkJob extends LogChunk {
  readonly file: string;
}

/** Judges chunks for one thread (or inline), keeping the thread's tally. */
export class ChunkJudge {
  /** The judge; its `lineText` gives a deciding line's text. */
  readonly judge: LogJudge;
  private readonly csv: LogCsvWriter | null;

  constructor(private readonly setup: LogSetup, private readonly ask: (questions: DnsQuestion[]) => Promise<(Verification | null)[]>) {
    this.judge = createLogJudge(setup);
    this.csv = setup.csv ? new LogCsvWriter((v, l) => this.judge.lineText(v, l), this.judge.readers.length) : null;
  }

  /** Judges a chunk; its CSV rows when asked for. */
  async run(job: ChunkJob): Promise<ChunkResult> {
    const t = this.judge.tally;
    const [unparsed, samples] = [t.unparsed, t.samples.length];
    const requests = this.judge.readChunk(job);
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

/** The types of the logs' pool. */
export type LogPool = {
  setup: LogSetup; job: ChunkJob; result: ChunkResult; end: TallyEnd; part: LogTally | null; question: DnsQuestion[]; answer: (Verification | null)[];
};

/**
 * The end of a logs thread's run: `from`, the port the thread before it sends its tally on (add
 * it); `to`, the port to send the sum on (then give nothing), or none for the last thread, which
 * gives the sum.
 */
export interface TallyEnd {
  readonly from?: MessagePort;
  readonly to?: MessagePort;
}

/** The logs' pool threads: a chunk judge each, answering DNS questions through the main thread. */
export const LOG_JOBS: ThreadJobs<LogPool> = {
  kind: 'logs',
  start(setup, ask) {
    const judge = new ChunkJudge(setup, ask);
    return {
      run: (job) => judge.run(job),
      async finish({ from, to }) {
        // The other thread's tally, or nothing if it ended without sending one (the run fails).
        if (from) {
          await new Promise<void>((resolve) => {
            from.once('message', (t: LogTally) => {
              mergeTally(judge.tally(), t);
              from.close();
            });
            from.once('close', () => resolve());
          });
        }
        if (!to) return judge.tally();
        to.postMessage(judge.tally());
        to.close();
        return null;
      },
    };
  },
  // The chunk's bytes move to the thread (its own buffer): nothing is copied.
  pack: (job) => ({ data: job, transfer: [job.chunk.bytes.buffer as ArrayBuffer] }),
};

/**
 * The log bytes below which a run without --jobs starts no thread: a worker thread takes a few
 * hundred milliseconds to start and to learn a real log's few thousand user agents (each thread
 * learns them anew), which is what judging this much takes on the main thread.
 */
export const INLINE_BYTES = 24 << 20;

/**
 * How many threads judge a log when --jobs does not say (`cores`, one a core, otherwise): none
 * (1: inline) for a log under INLINE_BYTES, so a small log does not pay for threads. `bytes`:
 * the log's size as far as it can be told before reading (a gzip file's as unpacked, estimated);
 * null when it cannot be (standard input). The report is the same for any number.
 */
export function logThreads(bytes: number | null, cores: number): number {
  return bytes !== null && bytes < INLINE_BYTES ? 1 : Math.max(1, cores);
}

/** The old generation of each thread's heap, in MB. */
const HEAP_MB = 192;

/**
 * The heap of a logs thread. Its live data is small (its tally, one parse per crawler): a bounded
 * heap keeps V8 from letting garbage grow it far past that on a long log.
 */
export const LOG_THREAD_LIMITS = { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB };

/**
 * The run's whole tally, once every chunk is delivered: the inline judge's and the threads'. The
 * threads add their tallies up among themselves, each into the next, and each ends once its
 * tally is sent; the last sends the threads' sum here, where it is added to the inline judge's.
 * One whole tally crosses to this thread: cutting it to what the reports list first, on the
 * thread, cost more than it saved (460 ms on 1,000,000 real-shaped lines; the run took longer).
 */
export async function wholeTally<N>(pool: OrderedPool<LogPool, N>, inline: ChunkJudge): Promise<LogTally> {
  // The inline judge's tally is bounded as a merge bounds it: added to, not copied.
  const tally = inline.tally();
  const channels = Array.from({ length: Math.max(0, pool.threads - 1) }, () => new MessageChannel());
  const parts = await pool.finish((i) => {
    const from = channels[i - 1]?.port2;
    const to = channels[i]?.port1;
    return { end: { from, to }, transfer: [from, to].filter((p) => p !== undefined) };
  });
  const threads = parts[parts.length - 1];
  if (threads) mergeTally(tally, threads);
  return tally;
}
