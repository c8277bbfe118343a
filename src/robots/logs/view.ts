/**
 * What the Logs tab shows of a tally under its filters (one crawler, only crawlers that disobeyed,
 * only spoofed requests): the crawlers' rows, the blocked paths fetched most, and requests over
 * time per crawler, obeyed and not, in buckets of an hour, a day or a week.
 */
import { passedVerifications, passesCrawler, type LogFilter } from './filter.js';
import { crawlersInOrder } from './report.js';
import { combinedPart, commonestAgent, topEntry, type CrawlerTally, type LogTally, type TallyPart } from './tally.js';

/** Blocked paths a report lists per crawler (the CLI's). */
export const TOP_SHOWN = 10;
/** Blocked paths the view lists, per crawler and of all crawlers together: what the tab's search and sort go through. */
export const PATHS_LISTED = 50;

/** One crawler's row. */
export interface CrawlerRow {
  readonly id: string;
  readonly name: string;
  readonly named: boolean;
  /** Who runs it ('' when not known). */
  readonly operator: string;
  readonly ignoresRobotsTxt: boolean;
  /** The User-Agent its requests (those the filter passes) came with most often. */
  readonly userAgent: string;
  readonly requests: number;
  readonly blocked: number;
  /** Of `blocked`, those within the cache window after a change: not disobeying. */
  readonly cacheWindow: number;
  /** It fetched what the file blocks for it, outside any cache window, and does not ignore robots.txt by design. */
  readonly disobeying: boolean;
  readonly verified: number;
  readonly spoofed: number;
  readonly unverified: number;
  readonly robotsFetches: number;
  /** Per reader of the run (its order): requests to URLs that reader's reading blocks for the crawler. */
  readonly readerBlocked: readonly number[];
  readonly firstSeen: number;
  readonly lastSeen: number;
}

/** One crawler's requests over time: per bucket, [not blocked, blocked]. */
export interface CrawlerSeries {
  readonly id: string;
  readonly counts: readonly (readonly [number, number])[];
}

/** The chart: buckets from `start`, each `size` ms long, and a series per crawler. */
export interface LogChart {
  readonly start: number;
  readonly size: number;
  readonly buckets: number;
  readonly series: readonly CrawlerSeries[];
  /** The largest bucket total of any series (the scale). */
  readonly max: number;
}

/** A crawler's reaction to a change of the file (times in ms; NaN: none). */
export interface ReactionRow {
  readonly crawler: string;
  /** The version the change made live. */
  readonly version: number;
  readonly since: number;
  readonly robotsFetch: number;
  readonly firstBlocked: number;
  readonly cacheWindow: number;
}

/** A blocked path a crawler fetched: how often, the line that decided (in which version), a User-Agent it came with. */
export interface BlockedPath {
  readonly crawler: string;
  readonly path: string;
  readonly line: number;
  readonly version: number;
  readonly count: number;
  readonly userAgent: string;
}

/** What the tab shows. */
export interface LogView {
  readonly rows: readonly CrawlerRow[];
  /** The shown crawlers' reactions to each change, by change then in the rows' order. */
  readonly reactions: readonly ReactionRow[];
  /** The blocked paths fetched most (PATHS_LISTED at most), most fetched first. */
  readonly top: readonly BlockedPath[];
  readonly chart: LogChart | null;
}

const HOUR = 3_600_000;
const SIZES = [HOUR, 6 * HOUR, 24 * HOUR, 7 * 24 * HOUR, 30 * 24 * HOUR];

/** The rows, top paths and chart of a tally under a filter; `maxSeries` crawlers in the chart, `maxBuckets` buckets at most. */
export function logView(tally: LogTally, filter: LogFilter, maxSeries = 8, maxBuckets = 60): LogView {
  const which = passedVerifications(filter);
  const chosen: { c: CrawlerTally; part: TallyPart; disobeying: boolean }[] = [];
  for (const c of crawlersInOrder(tally)) {
    // A crawler none of whose requests could pass is passed over before its parts are combined.
    if (!passesCrawler(filter, c, true)) continue;
    const part = combinedPart(c, which);
    const disobeying = !c.ignoresRobotsTxt && part.blocked - part.cacheWindow > 0;
    if (part.requests + part.robotsFetches === 0 || !passesCrawler(filter, c, disobeying)) continue;
    chosen.push({ c, part, disobeying });
  }
  const rows: CrawlerRow[] = chosen.map(({ c, part, disobeying }) => ({
    id: c.id, name: c.name, named: c.named, operator: c.operator, ignoresRobotsTxt: c.ignoresRobotsTxt, userAgent: commonestAgent(part.agents), requests: part.requests, blocked: part.blocked, cacheWindow: part.cacheWindow, disobeying,
    verified: which.includes('verified') ? c.parts.verified.requests : 0, spoofed: c.parts.spoofed.requests,
    unverified: which.includes('unverified') ? c.parts.unverified.requests : 0, robotsFetches: part.robotsFetches, readerBlocked: part.readerBlocked, firstSeen: part.firstSeen, lastSeen: part.lastSeen,
  }));
  const top = topPaths(chosen, PATHS_LISTED);
  const reactions = chosen.flatMap(({ c, part }) => [...part.changes].map(([version, r]) => ({ crawler: c.id, version, ...r })))
    .sort((a, b) => a.since - b.since || a.version - b.version);
  return { rows, top, reactions, chart: chartOf(chosen.slice(0, maxSeries), filter.disobeying, maxBuckets) };
}

