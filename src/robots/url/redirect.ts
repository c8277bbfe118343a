/**
 * Following a robots.txt's redirects, one answer at a time, as every fetch of the tester does (the
 * CLI's, the app's): which answers redirect, where to, and when to stop. Pure: the caller fetches.
 */
import { MAX_REDIRECTS } from './status.js';

/** The statuses that redirect (the Fetch standard's redirect statuses); 300, 304, 305 and 306 do not. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What one answer of a robots.txt fetch leads to. */
export type RedirectStep =
  /** Not a redirect: this answer's status and body decide. */
  | { readonly kind: 'answer' }
  /** A redirect to follow: fetch `url` next. */
  | { readonly kind: 'follow'; readonly url: string }
  /**
   * A 3xx whose redirect cannot be followed: no Location, one that is no URL, one to another scheme
   * than http(s) (data:, file:, javascript:…), or one hop past the limit.
   */
  | { readonly kind: 'stop'; readonly why: 'no-location' | 'bad-location' | 'not-http' | 'too-many'; readonly location: string | null };

/**
 * The step after an answer with `code` and `location` (its Location header, or null) to a request
 * for `url`, `hops` redirects into the chain. A relative Location resolves against `url`.
 */
export function redirectStep(url: string, code: number, location: string | null, hops: number): RedirectStep {
  if (!REDIRECTS.has(code)) return { kind: 'answer' };
  if (location === null || location.trim() === '') return { kind: 'stop', why: 'no-location', location: null };
  let next: URL;
  try {
    next = new URL(location, url);
  } catch {
    return { kind: 'stop', why: 'bad-location', location };
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return { kind: 'stop', why: 'not-http', location };
  if (hops >= MAX_REDIRECTS) return { kind: 'stop', why: 'too-many', location };
  next.hash = '';
  return { kind: 'follow', url: next.href };
}

/** One answer of a fetch's chain: the URL asked for and the status it answered. */
export interface ChainLink {
  readonly url: string;
  readonly code: number;
}

/** The chain as one line: `http://a/robots.txt (301) → https://a/robots.txt (200)`. */
export function describeChain(chain: readonly ChainLink[]): string {
  return chain.map((l) => `${l.url} (${l.code})`).join(' → ');
}

/** The origin of `url`, or null when it has none (not an http(s) URL). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}
