/**
 * Byte-level helpers. Google's parser works on UTF-8 bytes; the engine works on JS strings.
 * Bytes that are not valid UTF-8 are carried losslessly as lone low surrogates U+DC80–U+DCFF
 * ("surrogate escape"), so a rule written in Latin-1 is escaped to the same %XX as Google does.
 */

const HEX = '0123456789ABCDEF';

/** True when the UTF-16 unit at `i` is a lone low surrogate that stands for one raw byte. */
export function isEscapedByte(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0xdc80 || c > 0xdcff) return false;
  const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
  return !(prev >= 0xd800 && prev <= 0xdbff);
}

/** Decodes robots.txt bytes: valid UTF-8 as text, every invalid byte as a surrogate escape. */
export function decodeRobotsBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return decodeLossless(bytes);
  }
}

function decodeLossless(bytes: Uint8Array): string {
  const out: number[] = [];
  let chunk = '';
  const flush = (): void => {
    chunk += String.fromCharCode(...out);
    out.length = 0;
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need = 0;
    let cp = 0;
    let min = 0;
    if (b < 0x80) {
      out.push(b);
      i++;
    } else {
      if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 0x1f; min = 0x80; }
      else if (b >= 0xe0 && b <= 0xef) { need = 2; cp = b & 0x0f; min = 0x800; }
      else if (b >= 0xf0 && b <= 0xf4) { need = 3; cp = b & 0x07; min = 0x10000; }
      let ok = need > 0;
      if (ok) {
        for (let k = 1; k <= need; k++) {
          const n = bytes[i + k];
          if (n === undefined || (n & 0xc0) !== 0x80) { ok = false; break; }
          cp = (cp << 6) | (n & 0x3f);
        }
      }
      if (ok && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
      if (ok) {
        if (cp >= 0x10000) {
          const v = cp - 0x10000;
          out.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
        } else {
          out.push(cp);
        }
        i += need + 1;
      } else {
        out.push(0xdc00 + b);
        i++;
      }
    }
    if (out.length > 4096) flush();
  }
  flush();
  return chunk;
}

/** UTF-8 byte length of the unit(s) starting at `i`, and how many units they span. */
export function unitBytes(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const n = text.charCodeAt(i + 1);
    return n >= 0xdc00 && n <= 0xdfff ? 4 : 3;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const p = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (p >= 0xd800 && p <= 0xdbff) return 0; // second half of a pair, counted with the first
    return c >= 0xdc80 && c <= 0xdcff ? 1 : 3;
  }
  return 3;
}

/** UTF-8 byte length of `text[from, to)`, counting surrogate-escaped bytes as one byte. */
export function utf8Length(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdfff) n += unitBytes(text, i);
    else n += 3;
  }
  return n;
}

const encoder = new TextEncoder();
// Scratch space for the platform's encoder: its bytes are never read, only how many it wrote.
let scratch = new Uint8Array(0);
function scratchBytes(n: number): Uint8Array {
  if (scratch.length < n) scratch = new Uint8Array(n + 1024);
  return scratch;
}

// Units the platform's encoder counts as 3 bytes (a lone surrogate becomes U+FFFD) that may be one
// surrogate-escaped raw byte here; every other unit it counts as utf8Length does.
const MAYBE_ESCAPED = /[\uDC80-\uDCFF]/g;
// The encoder's scratch space stays below ~12 MB; longer texts are counted unit by unit.
const MAX_ENCODED_UNITS = 4_000_000;

/** What a reading of a text needs to know before it starts: its size, and where it is not plain ASCII. */
export interface TextSurvey {
  /** UTF-8 size; a surrogate-escaped raw byte counts one byte (as utf8Length counts). */
  readonly bytes: number;
  /** Every unit is ASCII. */
  readonly ascii: boolean;
  /** Some unit is NUL. */
  readonly nul: boolean;
  /**
   * The stretches of units beyond ASCII, as [start, end) offsets into the text, ascending and
   * apart: start0, end0, start1, end1… (empty for ASCII text).
   */
  readonly runs: readonly number[];
}

// The platform's encoder tells an ASCII stretch at once on texts of Latin-1 units (a copy), and a
// stretch of wider units by encoding it: the text is asked a piece at a time, so a text that is
// not ASCII is found out early.
const ASCII_PIECE = 65_536;
// Units the survey passes over (ASCII but NUL): a greedy class loop, twice as quick as searching
// for the units it stops at.
const PLAIN_UNITS = /[\x01-\x7f]*/y;
const NO_RUNS: readonly number[] = [];

/** Whether every unit of `text` is ASCII, asking the platform's encoder a piece at a time. */
function isAscii(text: string): boolean {
  const n = text.length;
  for (let a = 0; a < n; a += ASCII_PIECE) {
    const b = Math.min(a + ASCII_PIECE, n);
    const piece = a === 0 && b === n ? text : text.slice(a, b);
    // Room for exactly one byte a unit: an ASCII piece fits whole, any other does not.
    const { read, written } = encoder.encodeInto(piece, scratchBytes(b - a).subarray(0, b - a));
    if (read !== b - a || written !== b - a) return false;
  }
  return true;
}

/**
 * Surveys `text[from, to)`: its UTF-8 size, whether it is ASCII or holds a NUL, and where its
 * units beyond ASCII are (offsets into `text`). Native passes over the ASCII; a loop only over the
 * other units.
 */
