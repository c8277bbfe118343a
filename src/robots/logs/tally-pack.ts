/**
 * A tally packed to cross between threads: its strings joined in one text and every number in
 * one buffer, which moves rather than being copied. A tally of a real log's thousand-odd bots is
 * some 30,000 Maps and arrays; copied as they are (structured clone), the receiving thread spent
 * longer rebuilding them than the sender spent on the whole pack. `unpackTally` gives back an
 * equal tally, its Maps in the same order; `mergePackedTally` adds it to another without building it.
 */
import type { Verification } from './ranges.js';
import type { CrawlerSpoofers, SpooferTally } from './spoofers.js';
import { mergeCrawler, mergeTally, type ChangeReaction, type CrawlerTally, type LogTally, type TallyPart, type UnreadLine } from './tally.js';

/** A packed tally: `text` holds its strings one after another, `numbers` everything else in the order `unpackTally` reads it (a string as its length). */
export interface PackedTally {
  readonly text: string;
  readonly numbers: Float64Array;
}

const VERIFICATIONS: readonly Verification[] = ['verified', 'spoofed', 'unverified'];

/** Writes numbers into a buffer that grows, and strings into a list joined at the end. */
class Packer {
  numbers = new Float64Array(1 << 16);
  length = 0;
  readonly strings: string[] = [];

  num(x: number): void {
    if (this.length === this.numbers.length) {
      const more = new Float64Array(this.numbers.length * 2);
      more.set(this.numbers);
      this.numbers = more;
    }
    this.numbers[this.length++] = x;
  }

  str(s: string): void {
    this.strings.push(s);
    this.num(s.length);
  }

  /** A count of entries, then each entry. */
  each<K, V>(map: ReadonlyMap<K, V>, write: (k: K, v: V) => void): void {
    this.num(map.size);
    for (const [k, v] of map) write(k, v);
  }

  packed(): PackedTally {
    return { text: this.strings.join(''), numbers: this.numbers.slice(0, this.length) };
  }
}

/** Reads what a Packer wrote, in the same order. */
class Unpacker {
  private at = 0;
  private textAt = 0;

  constructor(private readonly p: PackedTally) {}

  num(): number {
    if (this.at >= this.p.numbers.length) throw new RangeError('a packed tally ended early');
    return this.p.numbers[this.at++]!;
  }

  str(): string {
    const end = this.textAt + this.num();
    if (end > this.p.text.length) throw new RangeError('a packed tally ended early');
    const s = this.p.text.slice(this.textAt, end);
    this.textAt = end;
    return s;
  }

  /** A Map of as many entries as the count read, each read by `read`. */
  map<K, V>(read: () => readonly [K, V]): Map<K, V> {
    const out = new Map<K, V>();
    for (let n = this.num(); n > 0; n--) {
      const [k, v] = read();
      out.set(k, v);
    }
    return out;
  }

  /** Whether everything packed was read. */
  get done(): boolean {
    return this.at === this.p.numbers.length && this.textAt === this.p.text.length;
  }
}

function packPart(w: Packer, p: TallyPart): void {
  w.num(p.requests);
  w.num(p.blocked);
  w.num(p.robotsFetches);
  w.num(p.firstSeen);
  w.num(p.lastSeen);
  w.num(p.cacheWindow);
  w.num(p.readerBlocked.length);
  for (const n of p.readerBlocked) w.num(n);
  w.each(p.changes, (v, r) => {
    w.num(v);
    w.num(r.since);
    w.num(r.robotsFetch);
    w.num(r.firstBlocked);
    w.num(r.cacheWindow);
  });
  w.each(p.top, (k, n) => {
    w.str(k);
    w.num(n);
  });
  w.each(p.hours, (h, [ok, no]) => {
    w.num(h);
    w.num(ok);
    w.num(no);
  });
  w.each(p.agents, (a, n) => {
    w.str(a);
    w.num(n);
  });
  w.each(p.topAgents, (k, a) => {
    w.str(k);
    w.str(a);
  });
}

