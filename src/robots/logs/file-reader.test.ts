import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGzip } from '../text/index.js';
import { DETECT_LINES, LogFileReader, logReadFailure, LogTextReader, type LogChunk } from './file-reader.js';
import { LogReader, type LogReaderState, type LogRequest } from './formats/index.js';
import { LogJudge, type JudgedRequest } from './judge.js';
import { judgeLog } from './stream.js';
import { chunkLines, decodeChunk, MAX_LINE, type LinePiece } from './lines.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Apache's combined format (mod_log_config: `%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"`), one request a second. */
const combined = (i: number) => `66.249.66.1 - - [10/Oct/2025:13:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} +0000] "GET /p/${i} HTTP/1.1" 200 5 "-" "Googlebot/2.1"`;

/** A chunk as either reader hands it out, made plain: its state, first line's number, lines (as text) and lines over MAX_LINE. */
interface Plain {
  readonly state: LogReaderState;
  readonly first: number;
  readonly lines: readonly string[];
  readonly overlong: readonly number[];
}

/** A reader fed text, its chunks made plain. */
interface Opened {
  push(text: string): Plain[];
  end(): Plain[];
  readonly file: { readonly format: string; readonly unreadable: string | null };
}

/** Bytes, as a file or a Blob gives them, read by LogFileReader into chunks of bytes (decoded here, as the thread reading one does). */
function openBytes(chunkBytes?: number): Opened {
  const file = new LogFileReader({ chunkBytes });
  const plain = (chunks: LogChunk[]) => chunks.map((c) => ({ state: c.state, ...chunkLines(decodeChunk(c.chunk, decoder)) }));
  return { push: (text) => plain(file.push(encoder.encode(text))), end: () => plain(file.end()), file };
}

/** Text, as a decoded stream gives it, read by LogTextReader into its lines. */
function openText(): Opened {
  const file = new LogTextReader();
  const plain = (chunks: LogChunk<LinePiece>[]) => chunks.map((c) => ({ state: c.state, ...c.chunk }));
  return { push: (text) => plain(file.push(text)), end: () => plain(file.end()), file };
}

const READERS = [['bytes (LogFileReader)', openBytes], ['text (LogTextReader)', openText]] as const;

/** Everything a reader hands out for `text` cut at the places `at` (any numbers; the texts here are ASCII, so bytes and characters alike). */
function readAll(open: (chunkBytes?: number) => Opened, text: string, at: readonly number[] = [], chunkBytes?: number): { file: Opened['file']; chunks: Plain[] } {
  const reader = open(chunkBytes);
  const points = [...new Set(at.map((a) => a % (text.length + 1))), text.length].sort((a, b) => a - b);
  const chunks: Plain[] = [];
  let from = 0;
  for (const p of points) {
    chunks.push(...reader.push(text.slice(from, p)));
    from = p;
  }
  chunks.push(...reader.end());
  return { file: reader.file, chunks };
}

/** The lines of the chunks, with their numbers. */
const linesOf = (chunks: readonly Plain[]) => chunks.flatMap((c) => c.lines.map((l, i) => [c.first + i, l] as const));

/** Each chunk read alone by a reader started from its state, as another thread reads it. */
const readApart = (chunks: readonly Plain[]) => chunks.flatMap((c) => {
  const reader = LogReader.from(c.state);
  return c.lines.map((l, i) => reader.read(l, c.first + i));
});