export function surveyText(text: string, from = 0, to = text.length): TextSurvey {
  const part = from === 0 && to === text.length ? text : text.slice(from, to);
  const n = part.length;
  if (isAscii(part)) return { bytes: n, ascii: true, nul: part.indexOf('\0') >= 0, runs: NO_RUNS };
  const runs: number[] = [];
  let nul = false;
  // Bytes beyond one a unit.
  let extra = 0;
  let p = 0;
  for (;;) {
    PLAIN_UNITS.lastIndex = p;
    PLAIN_UNITS.test(part);
    p = PLAIN_UNITS.lastIndex;
    if (p >= n) break;
    let c = part.charCodeAt(p);
    if (c === 0) {
      nul = true;
      p++;
      continue;
    }
    const start = p;
    do {
      if (c < 0x800) extra += 1;
      else if (c < 0xd800 || c > 0xdfff) extra += 2;
      else if (c <= 0xdbff) {
        // A pair is 4 bytes (counted here), a lone high surrogate U+FFFD's 3.
        const next = part.charCodeAt(p + 1);
        extra += next >= 0xdc00 && next <= 0xdfff ? 3 : 2;
      } else {
        // A low surrogate: the second half of a pair (counted with the first), a raw byte, or U+FFFD.
        const prev = part.charCodeAt(p - 1);
        extra += prev >= 0xd800 && prev <= 0xdbff ? -1 : c >= 0xdc80 && c <= 0xdcff ? 0 : 2;
      }
      p++;
    } while (p < n && (c = part.charCodeAt(p)) >= 0x80);
    runs.push(from + start, from + p);
  }
  return { bytes: n + extra, ascii: false, nul, runs };
}

/**
 * The char offset in `text` (from `from`) where `maxBytes` bytes are used up, and the raw bytes of
 * a character the limit splits (Google cuts bytes, not characters). `ascii`: the caller knows
 * `text[from, to)` is pure ASCII, so a byte is a character.
 */
export function cutAtBytes(
  text: string,
  from: number,
  to: number,
  maxBytes: number,
  ascii = false,
): { end: number; bytes: number; partial: number[] } {
  if (ascii) return to - from <= maxBytes ? { end: to, bytes: to - from, partial: [] } : { end: from + maxBytes, bytes: maxBytes, partial: [] };
  const part = from === 0 && to === text.length ? text : text.slice(from, to);
  // A surrogate-escaped byte is one byte here and three to the encoder: count those unit by unit.
  MAYBE_ESCAPED.lastIndex = 0;
  // So are ranges whose ends split a surrogate pair (the reference reads the pair whole).
  if (part.length > MAX_ENCODED_UNITS || MAYBE_ESCAPED.test(part) || splitsPair(text, from) || splitsPair(text, to)) {
    return cutAtBytesByUnits(text, from, to, maxBytes);
  }
  // The encoder stops before the first character that does not fit whole.
  const { read, written } = encoder.encodeInto(part, scratchBytes(maxBytes).subarray(0, maxBytes));
  if (read === part.length) return { end: to, bytes: written, partial: [] };
  const room = maxBytes - written;
  return { end: from + read, bytes: maxBytes, partial: room > 0 ? utf8BytesAt(text, from + read).slice(0, room) : [] };
}

/** Whether offset `at` falls between the two halves of a surrogate pair. */
function splitsPair(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  const p = text.charCodeAt(at - 1);
  return c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff;
}

/** cutAtBytes unit by unit: the reference the fast paths must equal, and the path for escaped bytes. */
export function cutAtBytesByUnits(text: string, from: number, to: number, maxBytes: number): { end: number; bytes: number; partial: number[] } {
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const b = unitBytes(text, i);
    if (bytes + b > maxBytes) {
      const room = maxBytes - bytes;
      return { end: i, bytes: maxBytes, partial: room > 0 ? utf8BytesAt(text, i).slice(0, room) : [] };
    }
    bytes += b;
  }
  return { end: to, bytes, partial: [] };
}

/** The UTF-8 bytes of the character starting at `i` (a surrogate escape yields its one byte). */
export function utf8BytesAt(text: string, i: number): number[] {
  const c = text.charCodeAt(i);
  if (c < 0x80) return [c];
  if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 0x3f)];
  if (c >= 0xd800 && c <= 0xdbff) {
    const n = text.charCodeAt(i + 1);
    if (n >= 0xdc00 && n <= 0xdfff) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (n - 0xdc00);
      return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
    }
    return [0xef, 0xbf, 0xbd];
  }
  if (c >= 0xdc80 && c <= 0xdcff && isEscapedByte(text, i)) return [c - 0xdc00];
  if (c >= 0xdc00 && c <= 0xdfff) return [0xef, 0xbf, 0xbd];
  return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
}

/** `%XX` for one byte, upper-case hex as Google writes it. */
export function percentByte(b: number): string {
  return '%' + HEX[(b >> 4) & 0xf]! + HEX[b & 0xf]!;
}

/** Turns raw bytes back into surrogate-escape units so a byte cut mid-character stays exact. */
export function escapedBytesToString(bytes: readonly number[]): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b < 0x80 ? b : 0xdc00 + b);
  return s;
}

/** Encodes text back to robots.txt bytes: UTF-8, with surrogate-escaped bytes restored as they were. */
export function encodeRobotsText(text: string): Uint8Array {
  if (!/[\uDC80-\uDCFF]/.test(text)) return new TextEncoder().encode(text);
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    for (const b of utf8BytesAt(text, i)) out.push(b);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return new Uint8Array(out);
}
