/**
 * Times as logs write them, to milliseconds since the epoch: Apache's `10/Oct/2000:13:55:36
 * -0700`, W3C's UTC date and time, ISO 8601 / RFC 3339, and epoch numbers in seconds,
 * milliseconds or nanoseconds (Cloudflare's EdgeStartTimestamp). NaN when unreadable.
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

/** Apache/nginx `%t`: `dd/Mon/yyyy:HH:MM:SS ±hhmm` (the zone optional: UTC). */
export function parseClfTime(s: string): number {
  let t = NaN;
  if (s.length >= 20 && s[2] === '/' && s[6] === '/' && s[11] === ':' && s[14] === ':' && s[17] === ':') {
    const month = MONTHS[s.slice(3, 6)];
    const zone = s.length >= 26 && s[20] === ' ' ? s.slice(21, 26) : s.length === 20 ? '+0000' : '';
    if (month !== undefined && /^[+-]\d{4}$/.test(zone)) {
      const offset = (zone[0] === '-' ? -1 : 1) * (digits(zone, 1, 2) * 60 + digits(zone, 3, 2));
      t = Date.UTC(digits(s, 7, 4), month, digits(s, 0, 2), digits(s, 12, 2), digits(s, 15, 2), digits(s, 18, 2)) - offset * 60_000;
    }
  }
  return t;
}

/** W3C extended: `date` (yyyy-mm-dd) and `time` (HH:MM:SS, fractions allowed), always UTC. */
export function parseW3cTime(date: string, time: string): number {
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-' || time.length < 8 || time[2] !== ':' || time[5] !== ':') return NaN;
  const ms = time.length > 9 && time[8] === '.' ? Math.round(Number('0' + time.slice(8)) * 1000) : 0;
  return Date.UTC(digits(date, 0, 4), digits(date, 5, 2) - 1, digits(date, 8, 2), digits(time, 0, 2), digits(time, 3, 2), digits(time, 6, 2)) + (Number.isNaN(ms) ? 0 : ms);
}

const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An epoch number by its size: seconds, milliseconds, microseconds or nanoseconds. */
function epoch(n: number): number {
  if (!Number.isFinite(n) || n <= 0) return NaN;
  if (n >= 1e17) return Math.floor(n / 1e6);
  if (n >= 1e14) return Math.floor(n / 1e3);
  if (n >= 1e11) return n;
  return n * 1000;
}

/**
 * Any of the times above, or ISO 8601 / RFC 3339 (UTC unless a zone is given), or an epoch number
 * (or its digits) in s, ms, µs or ns.
 */
export function parseLogTime(v: string | number): number {
  if (typeof v === 'number') return epoch(v);
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return epoch(Number(s));
  if (ISO.test(s)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : s + 'Z';
    const t = Date.parse(zoned.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(t) ? NaN : t;
  }
  const clf = s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1) : s;
  if (clf.length >= 20 && clf[2] === '/') return parseClfTime(clf);
  return NaN;
}
