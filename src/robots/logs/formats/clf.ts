/**
 * Apache's and nginx's common and combined formats (`%h %l %u %t "%r" %>s %b ["%{Referer}i"
 * "%{User-Agent}i"]`, mod_log_config), with an optional leading virtual host (`%v` or `%v:%p`,
 * Apache's vhost_combined); fields after the user agent (nginx's extras) are allowed.
 */
import { parseClfTime } from '../time.js';
import { closingQuote, isDigit, plainHost, requestLine, unescapeLogged } from './fields.js';
import type { LogRequest } from './request.js';

/** The last time read and its value: consecutive lines mostly share their second. */
export interface Clock {
  text: string;
  time: number;
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
  let time = clock.time;
  if (close - open - 2 !== clock.text.length || !s.startsWith(clock.text, open + 2)) {
    clock.text = s.slice(open + 2, close);
    time = clock.time = parseClfTime(clock.text);
  }
  if (Number.isNaN(time) || ip === '') return null;
  const reqEnd = closingQuote(s, close + 2);
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
      const refEnd = closingQuote(s, bytesEnd + 1);
      if (refEnd < 0 || s.charCodeAt(refEnd + 1) !== 0x20 || s.charCodeAt(refEnd + 2) !== 0x22) return null;
      const uaEnd = closingQuote(s, refEnd + 2);
      if (uaEnd < 0) return null;
      const ua = unescapeLogged(s.slice(refEnd + 3, uaEnd));
      userAgent = ua === '-' ? '' : ua;
    }
  }
  return { line, time, ip, method, target, host: vhost ? plainHost(vhost) : '', status, userAgent };
}