describe.each(READERS)('the log-file reader, %s: pieces in any size, chunks of whole lines out once the format is known', (_, open) => {
  const log = Array.from({ length: 150 }, (_, i) => combined(i)).join('\n') + '\n';
  it('property (Apache combined): the same format, lines and numbers however the input is cut and the chunks sized', () => {
    fc.assert(fc.property(fc.array(fc.nat(), { maxLength: 8 }), fc.integer({ min: 1, max: 4000 }), (at, size) => {
      const { file, chunks } = readAll(open, log, at, size);
      expect([file.format, file.unreadable]).toEqual(['combined', null]);
      expect(linesOf(chunks)).toEqual(log.slice(0, -1).split('\n').map((l, i) => [i + 1, l]));
      expect(chunks.every((c) => c.state.family === 'clf')).toBe(true);
    }), { numRuns: 60 });
  });
  it(`holds the first lines until ${DETECT_LINES} are in, or the file ends`, () => {
    const reader = open();
    expect([reader.push(Array.from({ length: DETECT_LINES - 1 }, (_, i) => combined(i)).join('\n') + '\n'), reader.file.format]).toEqual([[], '']);
    expect([linesOf(reader.push(`${combined(63)}\n${combined(64)}\n`)).length, reader.file.format]).toEqual([DETECT_LINES + 1, 'combined']);
    const short = open();
    expect(short.push(combined(0))).toEqual([]);
    expect(linesOf(short.end())).toEqual([[1, combined(0)]]);
  });
  it('CRLF line breaks: detected and read without their CR', () => {
    const { file, chunks } = readAll(open, `${combined(1)}\r\n${combined(2)}\r\n`);
    expect(file.format).toBe('combined');
    expect(linesOf(chunks)).toEqual([[1, combined(1)], [2, combined(2)]]);
  });
  it('a line longer than MAX_LINE among the first lines: the format is still found, the line flagged and counted as unreadable', () => {
    const text = [combined(1), combined(2), `${combined(3)} ${'x'.repeat(MAX_LINE)}`, combined(4)].join('\n');
    for (const at of [[], [10, 500, MAX_LINE / 2, MAX_LINE + 100]]) {
      const { file, chunks } = readAll(open, text, at);
      expect(file.format).toBe('combined');
      expect(chunks.flatMap((c) => c.overlong)).toEqual([3]);
      const judge = new LogJudge({ versions: [{ text: '' }] });
      for (const c of chunks) judge.readLines(LogReader.from(c.state), { ...c, lines: [...c.lines] });
      expect([judge.tally.lines, judge.tally.unparsed, judge.tally.samples.map((s) => s.line)]).toEqual([4, 1, [3]]);
    }
  });
  it('an empty file, or one of line breaks only: no chunk, no format, nothing unreadable', () => {
    for (const text of ['', '\n', '\n\r\n\n']) {
      const { file, chunks } = readAll(open, text);
      expect([chunks, file.format, file.unreadable]).toEqual([[], '', null]);
    }
  });
  it('a file no format fits, or not text: unreadable, in words, and nothing handed out after', () => {
    const reader = open();
    expect(reader.push('hello\nworld\n')).toEqual([]);
    expect([reader.end(), reader.file.format]).toEqual([[], '']);
    expect(reader.file.unreadable).toMatch(/^unknown log format: the first lines fit none of Apache\/nginx common or combined.*; the first line reads: "hello"$/);
    expect([reader.push(`${combined(1)}\n`), reader.end()]).toEqual([[], []]);
    expect(readAll(open, 'PK\u0003\u0004\u0000\u0000\n\u0000').file.unreadable).toBe('this is a binary file, not a text log');
  });
});

describe('an I/O failure in words', () => {
  it('a gzip file that does not unpack, or any other', () => {
    expect(logReadFailure('incorrect header check', true)).toBe('not a readable gzip file (incorrect header check)');
    expect(logReadFailure('EACCES: permission denied', false)).toBe('cannot be read: EACCES: permission denied');
  });
});

describe.each(READERS)('W3C Extended Log File Format (W3C Working Draft WD-logfile-960323), %s: #Fields may change mid-file', (_, open) => {
  const FIRST = 'date time c-ip cs-method cs-uri-stem cs-uri-query sc-status';
  const SECOND = 'date time cs-method cs-uri-stem c-ip sc-status cs(User-Agent)';
  // A query holding "#Fields:" is no directive: a directive starts its line.
  const first = (i: number) => `2025-10-10 13:55:${String(i % 60).padStart(2, '0')} 66.249.66.${i % 250} GET /one/${i} q=#Fields:${i} 200`;
  const second = (i: number) => `2025-10-10 14:00:${String(i % 60).padStart(2, '0')} GET /two/${i} 66.249.66.${i % 250} 404 Googlebot/2.1`;
  const log = ['#Software: Microsoft Internet Information Services 10.0', `#Fields: ${FIRST}`, ...Array.from({ length: 70 }, (_, i) => first(i)),
    '#Date: 2025-10-10 14:00:00', `#Fields: ${SECOND}`, ...Array.from({ length: 70 }, (_, i) => second(i))];
  /** The fields in force at each line, as one reader reading the whole file in order has them. */
  const inForce = (lines: readonly string[]) => {
    const reader = new LogReader('w3c');
    return lines.map((l, i) => {
      const at = reader.state().fields?.join(' ');
      reader.read(l, i + 1);
      return at;
    });
  };
  it('property: each chunk starts with the fields in force at its first line, and read apart its requests are those of one reader in order (LF or CRLF)', () => {
    const fields = inForce(log);
    expect([fields[2], fields.at(-1)]).toEqual([FIRST, SECOND.toLowerCase()]);
    fc.assert(fc.property(fc.constantFrom('\n', '\r\n'), fc.array(fc.nat(), { maxLength: 6 }), fc.integer({ min: 1, max: 3000 }), (nl, at, size) => {
      const { file, chunks } = readAll(open, log.join(nl) + nl, at, size);
      expect(file.format).toBe('w3c-iis');
      for (const c of chunks) expect(c.state.fields?.join(' ')).toBe(fields[c.first - 1]);
      const whole = new LogReader('w3c');
      expect(readApart(chunks)).toEqual(log.map((l, i) => whole.read(l, i + 1)));
    }), { numRuns: 60 });
  });
  it('the second #Fields at the very start of a piece, or alone in it: what follows is read with it', () => {
    const text = log.join('\n');
    const cut = text.indexOf(`#Fields: ${SECOND}`);
    const { chunks } = readAll(open, text, [cut, cut + `#Fields: ${SECOND}\n`.length], 1 << 20);
    const requests = readApart(chunks).filter((r): r is LogRequest => !!r);
    expect(requests.filter((r) => r.target.startsWith('/two/'))).toHaveLength(70);
    expect(requests.every((r) => r.ip.startsWith('66.249.66.'))).toBe(true);
  });
  it('a #Fields line longer than MAX_LINE is not taken: it is unreadable, as a reader on one thread has it', () => {
    const long = `#Fields: ${SECOND} ${'x'.repeat(MAX_LINE)}`;
    const lines = [`#Fields: ${FIRST}`, ...Array.from({ length: 3 }, (_, i) => first(i)), long, first(3)];
    const { chunks } = readAll(open, lines.join('\n'), [40, lines.join('\n').length - first(3).length], 64);
    expect(chunks.at(-1)!.state.fields?.join(' ')).toBe(FIRST);
    expect(readApart(chunks).at(-1)).toMatchObject({ target: '/one/3?q=#Fields:3' });
  });
});

