/**
 * The addresses that named a crawler and failed its verification (outside its operator's ranges,
 * or its DNS names not the operator's), per crawler, with their requests: kept beside the tally,
 * merged exactly across threads and files, and written as deny lists ready to paste (one address
 * a line, nginx `deny` lines, a Cloudflare expression).
 */
import ipaddr from 'ipaddr.js';

/** One crawler's spoofing addresses. */
export interface CrawlerSpoofers {
  /** Each address in one canonical form (canonicalAddress) and its requests. */
  readonly addresses: Map<string, number>;
  /** Requests whose logged address is no address (nothing to deny). */
  notAddress: number;
  /** Requests from addresses past SPOOFERS_KEPT (not listed). */
  unlisted: number;
}

/** By crawlerKey. */
export type SpooferTally = Map<string, CrawlerSpoofers>;

/**
 * Addresses kept per crawler. Below it every list is exact whatever the threads; a log with more
 * (an attack from a botnet) lists the first ones each thread saw and counts the rest.
 */
export const SPOOFERS_KEPT = 20_000;

const crawlerSpoofers = (tally: SpooferTally, key: string): CrawlerSpoofers => {
  let s = tally.get(key);
  if (!s) tally.set(key, (s = { addresses: new Map(), notAddress: 0, unlisted: 0 }));
  return s;
};

/** Counts a spoofed request of the crawler `key` (its crawlerKey) from `address` (canonicalAddress of the logged one: null when none). */
export function addSpoofer(tally: SpooferTally, key: string, address: string | null): void {
  const s = crawlerSpoofers(tally, key);
  if (address === null) {
    s.notAddress++;
    return;
  }
  const had = s.addresses.get(address);
  if (had !== undefined) s.addresses.set(address, had + 1);
  else if (s.addresses.size < SPOOFERS_KEPT) s.addresses.set(address, 1);
  else s.unlisted++;
}

/** Adds `from` (another thread's, another file's) into `into`. */
export function mergeSpoofers(into: SpooferTally, from: ReadonlyMap<string, CrawlerSpoofers>): void {
  for (const [key, f] of from) {
    const s = crawlerSpoofers(into, key);
    s.notAddress += f.notAddress;
    s.unlisted += f.unlisted;
    for (const [address, n] of f.addresses) {
      const had = s.addresses.get(address);
      if (had !== undefined) s.addresses.set(address, had + n);
      else if (s.addresses.size < SPOOFERS_KEPT) s.addresses.set(address, n);
      else s.unlisted += n;
    }
  }
}

/** An address's bytes (4 for IPv4, 16 for IPv6), for ordering. */
const bytesOf = (address: string): number[] => ipaddr.parse(address).toByteArray();

/** IPv4 before IPv6, each in address order. */
function byAddress(a: { bytes: number[] }, b: { bytes: number[] }): number {
  if (a.bytes.length !== b.bytes.length) return a.bytes.length - b.bytes.length;
  for (let i = 0; i < a.bytes.length; i++) if (a.bytes[i] !== b.bytes[i]) return a.bytes[i]! - b.bytes[i]!;
  return 0;
}

/**
 * An address as deny lists write it: IPv4 dotted, IPv6 in RFC 5952's short form — but never
 * starting with `::` (written out whole then), which a terminal-safe line would have to escape.
 */
function written(address: string): string {
  if (!address.includes(':')) return address;
  const a = ipaddr.IPv6.parse(address);
  const short = a.toRFC5952String();
  return short.startsWith('::') ? a.toNormalizedString() : short;
}

/**
 * The spoofing addresses of the crawlers whose keys are given (every crawler's by default), each
 * once, IPv4 before IPv6 in address order, with their requests (summed over the crawlers).
 */
export function spoofingAddresses(tally: ReadonlyMap<string, CrawlerSpoofers>, keys: readonly string[] = [...tally.keys()]): { address: string; requests: number }[] {
  const sum = new Map<string, number>();
  for (const key of keys) for (const [a, n] of tally.get(key)?.addresses ?? []) sum.set(a, (sum.get(a) ?? 0) + n);
  return [...sum].map(([a, requests]) => ({ bytes: bytesOf(a), address: written(a), requests })).sort(byAddress).map(({ address, requests }) => ({ address, requests }));
}

/**
 * Cloudflare's limit on one rule's expression (Rules language: maximum rule expression length).
 * Not the policy's constant: importing the policy here would tie the logs' entry to its code.
 */
const CLOUDFLARE_MAX_EXPRESSION = 4096;

/** The deny lists the tester writes. */
export const DENY_FORMATS = ['plain', 'nginx', 'cloudflare'] as const;
export type DenyFormat = (typeof DENY_FORMATS)[number];

/** A deny list of `addresses` (as spoofingAddresses gives them): '' when there are none. */
export function denyList(addresses: readonly string[], format: DenyFormat): string {
  if (addresses.length === 0) return '';
  switch (format) {
    case 'plain':
      return addresses.map((a) => `${a}\n`).join('');
    case 'nginx':
      return addresses.map((a) => `deny ${a};\n`).join('');
    case 'cloudflare':
      // Rules language: an inline list of addresses is space-separated in braces.
      return `(ip.src in {${addresses.join(' ')}})\n`;
  }
}

/**
 * Addresses a deny list shows at first (copying takes them all): a text box of 11,000 lines took
 * the browser 0.3–1.3 s to lay out.
 */
export const DENY_LIST_SHOWN = 500;

/** Whether a deny list is longer than its server takes in one rule (a Cloudflare expression past 4,096 characters). */
export function denyListTooLong(list: string, format: DenyFormat): boolean {
  return format === 'cloudflare' && list.trimEnd().length > CLOUDFLARE_MAX_EXPRESSION;
}
