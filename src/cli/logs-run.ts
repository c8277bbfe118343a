/**
 * The job code of `logs`: a log's chunks judged in the ordered pool, inline on the reading
 * thread and on worker threads (`logs --jobs`). Each thread has its own judge and tally; the
 * threads' tallies are merged among themselves at the end, then into the inline judge's. DNS
 * questions go to the main thread, which asks the resolver once per address for every thread.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import {
  createLogJudge, emptyTally, mergeTally, tallyJoined, tallyPieces, type CrawlerPiece, type LogChunk, type LogJudge, type LogJudgeSetup, type LogTally,
  type UnreadLine, type Verification,
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

/** The types of the logs' pool: a thread's tally leaves on its `end.to` port, so it gives no part. */
export type LogPool = {
  setup: LogSetup; job: ChunkJob; result: ChunkResult; end: TallyEnd; part: null; question: DnsQuestion[]; answer: (Verification | null)[];
};

/**
 * The end of a logs thread's run: `from`, the port the thread before it sends its tally on (add
 * it); `to`, the port to send the sum on: the next thread's, or the main thread's for the last.
 */
export interface TallyEnd {
  readonly from?: MessagePort;
  readonly to: MessagePort;
}

/** A message of a tally sent in pieces: a piece of its crawlers, or the rest of it (which ends it). */
type TallyMessage = { readonly piece: CrawlerPiece } | { readonly rest: LogTally };

/**
 * Sends `tally` on `port` in pieces (tallyPieces, of `pieceSize` map entries), each once the
 * other side has added the one before, then closes the port; settles once it is closed. Sent
 * whole, a long log's tally was held at once as bytes and again as read on the other side (28 MB
 * of bytes for 2M real-shaped lines); in pieces, one piece is in flight at a time.
 */
export function sendTally(port: MessagePort, tally: LogTally, pieceSize?: number): Promise<void> {
  const { rest, pieces } = tallyPieces(tally, pieceSize);
  let next = 0;
  return new Promise((resolve) => {
    const send = () => {
      if (next < pieces.length) port.postMessage({ piece: pieces[next++]! } satisfies TallyMessage);
      else {
        port.postMessage({ rest } satisfies TallyMessage);
        port.close();
      }
    };
    port.on('message', send);
    port.once('close', () => resolve());
    send();
  });
}

/**
 * Adds the tally sent on `port` (sendTally) into `into`, piece by piece; settles once the port
 * closes: with all of it added, or with what came if the sender ended first (the run fails).
 * Rejects when a piece cannot be added (a Map holds at most 2^24 entries): it closes the port,
 * since a listener that threw would end the process with an uncaught error, raw.
 */
export function receiveTally(port: MessagePort, into: LogTally): Promise<void> {
  let failure: { readonly error: unknown } | null = null;
  const received = new Promise<void>((resolve, reject) => {
    port.on('message', (m: TallyMessage) => {
      try {
        if ('rest' in m) mergeTally(into, m.rest);
        else {
          mergeTally(into, tallyJoined(emptyTally(0), [m.piece]));
          port.postMessage(null);
        }
      } catch (error) {
        failure ??= { error };
        port.close();
      }
    });
    port.once('close', () => (failure ? reject(failure.error) : resolve()));
  });
  // Awaited only once the threads are done: until then its failure must not count as unhandled.
  received.catch(() => undefined);
  return received;
}

/** The logs' pool threads: a chunk judge each, answering DNS questions through the main thread. */
export const LOG_JOBS: ThreadJobs<LogPool> = {
  kind: 'logs',
  start(setup, ask) {
    const judge = new ChunkJudge(setup, ask);
    return {
      run: (job) => judge.run(job),
      async finish({ from, to }) {
        if (from) await receiveTally(from, judge.tally());
        await sendTally(to, judge.tally());
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
 * tally is sent; the last sends the threads' sum here, in pieces, each added to the inline
 * judge's as it comes. One whole tally crosses to this thread: cutting it to what the reports list
 * first, on the thread, cost more than it saved (460 ms on 1,000,000 real-shaped lines).
 */
export async function wholeTally<N>(pool: OrderedPool<LogPool, N>, inline: ChunkJudge): Promise<LogTally> {
  // The inline judge's tally is bounded as a merge bounds it: added to, not copied.
  const tally = inline.tally();
  const channels = Array.from({ length: pool.threads }, () => new MessageChannel());
  const here = channels[pool.threads - 1]?.port2;
  const received = here ? receiveTally(here, tally) : Promise.resolve();
  let handed = false;
  try {
    await pool.finish((i) => {
      handed = true;
      const from = channels[i - 1]?.port2;
      const to = channels[i]!.port1;
      return { end: { from, to }, transfer: from ? [from, to] : [to] };
    });
  } catch (e) {
    // The threads failed before each was handed its ports: nothing else would close them, and
    // the one listened to here would keep the process alive after the run's error.
    for (const c of channels) c.port1.close();
    // Closed here, its close comes a turn of the event loop later: the error is thrown once it
    // has. Ports handed to the threads close as the threads end (a thread still waiting on a
    // question would keep it open until the pool is closed, after this throws).
    if (!handed) await received;
    throw e;
  }
  await received;
  return tally;
}
