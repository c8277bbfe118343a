/**
 * The line scanner: one pass over the text that splits lines the way Google's parser does and
 * emits one event per line to a handler: the model builder, the re-parse's line recorder and the
 * line reporter (findings/lines.ts) are its handlers.
 */
import { FieldKey, LineFlag, MAX_LINE_BYTES, MAX_ROBOTS_BYTES } from './model.js';
import { cutAtBytes, escapedBytesToString, utf8Length } from '../text/index.js';

/** The shape of a line before groups are known. */
export const LineShape = { Blank: 0, Comment: 1, Invalid: 2, KeyValue: 3, AfterLimit: 4 } as const;
export type LineShape = (typeof LineShape)[keyof typeof LineShape];

/** One scanned line. The scanner reuses this object: copy what you keep. */
export interface ScannedLine {
  number: number;
  from: number;
  to: number;
  shape: LineShape;
  field: FieldKey;
  flags: number;
  keyFrom: number;
  keyTo: number;
  valueFrom: number;
  valueTo: number;
  /** The value Google reads (comment and white space removed; bytes of a cut character kept). */
  value: string;
  /** The line's own break: one of the LineBreak values. */
  brk: LineBreak;
  /** Where the `#` comment starts, -1 when the line has none. */
  commentFrom: number;
}

/** How a line ends. */
export const LineBreak = { None: 0, LF: 1, CRLF: 2, CR: 3 } as const;
export type LineBreak = (typeof LineBreak)[keyof typeof LineBreak];

/** Characters in a break of each kind. */
export const BREAK_LENGTH: readonly number[] = [0, 1, 2, 1];

/** A line event to fill in (scanners reuse one per scan). */
export function blankLine(): ScannedLine {
  return {
    number: 0, from: 0, to: 0, shape: LineShape.Blank, field: FieldKey.None, flags: 0,
    keyFrom: -1, keyTo: -1, valueFrom: -1, valueTo: -1, value: '', brk: LineBreak.None, commentFrom: -1,
  };
}

/** Receives the scanner's events in line order. */
export interface ScanHandler {
  /** Called once before the first line: whether the text is pure ASCII, and whether it holds a `%`. */
  begin?(ascii: boolean, percent: boolean): void;
  line(line: ScannedLine): void;
}

/** What the scan learned about the whole text. */
export interface ScanSummary {
  lineCount: number;
  bom: boolean;
  byteSize: number;
  limitCut: { offset: number; line: number } | null;
  lineBreaks: { lf: number; crlf: number; cr: number };
  /** True when every character is ASCII (then no rule value holds raw non-ASCII). */
  ascii: boolean;
}

/**
 * How many leading characters Google skips as a byte-order mark. robots.cc skips the BOM's bytes
 * one by one while they match, so a partial BOM (raw EF, or EF BB) is skipped too.
 */
export function bomLength(text: string): number {
  const c = text.charCodeAt(0);
  if (c === 0xfeff) return 1;
  // Raw bytes that are not UTF-8 arrive surrogate-escaped (see utf8.ts).
  if (c !== 0xdcef) return 0;
  return text.charCodeAt(1) === 0xdcbb ? 2 : 1;
}

const isSpaceOrTab = (c: number): boolean => c === 0x20 || c === 0x09;
// absl::ascii_isspace minus the line breaks, which never occur inside a line.
const isAsciiSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c;

/** Case-insensitive ASCII test that `text[from, from + word.length)` is `word` (lower case). */
function startsWithWord(text: string, from: number, len: number, word: string): boolean {
  if (len < word.length) return false;
  for (let i = 0; i < word.length; i++) {
    let c = text.charCodeAt(from + i);
    if (c >= 0x41 && c <= 0x5a) c |= 0x20;
    if (c !== word.charCodeAt(i)) return false;
  }
  return true;
}

// Field spellings by first letter, the correct one first; the others are the misspellings
// robots.cc accepts (kAllowFrequentTypos). Keys match by prefix, case-insensitively (ASCII only).
const USER_AGENT = ['user-agent', 'useragent', 'user agent'];
const ALLOW = ['allow'];
const DISALLOW = ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'];
const SITEMAP = ['sitemap', 'site-map'];

