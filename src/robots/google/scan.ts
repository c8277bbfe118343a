/**
 * The line scanner: one pass over the text that splits lines the way Google's parser does and
 * emits one event per line to a handler: the model builder, the re-parse's line recorder and the
 * line reporter (findings/lines.ts) are its handlers.
 */
import { FieldKey, LineFlag, MAX_LINE_BYTES, MAX_ROBOTS_BYTES } from './model.js';
import { cutAtBytes, escapedBytesToString, surveyText } from '../text/index.js';

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
   * What ends the value after `text[valueFrom, valueTo)`: the leading bytes (surrogate-escaped) of
   * a character a byte limit cut; '' on nearly every line. lineValue() puts the value together.
   */
  tail: string;
  /**
   * For the fields Google reads (user-agent, allow, disallow, sitemap): true when the value holds
   * no `%` and nothing but ASCII, so Google's pattern for it is the value itself.
   */
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
    keyFrom: -1, keyTo: -1, valueFrom: -1, valueTo: -1, tail: '', plainValue: true, brk: LineBreak.None, commentFrom: -1,
  };
}

/**
 * The value Google reads on a scanned key/value line of `text` (comment and white space removed;
 * the bytes of a cut character kept). The scan cuts no value out itself: most are never needed
 * as strings (a rule's is read from the line table when asked).
 */
export function lineValue(text: string, ev: ScannedLine): string {
  return ev.tail === '' ? text.slice(ev.valueFrom, ev.valueTo) : text.slice(ev.valueFrom, ev.valueTo) + ev.tail;
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

// classifyKey's answer: the field in its low bits, the Typo and KeyPrefix flags shifted above them.
const KEY_FLAGS_SHIFT = 3;
const KEY_FIELD = (1 << KEY_FLAGS_SHIFT) - 1;

/** Classifies the key `text[from, to)`: its field, with the Typo and KeyPrefix flags above KEY_FLAGS_SHIFT. */
function classifyKey(text: string, from: number, to: number): number {
  // robots.cc tries user-agent, allow, disallow, sitemap in turn; their first letters differ.
  let field: FieldKey;
  let words: readonly string[];
  switch (text.charCodeAt(from) | 0x20) {
    case 0x75: field = FieldKey.UserAgent; words = USER_AGENT; break;
    case 0x61: field = FieldKey.Allow; words = ALLOW; break;
    case 0x64: field = FieldKey.Disallow; words = DISALLOW; break;
    case 0x73: field = FieldKey.Sitemap; words = SITEMAP; break;
    default: return FieldKey.Unknown;
  }
  const len = to - from;
  // The correct spelling first, without a loop: nearly every key is one.
  if (isCorrectSpelling(text, from, len, field)) return len > words[0]!.length ? field | (LineFlag.KeyPrefix << KEY_FLAGS_SHIFT) : field;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (startsWithWord(text, from, len, word)) {
      return field | ((LineFlag.Typo | (len > word.length ? LineFlag.KeyPrefix : 0)) << KEY_FLAGS_SHIFT);
    }
  }
  return FieldKey.Unknown;
}

/** What a scan needs to know of the text it reads before it starts (surveyText's answer, and `%`). */
export interface TextFacts {
  readonly byteSize: number;
  readonly hasNul: boolean;
  readonly percent: boolean;
  readonly ascii: boolean;
  /** The stretches of units beyond ASCII (TextSurvey.runs). */
  readonly runs: readonly number[];
}

/**
 * UTF-8 size of `text[from, to)`, whether it holds a NUL or a `%`, and where it is not ASCII
 * (offsets into `text`).
 */
export function textFacts(text: string, from = 0, to = text.length): TextFacts {
  const survey = surveyText(text, from, to);
  const percent = text.indexOf('%', from);
  return { byteSize: survey.bytes, hasNul: survey.nul, percent: percent >= 0 && percent < to, ascii: survey.ascii, runs: survey.runs };
}

/** Where Google's 500 KiB limit falls, or null when the text is within it. */
function findLimit(text: string, byteSize: number, ascii: boolean): { offset: number; bytes: number[] } | null {
  if (byteSize <= MAX_ROBOTS_BYTES) return null;
  const cut = cutAtBytes(text, 0, text.length, MAX_ROBOTS_BYTES, ascii);
  return { offset: cut.end, bytes: cut.partial };
}

/** Keeps the event of the line it is given last. */
class LastLine implements ScanHandler {
  ev: ScannedLine | null = null;
  line(ev: ScannedLine): void {
    this.ev = ev;
  }
}

