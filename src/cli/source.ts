/**
 * Where a robots.txt comes from on the command line: a file, standard input, or an http(s) URL
 * fetched as Google fetches it (spec §2): redirects followed up to the limit, the body cut at
 * 500 KiB, and the status read as Google reads it.
 */
import { open } from 'node:fs/promises';
import {
  answerStatus, decodeRobotsBytes, describeBody, describeChain, englishNumber, fetchOutcome, MAX_REDIRECTS, MAX_ROBOTS_BYTES, redirectStep, type BodyNotice, type ChainLink,
  type FetchOutcome, type FetchStatus, type RedirectStep,
} from '../robots/index.js';
import { CliError } from './cli-error.js';

/** What fetching a robots.txt returned, and what Google makes of it. */
export interface FetchReport {
  readonly url: string;
  /** The URL whose answer ended the chain. */
  readonly finalUrl: string;
  /** HTTP status of the last answer; 0 for a network error or a timeout. */
  readonly code: number;
  /** Redirect hops followed (past the limit: the hops counted, the last one not followed). */
  readonly hops: number;
  /** Every answer in order: the URL asked for and its status (the last one ended the chain). */
  readonly chain: readonly ChainLink[];
  /** Why a 3xx answer was not followed (no Location, not a URL, not http(s), past the limit); null otherwise. */
  readonly unfollowed: (RedirectStep & { kind: 'stop' })['why'] | null;
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

/** True when `arg` names a robots.txt to fetch rather than a file. */
export function isRemote(arg: string): boolean {
  return /^https?:\/\//i.test(arg);
}

/** Reads the body of `res`, at most `limit` bytes; says whether there was more. Throws when the body breaks off or its fetch's signal aborts it. */
export async function readCapped(res: Response, limit: number): Promise<{ bytes: Uint8Array; cut: boolean }> {
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

const UNFOLLOWED: Record<(RedirectStep & { kind: 'stop' })['why'], (location: string | null) => string> = {
  'no-location': () => 'a redirect without a Location header',
  'bad-location': (l) => `a redirect to ${JSON.stringify(l)}, which is not a URL`,
  'not-http': (l) => `a redirect to ${JSON.stringify(l!.length > 60 ? `${l!.slice(0, 59)}…` : l)}, which is not an http(s) address: not followed`,
  'too-many': () => `more than ${MAX_REDIRECTS} redirects`,
};

/**
 * Fetches a robots.txt as Google does: follows up to five redirects (RFC 9309 §2.3.1.2; past that
 * it counts as not found) to http(s) addresses only, reads at most 500 KiB, and never throws for
 * what the server does. The chain of answers is reported; the site stays the one asked for.
 */
export async function fetchRobots(url: string, timeoutMs: number): Promise<{ report: FetchReport; text: string }> {
  let current = url;
  const chain: ChainLink[] = [];
  const deadline = AbortSignal.timeout(timeoutMs);
  const report = (code: number, error: string | null, extra: Partial<FetchReport> = {}): FetchReport => {
    const hops = Math.max(0, chain.length - 1);
    const s: FetchStatus = extra.status ?? (code === 0 ? { kind: 'network-error' } : hops > 0 ? { kind: 'http', code, redirects: hops } : { kind: 'http', code });
    return {
      url, finalUrl: current, code, hops, chain, unfollowed: null, error, bytes: 0, cut: false, body: [], ...extra, status: s, outcome: fetchOutcome(s),
    };
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
    chain.push({ url: current, code: res.status });
    const step = redirectStep(current, res.status, res.headers.get('location'), chain.length - 1);
    if (step.kind === 'follow') {
      await res.body?.cancel();
      current = step.url;
      continue;
    }
    if (step.kind === 'stop') {
      await res.body?.cancel();
      // Past the limit Google treats robots.txt as not found; so it does where it cannot follow.
      const status: FetchStatus = { kind: 'http', code: res.status, redirects: step.why === 'too-many' ? chain.length : 0 };
      const hops = step.why === 'too-many' ? { hops: chain.length } : {};
      return { report: report(res.status, UNFOLLOWED[step.why](step.location), { unfollowed: step.why, status, ...hops }), text: '' };
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
    // A 3xx that is no redirect (a 304, a 300) ended the chain as it is.
    const status = answerStatus(res.status, chain.length - 1);
    return { report: report(res.status, null, { bytes: body.bytes.length, cut: body.cut, body: notices, status }), text: ok ? decodeRobotsBytes(body.bytes) : '' };
  }
}

/** How much of a local robots.txt is read: Google's 500 KiB and a little past it, to show where the cut falls. */
export const READ_LIMIT = MAX_ROBOTS_BYTES + 64 * 1024;

/** How much of a file a command that rewrites it reads at most (it must have the whole file). */
export const EDIT_LIMIT = 32 * 1024 * 1024;

/** What reading a local robots.txt left out: the bytes read and the file's size (null when unknown, as on a pipe). */
export interface ReadCut {
  readonly read: number;
  readonly size: number | null;
}

/** Reads at most `limit` bytes of a file or standard input, and whether there was more. */
async function readUpTo(arg: string, limit: number): Promise<{ bytes: Uint8Array; cut: ReadCut | null }> {
  if (arg === '-') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        // What is past the limit is never held: a 3 GB pipe is read no further.
        process.stdin.destroy();
        return { bytes: Buffer.concat(chunks).subarray(0, limit), cut: { read: limit, size: null } };
      }
    }
    return { bytes: Buffer.concat(chunks), cut: null };
  }
  const file = await open(arg, 'r');
  try {
    const stat = await file.stat();
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    const buffer = Buffer.alloc(limit + 1);
    let got = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, got, buffer.length - got, null);
      if (bytesRead === 0) break;
      got += bytesRead;
      if (got > limit) break;
    }
    if (got <= limit) return { bytes: buffer.subarray(0, got), cut: null };
    return { bytes: buffer.subarray(0, limit), cut: { read: limit, size: stat.isFile() ? stat.size : null } };
  } finally {
    await file.close();
  }
}

