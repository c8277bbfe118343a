/**
 * The W3C Extended Log File Format (IIS, CloudFront): `#` directives, of which `#Fields` names
 * the columns of the lines after it, up to the next one.
 */
import { own } from '../own.js';
import { parseW3cTime, withSeconds } from '../time.js';
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
   * The last date and minute read (`HH:MM:`) and the time at its second 0 (NaN: none): a line of
   * that minute whose time has no fraction has its seconds added (withSeconds).
   */
  clock: { date: string; minute: string; base: number };
}

/** The columns of a #Fields directive's field names (lower case). */
export function w3cColumns(fields: readonly string[]): W3cColumns {
  const at = (name: string) => fields.indexOf(name);
  return {
    count: fields.length, date: at('date'), time: at('time'), ip: at('c-ip'), method: at('cs-method'), stem: at('cs-uri-stem'), query: at('cs-uri-query'),
    uri: at('cs-uri'), status: at('sc-status'), userAgent: at('cs(user-agent)'), xHostHeader: at('x-host-header'), csHost: at('cs-host'), host: at('cs(host)'),
    cloudfront: isCloudFront(fields), ends: new Int32Array(fields.length), clock: { date: '', minute: '', base: NaN },
  };
}

/**
 * W3C extended lines, read with the columns of the last #Fields directive: the line's fields are
 * split on tabs when it holds one, else on spaces, and must be as many as the directive names.
 * Only the fields a request needs are cut out of the line.
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
  const get = (i: number): string | undefined => (i < 0 ? undefined : s.slice(i === 0 ? 0 : ends[i - 1]! + 1, ends[i]));

  const date = get(columns.date);
  const clockText = get(columns.time);
  let time = NaN;
  if (date !== undefined && clockText !== undefined) {
    const clock = columns.clock;
    if (clockText.length === 8 && clock.minute.length === 6 && date === clock.date && clockText.startsWith(clock.minute)) time = withSeconds(clock.base, clockText, 6);
    else {
      time = parseW3cTime(date, clockText);
      if (clockText.length >= 8) {
        clock.date = date;
        clock.minute = clockText.slice(0, 6);
        clock.base = parseW3cTime(date, `${clock.minute}00`);
      }
    }
  }
  if (date !== undefined && Number.isNaN(time)) return null;
  const ip = w3cValue(get(columns.ip));
  const stem = w3cValue(get(columns.stem));
  const query = w3cValue(get(columns.query));
  const statusText = get(columns.status);
  if (stem === '' && columns.uri < 0) return null;
  if (statusText !== undefined && statusText !== '-' && !isDigits(statusText)) return null;
  const target = stem !== '' ? (query !== '' ? `${stem}?${query}` : stem) : w3cValue(get(columns.uri));
  const cloudfront = columns.cloudfront;
  const host = w3cValue(get(columns.xHostHeader)) || w3cValue(get(columns.csHost)) || (cloudfront ? '' : w3cValue(get(columns.host)));
  return {
    line, time, ip, method: w3cValue(get(columns.method)), target, host: plainHost(host),
    status: statusText && statusText !== '-' ? Number(statusText) : 0, userAgent: userAgentValue(get(columns.userAgent), cloudfront ? 'cloudfront' : 'iis'),
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