/**
 * Reads one line of text on its own, as the scanner reads every line (`first`: the file's first
 * line, which may start with a byte-order mark). For consumers that need a line's shape at once,
 * such as syntax colours; a line's reading never depends on other lines.
 */
export function scanLineText(text: string, first = false): ScannedLine {
  const last = new LastLine();
  scanLines(text, first ? bomLength(text) : 0, text.length + 1, 1, textFacts(text), null, last, { lf: 0, crlf: 0, cr: 0 }, true);
  return last.ev!;
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
  const facts = textFacts(text);
  // The reference parser itself reads any size; Google's fetcher stops at 500 KiB.
  const limit = options.sizeLimit === false ? null : findLimit(text, facts.byteSize, facts.ascii);
  const breaks = { lf: 0, crlf: 0, cr: 0 };
  const scan = scanLines(text, skip, n + 1, 1, facts, limit, handler, breaks, false);
  return {
    lineCount: scan.lines,
    bom: skip > 0,
    byteSize: facts.byteSize,
    limitCut: limit ? { offset: limit.offset, line: scan.limitLine } : null,
    lineBreaks: breaks,
  };
}

/**
 * Scans the lines of `text` that start in `[from, stop)` (`from` must be a line start; a `stop`
 * past the end includes a last empty line), numbering them from `firstNumber`. The text must be
 * within Google's limit; `facts` are textFacts of at least the lines scanned. Returns how many
 * lines it emitted. Re-scans only what an edit touched.
 */
export function scanRange(
  text: string, from: number, stop: number, firstNumber: number, facts: TextFacts,
  handler: ScanHandler, breaks: { lf: number; crlf: number; cr: number },
): number {
  return scanLines(text, from, stop, firstNumber, facts, null, handler, breaks, false).lines;
}

/**
 * The scan: every line's reading is written out in this one loop, its rare turns (a line past a
 * byte limit, a missing colon, a misspelled key) apart. On a big file this loop is the parse's
 * cost, and each call or object it made per line showed in it. `oneLine`: the text is one line.
 */
