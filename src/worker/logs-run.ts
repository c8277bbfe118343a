/**
 * The Logs tab's work, in its worker: log files (plain or gzip) streamed from their Blobs,
 * their format detected from the first lines, every request judged, progress told as it goes;
 * and the CSV of the judged requests under a filter, by reading the files again. The files never
 * leave the tab.
 */
import {
  ALL_REQUESTS, createLogJudge, emptyTally, isGzip, withShippedRanges, LogFileReader, logReadFailure, logView, mergeTally, passesFilter, tallyForView, topEntry, type LogChunk, type LogFilter,
  type LogJudge, type LogJudgeSetup, type LogTally, type LogView, type UnreadLine,
} from '../robots/logs/index.js';
import { CSV_BOM, csvRecord, LogCsvWriter, logCsvHeader } from '../share/csv/index.js';

/** A log file to read. */
export interface LogFile {
  readonly name: string;
  readonly blob: Blob;
}

/** What a run judges against: the engine's plain-data setup of a judge (its old name here, kept for old importers). */
export type LogsSetup = LogJudgeSetup;

/** How one file went. */
export interface LogFileOutcome {
  readonly name: string;
  /** The format detected ('' when none was). */
  readonly format: string;
  readonly lines: number;
  readonly unparsed: number;
  readonly samples: readonly UnreadLine[];
  /** Why the file could not be read (binary, an unknown format, a broken gzip); null when it was. */
  readonly error: string | null;
}

/** How far a run has come. */
export interface LogsProgress {
  /** Bytes read of the files (compressed bytes for gzip), and their total. */
  readonly read: number;
  readonly total: number;
  readonly lines: number;
  readonly file: string;
}

/** A run's result: the tally of every file (cut to what the tab's view shows), its view unfiltered, each file's outcome, and the deciding lines' texts. */
export interface LogsOutcome {
  readonly tally: LogTally;
  /**
   * The tally's view under no filter (logView), as every result is first shown: made here, off
   * the page's thread (over a log with thousands of bots it takes 200–350 ms).
   */
  readonly view: LogView;
  readonly files: readonly LogFileOutcome[];
  /** Per version of the file, the text of each deciding line the tally's blocked paths name (by line number). */
  readonly lineTexts: readonly Readonly<Record<number, string>>[];
}

/** The bytes read from a file at a time. */
const SLICE = 1 << 20;

/**
 * A Blob's bytes, a slice read each time the reader wants more, and the next one asked for while
 * this one is judged. Chromium's Blob.stream() held some 50 MB of a 1 GB file's bytes in the tab
 * while it was read; two slices at a time hold 2 MB. Reading only when asked left the worker
 * waiting for the browser's file read over a quarter of a run (6.4 of 22.6 s over 100 MB; 2.2 s
 * with the read ahead).
 */
function sliceStream(blob: Blob, onRead: (n: number) => void): ReadableStream<Uint8Array> {
  let at = 0;
  const next = (): Promise<ArrayBuffer> | null => {
    if (at >= blob.size) return null;
    const piece = blob.slice(at, at + SLICE).arrayBuffer();
    // A read asked ahead and never awaited (the run stopped) fails quietly; awaited, it throws as it did.
    piece.catch(() => {});
    at += SLICE;
    return piece;
  };
  let ahead = next();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!ahead) return controller.close();
      const piece = new Uint8Array(await ahead);
      ahead = next();
      onRead(piece.byteLength);
      controller.enqueue(piece);
    },
  }, { highWaterMark: 0 });
}

/** The bytes of a file, gunzipped when `gzip`; `onRead` hears of each piece read (in the file's own bytes). */
async function* fileBytes(blob: Blob, gzip: boolean, onRead: (n: number) => void): AsyncGenerator<Uint8Array> {
  const raw = sliceStream(blob, onRead);
  const stream = gzip ? raw.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>) : raw;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * Reads one file through the engine's log-file reader, handing `take` each chunk of lines with
 * the state to read it from; what `take` throws is thrown. The format, or why the file cannot
 * be read (it fits no format, is not text, or its bytes could not be read or unpacked).
 */
async function readFile(file: LogFile, onRead: (n: number) => void, take: (c: LogChunk) => void | Promise<void>): Promise<{ format: string; error: string | null }> {
  // Chunks are read on this thread: views of the bytes read, not copies (half the buffers to collect).
  const reader = new LogFileReader({ chunkBytes: 1 << 18, views: true });
  const failed = (e: unknown, unpacking: boolean) => ({ format: '', error: logReadFailure((e as Error).message || String(e), unpacking) });
  let gzip: boolean;
  try {
    gzip = isGzip(new Uint8Array(await file.blob.slice(0, 2).arrayBuffer()));
  } catch (e) {
    return failed(e, false);
  }
  const bytes = fileBytes(file.blob, gzip, onRead);
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await bytes.next();
    } catch (e) {
      return failed(e, gzip);
    }
    for (const c of next.done ? reader.end() : reader.push(next.value)) await take(c);
    if (reader.unreadable !== null) {
      await bytes.return(undefined);
      return { format: '', error: reader.unreadable };
    }
    if (next.done) return { format: reader.format, error: null };
  }
}

