/**
 * The streaming loop of `check` and `diff` over long URL lists: URLs are read as they come,
 * cut into batches, checked in the ordered pool (on worker threads with `--jobs`) and written in
 * input order as each batch is done, so memory stays flat whatever the list's length.
 */
import { englishNumber, type RobotsTxt } from '../robots/index.js';
import { addTally, BatchWriter, CHECK_JOBS, checkRunner, type BatchResult, type CheckPool, type StreamSpec, type Tally } from './batch-writer.js';
import { MAX_TABLE_ROWS, type FailingRow } from './github.js';
import { onInterrupt, writeOut } from './output.js';
import { OrderedPool, THREAD_YOUNG_MB } from './pool/index.js';
import type { UrlSource } from './url-source.js';

/** The heap of a checking thread: a batch's garbage dies with the batch (THREAD_YOUNG_MB). */
const CHECK_THREAD_LIMITS = { maxYoungGenerationSizeMb: THREAD_YOUNG_MB };

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
  const tallies: Record<string, Tally> = Object.create(null) as Record<string, Tally>;
  const failures: FailingRow[] = [];
  let [urls, compared, changed] = [0, 0, 0];
  let wroteAny = false;
  let headWritten = false;
  const started = Date.now();
  let lastProgress = 0;

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
    process.stderr.write(`\r${englishNumber(urls)} URLs · ${englishNumber(Math.round(rate))}/s${eta}   `);
  };
  // Each batch's rows, in input order.
  const deliver = async (r: BatchResult) => {
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
    await writeOut(out);
    compared += r.compared;
    changed += r.changed;
    for (const f of r.failures) if (failures.length < MAX_TABLE_ROWS) failures.push(f);
    for (const [k, t] of Object.entries(r.tallies)) addTally(tallies, k, t);
  };
  const pool = new OrderedPool<CheckPool>({
    jobs: CHECK_JOBS, setup: spec, threads: jobs > 1 ? jobs : 0, script: options.script,
    inline: jobs > 1 ? undefined : checkRunner(new BatchWriter(spec, options.parsed)),
    // At most a few batches per thread in flight: reading waits, so memory stays flat.
    inFlight: jobs * 4,
    resourceLimits: CHECK_THREAD_LIMITS,
    deliver,
  });
  const dispatch = async (batch: string[], plain: boolean) => {
    urls += batch.length;
    await pool.push({ urls: batch, plain });
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
          // A failure is the reading loop's to throw.
          dispatch(partial, plain).catch(() => {});
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
          if (pool.failure) throw pool.failure;
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
    await pool.drain();
  } finally {
    unregister();
    await pool.close();
    if (options.progress) {
      showProgress(true);
      process.stderr.write('\n');
    }
  }
  return { urls, compared, changed, tallies, wroteAny, interrupted, failures };
}