/**
 * Reads a robots.txt named on the command line: a file, `-` (standard input) or an http(s) URL.
 * A local one is read up to `limit` bytes (READ_LIMIT: what Google reads and a little more); `cut`
 * says when there was more. A file that cannot be read throws CliError.
 */
export async function readSource(arg: string, timeoutMs = 10_000, limit = READ_LIMIT): Promise<RobotsSource & { readonly cut: ReadCut | null }> {
  if (isRemote(arg)) {
    const { report, text } = await fetchRobots(arg, timeoutMs);
    // The site is the one asked for, wherever its robots.txt redirects: its URLs stay in scope.
    return { text, site: new URL(report.url).origin, fetch: report, body: report.body, cut: null };
  }
  let read: { bytes: Uint8Array; cut: ReadCut | null };
  try {
    read = await readUpTo(arg, limit);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(arg === '-' ? `cannot read standard input: ${(e as Error).message}`
      : code === 'ENOENT' ? `no such file: ${arg}` : code === 'EISDIR' ? `is a directory: ${arg}` : code === 'EACCES' ? `cannot read ${arg}: permission denied` : `cannot read ${arg}: ${(e as Error).message}`);
  }
  return { text: decodeRobotsBytes(read.bytes), site: null, fetch: null, body: describeBody(read.bytes), cut: read.cut };
}

/** What a cut read means, for standard error. */
export function describeCut(name: string, cut: ReadCut): string {
  const n = englishNumber;
  return `${name}: ${cut.size === null ? `more than ${n(cut.read)} bytes` : `${n(cut.size)} bytes`}: read the first ${n(cut.read)}; Google reads ${n(MAX_ROBOTS_BYTES)} (500 KiB) and ignores the rest`;
}

/** One line saying what the fetch returned and what it means for every URL. */
export function describeFetch(r: FetchReport): string {
  const what = r.error && r.code === 0 ? r.error : `HTTP ${r.code}${r.hops > 0 ? ` after ${r.hops} redirect${r.hops === 1 ? '' : 's'}` : ''}${r.error ? ` (${r.error})` : ''}`;
  const size = r.code >= 200 && r.code < 300 ? `, ${englishNumber(r.bytes)} bytes${r.cut ? ' (cut at 500 KiB: Google reads no further)' : ''}` : '';
  const chain = r.chain.length > 1 ? ` Redirects: ${describeChain(r.chain)}.` : '';
  const site = new URL(r.url).origin;
  const away = r.chain.some((l) => new URL(l.url).origin !== site)
    ? ` The rules apply to ${site}'s URLs, the site whose robots.txt was asked for.` : '';
  return `fetched ${r.url}: ${what}${size}. ${r.outcome.reason}${chain}${away}${r.body.map((b) => ` ${b.text}`).join('')}`;
}
