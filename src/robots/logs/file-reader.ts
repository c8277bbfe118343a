/**
 * A log file read as it comes: pieces in any size (a stream's chunks), chunks of whole lines out,
 * the format detected from the first lines, which are held until it is known. Each chunk comes
 * with the reader's state at its first line, plain data a reader on another thread starts from: a
 * W3C log's #Fields may change mid-file. Bytes come out as bytes (the thread that reads a chunk
 * decodes it); text, for a caller that has text, as lines. The caller does the I/O (a file, a
 * Blob, gunzip).
 */
import { detectLogFormat, LogReader, type LogReaderState } from './formats/index.js';
import { ByteLineChunker, LineSplitter, type ByteChunk, type LinePiece } from './lines.js';

/** The first lines a format is detected from (fewer when the log is shorter). */
export const DETECT_LINES = 64;

/** A chunk of a log's lines (bytes, or text's lines) and the state its reader starts from (`LogReader.from`). */
export interface LogChunk<C extends ByteChunk | LinePiece = ByteChunk> {
  readonly chunk: C;
  readonly state: LogReaderState;
}

/** How a log file's bytes are cut. */
export interface LogFileOptions {
  /** About how many bytes a chunk holds (1 MiB by default). */
  readonly chunkBytes?: number;
  /**
   * Chunks may be views of the bytes pushed rather than copies: for a reader on the same thread,
   * which neither transfers nor keeps them, and bytes never written to again (ByteLineChunker).
   */
  readonly views?: boolean;
}

/**
 * Why a log file could not be read when its I/O failed (`detail`: the error's message), in the
 * words every reader of log files gives; `unpacking`: the failure came from gunzipping it.
 */
export function logReadFailure(detail: string, unpacking: boolean): string {
  return unpacking ? `not a readable gzip file (${detail})` : `cannot be read: ${detail}`;
}

/** The rules over chunks of either kind: holding the first lines, detecting, each chunk's state. */
abstract class LogLinesReader<In, C extends ByteChunk | LinePiece> {
  private held: C[] = [];
  private heldLines = 0;
  /** The state at the start of the next chunk; null until the format is known. */
  private state: LogReaderState | null = null;
  /** The format detected: '' until it is known, and for a file without a line to read. */
  format = '';
  /** Why the file cannot be read (no format fits its first lines, or it is not text); null while it can. */
  unreadable: string | null = null;

  /** The chunks `input` completes (none while the first lines are held, none once the file is unreadable). */
  push(input: In): LogChunk<C>[] {
    return this.unreadable === null ? this.ready(this.cut(input), false) : [];
  }

  /** The last chunks, at the end of the file. */
  end(): LogChunk<C>[] {
    return this.unreadable === null ? this.ready(this.cutEnd(), true) : [];
  }

  /** The chunks of lines `input` completes. */
  protected abstract cut(input: In): C[];
  /** The last chunks, at the end of the input. */
  protected abstract cutEnd(): C[];
  protected abstract lineCount(chunk: C): number;
  /** At most `n` first lines of a chunk, as text, without CR. */
  protected abstract firstLines(chunk: C, n: number): string[];
  /** The chunk's last `#Fields:` directive a reader takes (at a line's start, not over MAX_LINE), without CR; null when none. */
  protected abstract lastFields(chunk: C): string | null;

  private ready(chunks: C[], last: boolean): LogChunk<C>[] {
    if (this.state === null) {
      for (const c of chunks) {
        this.held.push(c);
        this.heldLines += this.lineCount(c);
      }
      if (this.heldLines < DETECT_LINES && !last) return [];
      const sample: string[] = [];
      for (const c of this.held) {
        if (sample.length >= DETECT_LINES) break;
        sample.push(...this.firstLines(c, DETECT_LINES - sample.length));
      }
      // Nothing but line breaks, and nothing more to come: an empty file.
      // A byte-order mark alone is nothing either (NULs alone are a file no format fits).
      if (last && sample.every((l, i) => (i === 0 && l.charCodeAt(0) === 0xfeff ? l.slice(1) : l) === '')) return [];
      const found = detectLogFormat(sample);
      chunks = this.held;
      this.held = [];
      if (!found.ok) {
        this.unreadable = found.message;
        return [];
      }
      this.format = found.format;
      this.state = found.reader.state();
    }
    const out: LogChunk<C>[] = new Array(chunks.length);
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      out[i] = { chunk, state: this.state };
      if (this.state.family === 'w3c') {
        // The next chunk starts with the columns of this one's last #Fields, as one reader reading on has them.
        const fields = this.lastFields(chunk);
        if (fields !== null) {
          const reader = LogReader.from(this.state);
          reader.read(fields, 0);
          this.state = reader.state();
        }
      }
    }
    return out;
  }
}

const LF = 0x0a;
const HASH = 0x23;
const FIELDS = new Uint8Array([...'#Fields:'].map((c) => c.charCodeAt(0)));

/** Reads a log file's bytes into chunks of lines as bytes, each with the state it starts from. */
export class LogFileReader extends LogLinesReader<Uint8Array, ByteChunk> {
  private readonly chunker: ByteLineChunker;
  // As the judge's decoder: a byte-order mark is kept wherever a chunk starts.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(options: LogFileOptions = {}) {
    super();
    // The chunker notes each chunk's last #Fields line while it counts the lines: no search of the chunk for it again.
    this.chunker = new ByteLineChunker(options.chunkBytes, options.views, FIELDS);
  }

  protected cut(bytes: Uint8Array): ByteChunk[] {
    return this.chunker.push(bytes);
  }

  protected cutEnd(): ByteChunk[] {
    return this.chunker.end();
  }

  protected lineCount(chunk: ByteChunk): number {
    return chunk.count;
  }

  protected firstLines(chunk: ByteChunk, n: number): string[] {
    // Only the start of a long chunk is decoded: the thread that reads it decodes it all.
    return this.decoder.decode(chunk.bytes.subarray(0, 1 << 16)).split('\n', n).map(withoutCr);
  }

  protected lastFields(chunk: ByteChunk): string | null {
    const at = chunk.marked;
    if (at < 0) return null;
    // Only the directive's line is decoded.
    const nl = chunk.bytes.indexOf(LF, at);
    return withoutCr(this.decoder.decode(chunk.bytes.subarray(at, nl < 0 ? chunk.bytes.length : nl)));
  }
}

/** Reads a log given as text into chunks of its lines, each with the state it starts from. */
export class LogTextReader extends LogLinesReader<string, LinePiece> {
  private readonly splitter = new LineSplitter();

  protected cut(text: string): LinePiece[] {
    const piece = this.splitter.push(text);
    return piece.lines.length > 0 ? [piece] : [];
  }

  protected cutEnd(): LinePiece[] {
    const piece = this.splitter.end();
    return piece.lines.length > 0 ? [piece] : [];
  }

  protected lineCount(piece: LinePiece): number {
    return piece.lines.length;
  }

  protected firstLines(piece: LinePiece, n: number): string[] {
    return piece.lines.slice(0, n);
  }

  protected lastFields(piece: LinePiece): string | null {
    for (let i = piece.lines.length - 1; i >= 0; i--) {
      const line = piece.lines[i]!;
      if (line.charCodeAt(0) === HASH && line.startsWith('#Fields:') && !piece.overlong.includes(piece.first + i)) return line;
    }
    return null;
  }
}

const withoutCr = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line);
