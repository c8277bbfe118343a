/**
 * The Logs tab's work, in its worker: log files (plain or gzip) streamed from their Blobs,
 * their format detected from the first lines, every request judged, progress told as it goes;
 * and the CSV of the judged requests under a filter, by reading the files again. The files never
 * leave the tab.
 */
import { type FetchStatus, type ReaderId } from '../robots/index.js';
import {
  ByteLineChunker, chunkLines, decodeChunk, detectLogFormat, disobeys, emptyTally, LogJudge, mergeTally,
  readIpRanges, type ByteChunk, type JudgedRequest, type LogFilter, type LogReader, type LogTally,
  type UnreadLine,
} from '../robots/logs/index.js';
import { CSV_BOM, csvRecord, LogCsvWriter, logCsvHeader } from '../share/csv/index.js';

/** A log file to read. */
export interface LogFile {
  readonly name: string;
  readonly blob: Blob;
}

/** What a run judges against: the file's dated versions, the readers, the site, the operators' ranges. */
export interface LogsSetup {
  readonly versions: readonly { readonly text: string; readonly status?: FetchStatus; readonly since?: number }[];
  readonly readers: readonly ReaderId[];
  readonly site?: string;
  readonly ranges: readonly { readonly source: string; readonly text: string; readonly crawlers: readonly string[] }[];
}

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

/** A run's result: the tally of every file, and each file's outcome. */
export interface LogsOutcome {
  readonly tally: LogTally;
  readonly files: readonly LogFileOutcome[];
}

const DETECT_LINES = 64;
/** The bytes read from a file at a time. */
const SLICE = 1 << 20;

/**
 * A Blob's bytes, a slice read each time the reader wants more. Chromium's Blob.stream() held
 * some 50 MB of a 1 GB file's bytes in the tab while it was read; a slice at a time holds one.
 */
function sliceStream(blob: Blob, onRead: (n: number) => void): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= blob.size) return controller.close();
      const piece = new Uint8Array(await blob.slice(at, at + SLICE).arrayBuffer());
      at += SLICE;
      onRead(piece.byteLength);
      controller.enqueue(piece);
    },
  }, { highWaterMark: 0 });
}

/** The bytes of a file, gunzipped when it starts as gzip does; `onRead` hears of each piece read (in the file's own bytes). */
async function* fileBytes(blob: Blob, onRead: (n: number) => void): AsyncGenerator<Uint8Array> {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  const raw = sliceStream(blob, onRead);
  const stream = head[0] === 0x1f && head[1] === 0x8b ? raw.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>) : raw;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * Reads one file's chunks of whole lines: the first ones held until the format is known, then
 * each handed to `take` with the reader to read it. Throws a message when no format fits.
 */
async function eachChunk(file: LogFile, onRead: (n: number) => void, take: (chunk: ByteChunk, reader: LogReader) => void | Promise<void>): Promise<string> {
  // Chunks are read on this thread: views of the bytes read, not copies (half the buffers to collect).
  const chunker = new ByteLineChunker(1 << 18, true);
  const decoder = new TextDecoder('utf-8');
  let reader: LogReader | null = null;
  let format = '';
  let held: ByteChunk[] = [];
  const ready = async (chunks: ByteChunk[], last: boolean) => {
    if (!reader) {
      held.push(...chunks);
      if (held.reduce((n, c) => n + c.count, 0) < DETECT_LINES && !last) return;
      const sample = held.map((c) => decoder.decode(c.bytes.subarray(0, 1 << 16))).join('\n').split('\n', DETECT_LINES).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
      if (sample.length === 0 || (sample.length === 1 && sample[0] === '')) return;
      const found = detectLogFormat(sample);
      if (!found.ok) throw new LogReadError(found.message);
      reader = found.reader;
      format = found.format;
      chunks = held;
      held = [];
    }
    for (const c of chunks) await take(c, reader);
  };
  try {
    for await (const bytes of fileBytes(file.blob, onRead)) await ready(chunker.push(bytes), false);
  } catch (e) {
    if (e instanceof LogReadError) throw e;
    throw new LogReadError(`cannot be read: ${(e as Error).message || String(e)}${/gzip|decompress|incorrect header|invalid/i.test(String(e)) ? ' (not a readable gzip file)' : ''}`);
  }
  await ready(chunker.end(), true);
  return format;
}

