/**
 * Each request of a log judged against the robots.txt: the crawler it names, whether its address
 * is its operator's, and whether the file — the version live at the request's time — lets that
 * crawler fetch the URL, as Google reads it or as the readers chosen read it. Over the one list
 * checker: a batch's requests are checked per crawler, each URL against its own version.
 */
import { parseRobotsTxt, type RobotsTxt } from '../google/index.js';
import { ListChecker, ListVerdict, ReaderReadings, type ListVerdictCode } from '../lists/index.js';
import type { ReaderId } from '../readers/index.js';
import { robotsTxtUrlFor, type FetchStatus } from '../url/index.js';
import type { LogChunk } from './file-reader.js';
import { firstLineText, leadingNuls, LogReader, unreadableReason, type LogRequest } from './formats/index.js';
import { CrawlerIdentifier, type LogCrawler } from './identify.js';
import { chunkLines, decodeChunk, type LinePiece } from './lines.js';
import { dnsDomains, combineVerification } from './dns.js';
import { canonicalAddress, IpVerifier, type IpRanges, type SharedIpRanges, type Verification } from './ranges.js';
import { addHour, changeReaction, countAgent, notePathAgent, crawlerKey, crawlerTally, emptyTally, prunePart, SAMPLES, type CrawlerTally, type LogTally, type TallyPart } from './tally.js';
import { own } from './own.js';
import { addSpoofer } from './spoofers.js';

/** One version of the robots.txt and when it went live. */
export interface LogVersion {
  readonly text: string;
  /** Google's parse of `text`, when the caller has one. */
  readonly robots?: RobotsTxt;
  /** What fetching it returned (a 200 when absent). */
  readonly status?: FetchStatus;
  /** When it went live (ms since the epoch); absent: live from the start (only one version should lack it). */
  readonly since?: number;
}

/** What a log is judged against. */
export interface LogJudgeSpec {
  /** The file's versions; each request is judged by the one live at its time (the latest `since` not after it). */
  readonly versions: readonly LogVersion[];
  /** The readers whose readings are counted; the first decides `blocked` (Google's alone by default). */
  readonly readers?: readonly ReaderId[];
  /** The site the file is for: a logged host other than its own is out of scope. */
  readonly site?: string;
  /** The operators' published IP ranges (a file read, or as a thread is sent it). */
  readonly ranges?: readonly (IpRanges | SharedIpRanges)[];
  /** How long after a change a crawler may still use the file it had cached (ms; CACHE_WINDOW by default, 0: none). */
  readonly cacheWindow?: number;
}

/** How long a crawler may keep a robots.txt it fetched: RFC 9309 §2.4, "SHOULD NOT use the cached version for more than 24 hours". */
export const CACHE_WINDOW = 24 * 3_600_000;

/** One request judged. */
export interface JudgedRequest {
  readonly request: LogRequest;
  readonly crawler: LogCrawler;
  readonly verification: Verification;
  /** A fetch of /robots.txt itself: counted apart, not judged. */
  readonly robotsFetch: boolean;
  /** The version of the file it was judged by. */
  readonly version: number;
  /** The first reader's verdict (ListVerdict); null for a robots.txt fetch. */
  readonly verdict: ListVerdictCode | null;
  /** The deciding line, 0 when none. */
  readonly line: number;
  /** The path and query as Google tests them. */
  readonly path: string;
  /** Each reader's verdict and line, in the spec's order (the first is `verdict`, `line`). */
  readonly readers: readonly { readonly verdict: ListVerdictCode; readonly line: number }[];
  /** Blocked, but within the cache window after a change, by a URL a version live in the window before allowed. */
  readonly cacheWindow: boolean;
}

/**
 * Whether a judged request fetched what the file forbids the crawler, the crawler not being one
 * that ignores robots.txt by design, nor the request one within the cache window after a change.
 */
export function disobeys(r: JudgedRequest): boolean {
  return r.verdict === ListVerdict.Blocked && !r.crawler.ignoresRobotsTxt && !r.cacheWindow;
}

