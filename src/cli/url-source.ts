/**
 * Long URL lists read as they come: a file or standard input, a plain list or a CSV with a url
 * column, a piece at a time, so that memory stays flat whatever the list's length.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync, type ReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { urlListReader } from '../share/csv/read/index.js';
import { CliError } from './cli-error.js';
import { PLAIN_UNITS } from './url-cells.js';

/** The URLs read from a piece of a list. */
export interface UrlPiece {
  readonly urls: readonly string[];
  /**
   * Every URL holds only printable ASCII other than a quote, comma or semicolon: each that starts
   * with a letter or a slash is its own CSV cell, with no look at its characters.
   */
  readonly plain: boolean;
}

/** Anything but a line feed or a plain character. */
const UNPLAIN_TEXT = new RegExp(`[^\\n${PLAIN_UNITS}]`);

/**
 * A URL list reader (urlListReader) that also says when the URLs of a piece are plain: they are
 * cut from the piece's text (and the line the piece before left unfinished), so they are when
 * that text holds nothing but plain characters and line feeds — one look at 64 KiB of text costs
 * a fifth of a look at each URL.
 */
export function plainUrlReader(): { push(text: string): UrlPiece; end(): UrlPiece } {
  const reader = urlListReader();
  // Whether the line the last piece left unfinished is plain so far.
  let restPlain = true;
  return {
    push(text) {
      const plain = !UNPLAIN_TEXT.test(text);
      const piece = { urls: reader.push(text), plain: plain && restPlain };
      // After a line feed, what is left unfinished is this text's alone.
      restPlain = text.includes('\n') ? plain : restPlain && plain;
      return piece;
    },
    end: () => ({ urls: reader.end(), plain: false }),
  };
}

/** A source of URLs: a file (or `-`), read as it comes; a CSV's url column (or its first column). */
export interface UrlSource {
  /** The URLs, a piece of the input at a time. */
  readonly urls: AsyncIterable<UrlPiece>;
  /** Bytes read so far and the file's size (0 when unknown, as for standard input). */
  progress(): { readonly read: number; readonly size: number };
  /** Stops reading: `urls` ends. */
  close(): void;
}

/**
 * Reads URLs from `file` (`-`: standard input) as they come. A file that is missing, a directory
 * or unreadable throws CliError at once, before anything is checked; one that cannot be read
 * further on throws it from `urls`.
 */
export function urlSource(file: string): UrlSource {
  if (file === '-') return streamedUrls(file, process.stdin, 0);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `no such URL list: ${file}` : code === 'EACCES' ? `cannot read the URL list ${file}: permission denied` : `cannot read the URL list ${file}: ${(e as Error).message}`);
  }
  const stat = fstatSync(fd);
  if (stat.isDirectory()) {
    closeSync(fd);
    throw new CliError(`the URL list ${file} is a directory: give a file`);
  }
  // A pipe or device has no size to show progress against.
  return stat.isFile() ? fileUrls(file, fd, stat.size) : streamedUrls(file, createReadStream(file, { fd }), 0);
}

/**
 * How much of a regular file is read at a time: 64 KiB, so that each piece's text is an ordinary
 * young object (a 256 KiB one was a large object, and reading took a third longer).
 */
const READ_PIECE = 1 << 16;

/**
 * A regular file's URLs, read in pieces without waiting on the event loop: a file on disk is
 * always ready, and each asynchronous read left the checks idle until it came back.
 */
function fileUrls(file: string, fd: number, size: number): UrlSource {
  let read = 0;
  let closed = false;
  async function* urls(): AsyncGenerator<UrlPiece> {
    try {
      const buf = Buffer.allocUnsafe(READ_PIECE);
      const decoder = new StringDecoder('utf8');
      const reader = plainUrlReader();
      for (;;) {
        if (closed) return;
        let n: number;
        try {
          n = readSync(fd, buf, 0, READ_PIECE, null);
        } catch (e) {
          throw new CliError(`cannot read the URL list ${file}: ${(e as Error).message}`);
        }
        if (n <= 0) break;
        read += n;
        const got = reader.push(decoder.write(buf.subarray(0, n)));
        if (got.urls.length > 0) yield got;
      }
      const last = [...reader.push(decoder.end()).urls, ...reader.end().urls];
      if (last.length > 0) yield { urls: last, plain: false };
    } finally {
      closeSync(fd);
    }
  }
  return { urls: urls(), progress: () => ({ read, size }), close: () => { closed = true; } };
}

/** A stream's URLs (standard input, a pipe) as they come. */
function streamedUrls(file: string, stream: ReadStream | NodeJS.ReadStream, size: number): UrlSource {
  let closed = false;
  async function* urls(): AsyncGenerator<UrlPiece> {
    const reader = plainUrlReader();
    stream.setEncoding('utf8');
    try {
      for await (const chunk of stream as AsyncIterable<string>) {
        if (closed) return;
        const got = reader.push(chunk);
        if (got.urls.length > 0) yield got;
      }
    } catch (e) {
      if (closed) return;
      throw new CliError(`cannot read the URL list ${file === '-' ? 'on standard input' : file}: ${(e as Error).message}`);
    }
    const last = reader.end();
    if (last.urls.length > 0) yield last;
  }
  return {
    urls: urls(),
    progress: () => ({ read: 'bytesRead' in stream ? stream.bytesRead : 0, size }),
    close: () => {
      closed = true;
      stream.destroy();
    },
  };
}
