/**
 * The line scanner: one pass over the text that splits lines the way Google's parser does and
 * emits one event per line to a handler: the model builder, the re-parse's line recorder and the
 * line reporter (findings/lines.ts) are its handlers.
 */
import { FieldKey, LineFlag, MAX_LINE_BYTES, MAX_ROBOTS_BYTES } from './model.js';
import { cutAtBytes, escapedBytesToString, utf8Facts, utf8Survey } from '../text/index.js';

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
  /**
   * The value Google reads (comment and white space removed; bytes of a cut character kept), for
   * the fields Google reads (user-agent, allow, disallow, sitemap); '' for other keys.
   */
  value: string;
  /** True when the value holds no `%` and nothing but ASCII: Google's pattern for it is the value itself. */
  plainValue: boolean;
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
    keyFrom: -1, keyTo: -1, valueFrom: -1, valueTo: -1, value: '', plainValue: true, brk: LineBreak.None, commentFrom: -1,
  };
}

/** Receives the scanner's events in line order. */
export interface ScanHandler {
  line(line: ScannedLine): void;
}

/** What the scan learned about the whole text. */
export interface ScanSummary {
  lineCount: number;
  bom: boolean;
  byteSize: number;
  limitCut: { offset: number; line: number } | null;
  lineBreaks: { lf: number; crlf: number; cr: number };
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

// `(c | 0x20) === x`, for a lower-case letter x, holds for x and its upper case only; the `-` of
// user-agent is compared as it is.

/** Whether the key `text[from, from + len)` starts with the field's correct spelling (its first letter already matched). */
function isCorrectSpelling(text: string, from: number, len: number, field: FieldKey): boolean {
  const word = CORRECT_SPELLING[field]!;
  if (len < word.length) return false;
  // One character read per turn of a small loop: as fast as an unrolled test once optimised, and
  // far quicker to optimise (a cold parse waits for it).
  for (let k = 1; k < word.length; k++) {
    const want = word[k]!;
    const c = text.charCodeAt(from + k);
    if ((want === 0x2d ? c : c | 0x20) !== want) return false;
  }
  return true;
}

// Field spellings by first letter, the correct one first; the others are the misspellings
// robots.cc accepts (kAllowFrequentTypos). Keys match by prefix, case-insensitively (ASCII only).
const USER_AGENT = ['user-agent', 'useragent', 'user agent'];
const ALLOW = ['allow'];
const DISALLOW = ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'];
const SITEMAP = ['sitemap', 'site-map'];
/** The spellings of each field, by FieldKey. */
const FIELD_WORDS: readonly (readonly string[] | null)[] = [null, USER_AGENT, ALLOW, DISALLOW, SITEMAP, null];
/** The length of each field's correct spelling, by FieldKey. */
const SPELLING_LENGTH: readonly number[] = FIELD_WORDS.map((w) => (w ? w[0]!.length : 0));
/** Each field's correct spelling as character codes, by FieldKey. */
const CORRECT_SPELLING: readonly (Uint8Array | null)[] = FIELD_WORDS.map((w) => (w ? Uint8Array.from(w[0]!, (ch) => ch.charCodeAt(0)) : null));

/**
 * The field whose correct spelling starts the content `text[s, e)` and is followed at once by a
 * colon (`Disallow:`, `user-agent:`), or FieldKey.None.
 */
function spelledField(text: string, s: number, e: number): FieldKey {
  // Unrolled, with no table read: 4-9 % off a warm parse against a loop over CORRECT_SPELLING
  // (issue 36), and no slower cold within the bench's noise.
  switch (text.charCodeAt(s) | 0x20) {
    case 0x64:
      return s + 8 < e && text.charCodeAt(s + 8) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x69 && (text.charCodeAt(s + 2) | 0x20) === 0x73 &&
        (text.charCodeAt(s + 3) | 0x20) === 0x61 && (text.charCodeAt(s + 4) | 0x20) === 0x6c && (text.charCodeAt(s + 5) | 0x20) === 0x6c &&
        (text.charCodeAt(s + 6) | 0x20) === 0x6f && (text.charCodeAt(s + 7) | 0x20) === 0x77 ? FieldKey.Disallow : FieldKey.None;
    case 0x61:
      return s + 5 < e && text.charCodeAt(s + 5) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x6c && (text.charCodeAt(s + 2) | 0x20) === 0x6c &&
        (text.charCodeAt(s + 3) | 0x20) === 0x6f && (text.charCodeAt(s + 4) | 0x20) === 0x77 ? FieldKey.Allow : FieldKey.None;
    case 0x75:
      return s + 10 < e && text.charCodeAt(s + 10) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x73 && (text.charCodeAt(s + 2) | 0x20) === 0x65 &&
        (text.charCodeAt(s + 3) | 0x20) === 0x72 && text.charCodeAt(s + 4) === 0x2d && (text.charCodeAt(s + 5) | 0x20) === 0x61 &&
        (text.charCodeAt(s + 6) | 0x20) === 0x67 && (text.charCodeAt(s + 7) | 0x20) === 0x65 && (text.charCodeAt(s + 8) | 0x20) === 0x6e &&
        (text.charCodeAt(s + 9) | 0x20) === 0x74 ? FieldKey.UserAgent : FieldKey.None;
    case 0x73:
      return s + 7 < e && text.charCodeAt(s + 7) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x69 && (text.charCodeAt(s + 2) | 0x20) === 0x74 &&
        (text.charCodeAt(s + 3) | 0x20) === 0x65 && (text.charCodeAt(s + 4) | 0x20) === 0x6d && (text.charCodeAt(s + 5) | 0x20) === 0x61 &&
        (text.charCodeAt(s + 6) | 0x20) === 0x70 ? FieldKey.Sitemap : FieldKey.None;
    default: return FieldKey.None;
  }
}

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
  // The correct spelling first, without a loop: nearly every key is one.
  if (isCorrectSpelling(text, from, len, field)) {
    out.field = field;
    if (len > words[0]!.length) out.flags |= LineFlag.KeyPrefix;
    return;
  }
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (startsWithWord(text, from, len, word)) {
      out.field = field;
      if (i > 0) out.flags |= LineFlag.Typo;
      if (len > word.length) out.flags |= LineFlag.KeyPrefix;
      return;
    }
  }
}

