/**
 * A log's tally as a report: per crawler, requests, blocked ones, verified / spoofed / unverified,
 * robots.txt fetches, first and last seen, the User-Agent it came with most often, and the blocked
 * paths it fetched most with their deciding lines — the CLI's JSON and the Logs tab's table say the same.
 */
import { combinedPart, topBlocked, type ChangeReaction, type CrawlerTally, type LogTally } from './tally.js';

/** One change of the file as a crawler met it (the CLI's `--format json` `reactions` entry). */
export interface ReactionReport {
  /** The version the change made live, counted as the CSV counts them (1: the live file). */
  readonly version: number;
  /** When it went live (ISO 8601, UTC). */
  readonly since: string;
  /** The crawler's first fetch of /robots.txt after the change; null: none. */
  readonly robotsTxtFetched: string | null;
  /** Its first request after the change to a URL the new version blocks for it; null: none. */
  readonly firstBlocked: string | null;
  /** Seconds from the change to that robots.txt fetch: how long the crawler took to read the new file; null: it did not. */
  readonly reactionSeconds: number | null;
  /** Its requests within the cache window after the change. */
  readonly cacheWindow: number;
}

/** One crawler of the report (the CLI's `--format json` entry). */
export interface CrawlerReport {
  /** The profile id (an unnamed bot: its own product name). */
  readonly crawler: string;
  /** It ignores robots.txt by design: its blocked requests are not disobeying. */
  readonly ignoresRobotsTxt: boolean;
  /** The User-Agent its requests came with most often. */
  readonly userAgent: string;
  /** The User-Agents its requests (its /robots.txt fetches too) came with and how often, most first: what merged reports name the commonest from. */
  readonly userAgents: readonly { readonly userAgent: string; readonly count: number }[];
  readonly requests: number;
  readonly blocked: number;
  /** Blocked requests within the cache window after a change (RFC 9309 §2.4): counted in `blocked`, not disobeying. */
  readonly cacheWindow: number;
  readonly verified: number;
  readonly spoofed: number;
  readonly unverified: number;
  readonly robotsFetches: number;
  /** ISO 8601 (UTC), null when no request had a time. */
  readonly firstSeen: string | null;
  readonly lastSeen: string | null;
  /** The blocked paths fetched most, with the deciding line, the version it is in (1: the live file) and a User-Agent its requests came with (of several, the first in code-unit order). */
  readonly topBlocked: readonly { readonly path: string; readonly line: number; readonly version: number; readonly count: number; readonly userAgent: string }[];
  /** Present when `topBlocked` was merged from reports some of which listed only part of their paths: its counts and order may be short. */
  readonly topBlockedApproximate?: true;
  /** Per change of the file the crawler met, in time order. */
  readonly reactions: readonly ReactionReport[];
}

/** A log's report (the CLI's `--format json` object). */
export interface LogReport {
  readonly lines: number;
  readonly unparsed: number;
  readonly format: string;
  readonly crawlers: readonly CrawlerReport[];
}

const iso = (t: number): string | null => (Number.isNaN(t) ? null : new Date(t).toISOString());

/** Blocked paths a report lists per crawler by default. */
export const TOP_REPORTED = 10;

/** A crawler's reaction to one change, reported. */
function reactionReport(version: number, r: ChangeReaction): ReactionReport {
  return {
    version: version + 1, since: iso(r.since)!, robotsTxtFetched: iso(r.robotsFetch), firstBlocked: iso(r.firstBlocked),
    reactionSeconds: Number.isNaN(r.robotsFetch) ? null : (r.robotsFetch - r.since) / 1000, cacheWindow: r.cacheWindow,
  };
}

/** Crawlers in report order: most requests (robots.txt fetches included) first, then by id. */
export function crawlersInOrder(tally: LogTally): CrawlerTally[] {
  const total = (c: CrawlerTally) => {
    const p = c.parts;
    return p.verified.requests + p.spoofed.requests + p.unverified.requests + p.verified.robotsFetches + p.spoofed.robotsFetches + p.unverified.robotsFetches;
  };
  return [...tally.crawlers.values()].sort((a, b) => total(b) - total(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One crawler's report entry. */
export function crawlerReport(c: CrawlerTally, top = TOP_REPORTED): CrawlerReport {
  const all = combinedPart(c);
  // Most first, of as many the first in code-unit order: its head is the commonest (commonestAgent's rule).
  const userAgents = [...all.agents].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([userAgent, count]) => ({ userAgent, count }));
  return {
    crawler: c.id,
    ignoresRobotsTxt: c.ignoresRobotsTxt,
    userAgent: userAgents[0]?.userAgent ?? '',
    userAgents,
    requests: all.requests,
    blocked: all.blocked,
    cacheWindow: all.cacheWindow,
    verified: c.parts.verified.requests,
    spoofed: c.parts.spoofed.requests,
    unverified: c.parts.unverified.requests,
    robotsFetches: all.robotsFetches,
    firstSeen: iso(all.firstSeen),
    lastSeen: iso(all.lastSeen),
    topBlocked: topBlocked(all, top).map(({ path, line, version, count, userAgent }) => ({ path, line, version: version + 1, count, userAgent })),
    reactions: [...all.changes].sort((a, b) => a[1].since - b[1].since || a[0] - b[0]).map(([v, r]) => reactionReport(v, r)),
  };
}

/** The report of a tally, `top` blocked paths listed per crawler. */
export function logReport(tally: LogTally, format: string, top = TOP_REPORTED): LogReport {
  return { lines: tally.lines, unparsed: tally.unparsed, format, crawlers: crawlersInOrder(tally).map((c) => crawlerReport(c, top)) };
}

/** Requests that fetched what the file forbids, by crawlers that do not ignore robots.txt by design, those within the cache window after a change aside. */
export function disobeyingRequests(tally: LogTally): number {
  let n = 0;
  for (const c of tally.crawlers.values()) {
    if (c.ignoresRobotsTxt) continue;
    for (const p of [c.parts.verified, c.parts.spoofed, c.parts.unverified]) n += p.blocked - p.cacheWindow;
  }
  return n;
}

/** Requests within the cache window after a change: blocked by the file live at their time, allowed by one the crawler may still have had cached. */
export function cacheWindowRequests(tally: LogTally): number {
  let n = 0;
  for (const c of tally.crawlers.values()) if (!c.ignoresRobotsTxt) n += c.parts.verified.cacheWindow + c.parts.spoofed.cacheWindow + c.parts.unverified.cacheWindow;
  return n;
}
