/**
 * Reports of a log's shards merged into the report of the whole: each report (`logs --format
 * json`) read back into a tally, the tallies added up as threads' are, and reported again. Counts
 * are exact; a crawler's blocked paths are exact when every shard listed all of its own (their
 * counts add up to its blocked requests), and marked approximate otherwise.
 */
import { logReport, TOP_REPORTED, type CrawlerReport, type LogReport } from './report.js';
import { crawlerKey, crawlerTally, emptyPart, emptyTally, mergePart, mergeTally, type LogTally, type TallyPart } from './tally.js';

/** A text that is not a log report. */
export class LogReportError extends Error {}

const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isTime = (x: unknown): x is string | null => x === null || (typeof x === 'string' && !Number.isNaN(Date.parse(x)));
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const timeOf = (x: string | null): number => (x === null ? NaN : Date.parse(x));

/** What is wrong with a crawler entry, or null. */
function crawlerProblem(c: unknown): string | null {
  if (!isObject(c)) return 'a crawler entry is not an object';
  if (typeof c.crawler !== 'string' || c.crawler === '') return 'a crawler entry has no "crawler" name';
  const name = JSON.stringify(c.crawler);
  for (const k of ['requests', 'blocked', 'cacheWindow', 'verified', 'spoofed', 'unverified', 'robotsFetches']) if (!isCount(c[k])) return `${name}: "${k}" is not a count`;
  if (typeof c.ignoresRobotsTxt !== 'boolean') return `${name}: "ignoresRobotsTxt" is not true or false`;
  if ((c.verified as number) + (c.spoofed as number) + (c.unverified as number) !== c.requests) return `${name}: verified, spoofed and unverified do not add up to its requests`;
  if (!isTime(c.firstSeen) || !isTime(c.lastSeen)) return `${name}: "firstSeen" or "lastSeen" is not a time`;
  if (!Array.isArray(c.topBlocked) || !c.topBlocked.every((t) => isObject(t) && typeof t.path === 'string' && isCount(t.line) && isCount(t.version) && t.version >= 1 && isCount(t.count) && typeof t.userAgent === 'string')) {
    return `${name}: "topBlocked" is not a list of {path, line, version, count, userAgent}`;
  }
  if (!Array.isArray(c.userAgents) || !c.userAgents.every((a) => isObject(a) && typeof a.userAgent === 'string' && isCount(a.count))) return `${name}: "userAgents" is not a list of {userAgent, count}`;
  const reactionOk = (r: unknown) => isObject(r) && isCount(r.version) && r.version >= 1 && typeof r.since === 'string' && isTime(r.since)
    && isTime(r.robotsTxtFetched) && isTime(r.firstBlocked) && isCount(r.cacheWindow);
  if (!Array.isArray(c.reactions) || !c.reactions.every(reactionOk)) return `${name}: "reactions" is not a list of {version, since, robotsTxtFetched, firstBlocked, cacheWindow}`;
  return null;
}

/** Reads a log report (`logs --format json`) from its text; throws LogReportError naming what is wrong. */
export function readLogReport(text: string): LogReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new LogReportError(`not JSON: ${(e as Error).message}`);
  }
  if (!isObject(data) || !isCount(data.lines) || !isCount(data.unparsed) || typeof data.format !== 'string' || !Array.isArray(data.crawlers)) {
    throw new LogReportError('not a report of `logs --format json` ({lines, unparsed, format, crawlers})');
  }
  for (const c of data.crawlers) {
    const problem = crawlerProblem(c);
    if (problem) throw new LogReportError(problem);
  }
  return data as unknown as LogReport;
}

/** Whether a report entry lists every blocked path it counted. */
function listsAllBlocked(c: CrawlerReport): boolean {
  return !c.topBlockedApproximate && c.topBlocked.reduce((n, t) => n + t.count, 0) === c.blocked;
}

/** A report read back into a tally: its counts, each crawler's verifications as parts, the rest in one part (a report says no more). */
function tallyOf(report: LogReport): LogTally {
  const tally = emptyTally(0);
  tally.lines = report.lines;
  tally.unparsed = report.unparsed;
  for (const c of report.crawlers) {
    const one = emptyTally(0);
    const t = crawlerTally(one, { id: c.crawler, name: c.crawler, named: true, operator: '', ignoresRobotsTxt: c.ignoresRobotsTxt }, 0);
    t.parts.verified.requests = c.verified;
    t.parts.spoofed.requests = c.spoofed;
    const rest: TallyPart = t.parts.unverified;
    Object.assign(rest, { requests: c.unverified, blocked: c.blocked, cacheWindow: c.cacheWindow, robotsFetches: c.robotsFetches, firstSeen: timeOf(c.firstSeen), lastSeen: timeOf(c.lastSeen) });
    for (const b of c.topBlocked) {
      const key = `${b.version - 1}\u0000${b.line}\u0000${b.path}`;
      rest.top.set(key, (rest.top.get(key) ?? 0) + b.count);
      rest.topAgents.set(key, b.userAgent);
    }
    for (const a of c.userAgents) rest.agents.set(a.userAgent, (rest.agents.get(a.userAgent) ?? 0) + a.count);
    for (const r of c.reactions) {
      mergePart(rest, { ...emptyPart(0), changes: new Map([[r.version - 1, { since: Date.parse(r.since), robotsFetch: timeOf(r.robotsTxtFetched), firstBlocked: timeOf(r.firstBlocked), cacheWindow: r.cacheWindow }]]) });
    }
    mergeTally(tally, one);
  }
  return tally;
}

/**
 * The reports of a log's shards merged: what one run over all their lines reports, `top` blocked
 * paths per crawler. The formats are those of the shards, in order, each once.
 */
export function mergeLogReports(reports: readonly LogReport[], top = TOP_REPORTED): LogReport {
  const total = emptyTally(0);
  const approximate = new Set<string>();
  for (const report of reports) {
    mergeTally(total, tallyOf(report));
    for (const c of report.crawlers) if (!listsAllBlocked(c)) approximate.add(crawlerKey(c.crawler));
  }
  const formats = [...new Set(reports.flatMap((r) => r.format.split(', ').filter((f) => f !== '')))].join(', ');
  const merged = logReport(total, formats, top);
  return { ...merged, crawlers: merged.crawlers.map((c) => (approximate.has(crawlerKey(c.crawler)) ? { ...c, topBlockedApproximate: true as const } : c)) };
}
