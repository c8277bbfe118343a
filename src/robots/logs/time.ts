/**
 * Times as logs write them, to milliseconds since the epoch: Apache's `10/Oct/2000:13:55:36
 * -0700`, W3C's UTC date and time, ISO 8601 / RFC 3339, and epoch numbers in seconds,
 * milliseconds, microseconds or nanoseconds (Cloudflare's EdgeStartTimestamp, in each unit Logpush
 * writes it). NaN when unreadable, and for a date or offset no clock shows.
 */

const MONTHS: Readonly<Record<string, number>> = {
  Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11,
};

const digits = (s: string, from: number, n: number): number => {
  let v = 0;
  for (let i = from; i < from + n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return v;
};

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * A UTC time from its parts (month from 0; `offset` in minutes east of UTC); NaN for a time no
 * clock shows (32 Mar, 29 Feb 2023, 24:00, an offset past ±18:00) or a year no web log has (before
 * 1970): Date.UTC would shift it to another day (and read years 0–99 as 1900–1999).
 */
function utcTime(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number, offset: number): number {
  if (!(y >= 1970 && y <= 9999 && mo >= 0 && mo <= 11 && d >= 1 && h <= 23 && mi <= 59 && s <= 60 && Math.abs(offset) <= 18 * 60)) return NaN;
  if (d > (mo === 1 && leap(y) ? 29 : DAYS[mo]!)) return NaN;
  // A leap second (23:59:60) is the last instant of its minute.
  return Date.UTC(y, mo, d, h, mi, Math.min(s, 59)) + (s === 60 ? 999 : ms) - offset * 60_000;
}

/** Two digits at `at` of `s` as a number; NaN when they are not two digits. */
function twoDigits(s: string, at: number): number {
  const d0 = s.charCodeAt(at) - 48;
  const d1 = s.charCodeAt(at + 1) - 48;
  return d0 >= 0 && d0 <= 9 && d1 >= 0 && d1 <= 9 ? d0 * 10 + d1 : NaN;
}

/**
 * A time `base` (midnight of its day, as utcTime gives it; NaN: none) with the `HH:MM:SS` written
 * at `at` of `s` added, as utcTime reads them: hours to 23, minutes to 59, second 60 (a leap
 * second) the minute's last instant; anything else is no time.
 */
export function withTimeOfDay(base: number, s: string, at: number): number {
  if (s.charCodeAt(at + 2) !== 0x3a || s.charCodeAt(at + 5) !== 0x3a) return NaN;
  const h = twoDigits(s, at);
  const mi = twoDigits(s, at + 3);
  const sec = twoDigits(s, at + 6);
  if (!(h <= 23 && mi <= 59 && sec <= 60)) return NaN;
  return base + h * 3_600_000 + mi * 60_000 + (sec < 60 ? sec * 1000 : 59_999);
}

/** A `±hhmm` or `±hh:mm` zone's offset in minutes (minutes at most 59); NaN when it is none. */
function zoneOffset(z: string): number {
  // By hand rather than by a regular expression: every CLF line has one.
  const sign = z.charCodeAt(0);
  const colon = z.length === 6 && z.charCodeAt(3) === 0x3a ? 1 : 0;
  if ((sign !== 0x2b && sign !== 0x2d) || z.length !== 5 + colon) return NaN;
  const hours = digits(z, 1, 2);
  const minutes = digits(z, 3 + colon, 2);
  if (!(minutes <= 59) || Number.isNaN(hours)) return NaN;
  return (sign === 0x2d ? -1 : 1) * (hours * 60 + minutes);
}

/** Apache/nginx `%t`: `dd/Mon/yyyy:HH:MM:SS ±hhmm` (the zone optional: UTC). */
export function parseClfTime(s: string): number {
  if (!(s.length >= 20 && s[2] === '/' && s[6] === '/' && s[11] === ':' && s[14] === ':' && s[17] === ':')) return NaN;
  const month = MONTHS[s.slice(3, 6)];
  const zone = s.length >= 26 && s[20] === ' ' ? s.slice(21, 26) : s.length === 20 ? '+0000' : '';
  const offset = zoneOffset(zone);
  if (month === undefined || Number.isNaN(offset)) return NaN;
  return utcTime(digits(s, 7, 4), month, digits(s, 0, 2), digits(s, 12, 2), digits(s, 15, 2), digits(s, 18, 2), 0, offset);
}

/** Milliseconds of a fraction of a second written `.ddd…` (any number of digits); NaN when it is none. */
const fraction = (f: string): number => (f === '' ? 0 : /^\.\d+$/.test(f) ? Math.floor(Number('0' + f) * 1000) : NaN);

/** W3C extended: `date` (yyyy-mm-dd) and `time` (HH:MM:SS, fractions allowed), always UTC. */
export function parseW3cTime(date: string, time: string): number {
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-' || time.length < 8 || time[2] !== ':' || time[5] !== ':') return NaN;
  const ms = fraction(time.slice(8));
  if (Number.isNaN(ms)) return NaN;
  return utcTime(digits(date, 0, 4), digits(date, 5, 2) - 1, digits(date, 8, 2), digits(time, 0, 2), digits(time, 3, 2), digits(time, 6, 2), ms, 0);
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An epoch number by its size: seconds, milliseconds, microseconds or nanoseconds (fractions allowed); NaN past 9999. */
function epoch(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return NaN;
  const ms = n >= 1e17 ? Math.floor(n / 1e6) : n >= 1e14 ? Math.floor(n / 1e3) : n >= 1e11 ? Math.floor(n) : Math.round(n * 1000);
  return ms < 253_402_300_800_000 ? ms : NaN;
}

/**
 * Any of the times above, or ISO 8601 / RFC 3339 (UTC unless a zone is given), or an epoch number
 * (or its digits) in s, ms, µs or ns.
 */
export function parseLogTime(v: string | number): number {
  if (typeof v === 'number') return epoch(v);
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return epoch(Number(s));
  const iso = ISO.exec(s);
  if (iso) {
    const [, y, mo, d, h, mi, sec, frac, zone] = iso;
    const offset = zone === undefined || zone === 'Z' ? 0 : zoneOffset(zone);
    return Number.isNaN(offset) ? NaN : utcTime(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec ?? 0), fraction(frac ?? ''), offset);
  }
  const clf = s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s;
  if (clf.length >= 20 && clf[2] === '/') return parseClfTime(clf);
  return NaN;
}

/**
 * Whether a value is written as one of the times above (whether or not a clock shows it): a log's
 * time field that is, but reads NaN, holds an impossible date; one that is not is in a form not read.
 */
export function isTimeShaped(v: string | number): boolean {
  if (typeof v === 'number') return true;
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s) || ISO.test(s)) return true;
  const clf = s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s;
  return /^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2}(?: [+-]\d{4})?$/.test(clf);
}
