/**
 * Crawlers verified by their operators' published IP ranges: the JSON files Google, Bing, OpenAI,
 * Apple, Perplexity and DuckDuckGo publish (`{"creationTime", "prefixes": [{"ipv4Prefix"|"ipv6Prefix"}]}`),
 * recognised by their published names or given for a crawler (`<crawler>=<file>`). IPv4 and IPv6
 * CIDR through ipaddr.js. A request is verified (in its operator's ranges), spoofed (ranges known,
 * the address outside them) or unverified (no ranges known for the crawler it names).
 */
import ipaddr from 'ipaddr.js';
import { GOOGLE_USER_TRIGGERED } from './identify.js';
import { own } from './own.js';
import { plainRanges } from './ranges-scan.js';
import { PrefixSet, type PackedPrefixSet } from './prefix-set.js';

/** How a request's claim to be a crawler stands against what its operator publishes. */
export type Verification = 'verified' | 'spoofed' | 'unverified';

/** Google's common crawlers (googlebot.json, common-crawlers.json): the tester's profile ids. */
export const GOOGLE_COMMON_CRAWLERS: readonly string[] = [
  'googlebot', 'googlebot-image', 'googlebot-video', 'googlebot-news', 'storebot-google', 'google-inspectiontool',
  'googleother', 'googleother-image', 'googleother-video', 'google-cloudvertexbot',
];
/** Google's special-case crawlers (special-crawlers.json). */
export const GOOGLE_SPECIAL_CRAWLERS: readonly string[] = ['apis-google', 'adsbot-google', 'adsbot-google-mobile', 'mediapartners-google', 'google-safety'];
const GOOGLE_FETCHERS: readonly string[] = GOOGLE_USER_TRIGGERED.map((n) => n.toLowerCase());

/** The operators' published file names and the crawlers (profile ids, or unnamed bots' names) each covers. */
export const PUBLISHED_RANGES: readonly { readonly name: RegExp; readonly operator: string; readonly crawlers: readonly string[] }[] = [
  { name: /^googlebot\.json$/, operator: 'Google', crawlers: GOOGLE_COMMON_CRAWLERS },
  { name: /^common-crawlers\.json$/, operator: 'Google', crawlers: GOOGLE_COMMON_CRAWLERS },
  { name: /^special-crawlers\.json$/, operator: 'Google', crawlers: GOOGLE_SPECIAL_CRAWLERS },
  { name: /^user-triggered-fetchers.*\.json$/, operator: 'Google', crawlers: GOOGLE_FETCHERS },
  { name: /^bingbot\.json$/, operator: 'Microsoft', crawlers: ['bingbot'] },
  { name: /^gptbot\.json$/, operator: 'OpenAI', crawlers: ['gptbot'] },
  { name: /^searchbot\.json$/, operator: 'OpenAI', crawlers: ['oai-searchbot'] },
  { name: /^chatgpt-user\.json$/, operator: 'OpenAI', crawlers: ['chatgpt-user'] },
  { name: /^applebot\.json$/, operator: 'Apple', crawlers: ['applebot'] },
  { name: /^perplexitybot\.json$/, operator: 'Perplexity', crawlers: ['perplexitybot'] },
  { name: /^perplexity-user\.json$/, operator: 'Perplexity', crawlers: ['perplexity-user'] },
  { name: /^duckduckbot\.json$/, operator: 'DuckDuckGo', crawlers: ['duckduckbot'] },
];

/** The crawlers a published file covers, by its name (a path's last part; a browser's ` (1)` copy suffix allowed); null when not one. */
export function publishedCrawlers(fileName: string): readonly string[] | null {
  const base = fileName.split(/[\\/]/).pop()!.toLowerCase().replace(/\s*\(\d+\)(?=\.json$)/, '');
  return PUBLISHED_RANGES.find((p) => p.name.test(base))?.crawlers ?? null;
}

/** One file's ranges, ready to match. */
export interface IpRanges {
  /** Where they came from (a file name), for messages. */
  readonly source: string;
  /** The crawlers they verify: profile ids or unnamed bots' names, lower case. */
  readonly crawlers: readonly string[];
  readonly creationTime: string | null;
  /** IPv4 prefixes, two numbers each, one after the other: the network and the mask, unsigned 32-bit. */
  readonly v4: Uint32Array;
  /** IPv6 prefixes, nine numbers each, one after the other: the network's eight 16-bit parts, then the prefix length. */
  readonly v6: Uint32Array;
  /** How many prefixes were read (IPv4 and IPv6). */
  readonly count: number;
  /** Entries that were not a prefix (skipped). */
  readonly skipped: number;
  /** The first INVALID_KEPT of them: the line of the file each is on (0 when it cannot be told) and its text. */
  readonly invalid: readonly InvalidPrefix[];
}