/** Classifies the key `text[from, to)` and sets Typo and KeyPrefix flags on `out`. */
function classifyKey(text: string, from: number, to: number, out: ScannedLine): void {
  out.field = FieldKey.Unknown;
  // robots.cc tries user-agent, allow, disallow, sitemap in turn; their first letters differ.
  let field: FieldKey;
  let words: readonly string[];
  switch (text.charCodeAt(from) | 0x20) {
    case 0x75: field = FieldKey.UserAgent; words = USER_AGENT; break;
    case 0x61: field = FieldKey.Allow; words = ALLOW; break;
    case 0x64: field = FieldKey.Disallow; words = DISALLOW; break;
    case 0x73: field = FieldKey.Sitemap; words = SITEMAP; break;
    default: return;
  }
  const len = to - from;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (startsWithWord(text, from, len, word)) {
      out.field = field;
      if (i > 0) out.flags |= LineFlag.Typo;
      if (len > word.length) out.flags |= LineFlag.KeyPrefix;
      return;
    }
  }
}

let encodeBuffer = new Uint8Array(0);
const encoder = new TextEncoder();

/** UTF-8 size of `text`, whether it holds a NUL or a `%`, and whether it is pure ASCII. Native scans only. */
export function textFacts(text: string): { byteSize: number; hasNul: boolean; percent: boolean; ascii: boolean } {
  const hasNul = text.indexOf('\0') >= 0;
  const percent = text.indexOf('%') >= 0;
  // Fast path: the platform's encoder says at once whether every character took one byte.
  if (text.length <= 4_000_000) {
    if (encodeBuffer.length < text.length * 3) encodeBuffer = new Uint8Array(text.length * 3 + 1024);
    const { written } = encoder.encodeInto(text, encodeBuffer);
    if (written === text.length) return { byteSize: written, hasNul, percent, ascii: true };
  }
  // Non-ASCII text: count exactly, surrogate-escaped raw bytes as one byte each.
  let bytes = text.length;
  const nonAscii = /[^\x00-\x7f]+/g;
  for (let m = nonAscii.exec(text); m !== null; m = nonAscii.exec(text)) {
    bytes += utf8Length(text, m.index, m.index + m[0].length) - m[0].length;
  }
  return { byteSize: bytes, hasNul, percent, ascii: false };
}

/** Where Google's 500 KiB limit falls, or null when the text is within it. */
function findLimit(text: string, byteSize: number): { offset: number; bytes: number[] } | null {
  if (byteSize <= MAX_ROBOTS_BYTES) return null;
  const cut = cutAtBytes(text, 0, text.length, MAX_ROBOTS_BYTES);
  return { offset: cut.end, bytes: cut.partial };
}

/** Finds the next occurrence of a character at or after `from`, caching it across calls. */
class NextChar {
  private at: number;
  constructor(private readonly text: string, private readonly ch: string, from = 0) {
    this.at = text.indexOf(ch, from);
  }
  /** The first occurrence in `[from, to)`, or -1. `from` must never decrease between calls. */
  within(from: number, to: number): number {
    if (this.at !== -1 && this.at < from) this.at = this.text.indexOf(this.ch, from);
    return this.at !== -1 && this.at < to ? this.at : -1;
  }
}

interface Finders {
  hash: NextChar;
  colon: NextChar;
  nul: NextChar | null;
}

/**
 * Reads one line of text on its own, as the scanner reads every line (`first`: the file's first
 * line, which may start with a byte-order mark). For consumers that need a line's shape at once,
 * such as syntax colours; a line's reading never depends on other lines.
 */
export function scanLineText(text: string, first = false): ScannedLine {
  const ev = blankLine();
  const from = first ? bomLength(text) : 0;
  ev.number = 1;
  ev.from = from;
  ev.to = text.length;
  const find: Finders = {
    hash: new NextChar(text, '#', from),
    colon: new NextChar(text, ':', from),
    nul: text.indexOf('\0') >= 0 ? new NextChar(text, '\0', from) : null,
  };
  readLine(text, from, text.length, '', ev, find);
  return ev;
}