/** The path of a request target (an absolute URL's too), without its query. */
function targetPath(target: string): string {
  let path = target;
  if (!target.startsWith('/')) {
    const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*(.*)$/.exec(target);
    path = m ? m[1] || '/' : target;
  }
  const q = path.search(/[?#]/);
  return q < 0 ? path : path.slice(0, q);
}

const ROBOTS_PATH = '/robots.txt';

/** Whether a request fetched the robots.txt itself. */
export function isRobotsFetch(target: string): boolean {
  // A path (nearly every target) is told without a regular expression or a slice.
  if (target.charCodeAt(0) === 0x2f) {
    if (!target.startsWith(ROBOTS_PATH)) return false;
    const next = target.charCodeAt(ROBOTS_PATH.length);
    return Number.isNaN(next) || next === 0x3f || next === 0x23;
  }
  return targetPath(target) === ROBOTS_PATH;
}

const HOUR = 3_600_000;

/** Judges a log's requests, batch after batch, adding up its tally. */
export class LogJudge {
  readonly tally: LogTally;
  readonly readers: readonly ReaderId[];
  readonly identifier = new CrawlerIdentifier();
  private readonly versions: readonly { readonly text: string; readonly robots: RobotsTxt; readonly status?: FetchStatus }[];
  /** Versions by `since`, ascending: [since, index]. */
  private readonly timeline: readonly (readonly [number, number])[];
  /** Each version's place in the timeline. */
  private readonly placeOf: Int32Array;
  private readonly cacheWindow: number;
  private readonly site: string | undefined;
  private readonly scheme: string | null;
  private readonly verifier: IpVerifier;
  private readonly checkers = new Map<string, ListChecker>();
  // Each crawler's checker reads the file with the other readers through these: once per version and reader, not once per crawler.
  private readonly readings = new ReaderReadings();
  /** Each crawler's tally parts, found once per crawler rather than per request (the objects never change). */
  private readonly partsOf = new Map<LogCrawler, CrawlerTally['parts']>();
  private readonly dns = new Map<string, Verification | null>();
  // A byte-order mark is kept as a character wherever a chunk starts: the first line alone drops it (firstLineText).
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(spec: LogJudgeSpec) {
    this.readers = spec.readers && spec.readers.length > 0 ? spec.readers : ['google'];
    if (spec.versions.length === 0) throw new RangeError('a log is judged against at least one version of the file');
    this.versions = spec.versions.map((v) => ({ text: v.text, robots: v.robots ?? parseRobotsTxt(v.text), ...(v.status ? { status: v.status } : {}) }));
    this.timeline = spec.versions.map((v, i) => [v.since ?? -Infinity, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    this.placeOf = new Int32Array(spec.versions.length);
    this.timeline.forEach(([, v], k) => (this.placeOf[v] = k));
    this.cacheWindow = spec.cacheWindow ?? CACHE_WINDOW;
    this.site = spec.site || undefined;
    const robotsUrl = this.site ? robotsTxtUrlFor(this.site) : null;
    this.scheme = robotsUrl ? robotsUrl.slice(0, robotsUrl.indexOf('//')) : null;
    this.verifier = new IpVerifier(spec.ranges ?? []);
    this.tally = emptyTally(spec.versions.length);
  }

  /** The version live at `time`: the latest to go live not after it; before them all, the earliest; without a time, the first given. */
  versionAt(time: number): number {
    const t = this.timeline;
    if (t.length === 1 || Number.isNaN(time)) return Number.isNaN(time) ? 0 : t[0]![1];
    let lo = 0;
    let hi = t.length - 1;
    if (time < t[0]![0]) return t[0]![1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (t[mid]![0] <= time) lo = mid;
      else hi = mid - 1;
    }
    return t[lo]![1];
  }

  /** When version `version` went live after another did (ms), or NaN when it is the first (no change made it live). */
  changeAt(version: number): number {
    const k = this.placeOf[version]!;
    return k > 0 && this.timeline[k]![0] > this.timeline[k - 1]![0] ? this.timeline[k]![0] : NaN;
  }

  /**
   * The versions a crawler may still have had cached at `time`, judged by `version`: those live at
   * some moment of the cache window before it, newest first (none past the window).
   */
  cachedVersions(version: number, time: number): number[] {
    const out: number[] = [];
    const from = time - this.cacheWindow;
    // The version before each change was live until that change: it may be cached while the change is within the window.
    for (let k = this.placeOf[version]!; k > 0 && this.timeline[k]![0] > from; k--) out.push(this.timeline[k - 1]![1]);
    return out;
  }

  /** Whether ranges are known for a crawler. */
  rangesKnown(crawlerId: string): boolean {
    return this.verifier.knows(crawlerId);
  }

  /**
   * The (address, crawler) pairs of `requests` a DNS check could verify and has no answer for
   * yet: crawlers whose operator documents their reverse DNS names.
   */
  dnsQuestions(requests: readonly LogRequest[]): { readonly ip: string; readonly crawler: string; readonly domains: readonly string[] }[] {
    const out: { ip: string; crawler: string; domains: readonly string[] }[] = [];
    const asked = new Set<string>();
    for (const r of requests) {
      if (!r.ip || !r.target) continue;
      const c = this.identifier.identify(r.userAgent);
      if (!c) continue;
      const domains = dnsDomains(c.id);
      if (!domains) continue;
      const key = `${c.id}\u0000${r.ip}`;
      if (this.dns.has(key) || asked.has(key)) continue;
      asked.add(key);
      out.push({ ip: r.ip, crawler: c.id, domains });
    }
    return out;
  }

  /** Records a DNS check's answer (null: DNS could not tell). */
  answerDns(crawler: string, ip: string, answer: Verification | null): void {
    if (this.dns.size >= 100_000) this.dns.clear();
    this.dns.set(own(`${crawler}\u0000${ip}`), answer);
  }

  /** How a request's claim stands: the ranges', and the DNS check's when one was made. */
  verification(crawler: LogCrawler, ip: string): Verification {
    const ranges = this.verifier.verify(crawler.id, ip);
    return this.dns.size === 0 ? ranges : combineVerification(ranges, this.dns.get(`${crawler.id}\u0000${ip}`));
  }

  /** The requests of a chunk of a log file (decoded here, read from the state at its start); its lines and unreadable ones are counted. */
  readChunk(c: LogChunk): LogRequest[] {
    return this.readLines(LogReader.from(c.state), chunkLines(decodeChunk(c.chunk, this.decoder)));
  }

  /** Reads a chunk of a log file and judges its requests (readChunk, then judge). */
  judgeChunk(c: LogChunk, rows = false): JudgedRequest[] {
    return this.judge(this.readChunk(c), rows);
  }

  /** The requests of a piece of lines; the lines and unreadable ones are counted in the tally. */
  readLines(reader: LogReader, piece: LinePiece): LogRequest[] {
    const out: LogRequest[] = [];
    const overlong = piece.overlong.length > 0 ? new Set(piece.overlong) : null;
    const tally = this.tally;
    tally.lines += piece.lines.length;
    for (let i = 0; i < piece.lines.length; i++) {
      const n = piece.first + i;
      let text = piece.lines[i]!;
      if (n === 1) {
        tally.leadingNuls += leadingNuls(text);
        text = firstLineText(text);
      }
      const r = overlong?.has(n) ? null : reader.read(text, n);
      if (r === undefined) continue;
      if (r === null) {
        tally.unparsed++;
        if (tally.samples.length < SAMPLES) {
          const reason = overlong?.has(n) ? 'it is longer than 1 MiB' : unreadableReason(text);
          tally.samples.push({ line: n, text: own(text.slice(0, 200)), ...(reason ? { reason } : {}) });
        }
        continue;
      }
      out.push(r);
    }
    return out;
  }

  /** The URL a request is checked at: on its logged host when the site is known, else its target as logged. */
  private urlOf(r: LogRequest): string {
    if (this.scheme && r.host && r.target.startsWith('/')) return `${this.scheme}//${r.host}${r.target}`;
    return r.target;
  }

  private checker(c: LogCrawler): ListChecker {
    let checker = this.checkers.get(c.id);
    if (!checker) {
      checker = new ListChecker({ versions: this.versions, crawlers: [c.agent], readers: this.readers, site: this.site, readings: this.readings });
      this.checkers.set(c.id, checker);
    }
    return checker;
  }

  /** A crawler's tally parts, its tally started (or its name's spelling preferred) the first time this crawler is met. */
  private partsFor(c: LogCrawler, readers: number): CrawlerTally['parts'] {
    let parts = this.partsOf.get(c);
    if (!parts) {
      parts = crawlerTally(this.tally, { id: c.id, name: c.name, named: c.profile !== null, operator: c.operator, ignoresRobotsTxt: c.ignoresRobotsTxt }, readers).parts;
      this.partsOf.set(c, parts);
    }
    return parts;
  }

  /** Judges `requests`, adding them to the tally; the judged requests of bots, in input order, when `rows`. */
  judge(requests: readonly LogRequest[], rows = false): JudgedRequest[] {
    const tally = this.tally;
    const nReaders = this.readers.length;
    tally.requests += requests.length;
    const verificationOf: Verification[] = new Array(requests.length);
    const versionOf = new Int32Array(requests.length);
    const agentOf: string[] = new Array(requests.length);
    const groups = new Map<LogCrawler, number[]>();
    const out: (JudgedRequest | undefined)[] | null = rows ? new Array(requests.length) : null;
    for (let i = 0; i < requests.length; i++) {
      const r = requests[i]!;
      if (r.target === '') continue;
      const known = this.identifier.known(r.userAgent);
      const c = known.crawler;
      if (!c) continue;
      const verification = this.verification(c, r.ip);
      if (verification === 'spoofed') addSpoofer(tally.spoofers, crawlerKey(c.id), canonicalAddress(r.ip));
      const part = this.partsFor(c, nReaders)[verification];
      countAgent(part.agents, known.agent);
      if (!Number.isNaN(r.time)) {
        if (!(part.firstSeen <= r.time)) part.firstSeen = r.time;
        if (!(part.lastSeen >= r.time)) part.lastSeen = r.time;
      }
      const version = this.versionAt(r.time);
      tally.versions[version]!++;
      if (this.timeline.length > 1 && Number.isNaN(r.time)) tally.untimed++;
      const change = this.changeAt(version);
      // A request before the first version's date is judged by it, but made no reaction to it.
      const reaction = r.time >= change ? changeReaction(part, version, change) : null;
      if (isRobotsFetch(r.target)) {
        part.robotsFetches++;
        if (reaction && !(reaction.robotsFetch <= r.time)) reaction.robotsFetch = r.time;
        if (out) out[i] = { request: r, crawler: c, verification, robotsFetch: true, version, verdict: null, line: 0, path: '/robots.txt', readers: [], cacheWindow: false };
        continue;
      }
      agentOf[i] = known.agent;
      verificationOf[i] = verification;
      versionOf[i] = version;
      const g = groups.get(c);
      if (g) g.push(i);
      else groups.set(c, [i]);
    }
    for (const [c, idx] of groups) {
      const urls = idx.map((i) => this.urlOf(requests[i]!));
      const versions = idx.map((i) => versionOf[i]!);
      const batch = this.checker(c).check(urls, versions);
      const { verdict, line } = batch.results[0]!;
      const cached = this.withinCacheWindow(c, idx, requests, versionOf, urls, verdict, nReaders);
      const parts = this.partsOf.get(c)!;
      // Requests come in time order in most logs: a part's hour is mostly the one before, so an
      // hour's counts are kept here until the hour or the part changes.
      let hourPart: TallyPart | null = null;
      let hour = NaN;
      let hourRequests = 0;
      let hourBlocked = 0;
      for (let u = 0; u < idx.length; u++) {
        const i = idx[u]!;
        const r = requests[i]!;
        const part = parts[verificationOf[i]!];
        part.requests++;
        const code = verdict[u * nReaders]! as ListVerdictCode;
        const blocked = code === ListVerdict.Blocked;
        for (let k = 0; k < nReaders; k++) if (verdict[u * nReaders + k] === ListVerdict.Blocked) part.readerBlocked[k]!++;
        if (blocked) {
          part.blocked++;
          const change = this.changeAt(versionOf[i]!);
          if (r.time >= change) {
            const reaction = changeReaction(part, versionOf[i]!, change);
            if (!(reaction.firstBlocked <= r.time)) reaction.firstBlocked = r.time;
            if (cached?.[u]) {
              part.cacheWindow++;
              reaction.cacheWindow++;
            }
          }
          const key = `${versionOf[i]}\u0000${line[u * nReaders]}\u0000${batch.paths[u]}`;
          const had = part.top.get(key);
          if (had === undefined) {
            // One copy of a new path's key for both maps that hold it.
            const kept = own(key);
            part.top.set(kept, 1);
            notePathAgent(part, kept, agentOf[i]!, true);
          } else {
            part.top.set(key, had + 1);
            notePathAgent(part, key, agentOf[i]!);
          }
        }
        if (!Number.isNaN(r.time)) {
          const h = Math.floor(r.time / HOUR);
          if (h !== hour || part !== hourPart) {
            if (hourPart) addHour(hourPart, hour, hourRequests, hourBlocked);
            hour = h;
            hourPart = part;
            hourRequests = 0;
            hourBlocked = 0;
          }
          hourRequests++;
          if (blocked) hourBlocked++;
        }
        if (out) {
          const readers = [];
          for (let k = 0; k < nReaders; k++) readers.push({ verdict: verdict[u * nReaders + k]! as ListVerdictCode, line: line[u * nReaders + k]! });
          out[i] = {
            request: r, crawler: c, verification: verificationOf[i]!, robotsFetch: false, version: versionOf[i]!, verdict: code, line: line[u * nReaders]!, path: batch.paths[u]!, readers,
            cacheWindow: cached?.[u] === 1,
          };
        }
      }
      if (hourPart) addHour(hourPart, hour, hourRequests, hourBlocked);
      for (const part of Object.values(parts)) prunePart(part);
    }
    return out ? out.filter((r): r is JudgedRequest => r !== undefined) : [];
  }

  /**
   * Which of a crawler's requests (`idx`, checked as `urls`, `verdict` the batch's codes) are
   * within the cache window: blocked by their version, within the window after the change to it,
   * and allowed by a version the crawler may still have had cached; null when none can be.
   */
  private withinCacheWindow(
    c: LogCrawler, idx: readonly number[], requests: readonly LogRequest[], versionOf: Int32Array, urls: readonly string[], verdict: Uint8Array, nReaders: number,
  ): Uint8Array | null {
    if (this.timeline.length < 2 || this.cacheWindow <= 0) return null;
    const asked: number[] = [];
    const askUrls: string[] = [];
    const askVersions: number[] = [];
    for (let u = 0; u < idx.length; u++) {
      if (verdict[u * nReaders] !== ListVerdict.Blocked) continue;
      const i = idx[u]!;
      const time = requests[i]!.time;
      if (!(time >= this.changeAt(versionOf[i]!))) continue;
      for (const v of this.cachedVersions(versionOf[i]!, time)) {
        asked.push(u);
        askUrls.push(urls[u]!);
        askVersions.push(v);
      }
    }
    if (asked.length === 0) return null;
    const earlier = this.checker(c).check(askUrls, askVersions).results[0]!.verdict;
    const cached = new Uint8Array(idx.length);
    asked.forEach((u, a) => {
      if (earlier[a * nReaders] === ListVerdict.Allowed) cached[u] = 1;
    });
    return cached;
  }

  /** The text of a deciding line in a version ('' for 0). */
  lineText(version: number, line: number): string {
    const robots = this.versions[version]!.robots;
    return line > 0 && line <= robots.lineCount ? robots.text.slice(robots.lines.from[line - 1], robots.lines.to[line - 1]).trim() : '';
  }
}