/** An entry of a ranges file that is not a prefix. */
export interface InvalidPrefix {
  readonly line: number;
  /** The entry as written (at most 100 characters). */
  readonly entry: string;
}

/** Invalid entries kept (named) per file; all are counted. */
export const INVALID_KEPT = 20;

/** Why a ranges file cannot be used. */
export class IpRangesError extends Error {}

/** A dotted-quad IPv4 address (1 to 3 digits a part, each at most 255) as an unsigned 32-bit number; NaN when it is not one. */
function v4Number(s: string): number {
  // By hand rather than by a regular expression: a million-prefix ranges file reads in a fraction of the time.
  let n = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (++digits > 3) return NaN;
      octet = octet * 10 + (c - 0x30);
    } else if (c === 0x2e && digits > 0 && dots < 3 && octet <= 255) {
      n = n * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else return NaN;
  }
  return dots === 3 && digits > 0 && octet <= 255 ? n * 256 + octet : NaN;
}

const maskOf = (bits: number): number => (bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0);

/** The one or two digits of a prefix length at `from`, up to the next '/' or the end; NaN when they are not. */
function prefixLength(s: string, from: number): number {
  let end = s.indexOf('/', from);
  if (end < 0) end = s.length;
  const d0 = s.charCodeAt(from) - 0x30;
  const d1 = end - from === 2 ? s.charCodeAt(from + 1) - 0x30 : 0;
  if (end - from < 1 || end - from > 2 || !(d0 >= 0 && d0 <= 9) || !(d1 >= 0 && d1 <= 9)) return NaN;
  return end - from === 2 ? d0 * 10 + d1 : d0;
}

/** Unsigned 32-bit numbers added one after another to a typed array made big enough at once (doubled if not). */
class NumberList {
  values: Uint32Array;
  length = 0;

  constructor(room: number) {
    this.values = new Uint32Array(Math.max(16, room));
  }

  push(n: number): void {
    if (this.length === this.values.length) {
      const more = new Uint32Array(this.values.length * 2);
      more.set(this.values);
      this.values = more;
    }
    this.values[this.length++] = n;
  }

  /** The numbers added, in a typed array of their own length. */
  done(): Uint32Array {
    return this.values.slice(0, this.length);
  }
}

/**
 * Reads one ranges file in the operators' format. `crawlers`: whom it verifies (from its
 * published name, or as given). Throws IpRangesError with a readable message when it is not one.
 */