/**
 * Scans `text` line by line as Google's parser does (robots.cc ParseRobotsTxt): skips one leading
 * BOM, splits at LF, CR and CRLF, cuts lines at 16,663 bytes and at NUL, drops `#` comments,
 * trims ASCII white space and finds the key and value. Never throws.
 */
export function scanRobotsTxt(text: string, handler: ScanHandler, options: { readonly sizeLimit?: boolean } = {}): ScanSummary {
  const n = text.length;
  // RFC 9309 §2.3 / Google-specific: a leading UTF-8 byte-order mark is skipped (only one).
  const skip = bomLength(text);
  const bom = skip > 0;
  const { byteSize, hasNul, percent, ascii } = textFacts(text);
  handler.begin?.(ascii, percent);
  // The reference parser itself reads any size; Google's fetcher stops at 500 KiB.
  const limit = options.sizeLimit === false ? null : findLimit(text, byteSize);
  const breaks = { lf: 0, crlf: 0, cr: 0 };
  const scan = scanLines(text, skip, n + 1, 1, hasNul, limit, handler, breaks);
  return {
    lineCount: scan.lines,
    bom,
    byteSize,
    limitCut: limit ? { offset: limit.offset, line: scan.limitLine } : null,
    lineBreaks: breaks,
    ascii,
  };
}

/**
 * Scans the lines of `text` that start in `[from, stop)` (`from` must be a line start; a `stop`
 * past the end includes a last empty line), numbering them from `firstNumber`. The text must be
 * within Google's limit. Returns how many lines it emitted. Re-scans only what an edit touched.
 */
export function scanRange(
  text: string, from: number, stop: number, firstNumber: number, hasNul: boolean, handler: ScanHandler,
  breaks: { lf: number; crlf: number; cr: number },
): number {
  return scanLines(text, from, stop, firstNumber, hasNul, null, handler, breaks).lines;
}

function scanLines(
  text: string, from: number, stop: number, firstNumber: number, hasNul: boolean,
  limit: { offset: number; bytes: number[] } | null, handler: ScanHandler, breaks: { lf: number; crlf: number; cr: number },
): { lines: number; limitLine: number } {
  const n = text.length;
  let pos = from;
  const limitAt = limit ? limit.offset : n;
  const limitTail = limit ? escapedBytesToString(limit.bytes) : '';
  const find: Finders = {
    hash: new NextChar(text, '#', from),
    colon: new NextChar(text, ':', from),
    nul: hasNul ? new NextChar(text, '\0', from) : null,
  };
  // Lines end at LF, CR or CRLF; without any CR a native indexOf finds each end.
  const hasCr = text.indexOf('\r', from) >= 0;
  const lineBreak = /[\r\n]/g;

  const ev = blankLine();
  let lineNo = firstNumber - 1;
  let limitLine = 0;

  for (;;) {
    let end: number;
    if (hasCr) {
      lineBreak.lastIndex = pos;
      const m = lineBreak.exec(text);
      end = m === null ? n : m.index;
    } else {
      end = text.indexOf('\n', pos);
      if (end < 0) end = n;
    }
    lineNo++;
    ev.number = lineNo;
    ev.from = pos;
    ev.to = end;
    ev.field = FieldKey.None;
    ev.flags = 0;
    ev.keyFrom = ev.keyTo = ev.valueFrom = ev.valueTo = -1;
    ev.value = '';
    ev.commentFrom = -1;
    if (end >= n) {
      ev.brk = LineBreak.None;
      pos = n;
    } else if (text.charCodeAt(end) === 0x0d) {
      if (text.charCodeAt(end + 1) === 0x0a) {
        ev.brk = LineBreak.CRLF;
        breaks.crlf++;
        pos = end + 2;
      } else {
        ev.brk = LineBreak.CR;
        breaks.cr++;
        pos = end + 1;
      }
    } else {
      ev.brk = LineBreak.LF;
      breaks.lf++;
      pos = end + 1;
    }
    if (limit && ev.from >= limitAt) {
      ev.shape = LineShape.AfterLimit;
    } else {
      let tail = '';
      let readTo = end;
      if (end > limitAt) {
        readTo = limitAt;
        tail = limitTail;
        ev.flags |= LineFlag.LimitCut;
        limitLine = lineNo;
      }
      readLine(text, ev.from, readTo, tail, ev, find);
    }
    if (limit && limitLine === 0 && end >= limitAt) limitLine = lineNo;
    handler.line(ev);
    if (end >= n || pos >= stop) break;
  }
  return { lines: lineNo - firstNumber + 1, limitLine };
}