function unpackPart(r: Unpacker): TallyPart {
  const [requests, blocked, robotsFetches, firstSeen, lastSeen, cacheWindow] = [r.num(), r.num(), r.num(), r.num(), r.num(), r.num()];
  const readerBlocked = Array.from({ length: r.num() }, () => r.num());
  const changes = r.map((): [number, ChangeReaction] => [r.num(), { since: r.num(), robotsFetch: r.num(), firstBlocked: r.num(), cacheWindow: r.num() }]);
  const top = r.map((): [string, number] => [r.str(), r.num()]);
  const hours = r.map((): [number, [number, number]] => [r.num(), [r.num(), r.num()]]);
  const agents = r.map((): [string, number] => [r.str(), r.num()]);
  const topAgents = r.map((): [string, string] => [r.str(), r.str()]);
  return { requests, blocked, cacheWindow, changes, robotsFetches, firstSeen, lastSeen, readerBlocked, top, hours, agents, topAgents };
}

/** `tally` packed (see the module's comment). */
export function packTally(tally: LogTally): PackedTally {
  const w = new Packer();
  for (const n of [tally.lines, tally.unparsed, tally.requests, tally.leadingNuls, tally.untimed]) w.num(n);
  w.num(tally.versions.length);
  for (const n of tally.versions) w.num(n);
  w.num(tally.samples.length);
  for (const s of tally.samples) {
    w.num(s.line);
    w.str(s.text);
    w.num(s.reason === undefined ? 0 : 1);
    if (s.reason !== undefined) w.str(s.reason);
  }
  w.each(tally.crawlers, (key, c) => {
    w.str(key);
    w.str(c.id);
    w.str(c.name);
    w.num(c.named ? 1 : 0);
    w.str(c.operator);
    w.num(c.ignoresRobotsTxt ? 1 : 0);
    for (const v of VERIFICATIONS) packPart(w, c.parts[v]);
  });
  w.each(tally.spoofers, (key, s) => {
    w.str(key);
    w.num(s.notAddress);
    w.num(s.unlisted);
    w.each(s.addresses, (a, n) => {
      w.str(a);
      w.num(n);
    });
  });
  return w.packed();
}

/**
 * Reads a packed tally: its crawlers one at a time, each given to `crawler` as it is read, then
 * the rest (its counts, samples and spoofers; its crawlers left empty). Throws RangeError when
 * `packed` is not one (cut short, or with more in it).
 */
function readPacked(packed: PackedTally, crawler: (key: string, c: CrawlerTally) => void): LogTally {
  const r = new Unpacker(packed);
  const [lines, unparsed, requests, leadingNuls, untimed] = [r.num(), r.num(), r.num(), r.num(), r.num()];
  const versions = Array.from({ length: r.num() }, () => r.num());
  const samples = Array.from({ length: r.num() }, (): UnreadLine => {
    const [line, text] = [r.num(), r.str()];
    return r.num() === 1 ? { line, text, reason: r.str() } : { line, text };
  });
  for (let n = r.num(); n > 0; n--) {
    const [key, id, name, named, operator, ignoresRobotsTxt] = [r.str(), r.str(), r.str(), r.num() === 1, r.str(), r.num() === 1];
    const [verified, spoofed, unverified] = [unpackPart(r), unpackPart(r), unpackPart(r)];
    crawler(key, { id, name, named, operator, ignoresRobotsTxt, parts: { verified, spoofed, unverified } });
  }
  const spoofers: SpooferTally = r.map((): [string, CrawlerSpoofers] => {
    const [key, notAddress, unlisted] = [r.str(), r.num(), r.num()];
    return [key, { addresses: r.map((): [string, number] => [r.str(), r.num()]), notAddress, unlisted }];
  });
  if (!r.done) throw new RangeError('a packed tally holds more than a tally');
  return { lines, unparsed, samples, requests, versions, leadingNuls, untimed, crawlers: new Map(), spoofers };
}

/** The tally `packTally` packed. Throws RangeError when `packed` is not one. */
export function unpackTally(packed: PackedTally): LogTally {
  const crawlers = new Map<string, CrawlerTally>();
  const rest = readPacked(packed, (key, c) => crawlers.set(key, c));
  return { ...rest, crawlers };
}

/**
 * Adds the tally `packTally` packed into `into`, as mergeTally adds the tally itself: a crawler
 * at a time, so the unpacked crawler dies young and the whole tally is never built twice.
 * Throws RangeError when `packed` is not one (`into` may then hold part of it).
 */
export function mergePackedTally(into: LogTally, packed: PackedTally): void {
  mergeTally(into, readPacked(packed, (_key, c) => mergeCrawler(into, c)));
}
