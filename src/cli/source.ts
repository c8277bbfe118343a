/**
 * Where a robots.txt comes from on the command line: a file, standard input, or an http(s) URL
 * fetched as Google fetches it (spec §2): redirects followed up to the limit, the body cut at
 * 500 KiB, and the status read as Google reads it.
 */
import { readFileSync } from 'node:fs';
import {
  decodeRobotsBytes, describeBody, fetchOutcome, MAX_REDIRECTS, MAX_ROBOTS_BYTES, type BodyNotice, type FetchOutcome, type FetchStatus,
} from '../robots/index.js';

/** What fetching a robots.txt returned, and what Google makes of it. */
export interface FetchReport {
  readonly url: string;
  /** The URL whose answer ended the chain. */
  readonly finalUrl: string;
  /** HTTP status of the last answer; 0 for a network error or a timeout. */
  readonly code: number;
  /** Redirect hops followed. */
  readonly hops: number;
  /** Why the fetch failed (network error, timeout, too many redirects); null when an answer came. */
  readonly error: string | null;
  /** Bytes read of the body (at most 500 KiB are read). */
  readonly bytes: number;
  /** True when the body was longer than 500 KiB and was cut there. */
  readonly cut: boolean;
  /** The fetch result as checks take it. */
  readonly status: FetchStatus;
  readonly outcome: FetchOutcome;
  /** What the body is when it is not a plain robots.txt (an HTML page, UTF-16, a non-text type). */
  readonly body: readonly BodyNotice[];
}

/** A robots.txt to read: its text, the site it belongs to (for a fetched one), and the fetch report. */
export interface RobotsSource {
  readonly text: string;
  readonly site: string | null;
  readonly fetch: FetchReport | null;
  /** What the body is when it is not a plain robots.txt (the fetch report carries it too). */
  readonly body: readonly BodyNotice[];
}

/** Thrown for input the user must fix (exit code 2). */
export class SourceError extends Error {}

/** True when `arg` names a robots.txt to fetch rather than a file. */
export function isRemote(arg: string): boolean {
  return /^https?:\/\//i.test(arg);
}

/** Reads the body of `res`, at most `limit` bytes; says whether there was more. */
async function readCapped(res: Response, limit: number): Promise<{ bytes: Uint8Array; cut: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(0), cut: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > limit) {
      chunks.push(value.subarray(0, limit - size));
      size = limit;
      cut = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, cut };
}

/**
 * Fetches a robots.txt as Google does: follows up to five redirects (RFC 9309 §2.3.1.2; past that
 * it counts as not found), reads at most 500 KiB, and never throws for what the server does.
 */
export async function fetchRobots(url: string, timeoutMs: number): Promise<{ report: FetchReport; text: string }> {
  let current = url;
  let hops = 0;
  const deadline = AbortSignal.timeout(timeoutMs);
  const report = (code: number, error: string | null, bytes = 0, cut = false, status?: FetchStatus, body: readonly BodyNotice[] = []): FetchReport => {
    const s: FetchStatus = status ?? (code === 0 ? { kind: 'network-error' } : hops > 0 ? { kind: 'http', code, redirects: hops } : { kind: 'http', code });
    return { url, finalUrl: current, code, hops, error, bytes, cut, status: s, outcome: fetchOutcome(s), body };
  };
  for (;;) {
    let res: Response;
    try {
      res = await fetch(current, { redirect: 'manual', signal: deadline, headers: { 'user-agent': 'robots-txt-tester (+https://github.com/)' } });
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      const why = err.name === 'TimeoutError' || err.name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s (timeout)`
        : `network error${err.cause?.code ? ` (${err.cause.code})` : ''}`;
      return { report: report(0, why), text: '' };
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      hops++;
      if (hops > MAX_REDIRECTS) {
        // Google gives up after five hops and treats robots.txt as not found.
        return { report: report(res.status, `more than ${MAX_REDIRECTS} redirects`, 0, false, { kind: 'http', code: res.status, redirects: hops }), text: '' };
      }
      current = new URL(location, current).href;
      continue;
    }
    let body: { bytes: Uint8Array; cut: boolean };
    try {
      body = await readCapped(res, MAX_ROBOTS_BYTES);
    } catch {
      // A body that breaks off (or times out) is a network error (spec §2).
      return { report: report(0, 'the body broke off or timed out'), text: '' };
    }
    const ok = res.status >= 200 && res.status < 300;
    const notices = ok ? describeBody(body.bytes, res.headers.get('content-type')) : [];
    return { report: report(res.status, null, body.bytes.length, body.cut, undefined, notices), text: ok ? decodeRobotsBytes(body.bytes) : '' };
  }
}

/** Reads a robots.txt named on the command line: a file, `-` (standard input) or an http(s) URL. */
export async function readSource(arg: string, timeoutMs = 10_000): Promise<RobotsSource> {
  if (isRemote(arg)) {
    const { report, text } = await fetchRobots(arg, timeoutMs);
    return { text, site: new URL(report.finalUrl).origin, fetch: report, body: report.body };
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(arg === '-' ? 0 : arg);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new SourceError(arg === '-' ? `cannot read standard input: ${(e as Error).message}`
      : code === 'ENOENT' ? `no such file: ${arg}` : code === 'EISDIR' ? `is a directory: ${arg}` : `cannot read ${arg}: ${(e as Error).message}`);
  }
  return { text: decodeRobotsBytes(bytes), site: null, fetch: null, body: describeBody(bytes) };
}

/** One line saying what the fetch returned and what it means for every URL. */
export function describeFetch(r: FetchReport): string {
  const what = r.error && r.code === 0 ? r.error : `HTTP ${r.code}${r.hops > 0 ? ` after ${r.hops} redirect${r.hops === 1 ? '' : 's'}` : ''}${r.error ? ` (${r.error})` : ''}`;
  const size = r.code >= 200 && r.code < 300 ? `, ${r.bytes.toLocaleString('en-US')} bytes${r.cut ? ' (cut at 500 KiB: Google reads no further)' : ''}` : '';
  return `fetched ${r.url}: ${what}${size}. ${r.outcome.reason}${r.body.map((b) => ` ${b.text}`).join('')}`;
}
