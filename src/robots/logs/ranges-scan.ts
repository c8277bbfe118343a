/**
 * An operators' IP ranges file read in the plain form they publish it in — one object with string
 * fields and a `prefixes` list of one-field objects (`{"ipv4Prefix": "66.249.64.0/27"}`) — without
 * JSON.parse: a million-prefix file spent a second making a million objects only to read one string
 * from each. The form is a strict part of JSON (strings without escapes, no repeated field), so a
 * text it accepts means what JSON.parse reads; for any other text it answers null and the caller
 * parses the JSON.
 */
import { own } from './own.js';

/** The prefixes of a plain ranges file: each one's kind and where its string is in the text. */
export interface PlainRanges {
  readonly creationTime: string | null;
  /** How many prefixes it lists. */
  readonly count: number;
  /** 4 or 6 a prefix, in the file's order. */
  readonly kinds: Uint8Array;
  /** Each prefix's string (without its quotes) as [start, end) offsets: two a prefix. */
  readonly spans: Uint32Array;
}

// The shortest a prefix can be written: {"ipv4Prefix":""} — its room is set aside at once, since
// growing lists of millions cost more than the scan (each copy's fresh memory is paged in).
const SHORTEST_PREFIX = 17;

// Positions are passed in and out rather than kept in a closure: the scan's loop stays in registers.

/** Past JSON white space at `i`. */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

/** The closing quote of a string at `i` without escapes or control characters; -1 when there is none such. */
function plainStringEnd(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x22) return -1;
  const close = text.indexOf('"', i + 1);
  if (close < 0) return -1;
  for (let k = i + 1; k < close; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 || c === 0x5c) return -1;
  }
  return close;
}

/** Past the character `c` (white space before it allowed) at `i`; -1 when it is not there. */
function past(text: string, i: number, c: number): number {
  i = skipSpace(text, i);
  return text.charCodeAt(i) === c ? i + 1 : -1;
}

/** The kind of the prefix field named at [from, to): 4, 6, or 0 for another. */
function prefixKind(text: string, from: number, to: number): number {
  if (to - from !== 10 || !text.startsWith('Prefix', from + 4)) return 0;
  return text.startsWith('ipv4', from) ? 4 : text.startsWith('ipv6', from) ? 6 : 0;
}

/** The prefixes of `text` when it is a ranges file in the plain form; null otherwise. */
export function plainRanges(text: string): PlainRanges | null {
  let creationTime: string | null = null;
  let kinds: Uint8Array | null = null;
  let spans: Uint32Array | null = null;
  let count = 0;
  const seen = new Set<string>();
  let i = past(text, 0, 0x7b);
  if (i < 0) return null;
  for (;;) {
    i = skipSpace(text, i);
    const keyEnd = plainStringEnd(text, i);
    if (keyEnd < 0) return null;
    const key = text.slice(i + 1, keyEnd);
    if (seen.has(key)) return null;
    seen.add(key);
    i = past(text, keyEnd + 1, 0x3a);
    if (i < 0) return null;
    i = skipSpace(text, i);
    if (key === 'prefixes') {
      const most = Math.floor(text.length / SHORTEST_PREFIX) + 1;
      kinds = new Uint8Array(most);
      spans = new Uint32Array(2 * most);
      i = past(text, i, 0x5b);
      if (i < 0) return null;
      i = skipSpace(text, i);
      if (text.charCodeAt(i) === 0x5d) i++;
      else {
        for (;;) {
          i = past(text, i, 0x7b);
          if (i < 0) return null;
          i = skipSpace(text, i);
          const nameEnd = plainStringEnd(text, i);
          if (nameEnd < 0) return null;
          const kind = prefixKind(text, i + 1, nameEnd);
          if (kind === 0) return null;
          i = past(text, nameEnd + 1, 0x3a);
          if (i < 0) return null;
          i = skipSpace(text, i);
          const valueEnd = plainStringEnd(text, i);
          if (valueEnd < 0) return null;
          kinds[count] = kind;
          spans[2 * count] = i + 1;
          spans[2 * count + 1] = valueEnd;
          count++;
          i = past(text, valueEnd + 1, 0x7d);
          if (i < 0) return null;
          i = skipSpace(text, i);
          const c = text.charCodeAt(i++);
          if (c === 0x5d) break;
          if (c !== 0x2c) return null;
        }
      }
    } else {
      // Another field (creationTime, syncToken…): a plain string.
      const end = plainStringEnd(text, i);
      if (end < 0) return null;
      // A string of its own: a slice would keep the whole file's text alive with it.
      if (key === 'creationTime') creationTime = own(text.slice(i + 1, end));
      i = end + 1;
    }
    i = skipSpace(text, i);
    const c = text.charCodeAt(i++);
    if (c === 0x7d) break;
    if (c !== 0x2c) return null;
  }
  if (skipSpace(text, i) !== text.length || kinds === null || spans === null) return null;
  return { creationTime, count, kinds, spans };
}