export function readIpRanges(text: string, source: string, crawlers: readonly string[]): IpRanges {
  const plain = plainRanges(text);
  // Any other text is read as JSON: its prefixes list and creation time.
  let parsed: { readonly prefixes: unknown[]; readonly creationTime: unknown } | null = null;
  if (plain === null) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new IpRangesError(`${source} is not JSON: an IP ranges file is {"creationTime", "prefixes": [{"ipv4Prefix"|"ipv6Prefix"}]}`);
    }
    const file = json !== null && typeof json === 'object' ? (json as { prefixes?: unknown; creationTime?: unknown }) : {};
    if (!Array.isArray(file.prefixes)) throw new IpRangesError(`${source} holds no "prefixes" list: an IP ranges file is {"creationTime", "prefixes": [{"ipv4Prefix"|"ipv6Prefix"}]}`);
    parsed = { prefixes: file.prefixes, creationTime: file.creationTime };
  }
  // Flat lists of numbers rather than an array a prefix (a million-prefix file spent most of its
  // reading making and collecting those), room for every entry set aside at once.
  const entries = parsed === null ? plain!.count : parsed.prefixes.length;
  const v4 = new NumberList(2 * entries);
  const v6 = new NumberList(9 * entries);
  let skipped = 0;
  const invalid: InvalidPrefix[] = [];
  // Where the last invalid entry was found: the next is looked for after it, so equal entries get their own lines.
  let searchFrom = 0;
  const skip = (written: string) => {
    skipped++;
    if (invalid.length >= INVALID_KEPT) return;
    const at = written === '' ? -1 : text.indexOf(written, searchFrom);
    if (at >= 0) searchFrom = at + written.length;
    invalid.push({ line: at < 0 ? 0 : lineAt(text, at), entry: own(written.slice(0, 100)) });
  };
  const addV4 = (value: string) => {
    // What is before the first '/' and between it and the next, cut by hand (a million-prefix file reads in a fraction of the time).
    const written = value.trim();
    const slash = written.indexOf('/');
    const n = v4Number(slash < 0 ? written : written.slice(0, slash));
    const b = slash < 0 ? 32 : prefixLength(written, slash + 1);
    if (Number.isNaN(n) || !(b >= 0 && b <= 32)) skip(JSON.stringify(value));
    else {
      v4.push((n & maskOf(b)) >>> 0);
      v4.push(maskOf(b));
    }
  };
  const addV6 = (value: string) => {
    if (plainV6Prefix(value.trim(), v6)) return;
    try {
      const [net, bits] = value.includes('/') ? ipaddr.IPv6.parseCIDR(value.trim()) : [ipaddr.IPv6.parse(value.trim()), 128];
      for (const part of net.parts) v6.push(part);
      v6.push(bits);
    } catch {
      skip(JSON.stringify(value));
    }
  };
  if (parsed === null) {
    const { count, kinds, spans } = plain!;
    for (let k = 0; k < count; k++) {
      const value = text.slice(spans[2 * k]!, spans[2 * k + 1]!);
      if (kinds[k] === 4) addV4(value);
      else addV6(value);
    }
  } else {
    for (const p of parsed.prefixes) {
      const o = p !== null && typeof p === 'object' ? (p as { ipv4Prefix?: unknown; ipv6Prefix?: unknown }) : {};
      if (typeof o.ipv4Prefix === 'string') addV4(o.ipv4Prefix);
      else if (typeof o.ipv6Prefix === 'string') addV6(o.ipv6Prefix);
      else skip(JSON.stringify(p) ?? '');
    }
  }
  const count = v4.length / 2 + v6.length / 9;
  if (count === 0) throw new IpRangesError(`${source} lists no usable ipv4Prefix or ipv6Prefix`);
  const created = parsed === null ? plain!.creationTime : parsed.creationTime;
  return { source, crawlers: crawlers.map((c) => c.toLowerCase()), creationTime: typeof created === 'string' ? created : null, v4: v4.done(), v6: v6.done(), count, skipped, invalid };
}

/**
 * An IPv6 prefix in the plain form operators publish (hex groups of one to four digits, at most one
 * `::`, a length up to 128), read by hand as ipaddr.js reads it: a million-prefix file spent most
 * of its reading in ipaddr.js's regular expressions. Its eight parts and length are added to
 * `out`; false, and nothing added, for any other form, which ipaddr.js reads (or refuses).
 */
function plainV6Prefix(s: string, out: NumberList): boolean {
  const slash = s.lastIndexOf('/');
  if (slash <= 0 || s.length - slash - 1 < 1 || s.length - slash - 1 > 3) return false;
  let bits = 0;
  for (let i = slash + 1; i < s.length; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return false;
    bits = bits * 10 + d;
  }
  if (bits > 128) return false;
  // Only digits follow the slash: a '::' is in the address.
  const gap = s.indexOf('::');
  if (gap >= 0 && s.indexOf('::', gap + 1) >= 0) return false;
  const mark = out.length;
  const head = hexGroups(s, 0, gap < 0 ? slash : gap, out);
  const tail = head < 0 || gap < 0 ? 0 : hexGroups(s, gap + 2, slash, out);
  if (head < 0 || tail < 0 || (gap < 0 ? head !== 8 : head + tail > 7)) {
    out.length = mark;
    return false;
  }
  // The zeros `::` stands for go between the head and the tail.
  for (let k = head + tail; k < 8; k++) out.push(0);
  if (tail > 0) {
    out.values.copyWithin(mark + 8 - tail, mark + head, mark + head + tail);
    out.values.fill(0, mark + head, mark + 8 - tail);
  }
  out.push(bits);
  return true;
}

/** The `a:b:c` between `from` and `to` in `s` as 16-bit numbers added to `out` (one to four hex digits each; none when empty): how many, or -1 when it is not that. */
function hexGroups(s: string, from: number, to: number, out: NumberList): number {
  if (from === to) return 0;
  let count = 0;
  let value = 0;
  let digits = 0;
  for (let i = from; i <= to; i++) {
    const c = i < to ? s.charCodeAt(i) : 0x3a;
    if (c === 0x3a) {
      if (digits === 0) return -1;
      out.push(value);
      count++;
      value = 0;
      digits = 0;
      continue;
    }
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (d < 0 || ++digits > 4) return -1;
    value = value * 16 + d;
  }
  return count;
}

