/**
 * What the HTTP result of fetching robots.txt means for every URL (spec §2).
 */

/** The fetch result to assume, as the HTTP-status picker offers it. */
export type FetchStatus =
  | { readonly kind: 'http'; readonly code: number; readonly redirects?: number }
  | { readonly kind: 'network-error' };

/** Google's reading of a fetch result. */
export interface FetchOutcome {
  /** 'rules': the file's rules apply; else everything is allowed or disallowed. */
  readonly effect: 'rules' | 'allow-all' | 'disallow-all';
  readonly reason: string;
}

/** Google follows at least five redirect hops (RFC 9309 §2.3.1.2). */
export const MAX_REDIRECTS = 5;

/** The fetch result that applies the file as written. */
export const FETCH_OK: FetchStatus = { kind: 'http', code: 200 };

/** The outcome of a fetch result (spec §2). */
export function fetchOutcome(status: FetchStatus): FetchOutcome {
  if (status.kind === 'network-error') {
    return { effect: 'disallow-all', reason: 'A network error or timeout counts as a server error: Google crawls nothing until it can fetch robots.txt (after 30 days it uses its last cached copy, or allows everything if it has none).' };
  }
  const { code } = status;
  if (code >= 200 && code < 300) return { effect: 'rules', reason: `HTTP ${code}: the file’s rules apply.` };
  if (code >= 300 && code < 400) {
    const hops = status.redirects ?? 1;
    if (hops <= MAX_REDIRECTS) return { effect: 'rules', reason: `HTTP ${code}: Google follows ${hops} redirect hop${hops === 1 ? '' : 's'} (up to ${MAX_REDIRECTS}); the rules of the file at the end apply.` };
    return { effect: 'allow-all', reason: `HTTP ${code} with ${hops} redirect hops: more than ${MAX_REDIRECTS}, so Google treats robots.txt as not found and allows everything.` };
  }
  if (code === 429 || (code >= 500 && code < 600)) {
    return { effect: 'disallow-all', reason: `HTTP ${code}: a server error. Google crawls nothing until it can fetch robots.txt (after 30 days it uses its last cached copy, or allows everything if it has none).` };
  }
  if (code >= 400 && code < 500) {
    return { effect: 'allow-all', reason: `HTTP ${code}: Google treats robots.txt as missing and allows everything${code === 401 || code === 403 ? ' (401 and 403 too)' : ''}.` };
  }
  return { effect: 'rules', reason: `HTTP ${code}.` };
}
