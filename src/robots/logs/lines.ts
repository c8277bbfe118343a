/**
 * Text or bytes as they come, cut into lines: any pieces in (a stream's chunks), whole lines out,
 * each with its number. A line longer than the bound is flagged, and not kept whole when it comes
 * in several pieces, so a file without line breaks never fills memory.
 */

/** The longest line kept (1 MiB): no log line is longer; a longer one is counted as unreadable. */
export const MAX_LINE = 1 << 20;

/** Lines as text: the texts and the number of the first. */
export interface LinePiece {
  readonly lines: string[];
  /** The 1-based number of `lines[0]` in the whole input. */
  readonly first: number;
  /** Numbers (1-based) of lines longer than MAX_LINE, unreadable: their text may be only the start. */
  readonly overlong: readonly number[];
}

/** Cuts pieces of text into lines (LF or CRLF; a lone CR is kept in its line). */
export class LineSplitter {
  private rest = '';
  private next = 1;
  /** The current line is over MAX_LINE: what follows up to its break is dropped. */
  private skipping = false;

  /** The lines `text` completes. */
  push(text: string): LinePiece {
    const lines: string[] = [];
    const overlong: number[] = [];
    // A line skipped up to its break was handed out before: the first line here is the next one.
    let first = -1;
    let at = 0;
    for (;;) {
      const nl = text.indexOf('\n', at);
      if (nl < 0) break;
      if (this.skipping) {
        this.skipping = false;
      } else {
        let line = this.rest === '' ? text.slice(at, nl) : this.rest + text.slice(at, nl);
        this.rest = '';
        if (line.length > MAX_LINE) {
          line = line.slice(0, MAX_LINE);
          overlong.push(this.next);
        }
        if (first < 0) first = this.next;
        lines.push(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);
      }
      this.next++;
      at = nl + 1;
    }
    if (at < text.length && !this.skipping) {
      this.rest += text.slice(at);
      if (this.rest.length > MAX_LINE) {
        // Kept as the start of an over-long line; the rest of it is skipped up to its break.
        if (first < 0) first = this.next;
        lines.push(this.rest.slice(0, MAX_LINE));
        overlong.push(this.next);
        this.rest = '';
        this.skipping = true;
      }
    }
    return { lines, first: first < 0 ? this.next : first, overlong };
  }

  /** The last line, when the input does not end with a line break. */
  end(): LinePiece {
    const first = this.next;
    if (this.skipping || this.rest === '') {
      this.skipping = false;
      return { lines: [], first, overlong: [] };
    }
    const line = this.rest.charCodeAt(this.rest.length - 1) === 13 ? this.rest.slice(0, -1) : this.rest;
    this.rest = '';
    this.next++;
    return { lines: [line], first, overlong: [] };
  }
}

/** Whole lines of a text (a ByteChunk decoded): the text (no last line break), its first line's number, its line count. */
export interface LineChunk {
  readonly text: string;
  readonly first: number;
  readonly count: number;
  /** Numbers of lines longer than MAX_LINE. */
  readonly overlong: readonly number[];
}

/** A chunk's lines, ready to read (CRLF's CR dropped). */
export function chunkLines(chunk: LineChunk): LinePiece {
  const lines = chunk.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
  }
  return { lines, first: chunk.first, overlong: chunk.overlong };
}

/** Whole lines of bytes (UTF-8 or any ASCII-compatible encoding), cut for another thread; as LineChunk, its bytes undecoded. */
export interface ByteChunk {
  /** The lines' bytes, without the last line break; its own buffer (transferable) unless the chunker makes views. */
  readonly bytes: Uint8Array;
  readonly first: number;
  readonly count: number;
  readonly overlong: readonly number[];
  /** Where the last line that starts with the chunker's mark starts (a byte offset; not a line over MAX_LINE); -1 when none does. */
  readonly marked: number;
}

const LF = 0x0a;

/** Bytes `from`–`to` of `b` in a buffer of their own (a Node Buffer's slice would be a view of its pool). */
const copy = (b: Uint8Array, from: number, to = b.length): Uint8Array => new Uint8Array(b.subarray(from, to));

