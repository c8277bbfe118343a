/**
 * The base protocol's framing (LSP 3.17, "Base Protocol"), read so that nothing a client sends can
 * stop the reading: a header part of `Name: value` fields, each ended by CRLF, then an empty line,
 * then a body of exactly Content-Length bytes (UTF-8 JSON). This one reports a frame it cannot read
 * — with the request's id when the bytes tell it — and reads on from the next header.
 */
// Not vscode-jsonrpc's StreamMessageReader: fed a frame with a Content-Length of `abc` or `-5`, none,
// a header line without a colon or a length shorter than the body, then three good frames, it
// raises an error and reads the bodies that follow as headers, losing all three messages; a length
// longer than the body swallows the frames that follow and waits; its errors carry no id to answer.
import { AbstractMessageReader, Disposable, type DataCallback, type Message, type MessageReader } from 'vscode-languageserver/node';

/** A frame, or bytes between frames, that could not be read as a message. */
export interface UnreadableFrame {
  /** The id of the request it held, when the bytes tell it; null when they do not. */
  readonly id: number | string | null;
  /** What was wrong, in words. */
  readonly reason: string;
  /** The bytes, as Latin-1 text (for the log). */
  readonly text: string;
}

/** The most a header part may hold before it is taken for garbage. */
const HEADER_LIMIT = 8 * 1024;
/** The largest body read: a robots.txt the CLI rewrites is at most 32 MiB, and JSON escapes some of it. */
const FRAME_LIMIT = 64 * 1024 * 1024;
/** Garbage held at most while looking for the next header; more is reported and dropped. */
const SKIP_LIMIT = 1024 * 1024;
/** How long bytes that make no message yet wait for the rest: a body in transit may take longer than garbage. */
const STALL_MS = { header: 1000, skip: 1000, body: 10_000 } as const;

/** RFC 9110's token: a header field's name. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]";
const FIELD = new RegExp(`^(${TOKEN}+)[ \\t]*:[ \\t]*(.*?)[ \\t]*$`);
/** What the header part's first bytes are while it is still arriving: a name, then perhaps its colon and value. */
const FIELD_SO_FAR = new RegExp(`^${TOKEN}*$|^${TOKEN}+[ \\t]*:[^\\r\\n]*$`);
/**
 * A whole Content-Length line: where a frame begins again. No JSON holds one (its digits cannot be
 * followed by a raw CRLF), so one found inside a body or garbage is the next frame's.
 */
const LENGTH_LINE = /content-length[ \t]*:[ \t]*\d+[ \t]*\r\n/i;
/** A Content-Length field inside a garbled header part: the last one begins the next frame's. */
const LENGTH_FIELD = /content-length[ \t]*:/gi;
/** What a Content-Length line is while it arrives: part of its name, or the name and part of the rest. */
const LENGTH_LINE_SO_FAR = /^(?:c(?:o(?:n(?:t(?:e(?:n(?:t(?:-(?:l(?:e(?:n(?:g(?:t(?:h)?)?)?)?)?)?)?)?)?)?)?)?)?|content-length[ \t]*(?::[ \t]*\d*[ \t]*\r?)?)$/i;

/** Whether `text` ends with the beginning of a Content-Length line (the rest may be on its way). */
function endsInLengthLine(text: string): boolean {
  for (let at = Math.max(0, text.length - 48); at < text.length; at++) {
    if ((text[at] === 'c' || text[at] === 'C') && LENGTH_LINE_SO_FAR.test(text.slice(at))) return true;
  }
  return false;
}

type State =
  | { readonly kind: 'header' }
  /** `refused`: why the body is read only to be reported (a charset other than UTF-8). */
  | { readonly kind: 'body'; readonly length: number; readonly refused: string | null }
  /** `why`: what the garbage is when it is known (the body after a header that could not be read). */
  | { readonly kind: 'skip'; readonly why: string | null };

/** The bytes received and not read yet: appended at the end, taken from the front, in one buffer that grows by doubling. */
class ByteQueue {
  private buffer = Buffer.alloc(64 * 1024);
  private start = 0;
  private end = 0;

  get length(): number {
    return this.end - this.start;
  }

  append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buffer.length) {
      const size = this.length + chunk.length;
      const next = size > this.buffer.length / 2 ? Buffer.alloc(Math.max(size, this.buffer.length * 2)) : this.buffer;
      this.buffer.copy(next, 0, this.start, this.end);
      [this.buffer, this.end, this.start] = [next, this.length, 0];
    }
    this.buffer.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** The first `n` bytes (at most what there is), as a view: valid until the next append. */
  peek(n = this.length): Buffer {
    return this.buffer.subarray(this.start, this.start + Math.min(n, this.length));
  }

  /** The bytes as Latin-1 text, one character a byte, from `from` to `to`. */
  text(from = 0, to = this.length): string {
    return this.buffer.toString('latin1', this.start + from, this.start + Math.min(to, this.length));
  }

  take(n: number): Buffer {
    const taken = Buffer.from(this.peek(n));
    this.start += taken.length;
    if (this.start === this.end) this.start = this.end = 0;
    return taken;
  }
}

