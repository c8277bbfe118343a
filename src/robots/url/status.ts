/**
 * What the HTTP result of fetching robots.txt means for every URL (spec §2).
 */
import { formatIcu } from '../text/index.js';


/**
 * The fetch result to assume, as the HTTP-status picker offers it. For a 3xx code, `redirects` is
 * the hops followed (1 when not said); 0 means the 3xx answer itself ended the fetch: it had no
 * redirect that can be followed (no Location, or not an http(s) one).
 */
export type FetchStatus =
  | { readonly kind: 'http'; readonly code: number; readonly redirects?: number }
  | { readonly kind: 'network-error' };

/** Google's reading of a fetch result. */
export interface FetchOutcome {
  /** 'rules': the file's rules apply; else everything is allowed or disallowed. */
  readonly effect: 'rules' | 'allow-all' | 'disallow-all';
  /** Which case of spec §2 (the message's select key). */
  readonly kind: 'ok' | 'followed' | 'redirects' | 'unfollowed' | 'unmodified' | 'missing' | 'server' | 'network' | 'other';
  readonly code: number;
  readonly hops: number;
  /** The case in English (FETCH_MESSAGE worded). */
  readonly reason: string;
}

/** The ICU template of every fetch outcome (English; the app translates it). */
export const FETCH_MESSAGE = '{status, select, network {A network error or timeout counts as a server error: Google crawls nothing until it can fetch robots.txt (after 30 days it uses its last cached copy, or allows everything if it has none).} server {HTTP {code}: a server error. Google crawls nothing until it can fetch robots.txt (after 30 days it uses its last cached copy, or allows everything if it has none).} missing {HTTP {code}: Google treats robots.txt as missing and allows everything.} redirects {HTTP {code} with {hops} redirect hops: more than 5, so Google treats robots.txt as not found and allows everything.} followed {HTTP {code}: Google follows {hops, plural, one {# redirect hop} other {# redirect hops}} (up to 5); the rules of the file at the end apply.} unfollowed {HTTP {code} with no redirect to follow (no Location, or not http(s)): Google treats robots.txt as not found and allows everything.} unmodified {HTTP 304 (Not Modified) answers a request for a cached copy, and none was made: Google treats robots.txt as not found and allows everything.} ok {HTTP {code}: the file’s rules apply.} other {HTTP {code}.}}';

// Outcomes are immutable and few: each is worded once (every check and analysis asks for one).
const outcomes = new Map<string, FetchOutcome>();

function outcome(effect: FetchOutcome['effect'], kind: FetchOutcome['kind'], code: number, hops = 0): FetchOutcome {
  const key = `${kind} ${code} ${hops}`;
  let o = outcomes.get(key);
  if (!o) {
    if (outcomes.size > 1000) outcomes.clear();
    o = { effect, kind, code, hops, reason: formatIcu(FETCH_MESSAGE, { status: kind, code, hops }) };
    outcomes.set(key, o);
  }
  return o;
}

/** Google follows at least five redirect hops (RFC 9309 §2.3.1.2). */
export const MAX_REDIRECTS = 5;

/** The fetch result that applies the file as written. */
export const FETCH_OK: FetchStatus = { kind: 'http', code: 200 };

/** The outcome of a fetch result (spec §2). */
export function fetchOutcome(status: FetchStatus): FetchOutcome {
  if (status.kind === 'network-error') return outcome('disallow-all', 'network', 0);
  const { code } = status;
  if (code >= 200 && code < 300) return outcome('rules', 'ok', code);
  // A 304 is no redirect: it says a cached copy is still good, and there is none here.
  if (code === 304) return outcome('allow-all', 'unmodified', code);
  if (code >= 300 && code < 400) {
    const hops = status.redirects ?? 1;
    // Google stops where a redirect cannot be followed and reads the chain as not found (spec §2).
    if (hops === 0) return outcome('allow-all', 'unfollowed', code);
    return hops <= MAX_REDIRECTS ? outcome('rules', 'followed', code, hops) : outcome('allow-all', 'redirects', code, hops);
  }
  if (code === 429 || (code >= 500 && code < 600)) return outcome('disallow-all', 'server', code);
  if (code >= 400 && code < 500) return outcome('allow-all', 'missing', code);
  return outcome('rules', 'other', code);
}

/**
 * The fetch result of the answer that ended a fetch, redirects already followed: a 3xx there was
 * not followed (no Location, not an http(s) one, or no redirect at all, as a 304).
 */
export function answerStatus(code: number, hops = 0): FetchStatus {
  if (code >= 300 && code < 400) return { kind: 'http', code, redirects: 0 };
  return hops > 0 ? { kind: 'http', code, redirects: hops } : { kind: 'http', code };
}