function scanLines(
  text: string, from: number, stop: number, firstNumber: number, facts: TextFacts,
  limit: { offset: number; bytes: number[] } | null, handler: ScanHandler, breaks: { lf: number; crlf: number; cr: number },
  oneLine: boolean,
): { lines: number; limitLine: number } {
  const n = text.length;
  const ascii = facts.ascii;
  const runs = facts.runs;
  let run = 0;
  let pos = from;
  const limitAt = limit ? limit.offset : n;
  const limitTail = limit ? escapedBytesToString(limit.bytes) : '';
  // The next of each character a line may hold, found natively and kept until passed (-1: none left).
  let lf = oneLine ? -1 : text.indexOf('\n', from);
  let cr = oneLine ? -1 : text.indexOf('\r', from);
  let hash = text.indexOf('#', from);
  let nul = facts.hasNul ? text.indexOf('\0', from) : -1;
  let percent = facts.percent ? text.indexOf('%', from) : -1;
  // Looked for only on a line that is not a correctly spelled field: -2 until then.
  let colon = -2;

  const ev = blankLine();
  let lfs = 0;
  let crlfs = 0;
  let crs = 0;
  let lineNo = firstNumber - 1;
  let limitLine = 0;

  for (;;) {
    if (lf !== -1 && lf < pos) lf = text.indexOf('\n', pos);
    if (cr !== -1 && cr < pos) cr = text.indexOf('\r', pos);
    const end = cr === -1 ? (lf === -1 ? n : lf) : lf === -1 || cr < lf ? cr : lf;
    const lineFrom = pos;
    lineNo++;
    ev.number = lineNo;
    ev.from = lineFrom;
    ev.to = end;
    // The kind of break is told by the positions found: a CR with the LF right after it is CRLF.
    if (end === lf) {
      ev.brk = LineBreak.LF;
      lfs++;
      pos = end + 1;
    } else if (end >= n) {
      ev.brk = LineBreak.None;
      pos = n;
    } else if (lf === end + 1) {
      ev.brk = LineBreak.CRLF;
      crlfs++;
      pos = end + 2;
    } else {
      ev.brk = LineBreak.CR;
      crs++;
      pos = end + 1;
    }
    let flags = 0;
    let commentFrom = -1;
    if (limit !== null && lineFrom >= limitAt) {
      ev.shape = LineShape.AfterLimit;
      noKeyValue(ev);
    } else {
      let tail = '';
      let readTo = end;
      if (end > limitAt) {
        readTo = limitAt;
        tail = limitTail;
        flags |= LineFlag.LimitCut;
        limitLine = lineNo;
      }
      // Google-specific: the line buffer holds 16,663 bytes; the rest of a longer line is dropped.
      if ((ascii ? readTo - lineFrom : (readTo - lineFrom) * 3) + tail.length > MAX_LINE_BYTES) {
        const cut = longLineCut(text, lineFrom, readTo, tail, ascii);
        if (cut !== null) {
          readTo = cut.readTo;
          tail = cut.tail;
          flags |= LineFlag.LongLineCut;
        }
      }
      let contentEnd = readTo;
      // The line is a C string in robots.cc: a NUL byte ends it.
      if (nul !== -1) {
        if (nul < lineFrom) nul = text.indexOf('\0', lineFrom);
        if (nul !== -1 && nul < readTo) {
          contentEnd = nul;
          tail = '';
          flags |= LineFlag.NulCut;
        }
      }
      if (hash !== -1 && hash < lineFrom) hash = text.indexOf('#', lineFrom);
      if (hash !== -1 && hash < contentEnd) {
        contentEnd = hash;
        commentFrom = hash;
        tail = '';
        flags |= LineFlag.HasComment;
      }
      let s = lineFrom;
      let e = contentEnd;
      // Each trim looks at one character when it is no space (the common case: no loop).
      let first = text.charCodeAt(s);
      if (first <= 0x20) {
        while (s < e && isAsciiSpace(text.charCodeAt(s))) s++;
        first = text.charCodeAt(s);
      }
      if (tail === '' && text.charCodeAt(e - 1) <= 0x20) while (e > s && isAsciiSpace(text.charCodeAt(e - 1))) e--;
      if (s === e && tail === '') {
        ev.shape = flags & LineFlag.HasComment ? LineShape.Comment : LineShape.Blank;
        noKeyValue(ev);
      } else {
        // The common line, a field's correct spelling with its colon right after ("Disallow:"), is
        // read without looking for the colon (no earlier one can hide in the letters of the word)
        // nor classifying the key again. The letters are compared here, unrolled: a call per line
        // showed in the loop.
        let spelled: FieldKey = FieldKey.None;
        switch (first | 0x20) {
          case 0x64:
            if (s + 8 < e && text.charCodeAt(s + 8) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x69 && (text.charCodeAt(s + 2) | 0x20) === 0x73 &&
              (text.charCodeAt(s + 3) | 0x20) === 0x61 && (text.charCodeAt(s + 4) | 0x20) === 0x6c && (text.charCodeAt(s + 5) | 0x20) === 0x6c &&
              (text.charCodeAt(s + 6) | 0x20) === 0x6f && (text.charCodeAt(s + 7) | 0x20) === 0x77) spelled = FieldKey.Disallow;
            break;
          case 0x61:
            if (s + 5 < e && text.charCodeAt(s + 5) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x6c && (text.charCodeAt(s + 2) | 0x20) === 0x6c &&
              (text.charCodeAt(s + 3) | 0x20) === 0x6f && (text.charCodeAt(s + 4) | 0x20) === 0x77) spelled = FieldKey.Allow;
            break;
          case 0x75:
            if (s + 10 < e && text.charCodeAt(s + 10) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x73 && (text.charCodeAt(s + 2) | 0x20) === 0x65 &&
              (text.charCodeAt(s + 3) | 0x20) === 0x72 && text.charCodeAt(s + 4) === 0x2d && (text.charCodeAt(s + 5) | 0x20) === 0x61 &&
              (text.charCodeAt(s + 6) | 0x20) === 0x67 && (text.charCodeAt(s + 7) | 0x20) === 0x65 && (text.charCodeAt(s + 8) | 0x20) === 0x6e &&
              (text.charCodeAt(s + 9) | 0x20) === 0x74) spelled = FieldKey.UserAgent;
            break;
          case 0x73:
            if (s + 7 < e && text.charCodeAt(s + 7) === 0x3a && (text.charCodeAt(s + 1) | 0x20) === 0x69 && (text.charCodeAt(s + 2) | 0x20) === 0x74 &&
              (text.charCodeAt(s + 3) | 0x20) === 0x65 && (text.charCodeAt(s + 4) | 0x20) === 0x6d && (text.charCodeAt(s + 5) | 0x20) === 0x61 &&
              (text.charCodeAt(s + 6) | 0x20) === 0x70) spelled = FieldKey.Sitemap;
            break;
        }
        let sep = -1;
        if (spelled !== FieldKey.None) sep = s + SPELLING_LENGTH[spelled]!;
        else {
          if (colon === -2 || (colon !== -1 && colon < s)) colon = text.indexOf(':', s);
          if (colon !== -1 && colon < e) sep = colon;
        }
        let valueStart = sep + 1;
        if (sep < 0) {
          // RFC 9309 §2.2: <key> [ \t]* ":" [ \t]* <value>. Google-specific: a missing colon is
          // accepted when white space separates exactly two words.
          sep = twoWordsSeparator(text, s, e);
          if (sep === MANY_WORDS) flags |= LineFlag.ManyWords;
          else if (sep >= 0) {
            flags |= LineFlag.MissingColon;
            valueStart = sep;
          }
        }
        let keyEnd = sep;
        if (spelled === FieldKey.None && sep >= 0 && text.charCodeAt(keyEnd - 1) <= 0x20) while (keyEnd > s && isAsciiSpace(text.charCodeAt(keyEnd - 1))) keyEnd--;
        if (sep < 0) {
          ev.shape = LineShape.Invalid;
          noKeyValue(ev);
        } else if (keyEnd === s) {
          flags = (flags & ~LineFlag.MissingColon) | LineFlag.EmptyKey;
          ev.shape = LineShape.Invalid;
          noKeyValue(ev);
        } else {
          for (let c = text.charCodeAt(valueStart); c <= 0x20 && valueStart < e && isAsciiSpace(c); c = text.charCodeAt(valueStart)) valueStart++;
          ev.shape = LineShape.KeyValue;
          ev.keyFrom = s;
          ev.keyTo = keyEnd;
          ev.valueFrom = valueStart;
          ev.valueTo = e;
          let field: FieldKey = spelled;
          if (field === FieldKey.None) {
            const key = classifyKey(text, s, keyEnd);
            field = (key & KEY_FIELD) as FieldKey;
            flags |= key >> KEY_FLAGS_SHIFT;
          }
          ev.field = field;
          ev.tail = tail;
          if (field === FieldKey.Unknown) ev.plainValue = true;
          else {
            // Plain: no `%` and nothing but ASCII, so Google's pattern is the value itself.
            let plain = tail === '';
            if (plain && percent !== -1) {
              if (percent < valueStart) percent = text.indexOf('%', valueStart);
              plain = percent === -1 || percent >= e;
            }
            if (plain && !ascii) {
              while (run < runs.length && runs[run + 1]! <= valueStart) run += 2;
              plain = run >= runs.length || runs[run]! >= e;
            }
            ev.plainValue = plain;
          }
        }
      }
    }
    ev.flags = flags;
    ev.commentFrom = commentFrom;
    if (limit !== null && limitLine === 0 && end >= limitAt) limitLine = lineNo;
    handler.line(ev);
    if (end >= n || pos >= stop) break;
  }
  breaks.lf += lfs;
  breaks.crlf += crlfs;
  breaks.cr += crs;
  return { lines: lineNo - firstNumber + 1, limitLine };
}