/**
 * UTF-8 size of `text`, whether it holds a NUL, whether it is pure ASCII, and whether it holds a
 * `%`. Native scans only.
 */
export function textFacts(text: string): { byteSize: number; hasNul: boolean; percent: boolean; ascii: boolean } {
  // One encoding answers most of it; a text holding U+FFFD's bytes may hold surrogate-escaped
  // bytes, which count one byte each: those are counted unit by unit.
  const raw = utf8Survey(text);
  const percent = text.indexOf('%') >= 0;
  if (raw.ascii) return { byteSize: raw.bytes, hasNul: raw.nul, percent, ascii: true };
  return { byteSize: raw.replacement ? utf8Facts(text).bytes : raw.bytes, hasNul: raw.nul, percent, ascii: false };
}

/** Where Google's 500 KiB limit falls, or null when the text is within it. */
function findLimit(text: string, byteSize: number, ascii: boolean): { offset: number; bytes: number[] } | null {
  if (byteSize <= MAX_ROBOTS_BYTES) return null;
  const cut = cutAtBytes(text, 0, text.length, MAX_ROBOTS_BYTES, ascii);
  return { offset: cut.end, bytes: cut.partial };
}

/** Finds the next occurrence of a character at or after a position, caching it across calls. */
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

/**
 * Finds the next unit that is not ASCII, looking only once asked and caching it across calls (a
 * `%` is found apart, natively: searching for both at once took twice as long).
 */
