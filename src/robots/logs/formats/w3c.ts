/**
 * The W3C Extended Log File Format (IIS, CloudFront): `#` directives, of which `#Fields` names
 * the columns of the lines after it, up to the next one.
 */
import { own } from '../own.js';
import { parseW3cTime, withTimeOfDay } from '../time.js';
import { isDigits, plainHost } from './fields.js';
import type { LogRequest } from './request.js';

/** How a W3C user agent is written: IIS writes spaces as '+', CloudFront percent-encodes. */
type Encoding = 'iis' | 'cloudfront';

/** A W3C field's value: '-' is none; `decode`: how the field is encoded (null: as it is). */
function w3cValue(v: string | undefined, decode: Encoding | null = null): string {
  if (v === undefined || v === '-') return '';
  if (!decode) return v;
  let out = decode === 'iis' && v.indexOf(' ') < 0 ? v.replace(/\+/g, ' ') : v;
  if (decode === 'cloudfront' && out.indexOf('%') >= 0) {
    try {
      out = decodeURIComponent(out);
    } catch {
      // a stray % stays as logged
    }
  }
  return out;
}

// A log names the same few thousand user agents again and again: each decoded once. Bounded, so a
// log of endless new agents does not fill memory.
const DECODED_LIMIT = 20_000;
const decoded: Record<Encoding, Map<string, string>> = { iis: new Map(), cloudfront: new Map() };

/** A user agent field decoded (w3cValue), remembered. */
function userAgentValue(v: string | undefined, encoding: Encoding): string {
  if (v === undefined) return '';
  const seen = decoded[encoding];
  let out = seen.get(v);
  if (out === undefined) {
    // Copied out of the chunk the line was cut from: a kept slice would keep its whole chunk alive.
    out = own(w3cValue(v, encoding));
    if (seen.size >= DECODED_LIMIT) seen.clear();
    seen.set(own(v), out);
  }
  return out;
}

/**
 * Where a #Fields directive puts the fields a request is read from (-1: not logged), found once for
 * all its lines; and the last date and time read, which consecutive lines mostly share.
 */
export interface W3cColumns {
  readonly count: number;
  readonly date: number;
  readonly time: number;
  readonly ip: number;
  readonly method: number;
  readonly stem: number;
  readonly query: number;
  readonly uri: number;
  readonly status: number;
  readonly userAgent: number;
  readonly xHostHeader: number;
  readonly csHost: number;
  readonly host: number;
  /** CloudFront's fields: its cs(Host) is the distribution's own name, its user agents percent-encoded. */
  readonly cloudfront: boolean;
  /** Each field's end in the line being read (scratch, reused line after line). */
  readonly ends: Int32Array;
  /**
   * The last date read and its midnight (NaN: none): a line of that date whose time has no
   * fraction has its time of day added (withTimeOfDay) rather than its whole time read.
   */
  clock: { date: string; base: number };
  /** The method of the last line read that logs one (scratch: most lines repeat it). */
  lastMethod: string;
}

/** The columns of a #Fields directive's field names (lower case). */
export function w3cColumns(fields: readonly string[]): W3cColumns {
  const at = (name: string) => fields.indexOf(name);
  return {
    count: fields.length, date: at('date'), time: at('time'), ip: at('c-ip'), method: at('cs-method'), stem: at('cs-uri-stem'), query: at('cs-uri-query'),
    uri: at('cs-uri'), status: at('sc-status'), userAgent: at('cs(user-agent)'), xHostHeader: at('x-host-header'), csHost: at('cs-host'), host: at('cs(host)'),
    cloudfront: isCloudFront(fields), ends: new Int32Array(fields.length), clock: { date: '', base: NaN }, lastMethod: '',
  };
}

/** Where field `i` starts in the line whose field ends are `ends`. */
const startOf = (ends: Int32Array, i: number): number => (i === 0 ? 0 : ends[i - 1]! + 1);

/** Field `i` of the line as it is logged; undefined when the field is not logged (-1). */
function field(s: string, ends: Int32Array, i: number): string | undefined {
  return i < 0 ? undefined : s.slice(startOf(ends, i), ends[i]);
}

/** Whether field `i` (logged) is '-', W3C's empty value. */
const isDash = (s: string, ends: Int32Array, i: number): boolean => ends[i]! - startOf(ends, i) === 1 && s.charCodeAt(startOf(ends, i)) === 0x2d;