/** The line `[from, readTo)` (+ `tail`) cut to Google's line buffer, or null when it fits. */
function longLineCut(text: string, from: number, readTo: number, tail: string, ascii: boolean): { readTo: number; tail: string } | null {
  const cut = cutAtBytes(text, from, readTo, MAX_LINE_BYTES, ascii);
  if (cut.end < readTo) return { readTo: cut.end, tail: escapedBytesToString(cut.partial) };
  if (cut.bytes + tail.length > MAX_LINE_BYTES) return { readTo, tail: tail.slice(0, MAX_LINE_BYTES - cut.bytes) };
  return null;
}

// twoWordsSeparator's answers for a line of one word, and of more than two.
const ONE_WORD = -1;
const MANY_WORDS = -2;

/**
 * Where white space separates the two words of `text[s, e)` (a line without a colon); ONE_WORD
 * when it holds no white space, MANY_WORDS when more than two words.
 */
function twoWordsSeparator(text: string, s: number, e: number): number {
  let sep = ONE_WORD;
  for (let i = s; i < e; i++) {
    if (isSpaceOrTab(text.charCodeAt(i))) { sep = i; break; }
  }
  if (sep < 0) return ONE_WORD;
  let v = sep;
  while (v < e && isSpaceOrTab(text.charCodeAt(v))) v++;
  for (let i = v; i < e; i++) if (isSpaceOrTab(text.charCodeAt(i))) return MANY_WORDS;
  return sep;
}

/** Marks a line that holds no key and value. */
function noKeyValue(ev: ScannedLine): void {
  ev.field = FieldKey.None;
  ev.keyFrom = ev.keyTo = ev.valueFrom = ev.valueTo = -1;
  ev.tail = '';
  ev.plainValue = true;
}