/** A file that cannot be read, in words. */
class LogReadError extends Error {}

/**
 * Judges every file; `progress` is called as bytes are read (at most every `every` ms), and
 * `cancelled` is asked between chunks (a newer run stops this one). Null when cancelled.
 */
export async function runLogs(files: readonly LogFile[], setup: LogsSetup, progress: (p: LogsProgress) => void, cancelled: () => boolean, every = 150): Promise<LogsOutcome | null> {
  const ranges = setup.ranges.map((r) => readIpRanges(r.text, r.source, r.crawlers));
  const total = files.reduce((n, f) => n + f.blob.size, 0);
  const tally = emptyTally(setup.versions.length);
  const outcomes: LogFileOutcome[] = [];
  let read = 0;
  let lines = 0;
  let told = 0;
  const decoder = new TextDecoder('utf-8');
  for (const file of files) {
    const judge = new LogJudge({ versions: setup.versions, readers: setup.readers, site: setup.site, ranges });
    let format = '';
    let error: string | null = null;
    try {
      format = await eachChunk(file, (n) => (read += n), async (chunk, reader) => {
        if (cancelled()) throw new Cancelled();
        judge.judgeLines(reader, chunkLines(decodeChunk(chunk, decoder)));
        lines += chunk.count;
        const now = Date.now();
        if (now - told >= every) {
          told = now;
          progress({ read, total, lines, file: file.name });
          // Let a cancel (or anything else the worker was sent) in between chunks.
          await new Promise((r) => setTimeout(r, 0));
        }
      });
    } catch (e) {
      if (e instanceof Cancelled) return null;
      error = e instanceof LogReadError ? e.message : `cannot be read: ${(e as Error).message}`;
    }
    const t = judge.tally;
    outcomes.push({ name: file.name, format, lines: t.lines, unparsed: t.unparsed, samples: t.samples, error });
    mergeTally(tally, t);
  }
  progress({ read: total, total, lines, file: '' });
  return { tally, files: outcomes };
}

class Cancelled extends Error {}

/** Whether a judged request passes the Logs tab's filter. */
export function passes(r: JudgedRequest, filter: LogFilter): boolean {
  if (filter.crawler !== null && r.crawler.id !== filter.crawler) return false;
  if (filter.spoofed && r.verification !== 'spoofed') return false;
  if (filter.disobeying && !disobeys(r)) return false;
  return true;
}

/** The CSV of the judged requests that pass `filter` (reading the files again), as a Blob, and its row count. */
export async function logsCsv(files: readonly LogFile[], setup: LogsSetup, filter: LogFilter, cancelled: () => boolean): Promise<{ csv: Blob; rows: number } | null> {
  const ranges = setup.ranges.map((r) => readIpRanges(r.text, r.source, r.crawlers));
  const parts: BlobPart[] = [CSV_BOM + csvRecord(logCsvHeader(setup.readers))];
  let pending = '';
  let rows = 0;
  const decoder = new TextDecoder('utf-8');
  for (const file of files) {
    const judge = new LogJudge({ versions: setup.versions, readers: setup.readers, site: setup.site, ranges });
    const writer = new LogCsvWriter((v, l) => judge.lineText(v, l), judge.readers.length);
    try {
      await eachChunk(file, () => {}, (chunk, reader) => {
        if (cancelled()) throw new Cancelled();
        const kept = judge.judgeLines(reader, chunkLines(decodeChunk(chunk, decoder)), true).filter((r) => passes(r, filter));
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
      // A file that cannot be read has no rows; the run said why.
    }
  }
  parts.push(pending);
  return { csv: new Blob(parts, { type: 'text/csv;charset=utf-8' }), rows };
}