/**
 * The `n` blocked paths fetched most of all `chosen` crawlers: most fetched first, then by crawler,
 * then as topBlocked lists a crawler's own (by key). A path its crawler's own `n` outrank cannot
 * rank among all crawlers' `n` either, so counting all paths at once lists what taking each
 * crawler's topBlocked first would; it sorts only the paths whose counts can rank (a log with
 * thousands of bots had tens of thousands of rows sorted for fifty, most of 200 ms).
 */
function topPaths(chosen: readonly { c: CrawlerTally; part: TallyPart }[], n: number): BlockedPath[] {
  const counts: number[] = [];
  for (const { part } of chosen) for (const count of part.top.values()) counts.push(count);
  if (counts.length === 0) return [];
  const least = Float64Array.from(counts).sort().reverse()[Math.min(n, counts.length) - 1]!;
  const ranked: { crawler: string; key: string; count: number; part: TallyPart }[] = [];
  for (const { c, part } of chosen) {
    for (const [key, count] of part.top) if (count >= least) ranked.push({ crawler: c.id, key, count, part });
  }
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  ranked.sort((a, b) => b.count - a.count || text(a.crawler, b.crawler) || text(a.key, b.key));
  return ranked.slice(0, n).map(({ crawler, key, count, part }) => ({ crawler, ...topEntry(key), count, userAgent: part.topAgents.get(key) ?? '' }));
}

function chartOf(chosen: readonly { c: CrawlerTally; part: TallyPart }[], onlyBlocked: boolean, maxBuckets: number): LogChart | null {
  let first = Infinity;
  let last = -Infinity;
  for (const { part } of chosen) {
    for (const h of part.hours.keys()) {
      if (h < first) first = h;
      if (h > last) last = h;
    }
  }
  if (first === Infinity) return null;
  const span = (last - first + 1) * HOUR;
  const size = SIZES.find((s) => span / s <= maxBuckets) ?? Math.ceil(span / maxBuckets / HOUR) * HOUR;
  const start = Math.floor((first * HOUR) / size) * size;
  const buckets = Math.floor(((last * HOUR) - start) / size) + 1;
  let max = 0;
  const series = chosen.map(({ c, part }) => {
    const counts: [number, number][] = Array.from({ length: buckets }, () => [0, 0]);
    const at = (h: number) => counts[Math.floor((h * HOUR - start) / size)]!;
    if (!onlyBlocked) for (const [h, n] of part.hours) at(h)[0] += n;
    for (const [h, n] of part.blockedHours) {
      const b = at(h);
      if (!onlyBlocked) b[0] -= n;
      b[1] += n;
    }
    for (const [ok, no] of counts) max = Math.max(max, ok + no);
    return { id: c.id, counts };
  });
  return { start, size, buckets, series, max };
}

/** The `n` keys of a top list that topBlocked lists first (most fetched, then by key). */
function topKeys(top: ReadonlyMap<string, number>, n: number): string[] {
  return [...top].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([k]) => k);
}

/**
 * A tally cut to what logView shows of it under any filter: each part keeps only the blocked
 * paths among its crawler's `keep` fetched most (all parts together) and its own `keep`. A kept
 * path keeps its exact count in every part, and a dropped one could not have ranked, so the view
 * is the same; the page is sent KBs instead of every crawler's thousands of paths.
 */
export function tallyForView(tally: LogTally, keep = PATHS_LISTED): LogTally {
  const crawlers = new Map<string, CrawlerTally>();
  for (const [id, c] of tally.crawlers) {
    const together = new Set(topKeys(combinedPart(c).top, keep));
    const cut = (part: TallyPart): TallyPart => {
      const kept = new Set([...together, ...topKeys(part.top, keep)]);
      const top = new Map<string, number>();
      const topAgents = new Map<string, string>();
      for (const k of kept) {
        const n = part.top.get(k);
        if (n === undefined) continue;
        top.set(k, n);
        const agent = part.topAgents.get(k);
        if (agent !== undefined) topAgents.set(k, agent);
      }
      return { ...part, top, topAgents };
    };
    crawlers.set(id, { ...c, parts: { verified: cut(c.parts.verified), spoofed: cut(c.parts.spoofed), unverified: cut(c.parts.unverified) } });
  }
  return { ...tally, crawlers };
}