/** Bytes `from`–`to` of `a` followed by `b`, in a buffer of their own: one copy, whatever `a` holds. */
function joined(a: Uint8Array, b: Uint8Array, from = 0, to = a.length + b.length): Uint8Array {
  const out = new Uint8Array(to - from);
  if (from < a.length) out.set(a.subarray(from, Math.min(to, a.length)));
  if (to > a.length) out.set(b.subarray(Math.max(0, from - a.length), to - a.length), Math.max(0, a.length - from));
  return out;
}

/**
 * Cuts bytes as they come into chunks of whole lines of about `size` bytes: a line break (LF) is
 * never inside a UTF-8 sequence, so each chunk decodes alone — on the thread that reads it,
 * leaving the thread that reads the file nothing to decode.
 */
export class ByteLineChunker {
  private rest: Uint8Array = new Uint8Array(0);
  private next = 1;
  private skipping = false;

  /**
   * Chunks of about `size` bytes. `views`: a chunk may be a view of the bytes pushed rather than
   * a copy (for a reader on the same thread, which neither transfers nor keeps them): only a
   * line cut between two pushes is copied. `mark`: bytes a line may start with, the last such line
   * of each chunk noted (`marked`) while its lines are counted, so a reader looking for one need
   * not search the chunk again.
   */
  constructor(private readonly size = 1 << 20, private readonly views = false, private readonly mark: Uint8Array | null = null) {}

  /** The chunks `bytes` completes. */
  push(bytes: Uint8Array): ByteChunk[] {
    const out: ByteChunk[] = [];
    let b = bytes;
    if (this.skipping) {
      const nl = b.indexOf(LF);
      if (nl < 0) return out;
      this.skipping = false;
      this.next++;
      b = b.subarray(nl + 1);
    }
    const last = b.lastIndexOf(LF);
    if (last < 0) {
      this.rest = joined(this.rest, b);
      if (this.rest.length > MAX_LINE) {
        out.push({ bytes: copy(this.rest, 0, MAX_LINE), first: this.next, count: 1, overlong: [this.next], marked: -1 });
        this.rest = new Uint8Array(0);
        this.skipping = true;
      }
      return out;
    }
    // Chunks are cut from the held start of a line and these bytes as one, each copied once into
    // its own buffer (no copy of the whole first): the rest holds no line break.
    const rest = this.rest;
    const end = rest.length + last;
    let at = 0;
    while (at <= end) {
      let cut = at + this.size >= end ? end : b.indexOf(LF, Math.max(0, at + this.size - rest.length)) + rest.length;
      if (cut < rest.length || cut > end) cut = end;
      out.push(this.chunk(this.views && at >= rest.length ? b.subarray(at - rest.length, cut - rest.length) : joined(rest, b, at, cut)));
      at = cut + 1;
    }
    this.rest = copy(b, last + 1);
    return out;
  }

  /** The last chunk, when the bytes do not end with a line break. */
  end(): ByteChunk[] {
    if (this.skipping || this.rest.length === 0) return [];
    const c = this.chunk(this.rest);
    this.rest = new Uint8Array(0);
    return [c];
  }

  private chunk(bytes: Uint8Array): ByteChunk {
    const first = this.next;
    const mark = this.mark;
    const overlong: number[] = [];
    let count = 0;
    let marked = -1;
    // One pass over the line breaks: the lines counted, the ones over MAX_LINE and the last marked one noted.
    for (let start = 0; ; ) {
      const nl = bytes.indexOf(LF, start);
      const end = nl < 0 ? bytes.length : nl;
      if (end - start > MAX_LINE) overlong.push(first + count);
      else if (mark !== null && bytes[start] === mark[0] && startsWith(bytes, start, end, mark)) marked = start;
      count++;
      if (nl < 0) break;
      start = nl + 1;
    }
    this.next += count;
    return { bytes, first, count, overlong, marked };
  }
}

/** Whether the bytes `start`–`end` of `bytes` start with `mark`. */
function startsWith(bytes: Uint8Array, start: number, end: number, mark: Uint8Array): boolean {
  if (end - start < mark.length) return false;
  for (let k = 0; k < mark.length; k++) if (bytes[start + k] !== mark[k]) return false;
  return true;
}

/** A byte chunk decoded (UTF-8, malformed bytes as U+FFFD): a chunk of text. */
export function decodeChunk(chunk: ByteChunk, decoder: { decode(bytes: Uint8Array): string }): LineChunk {
  return { text: decoder.decode(chunk.bytes), first: chunk.first, count: chunk.count, overlong: chunk.overlong };
}