class NextNonAscii {
  private at = -2;
  private readonly re = /[^\x00-\x7f]/g;
  constructor(private readonly text: string) {}
  /** The first occurrence in `[from, to)`, or -1. `from` must never decrease between calls. */
  within(from: number, to: number): number {
    if (this.at === -2 || (this.at !== -1 && this.at < from)) {
      this.re.lastIndex = from;
      this.at = this.re.exec(this.text)?.index ?? -1;
    }
    return this.at !== -1 && this.at < to ? this.at : -1;
  }
}

/** What a scan looks for in every line, found once for the whole text. */
interface Finders {
  hash: NextChar;
  colon: NextChar;
  nul: NextChar | null;
  /** The units a rule's pattern would normalise: `%` (null when the text holds none) and anything not ASCII (null for ASCII text). */
  percent: NextChar | null;
  nonAscii: NextNonAscii | null;
  ascii: boolean;
}

function finders(text: string, from: number, hasNul: boolean, percent: boolean, ascii: boolean): Finders {
  return {
    hash: new NextChar(text, '#', from),
    colon: new NextChar(text, ':', from),
    nul: hasNul ? new NextChar(text, '\0', from) : null,
    percent: percent ? new NextChar(text, '%', from) : null,
    nonAscii: ascii ? null : new NextNonAscii(text),
    ascii,
  };
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
  const find = finders(text, from, text.indexOf('\0') >= 0, text.indexOf('%') >= 0, !/[^\x00-\x7f]/.test(text));
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
  // The reference parser itself reads any size; Google's fetcher stops at 500 KiB.
  const limit = options.sizeLimit === false ? null : findLimit(text, byteSize, ascii);
  const breaks = { lf: 0, crlf: 0, cr: 0 };
  const scan = scanLines(text, skip, n + 1, 1, finders(text, skip, hasNul, percent, ascii), limit, handler, breaks);
  return {
    lineCount: scan.lines,
    bom,
    byteSize,
    limitCut: limit ? { offset: limit.offset, line: scan.limitLine } : null,
    lineBreaks: breaks,
  };
}

/**
 * Scans the lines of `text` that start in `[from, stop)` (`from` must be a line start; a `stop`
 * past the end includes a last empty line), numbering them from `firstNumber`. The text must be
 * within Google's limit; `facts` are its textFacts. Returns how many lines it emitted. Re-scans
 * only what an edit touched.
 */
export function scanRange(
  text: string, from: number, stop: number, firstNumber: number, facts: { hasNul: boolean; percent: boolean; ascii: boolean },
  handler: ScanHandler, breaks: { lf: number; crlf: number; cr: number },
): number {
  const find = finders(text, from, facts.hasNul, facts.percent, facts.ascii);
  return scanLines(text, from, stop, firstNumber, find, null, handler, breaks).lines;
}