/** Field `i`'s value (w3cValue, not decoded): '' when not logged or '-', without cutting a '-' out of the line. */
function plainField(s: string, ends: Int32Array, i: number): string {
  return i < 0 || isDash(s, ends, i) ? '' : s.slice(startOf(ends, i), ends[i]);
}

/** Whether field `i` is `text`, a short text (compared in the line, nothing cut out of it). */
function fieldIs(s: string, ends: Int32Array, i: number, text: string): boolean {
  const from = startOf(ends, i);
  return ends[i]! - from === text.length && startsWithAt(s, from, text);
}

/** Whether `s` holds the short `text` at `at` (by hand: startsWith with a position costs more than the few characters it compares). */
function startsWithAt(s: string, at: number, text: string): boolean {
  if (at + text.length > s.length) return false;
  for (let k = 0; k < text.length; k++) if (s.charCodeAt(at + k) !== text.charCodeAt(k)) return false;
  return true;
}

/** The status field's number: 0 for '-' or not logged; NaN when it is not digits. */
function statusOf(s: string, ends: Int32Array, i: number): number {
  if (i < 0 || isDash(s, ends, i)) return 0;
  const from = startOf(ends, i);
  const to = ends[i]!;
  // Long digit strings are left to Number, which rounds them as it does.
  if (to === from || to - from > 15) return isDigits(s.slice(from, to)) ? Number(s.slice(from, to)) : NaN;
  let n = 0;
  for (let k = from; k < to; k++) {
    const d = s.charCodeAt(k) - 0x30;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * W3C extended lines, read with the columns of the last #Fields directive: the line's fields are
 * split on tabs when it holds one, else on spaces, and must be as many as the directive names.
 * Only the fields a request needs are cut out of the line, and of those only the ones that differ
 * from the line before (its date, its method).
 */
export function readW3c(s: string, line: number, columns: W3cColumns | undefined): LogRequest | null {
  if (!columns) return null;
  const { count, ends } = columns;
  const sep = s.indexOf('\t') >= 0 ? '\t' : ' ';
  let from = 0;
  for (let i = 0; i < count - 1; i++) {
    const end = s.indexOf(sep, from);
    if (end < 0) return null;
    ends[i] = end;
    from = end + 1;
  }
  if (s.indexOf(sep, from) >= 0) return null;
  ends[count - 1] = s.length;

  let time = NaN;
  if (columns.date >= 0 && columns.time >= 0) {
    const clock = columns.clock;
    const at = startOf(ends, columns.time);
    // Most lines share the date of the line before: it is compared in the line, not cut out.
    if (ends[columns.time]! - at === 8 && clock.date !== '' && fieldIs(s, ends, columns.date, clock.date)) {
      time = withTimeOfDay(clock.base, s, at);
    } else {
      const date = field(s, ends, columns.date)!;
      time = parseW3cTime(date, field(s, ends, columns.time)!);
      clock.date = date;
      clock.base = parseW3cTime(date, '00:00:00');
    }
  }
  if (columns.date >= 0 && Number.isNaN(time)) return null;
  const stem = plainField(s, ends, columns.stem);
  if (stem === '' && columns.uri < 0) return null;
  const status = statusOf(s, ends, columns.status);
  if (Number.isNaN(status)) return null;
  const query = plainField(s, ends, columns.query);
  const target = stem !== '' ? (query !== '' ? `${stem}?${query}` : stem) : plainField(s, ends, columns.uri);
  const cloudfront = columns.cloudfront;
  const host = plainField(s, ends, columns.xHostHeader) || plainField(s, ends, columns.csHost) || (cloudfront ? '' : plainField(s, ends, columns.host));
  // Lines mostly repeat the method of the line before: that one string is kept.
  if (columns.method >= 0 && !fieldIs(s, ends, columns.method, columns.lastMethod)) columns.lastMethod = plainField(s, ends, columns.method);
  return {
    line, time, ip: plainField(s, ends, columns.ip), method: columns.method >= 0 ? columns.lastMethod : '', target, host: host === '' ? '' : plainHost(host),
    status, userAgent: userAgentValue(field(s, ends, columns.userAgent), cloudfront ? 'cloudfront' : 'iis'),
  };
}

/** The field names of a `#Fields:` directive (lower case); null for any other line. */
export function w3cFields(s: string): string[] | null {
  if (!s.startsWith('#Fields:')) return null;
  return s.slice(8).trim().split(/\s+/).map((f) => f.toLowerCase());
}

/** Whether W3C fields are CloudFront's (it alone logs the edge location). */
export function isCloudFront(fields: readonly string[] | undefined): boolean {
  return fields?.includes('x-edge-location') ?? false;
}
