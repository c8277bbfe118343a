/**
 * A log's tally as a report: per crawler, requests, blocked ones, verified / spoofed / unverified,
 * robots.txt fetches, first and last seen, the User-Agent it came with most often, and the blocked
 * paths it fetched most with their deciding lines — the CLI's JSON and the Logs tab's table say the same.
 */
import { combinedPart, commonestAgent, topBlocked, type CrawlerTally, type LogTally } from './tally.js';

/** One crawler of the report (the CLI's `--format json` entry). */
export interface CrawlerReport {
  /** The profile id (an unnamed bot: its own product name). */
  readonly crawler: string;
  /** The User-Agent its requests came with most often. */
  readonly userAgent: string;
  readonly requests: number;
  readonly blocked: number;
  readonly verified: number;
  readonly spoofed: number;
  readonly unverified: number;
  readonly robotsFetches: number;
  /** ISO 8601 (UTC), null when no request had a time. */
  readonly firstSeen: string | null;
  readonly lastSeen: string | null;
  /** Each with a User-Agent its requests came with (of several, the first in code-unit order). */
  readonly topBlocked: readonly { readonly path: string; readonly line: number; readonly count: number; readonly userAgent: string }[];
}

/** A log's report (the CLI's `--format json` object). */
export interface LogReport {
  readonly lines: number;
  readonly unparsed: number;
  readonly format: string;
  readonly crawlers: readonly CrawlerReport[];
}

const iso = (t: number): string | null => (Number.isNaN(t) ? null : new Date(t).toISOString());

/** Crawlers in report order: most requests (robots.txt fetches included) first, then by id. */
export function crawlersInOrder(tally: LogTally): CrawlerTally[] {
  const total = (c: CrawlerTally) => {
    const p = c.parts;
    return p.verified.requests + p.spoofed.requests + p.unverified.requests + p.verified.robotsFetches + p.spoofed.robotsFetches + p.unverified.robotsFetches;
  };
  return [...tally.crawlers.values()].sort((a, b) => total(b) - total(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One crawler's report entry. */
export function crawlerReport(c: CrawlerTally, top = 10): CrawlerReport {
  const all = combinedPart(c);
  return {
    crawler: c.id,
    userAgent: commonestAgent(all.agents),
    requests: all.requests,
    blocked: all.blocked,
    verified: c.parts.verified.requests,
    spoofed: c.parts.spoofed.requests,
    unverified: c.parts.unverified.requests,
    robotsFetches: all.robotsFetches,
    firstSeen: iso(all.firstSeen),
    lastSeen: iso(all.lastSeen),
    topBlocked: topBlocked(all, top).map(({ path, line, count, userAgent }) => ({ path, line, count, userAgent })),
  };
}

/** The report of a tally. */
export function logReport(tally: LogTally, format: string): LogReport {
  return { lines: tally.lines, unparsed: tally.unparsed, format, crawlers: crawlersInOrder(tally).map((c) => crawlerReport(c)) };
}

/** Requests that fetched what the file forbids, by crawlers that do not ignore robots.txt by design. */
export function disobeyingRequests(tally: LogTally): number {
  let n = 0;
  for (const c of tally.crawlers.values()) if (!c.ignoresRobotsTxt) n += c.parts.verified.blocked + c.parts.spoofed.blocked + c.parts.unverified.blocked;
  return n;
}