function scanLines(
  text: string, from: number, stop: number, firstNumber: number, find: Finders,
  limit: { offset: number; bytes: number[] } | null, handler: ScanHandler, breaks: { lf: number; crlf: number; cr: number },
): { lines: number; limitLine: number } {
  const n = text.length;
  let pos = from;
  const limitAt = limit ? limit.offset : n;
  const limitTail = limit ? escapedBytesToString(limit.bytes) : '';
  // Lines end at LF, CR or CRLF: the next of each is found natively and kept until passed.
  let lf = text.indexOf('\n', from);
  let cr = text.indexOf('\r', from);

  const ev = blankLine();
  let lineNo = firstNumber - 1;
  let limitLine = 0;

  for (;;) {
    if (lf !== -1 && lf < pos) lf = text.indexOf('\n', pos);
    if (cr !== -1 && cr < pos) cr = text.indexOf('\r', pos);
    const end = cr === -1 ? (lf === -1 ? n : lf) : lf === -1 || cr < lf ? cr : lf;
    lineNo++;
    ev.number = lineNo;
    ev.from = pos;
    ev.to = end;
    ev.flags = 0;
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
      noKeyValue(ev);
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
  if ((find.ascii ? readTo - from : (readTo - from) * 3) + tail.length > MAX_LINE_BYTES) {
    const cut = cutAtBytes(text, from, readTo, MAX_LINE_BYTES, find.ascii);
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
  // Each trim looks at one character when it is no space (the common case: no call made).
  if (text.charCodeAt(s) <= 0x20) while (s < e && isAsciiSpace(text.charCodeAt(s))) s++;
  if (tail === '' && text.charCodeAt(e - 1) <= 0x20) while (e > s && isAsciiSpace(text.charCodeAt(e - 1))) e--;
  if (s === e && tail === '') {
    ev.shape = ev.flags & LineFlag.HasComment ? LineShape.Comment : LineShape.Blank;
    noKeyValue(ev);
    return;
  }
  // The common line, a field's correct spelling with its colon right after ("Disallow:"), is read
  // without looking for the colon (no earlier one can hide in the letters of the word) nor
  // classifying the key again.
  const spelled = spelledField(text, s, e);
  let sep = spelled !== FieldKey.None ? s + SPELLING_LENGTH[spelled]! : find.colon.within(s, e);
  let valueStart: number;
  if (sep < 0) {
    // RFC 9309 §2.2: <key> [ \t]* ":" [ \t]* <value>. Google-specific: a missing colon is
    // accepted when white space separates exactly two words.
    for (let i = s; i < e; i++) {
      if (isSpaceOrTab(text.charCodeAt(i))) { sep = i; break; }
    }
    if (sep < 0) { ev.shape = LineShape.Invalid; noKeyValue(ev); return; }
    valueStart = sep;
    while (valueStart < e && isSpaceOrTab(text.charCodeAt(valueStart))) valueStart++;
    for (let i = valueStart; i < e; i++) {
      if (isSpaceOrTab(text.charCodeAt(i))) { ev.shape = LineShape.Invalid; ev.flags |= LineFlag.ManyWords; noKeyValue(ev); return; }
    }
    ev.flags |= LineFlag.MissingColon;
  } else {
    valueStart = sep + 1;
  }
  let keyEnd = sep;
  if (text.charCodeAt(keyEnd - 1) <= 0x20) while (keyEnd > s && isAsciiSpace(text.charCodeAt(keyEnd - 1))) keyEnd--;
  if (keyEnd === s) {
    ev.flags = (ev.flags & ~LineFlag.MissingColon) | LineFlag.EmptyKey;
    ev.shape = LineShape.Invalid;
    noKeyValue(ev);
    return;
  }
  if (text.charCodeAt(valueStart) <= 0x20) while (valueStart < e && isAsciiSpace(text.charCodeAt(valueStart))) valueStart++;
  ev.shape = LineShape.KeyValue;
  ev.keyFrom = s;
  ev.keyTo = keyEnd;
  ev.valueFrom = valueStart;
  ev.valueTo = e;
  if (spelled !== FieldKey.None) ev.field = spelled;
  else classifyKey(text, s, keyEnd, ev);
  // Values of keys Google does not read are never needed as strings: not cut out.
  if (ev.field !== FieldKey.Unknown) readValue(text, valueStart, e, tail, ev, find);
  else {
    ev.value = '';
    ev.plainValue = true;
  }
}

/** Marks a line that holds no key and value. */
function noKeyValue(ev: ScannedLine): void {
  ev.field = FieldKey.None;
  ev.keyFrom = ev.keyTo = ev.valueFrom = ev.valueTo = -1;
  ev.value = '';
  ev.plainValue = true;
}

/** Cuts out the value `text[from, to)` (+ `tail`) of a field Google reads, and whether it is plain. */
function readValue(text: string, from: number, to: number, tail: string, ev: ScannedLine, find: Finders): void {
  ev.value = tail === '' ? text.slice(from, to) : text.slice(from, to) + tail;
  ev.plainValue = tail === '' && (find.percent === null || find.percent.within(from, to) < 0) && (find.nonAscii === null || find.nonAscii.within(from, to) < 0);
}
