/**
 * The reverse-then-forward DNS check the operators document (Google's "Verifying Googlebot"):
 * the address's name must lie in the operator's domain, and that name must resolve back to the
 * address. The resolver is handed in (the CLI's is Node's; tests give a fake), so this does no I/O.
 */
import { GOOGLE_COMMON_CRAWLERS, GOOGLE_SPECIAL_CRAWLERS, canonicalAddress, type Verification } from './ranges.js';
import { GOOGLE_USER_TRIGGERED } from './identify.js';

/**
 * Looks names up: what the CLI gives (node:dns), or a fake. A name with no record resolves to []
 * or rejects with code ENOTFOUND/ENODATA; any other failure (refused, timeout, SERVFAIL) rejects
 * with its own code, so that it is never taken for "no record".
 */
export interface DnsResolver {
  /** The names of an address (its PTR records: look `ptrName(ip)` up, not Node's `reverse`, which reports every failure as ENOTFOUND). */
  reverse(ip: string): Promise<readonly string[]>;
  /** The addresses of a name (A and AAAA). */
  resolve(host: string): Promise<readonly string[]>;
}

const GOOGLE = ['googlebot.com', 'google.com'];

/** The domains each crawler's reverse names lie in, as its operator documents them (profile ids, unnamed bots' names in lower case). */
export const DNS_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(GOOGLE_COMMON_CRAWLERS.map((id) => [id, GOOGLE])),
  ...Object.fromEntries(GOOGLE_SPECIAL_CRAWLERS.map((id) => [id, GOOGLE])),
  // User-triggered fetchers resolve to google.com, or gae.googleusercontent.com for Google Cloud's.
  ...Object.fromEntries(GOOGLE_USER_TRIGGERED.map((n) => n.toLowerCase()).map((id) => [id, ['google.com', 'gae.googleusercontent.com']])),
  bingbot: ['search.msn.com'],
  applebot: ['applebot.apple.com'],
  yandexbot: ['yandex.ru', 'yandex.net', 'yandex.com'],
  baiduspider: ['baidu.com', 'baidu.jp'],
  amazonbot: ['crawl.amazonbot.amazon'],
  petalbot: ['petalsearch.com'],
};

/** The domains a crawler's reverse DNS names lie in, or null when its operator documents none. */
export function dnsDomains(crawlerId: string): readonly string[] | null {
  return DNS_DOMAINS[crawlerId.toLowerCase()] ?? null;
}

const within = (name: string, domains: readonly string[]): boolean => {
  const n = name.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => n === d || n.endsWith('.' + d));
};

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/**
 * A lookup's answers; [] for "no such record"; null when the lookup failed (refused, a timeout,
 * SERVFAIL). Node's `reverse` (c-ares getHostByAddr) reports a refused or timed-out lookup as
 * ENOTFOUND too: from it, ENOTFOUND cannot tell, so it counts as failed.
 */
async function answers(lookup: Promise<readonly string[]>): Promise<readonly string[] | null> {
  try {
    return await lookup;
  } catch (e) {
    const { code, syscall } = e as { code?: string; syscall?: string };
    return NO_RECORD.has(code ?? '') && syscall !== 'getHostByAddr' ? [] : null;
  }
}

/** The name an address's PTR records are under (`1.66.249.66.in-addr.arpa`, nibbles under `ip6.arpa`); null when `ip` is not an address. */
export function ptrName(ip: string): string | null {
  const canonical = canonicalAddress(ip);
  if (canonical === null) return null;
  if (!canonical.includes(':')) return `${canonical.split('.').reverse().join('.')}.in-addr.arpa`;
  const hex = canonical.split(':').map((p) => p.padStart(4, '0')).join('');
  return `${[...hex].reverse().join('.')}.ip6.arpa`;
}

/**
 * Verified when a reverse name of `ip` lies in `domains` and resolves back to `ip`; spoofed when
 * the address has no such name; null when DNS could not tell (a lookup failed, or `ip` is no address).
 */
export async function verifyByDns(ip: string, domains: readonly string[], resolver: DnsResolver): Promise<Verification | null> {
  const want = canonicalAddress(ip);
  // A logged host name (or nothing) in place of an address: DNS cannot tell from it.
  if (want === null) return null;
  const names = await answers(resolver.reverse(ip));
  if (names === null) return null;
  let failed = false;
  for (const name of names) {
    if (!within(name, domains)) continue;
    const back = await answers(resolver.resolve(name.replace(/\.$/, '')));
    if (back === null) {
      failed = true;
      continue;
    }
    if (back.some((a) => canonicalAddress(a) === want)) return 'verified';
  }
  return failed ? null : 'spoofed';
}

/**
 * One verification from the ranges' and DNS's: either verifying is enough; spoofed when one
 * says so and none verifies; unverified when neither could tell.
 */
export function combineVerification(ranges: Verification, dns: Verification | null | undefined): Verification {
  if (ranges === 'verified' || dns === 'verified') return 'verified';
  if (ranges === 'spoofed' || dns === 'spoofed') return 'spoofed';
  return 'unverified';
}