/** The text of each deciding line the tally's blocked paths name, per version (line → text): the page shows them without parsing the file. */
function decidingLines(tally: LogTally, judge: LogJudge | null): Record<number, string>[] {
  const out = tally.versions.map((): Record<number, string> => ({}));
  if (!judge) return out;
  for (const c of tally.crawlers.values()) {
    for (const part of Object.values(c.parts)) {
      for (const key of part.top.keys()) {
        const { version, line } = topEntry(key);
        const texts = out[version]!;
        if (line > 0 && texts[line] === undefined) texts[line] = judge.lineText(version, line);
      }
    }
  }
  return out;
}

/**
 * Judges every file; `progress` is called as bytes are read (at most every `every` ms), and
 * `cancelled` is asked between chunks (the page stopped the run). Null when cancelled.
 */
export async function runLogs(files: readonly LogFile[], given: LogsSetup, progress: (p: LogsProgress) => void, cancelled: () => boolean, every = 150): Promise<LogsOutcome | null> {
  const setup = await withShippedRanges(given);
  const total = files.reduce((n, f) => n + f.blob.size, 0);
  let tally: LogTally | null = null;
  const outcomes: LogFileOutcome[] = [];
  let read = 0;
  let lines = 0;
  let told = 0;
  let last: LogJudge | null = null;
  for (const file of files) {
    const judge = createLogJudge(setup);
    last = judge;
    let format = '';
    let error: string | null = null;
    try {
      ({ format, error } = await readFile(file, (n) => (read += n), async (c) => {
        if (cancelled()) throw new Cancelled();
        judge.judgeChunk(c);
        lines += c.chunk.count;
        const now = Date.now();
        if (now - told >= every) {
          told = now;
          progress({ read, total, lines, file: file.name });
          // Let a cancel (or anything else the worker was sent) in between chunks.
          await new Promise((r) => setTimeout(r, 0));
        }
      }));
    } catch (e) {
      if (e instanceof Cancelled) return null;
      error = logReadFailure((e as Error).message, false);
    }
    const t = judge.tally;
    outcomes.push({ name: file.name, format, lines: t.lines, unparsed: t.unparsed, samples: [...t.samples], error });
    // The first file's tally is the run's as it is: merged into an empty one, every map of it was
    // copied while both were held (tens of MB over a log of thousands of bots).
    if (tally) mergeTally(tally, t);
    else tally = t;
  }
  progress({ read: total, total, lines, file: '' });
  // The page is sent only what its view shows: a whole tally's paths took the page's thread
  // most of 200 ms to receive and sum.
  const view = tallyForView(tally ?? emptyTally(setup.versions.length));
  return { tally: view, view: logView(view, ALL_REQUESTS), files: outcomes, lineTexts: decidingLines(view, last) };
}

class Cancelled extends Error {}

/** The CSV of the judged requests that pass `filter` (reading the files again), as a Blob, and its row count. */
export async function logsCsv(files: readonly LogFile[], given: LogsSetup, filter: LogFilter, cancelled: () => boolean): Promise<{ csv: Blob; rows: number } | null> {
  const setup = await withShippedRanges(given);
  const parts: BlobPart[] = [CSV_BOM + csvRecord(logCsvHeader(setup.readers))];
  let pending = '';
  let rows = 0;
  for (const file of files) {
    const judge = createLogJudge(setup);
    const writer = new LogCsvWriter((v, l) => judge.lineText(v, l), judge.readers.length);
    try {
      // A file that cannot be read has no rows; the run said why.
      await readFile(file, () => {}, (c) => {
        if (cancelled()) throw new Cancelled();
        const kept = judge.judgeChunk(c, true).filter((r) => passesFilter(filter, r));
        rows += kept.length;
        pending += writer.rows(kept, file.name);
        // Text goes into Blobs as it grows, so a long export is not one huge string.
        if (pending.length > 1 << 22) {
          parts.push(new Blob([pending]));
          pending = '';
        }
      });
    } catch (e) {
      if (e instanceof Cancelled) return null;
      throw e;
    }
  }
  parts.push(pending);
  return { csv: new Blob(parts, { type: 'text/csv;charset=utf-8' }), rows };
}