/**
 * The request's id in `text`: its own, when the text is a JSON object with a method; else the
 * first `"id":` with a number or string, when no params, result or error come before it.
 */
export function tellId(text: string): number | string | null {
  const isId = (x: unknown): x is number | string => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !('method' in value)) return null;
    const { id } = value as { id?: unknown };
    return isId(id) ? id : null;
  } catch {
    // A cut or garbled message: its id may still be there.
  }
  const m = /"id"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\\r\n]|\\.)*")/.exec(text);
  if (!m) return null;
  // An id after them is not the message's own: a cancellation names the request it cancels in its params.
  const inner = text.search(/"(?:params|result|error)"\s*:/);
  if (inner >= 0 && inner < m.index) return null;
  try {
    const id: unknown = JSON.parse(m[1]!);
    return isId(id) ? id : null;
  } catch {
    return null;
  }
}

/** Whether `text` is one whole JSON value. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The charset a Content-Type names, lower-cased; null when it names none. */
function charsetOf(contentType: string): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * A MessageReader (vscode-jsonrpc's interface) over a byte stream, framed by the base protocol. A
 * message is handed on as its JSON value; a frame that cannot be read goes to `unreadable`, and the
 * reading goes on from the next header line (Content-Length or Content-Type). Bytes that stay
 * unread (a header or a body cut short with nothing after it) are given up after a while, so that
 * a request they held is answered.
 */
export class FrameReader extends AbstractMessageReader implements MessageReader {
  private readonly queue = new ByteQueue();
  private state: State = { kind: 'header' };
  /** In a body: how far it was searched for a header line that would end it early. */
  private searched = 0;
  private stall: NodeJS.Timeout | null = null;
  private callback: DataCallback | null = null;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(private readonly input: NodeJS.ReadableStream, private readonly unreadable: (frame: UnreadableFrame) => void) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const data = (chunk: Buffer | string) => this.receive(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    const end = () => this.end();
    const error = (e: Error) => this.fireError(e);
    this.input.on('data', data);
    this.input.on('end', end);
    this.input.on('error', error);
    return Disposable.create(() => {
      this.input.off('data', data);
      this.input.off('end', end);
      this.input.off('error', error);
      this.clearStall();
    });
  }

  /** Takes bytes from the stream and reads every message they complete. */
  receive(chunk: Uint8Array): void {
    this.clearStall();
    this.queue.append(chunk);
    while (this.step());
    if (this.queue.length > 0) {
      this.stall = setTimeout(() => this.giveUp(), STALL_MS[this.state.kind]);
      this.stall.unref();
    }
  }

  /** The stream ended: what is left can no longer become a message. */
  private end(): void {
    this.clearStall();
    if (this.queue.length > 0) this.giveUp();
    this.fireClose();
  }

  private clearStall(): void {
    if (this.stall !== null) clearTimeout(this.stall);
    this.stall = null;
  }

  /** Bytes that waited too long: reported as they are, and the reading starts again with a header. */
  private giveUp(): void {
    this.stall = null;
    const why = this.state.kind === 'body' ? `a body ${this.queue.length} bytes long of the ${this.state.length} its header gave, and nothing more came`
      : this.state.kind === 'skip' && this.state.why !== null ? this.state.why : 'bytes that are no header, and nothing more came';
    this.report(this.queue.take(this.queue.length), why, this.state.kind !== 'header');
    this.state = { kind: 'header' };
    this.searched = 0;
  }

  /** One step of reading; true when another may follow with the bytes there are. */
  private step(): boolean {
    if (this.queue.length === 0) return false;
    switch (this.state.kind) {
      case 'header':
        return this.readHeader();
      case 'body':
        return this.readBody(this.state.length, this.state.refused);
      case 'skip':
        return this.skip(this.state.why);
    }
  }

  private readHeader(): boolean {
    const head = this.queue.text(0, HEADER_LIMIT + 4);
    const eol = head.indexOf('\r');
    const first = eol < 0 ? head : head.slice(0, eol);
    if (!(eol < 0 ? FIELD_SO_FAR : FIELD).test(first)) return this.toSkip(null);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return head.length > HEADER_LIMIT ? this.toSkip(null) : false;
    const block = head.slice(0, end);
    const read = this.parseHeader(block);
    // A frame cut short runs into the next one's header: the last Content-Length begins it, when the
    // header cannot be read or the field starts inside a line (`…Content-Length: 52`).
    let last = -1;
    for (const m of block.matchAll(LENGTH_FIELD)) last = m.index;
    if (last > 0 && (!('length' in read) || block[last - 1] !== '\n')) {
      this.report(this.queue.take(last), 'error' in read ? read.error : 'a header cut short by another');
      return true;
    }
    if ('length' in read) {
      this.queue.take(end + 4);
      this.state = { kind: 'body', length: read.length, refused: read.charset === null ? null : `its Content-Type names the charset ${read.charset}; the protocol's is utf-8` };
      this.searched = 0;
      return true;
    }
    this.queue.take(end + 4);
    return this.toSkip(`a header that cannot be read (${read.error})`);
  }

  /** Reads a header part: the body's length and the charset named when it is not UTF-8, or what is wrong. */
  private parseHeader(block: string): { length: number; charset: string | null } | { error: string } {
    const lengths: string[] = [];
    let charset: string | null = null;
    for (const line of block.split('\r\n')) {
      const m = FIELD.exec(line);
      if (!m) return { error: `${JSON.stringify(line.slice(0, 60))} is no header field` };
      const name = m[1]!.toLowerCase();
      if (name === 'content-length') lengths.push(m[2]!);
      else if (name === 'content-type') charset = charsetOf(m[2]!);
    }
    if (lengths.length === 0) return { error: 'no Content-Length' };
    if (lengths.length > 1) return { error: 'more than one Content-Length' };
    const value = lengths[0]!;
    if (!/^\d{1,10}$/.test(value)) return { error: `Content-Length ${JSON.stringify(value.slice(0, 30))} is not a number of bytes` };
    const length = Number(value);
    if (length > FRAME_LIMIT) return { error: `Content-Length ${length} is past the ${FRAME_LIMIT / 1024 / 1024} MiB a message may have` };
    return { length, charset: charset === null || charset === 'utf-8' || charset === 'utf8' ? null : charset };
  }

  /** Reads the body of `length` bytes; `refused`: why it is read only to be reported. */
  private readBody(length: number, refused: string | null): boolean {
    // A body cut short runs into the next frame's header, which no JSON holds raw: the frame ends there.
    const upTo = Math.min(this.queue.length, length);
    if (upTo > this.searched) {
      const from = Math.max(0, this.searched - 64);
      const m = LENGTH_LINE.exec(this.queue.text(from, upTo + 64));
      this.searched = upTo;
      if (m && from + m.index < length) return this.endBody(from + m.index, `a body shorter than its Content-Length ${length}`);
    }
    if (this.queue.length < length) return false;
    if (refused !== null) return this.endBody(length, refused);
    let message: unknown;
    try {
      message = JSON.parse(this.decoder.decode(this.queue.peek(length)));
    } catch (e) {
      // The next frame's header may begin inside it, and end past it.
      const m = LENGTH_LINE.exec(this.queue.text(0, length + 64));
      if (m && m.index < length) return this.endBody(m.index, `a body shorter than its Content-Length ${length}`);
      // Or begin at its very end, the rest on its way.
      if (this.queue.length < length + 64 && endsInLengthLine(this.queue.text(0, length))) return false;
      return this.endBody(length, `a body that is no JSON (${(e as Error).message})`);
    }
    this.queue.take(length);
    this.state = { kind: 'header' };
    try {
      this.callback?.(message as Message);
    } catch (e) {
      // The connection's own reading of a message failed: said, and the next one is read.
      this.fireError(e);
    }
    return true;
  }

  /** Ends a body that cannot be read after `at` bytes: reported, and the reading goes on with a header. */
  private endBody(at: number, why: string): boolean {
    this.report(this.queue.take(at), why);
    this.state = { kind: 'header' };
    this.searched = 0;
    return true;
  }

  private toSkip(why: string | null): boolean {
    this.state = { kind: 'skip', why };
    return true;
  }

  /**
   * Bytes that are no frame: skipped up to the next header line, or until they make a whole JSON
   * value (a message sent without a header, or the body of one whose header could not be read).
   */
  private skip(why: string | null): boolean {
    const text = this.queue.text(0, SKIP_LIMIT);
    const m = LENGTH_LINE.exec(text);
    if (m) {
      const junk = this.queue.take(m.index);
      this.report(junk, why ?? (isJson(this.decoder.decode(junk)) ? 'a message without a header' : 'bytes that are no header'), why !== null);
      this.state = { kind: 'header' };
      return true;
    }
    const trimmed = text.trimEnd();
    // Not whole yet, or no JSON at all: a header may still come.
    if ((trimmed.endsWith('}') || trimmed.endsWith(']')) && isJson(this.decoder.decode(this.queue.peek()))) {
      this.report(this.queue.take(this.queue.length), why ?? 'a message without a header', true);
      this.state = { kind: 'header' };
      return true;
    }
    if (this.queue.length > SKIP_LIMIT) {
      // Keep the end, where a header line may be arriving.
      this.report(this.queue.take(this.queue.length - 256), why ?? 'bytes that are no header');
      this.state = { kind: 'skip', why: null };
      return true;
    }
    return false;
  }

  /** Hands bytes that make no message to `unreadable`; blank ones (an extra line break between frames) only when `always`. */
  private report(bytes: Buffer, reason: string, always = false): void {
    const text = bytes.toString('latin1');
    if (text.trim() === '' && !always) return;
    this.unreadable({ id: tellId(this.decoder.decode(bytes)), reason, text });
  }
}