/** Reads one line's text `[from, readTo)` (+ `tail`, bytes of a cut character) into `ev`. */
function readLine(text: string, from: number, readTo: number, tail: string, ev: ScannedLine, find: Finders): void {
  // Google-specific: the line buffer holds 16,663 bytes; the rest of a longer line is dropped.
  if ((readTo - from) * 3 + tail.length > MAX_LINE_BYTES) {
    const cut = cutAtBytes(text, from, readTo, MAX_LINE_BYTES);
    if (cut.end < readTo) {
      readTo = cut.end;
      tail = escapedBytesToString(cut.partial);
      ev.flags |= LineFlag.LongLineCut;
    } else if (cut.bytes + tail.length > MAX_LINE_BYTES) {
      tail = tail.slice(0, MAX_LINE_BYTES - cut.bytes);
      ev.flags |= LineFlag.LongLineCut;
    }
  }
  let contentEnd = readTo;
  // The line is a C string in robots.cc: a NUL byte ends it.
  const nul = find.nul ? find.nul.within(from, readTo) : -1;
  if (nul >= 0) {
    contentEnd = nul;
    tail = '';
    ev.flags |= LineFlag.NulCut;
  }
  const hash = find.hash.within(from, contentEnd);
  if (hash >= 0) {
    contentEnd = hash;
    ev.commentFrom = hash;
    tail = '';
    ev.flags |= LineFlag.HasComment;
  }
  let s = from;
  let e = contentEnd;
  while (s < e && isAsciiSpace(text.charCodeAt(s))) s++;
  if (tail === '') while (e > s && isAsciiSpace(text.charCodeAt(e - 1))) e--;
  if (s === e && tail === '') {
    ev.shape = ev.flags & LineFlag.HasComment ? LineShape.Comment : LineShape.Blank;
    return;
  }
  // RFC 9309 §2.2: <key> [ \t]* ":" [ \t]* <value>.
  let sep = find.colon.within(s, e);
  let valueStart: number;
  if (sep < 0) {
    // Google-specific: a missing colon is accepted when white space separates exactly two words.
    for (let i = s; i < e; i++) {
      if (isSpaceOrTab(text.charCodeAt(i))) { sep = i; break; }
    }
    if (sep < 0) { ev.shape = LineShape.Invalid; return; }
    valueStart = sep;
    while (valueStart < e && isSpaceOrTab(text.charCodeAt(valueStart))) valueStart++;
    for (let i = valueStart; i < e; i++) {
      if (isSpaceOrTab(text.charCodeAt(i))) { ev.shape = LineShape.Invalid; ev.flags |= LineFlag.ManyWords; return; }
    }
    ev.flags |= LineFlag.MissingColon;
  } else {
    valueStart = sep + 1;
  }
  let keyEnd = sep;
  while (keyEnd > s && isAsciiSpace(text.charCodeAt(keyEnd - 1))) keyEnd--;
  if (keyEnd === s) {
    ev.flags = (ev.flags & ~LineFlag.MissingColon) | LineFlag.EmptyKey;
    ev.shape = LineShape.Invalid;
    return;
  }
  while (valueStart < e && isAsciiSpace(text.charCodeAt(valueStart))) valueStart++;
  ev.shape = LineShape.KeyValue;
  ev.keyFrom = s;
  ev.keyTo = keyEnd;
  ev.valueFrom = valueStart;
  ev.valueTo = e;
  ev.value = tail === '' ? text.slice(valueStart, e) : text.slice(valueStart, e) + tail;
  classifyKey(text, s, keyEnd, ev);
}