/** The 1-based line of offset `at` in `text`. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** An address as logged, parsed: IPv4 as a number, IPv6 as its eight 16-bit parts (an IPv4-mapped one as IPv4); null when not an address. */
function parseAddress(ip: string): number | readonly number[] | null {
  let s = ip.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const v4 = v4Number(s);
  if (!Number.isNaN(v4)) return v4;
  const zone = s.indexOf('%');
  if (zone > 0) s = s.slice(0, zone);
  if (!ipaddr.IPv6.isValid(s)) return null;
  const a = ipaddr.IPv6.parse(s);
  return a.isIPv4MappedAddress() ? v4Number(a.toIPv4Address().toString()) : a.parts;
}

/**
 * One file's ranges once read, as a thread is sent them: its prefixes merged into typed arrays,
 * copied to the thread whole rather than its text parsed again there (a million prefixes took
 * seconds a thread).
 */
export interface SharedIpRanges {
  readonly source: string;
  /** The crawlers they verify, lower case. */
  readonly crawlers: readonly string[];
  readonly prefixes: PackedPrefixSet;
}

const sets = new WeakMap<IpRanges | SharedIpRanges, PrefixSet>();

/** A file's prefixes as one set, made once. */
function prefixSetOf(ranges: IpRanges | SharedIpRanges): PrefixSet {
  let set = sets.get(ranges);
  if (!set) sets.set(ranges, (set = 'prefixes' in ranges ? PrefixSet.unpack(ranges.prefixes) : new PrefixSet(ranges.v4, ranges.v6)));
  return set;
}

/** A file's ranges in the form a thread is sent them. */
export function shareIpRanges(ranges: IpRanges): SharedIpRanges {
  const set = prefixSetOf(ranges);
  const shared = { source: ranges.source, crawlers: ranges.crawlers, prefixes: set.pack() };
  // This thread judges with the set it has made already.
  sets.set(shared, set);
  return shared;
}

/** Whether `ip` lies in one of `ranges`' prefixes. */
export function inRanges(ranges: IpRanges, ip: string): boolean {
  const a = parseAddress(ip);
  return a !== null && prefixSetOf(ranges).has(a);
}

// Distinct (crawler, address) pairs of any real log fit; a log of endless addresses is not kept whole.
const CACHE_LIMIT = 100_000;

/** Verifies requests against every ranges file given, remembering each (crawler, address) answer. */
export class IpVerifier {
  /** Each crawler's prefixes (every file's for it in one set) and its answers by address so far. */
  private readonly byCrawler = new Map<string, { readonly set: PrefixSet; readonly answers: Map<string, Verification> }>();
  private answered = 0;

  constructor(ranges: readonly (IpRanges | SharedIpRanges)[]) {
    const files = new Map<string, (IpRanges | SharedIpRanges)[]>();
    for (const r of ranges) for (const c of r.crawlers) files.set(c, [...(files.get(c) ?? []), r]);
    // A file's set is made once, whichever of its crawlers asks first (Google's lists ten).
    for (const [c, list] of files) this.byCrawler.set(c, { set: list.length === 1 ? prefixSetOf(list[0]!) : PrefixSet.union(list.map(prefixSetOf)), answers: new Map() });
  }

  /** Whether any ranges are known for the crawler with this id. */
  knows(crawlerId: string): boolean {
    return this.byCrawler.has(crawlerId.toLowerCase());
  }

  /** Verified when `ip` is in a range of the crawler's operator, spoofed when outside all, unverified when none are known. */
  verify(crawlerId: string, ip: string): Verification {
    const known = this.byCrawler.get(crawlerId.toLowerCase());
    if (!known) return 'unverified';
    // Answers by crawler, then address: a key joined for every request cost a string a line.
    let v = known.answers.get(ip);
    if (v === undefined) {
      const a = parseAddress(ip);
      v = a !== null && known.set.has(a) ? 'verified' : 'spoofed';
      if (++this.answered > CACHE_LIMIT) {
        for (const k of this.byCrawler.values()) k.answers.clear();
        this.answered = 1;
      }
      known.answers.set(own(ip), v);
    }
    return v;
  }
}

/** An address in one canonical form, to compare a forward lookup's answers with the logged one; null when not an address. */
export function canonicalAddress(ip: string): string | null {
  const a = parseAddress(ip);
  if (a === null) return null;
  return typeof a === 'number' ? `${a >>> 24}.${(a >>> 16) & 255}.${(a >>> 8) & 255}.${a & 255}` : a.map((p) => p.toString(16)).join(':');
}
