/**
 * A robots.txt's past as the Wayback Machine keeps it: the query of its CDX index (one row per
 * archived version: collapse=digest drops captures equal to the one before), the reading of its
 * JSON answer, the capture nearest a date, and the address of a capture's raw body (`id_`).
 * No I/O here: the app and the CLI fetch.
 */

/** The Wayback Machine; a stand-in (a test server) may take its place. */
export const WAYBACK_URL = 'https://web.archive.org';

/**
 * The most of a CDX answer that is read: 64 MiB. The CDX server returns at most 150,000 rows a
 * query (its README: "absolute maximum length returned from a single query"), some 20 MB of the
 * four fields asked for; a robots.txt's versions, one row per change, are a few hundred kB at most.
 * An answer larger than this is no list of captures.
 */
export const MAX_CDX_BYTES = 64 * 1024 * 1024;

/** One archived version of a robots.txt. */
export interface Capture {
  /** The capture's 14-digit UTC timestamp (yyyyMMddhhmmss), as the archive names it. */
  readonly timestamp: string;
  /** The same moment in milliseconds since 1970 (UTC). */
  readonly time: number;
  /** The URL that was archived. */
  readonly url: string;
  /** The HTTP status the site answered; null when the archive does not say (a revisit). */
  readonly status: number | null;
  /** The archive's digest of the body (base-32 SHA-1): equal digests, equal files. */
  readonly digest: string;
}

/** Why a CDX answer cannot be read. */
export type CdxProblem = 'not-json' | 'not-a-table';

/** The CDX query listing every version of `robotsUrl` (its scheme left to the archive: http and https alike). */
export function cdxQueryUrl(robotsUrl: string, base: string = WAYBACK_URL): string {
  const target = robotsUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return `${base.replace(/\/+$/, '')}/cdx/search/cdx?url=${encodeURIComponent(target)}&output=json&fl=timestamp,original,statuscode,digest&collapse=digest`;
}

/** The address of a capture's body as it was archived (`id_`: no banner, no rewritten links). */
export function captureRawUrl(capture: Pick<Capture, 'timestamp' | 'url'>, base: string = WAYBACK_URL): string {
  return `${base.replace(/\/+$/, '')}/web/${capture.timestamp}id_/${capture.url}`;
}

/** The Wayback Machine's page listing every capture of `robotsUrl`, for people. */
export function capturesPageUrl(robotsUrl: string, base: string = WAYBACK_URL): string {
  return `${base.replace(/\/+$/, '')}/web/*/${robotsUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')}`;
}

/** A 14-digit timestamp (or a shorter prefix: 2021, 202103…) as milliseconds since 1970 UTC; NaN when it is not one. */
export function timestampTime(timestamp: string): number {
  const m = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?$/.exec(timestamp);
  if (!m) return NaN;
  const [y, mo = '01', d = '01', h = '00', mi = '00', s = '00'] = m.slice(1);
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Date.UTC rolls over (month 13 → next year): a timestamp that rolls is not a date.
  const back = new Date(t);
  return back.getUTCMonth() === Number(mo) - 1 && back.getUTCDate() === Number(d) && Number(h) < 24 && Number(mi) < 60 && Number(s) < 60 ? t : NaN;
}

/**
 * A date as a person writes it: `2021`, `2021-03`, `2021-03-04`, `2021-03-04T10:00:00Z` (any
 * ISO 8601 form) or an archive timestamp (`20210304100000`); UTC unless a zone is given.
 * Milliseconds since 1970, or null when it is not a date.
 */
export function readDate(input: string): number | null {
  const s = input.trim();
  const compact = /^\d{4}(?:-?\d{2}(?:-?\d{2})?)?$/.test(s) ? s.replace(/-/g, '') : /^\d{8,14}$/.test(s) ? s : null;
  if (compact !== null && compact.length % 2 === 0) {
    const t = timestampTime(compact);
    return Number.isNaN(t) ? null : t;
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s)) return null;
  const t = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(s) ? s : `${s.replace(' ', 'T')}Z`);
  return Number.isNaN(t) ? null : t;
}

/**
 * Reads the CDX index's JSON answer (a header row naming the fields, then one row per capture)
 * into captures, oldest first. An empty answer (`[]`) is no capture. Never throws.
 */
export function readCdxJson(text: string): { ok: true; captures: Capture[] } | { ok: false; problem: CdxProblem } {
  let rows: unknown;
  try {
    rows = JSON.parse(text.trim() === '' ? '[]' : text);
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r) && r.every((c) => typeof c === 'string'))) return { ok: false, problem: 'not-a-table' };
  if (rows.length === 0) return { ok: true, captures: [] };
  const header = rows[0] as string[];
  const at = (name: string) => header.indexOf(name);
  const [ts, original, status, digest] = [at('timestamp'), at('original'), at('statuscode'), at('digest')];
  if (ts < 0 || original < 0) return { ok: false, problem: 'not-a-table' };
  const captures: Capture[] = [];
  for (const row of rows.slice(1) as string[][]) {
    // A resumption key follows an empty row: the list ends there.
    if (row.length === 0) break;
    const time = timestampTime(row[ts] ?? '');
    const url = row[original] ?? '';
    if (Number.isNaN(time) || !/^https?:\/\//i.test(url)) continue;
    const code = status >= 0 && /^\d{3}$/.test(row[status] ?? '') ? Number(row[status]) : null;
    captures.push({ timestamp: row[ts]!, time, url, status: code, digest: digest >= 0 ? row[digest] ?? '' : '' });
  }
  return { ok: true, captures: captures.sort((a, b) => a.time - b.time) };
}

/** The capture nearest `time` among those `usable` keeps (an earlier one on a tie), or null. */
export function nearestCapture(captures: readonly Capture[], time: number, usable: (c: Capture) => boolean = () => true): Capture | null {
  let best: Capture | null = null;
  for (const c of captures) {
    if (!usable(c)) continue;
    if (best === null || Math.abs(c.time - time) < Math.abs(best.time - time)) best = c;
  }
  return best;
}

/** Whether a capture holds a robots.txt body (the site answered 2xx); unknown statuses count as bodies. */
export function holdsFile(c: Capture): boolean {
  return c.status === null || (c.status >= 200 && c.status < 300);
}
