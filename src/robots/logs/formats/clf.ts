/**
 * Apache's and nginx's common and combined formats (`%h %l %u %t "%r" %>s %b ["%{Referer}i"
 * "%{User-Agent}i"]`, mod_log_config), with an optional leading virtual host (`%v` or `%v:%p`,
 * Apache's vhost_combined); fields after the user agent (nginx's extras) are allowed.
 */
import { parseClfTime, withTimeOfDay } from '../time.js';
import { closingQuote, isDigit, plainHost, requestLine, unescapeLogged } from './fields.js';
import type { LogRequest } from './request.js';

/**
 * The day last read and its midnight: lines mostly share their day with the line before (a sparse
 * log as much as a busy one), so a line of that day has its time of day added rather than its
 * whole time read.
 */
export interface Clock {
  /** The time's text up to its hours (`dd/Mon/yyyy:`); '' before the first. */
  day: string;
  /** The time's text after its seconds (` ±hhmm`, or ''). */
  zone: string;
  /** The time at 00:00:00 of that day in that zone (ms); NaN when no clock shows it. */
  base: number;
}

/** A clock that has read nothing yet. */
export const newClock = (): Clock => ({ day: '', zone: '', base: NaN });

/** The `%t` time (without its brackets) written at `from`–`to` of line `s`, read through `clock`. */
function clfTimeAt(s: string, from: number, to: number, clock: Clock): number {
  const { day, zone } = clock;
  if (day.length === 12 && to - from === 20 + zone.length && s.startsWith(day, from) && s.startsWith(zone, from + 20)) {
    return withTimeOfDay(clock.base, s, from + 12);
  }
  const text = s.slice(from, to);
  if (text.length < 20) {
    clock.day = '';
    return parseClfTime(text);
  }
  clock.day = text.slice(0, 12);
  clock.zone = text.slice(20);
  clock.base = parseClfTime(`${clock.day}00:00:00${clock.zone}`);
  return withTimeOfDay(clock.base, text, 12);
}

/** A common or combined line read as a request; null when it is not one. */
export function readClf(s: string, line: number, clock: Clock): LogRequest | null {
  const open = s.indexOf(' [');
  if (open <= 0) return null;
  const close = s.indexOf(']', open + 2);
  if (close < 0 || s.charCodeAt(close + 1) !== 0x20 || s.charCodeAt(close + 2) !== 0x22) return null;
  // Three fields before the time (%h %l %u: the third space is the one before '['), or four
  // with a virtual host first.
  const s1 = s.indexOf(' ');
  const s2 = s.indexOf(' ', s1 + 1);
  const s3 = s2 < 0 || s2 >= open ? -1 : s.indexOf(' ', s2 + 1);
  let vhost = '';
  let ip: string;
  if (s3 === open) {
    ip = s.slice(0, s1);
  } else if (s3 > 0 && s.indexOf(' ', s3 + 1) === open) {
    vhost = s.slice(0, s1);
    ip = s.slice(s1 + 1, s2);
  } else return null;
  const time = clfTimeAt(s, open + 2, close, clock);
  if (Number.isNaN(time) || ip === '') return null;
  // Quoted fields end at the next quote unless a backslash could escape one: looked for once.
  const plain = s.indexOf('\\', close) < 0;
  const reqEnd = closingQuote(s, close + 2, plain);
  if (reqEnd < 0) return null;
  const { method, target } = requestLine(unescapeLogged(s.slice(close + 3, reqEnd)));
  // " status bytes"
  if (s.charCodeAt(reqEnd + 1) !== 0x20) return null;
  const st = reqEnd + 2;
  if (!isDigit(s.charCodeAt(st)) || !isDigit(s.charCodeAt(st + 1)) || !isDigit(s.charCodeAt(st + 2))) return null;
  const afterStatus = s.charCodeAt(st + 3);
  if (!Number.isNaN(afterStatus) && afterStatus !== 0x20) return null;
  const status = (s.charCodeAt(st) - 48) * 100 + (s.charCodeAt(st + 1) - 48) * 10 + (s.charCodeAt(st + 2) - 48);
  let userAgent = '';
  if (afterStatus === 0x20) {
    const bytesStart = st + 4;
    let bytesEnd = bytesStart;
    if (s.charCodeAt(bytesStart) === 0x2d) bytesEnd++;
    else while (isDigit(s.charCodeAt(bytesEnd))) bytesEnd++;
    if (bytesEnd === bytesStart) return null;
    const next = s.charCodeAt(bytesEnd);
    if (!Number.isNaN(next)) {
      if (next !== 0x20 || s.charCodeAt(bytesEnd + 1) !== 0x22) return null;
      // Combined: the referer and the user agent, both quoted.
      const refEnd = closingQuote(s, bytesEnd + 1, plain);
      if (refEnd < 0 || s.charCodeAt(refEnd + 1) !== 0x20 || s.charCodeAt(refEnd + 2) !== 0x22) return null;
      const uaEnd = closingQuote(s, refEnd + 2, plain);
      if (uaEnd < 0) return null;
      const ua = unescapeLogged(s.slice(refEnd + 3, uaEnd));
      userAgent = ua === '-' ? '' : ua;
    }
  }
  return { line, time, ip, method, target, host: vhost ? plainHost(vhost) : '', status, userAgent };
}