describe('gzip told by its first bytes (RFC 1952 §2.3.1: ID1 0x1f, ID2 0x8b)', () => {
  it('a gzip member starts so; text, one byte and nothing do not', () => {
    expect(isGzip(gzipSync('a log line\n'))).toBe(true);
    expect([isGzip(encoder.encode(combined(1))), isGzip(new Uint8Array([0x1f])), isGzip(new Uint8Array(0))]).toEqual([false, false, false]);
  });
});

describe('a UTF-8 byte-order mark (RFC 3629 §6): dropped where the log starts, part of its line anywhere else', () => {
  const ROBOTS = { versions: [{ text: 'User-agent: *\nDisallow: /p/1\n' }] };
  const lines = Array.from({ length: 30 }, (_, i) => combined(i));
  const BOM = [0xef, 0xbb, 0xbf];
  /** A log's bytes judged as the CLI and the Logs tab judge them, in chunks of about `chunkBytes`. */
  const judged = (bytes: Uint8Array, chunkBytes: number) => {
    const reader = new LogFileReader({ chunkBytes });
    const judge = new LogJudge(ROBOTS);
    for (const c of [...reader.push(bytes), ...reader.end()]) judge.judgeChunk(c);
    const t = judge.tally;
    return { format: reader.format, lines: t.lines, unparsed: t.unparsed, requests: t.requests, samples: t.samples.map((s) => s.line) };
  };
  it('starting the log: dropped and its first line read, from bytes and from text alike', async () => {
    const text = lines.join('\n') + '\n';
    for (const size of [1, 1 << 16]) expect(judged(new Uint8Array([...BOM, ...encoder.encode(text)]), size)).toEqual({ format: 'combined', lines: 30, unparsed: 0, requests: 30, samples: [] });
    const rows: JudgedRequest[] = [];
    const t = (await judgeLog(['\ufeff' + text], ROBOTS, { rows: (r) => void rows.push(...r) })).judge.tally;
    expect([t.lines, t.unparsed, t.requests, rows[0]?.request.ip]).toEqual([30, 0, 30, '66.249.66.1']);
    const reader = new LogFileReader();
    const judge = new LogJudge(ROBOTS);
    const fromBytes = [...reader.push(new Uint8Array([...BOM, ...encoder.encode(text)])), ...reader.end()].flatMap((c) => judge.judgeChunk(c, true));
    expect(fromBytes[0]?.request.ip).toBe('66.249.66.1');
  });
  it('starting a later line (a file joined after another): part of that line, however the log is cut into chunks', async () => {
    const bytes = new Uint8Array([...encoder.encode(lines.slice(0, 15).join('\n') + '\n'), ...BOM, ...encoder.encode(lines.slice(15).join('\n') + '\n')]);
    // One line a chunk puts the mark at a chunk's start; the others cut elsewhere.
    const each = [1, 300, 1 << 16].map((size) => judged(bytes, size));
    expect(each[1]).toEqual(each[0]);
    expect(each[2]).toEqual(each[0]);
    const text = await judgeLog([new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)], ROBOTS);
    expect([text.judge.tally.lines, text.judge.tally.unparsed, text.judge.tally.requests]).toEqual([each[0]!.lines, each[0]!.unparsed, each[0]!.requests]);
    // Its address is read as written, the mark with it: no crawler's ranges hold that.
    const reader = new LogFileReader({ chunkBytes: 1 });
    const judge = new LogJudge(ROBOTS);
    const rows = [...reader.push(bytes), ...reader.end()].flatMap((c) => judge.judgeChunk(c, true));
    expect(rows.find((r) => r.request.line === 16)?.request.ip).toBe('\ufeff66.249.66.1');
  });
  it('a file of a mark alone is empty; one of NULs alone is no log (no format fits it)', () => {
    const reader = new LogFileReader();
    expect([reader.push(new Uint8Array(BOM)), reader.end(), reader.format, reader.unreadable]).toEqual([[], [], '', null]);
    const nuls = new LogFileReader();
    expect([nuls.push(new Uint8Array([0, 0, 0, 0x0a])), nuls.end(), nuls.format]).toEqual([[], [], '']);
    expect(nuls.unreadable).toMatch(/format/);
  });
});
