import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogReportError, mergeLogReports, readLogReport } from './merge.js';
import { logReport, type LogReport } from './report.js';
import { judgeLog } from './stream.js';
import { combinedLine, LOG_AGENTS, LOG_BEFORE, LOG_CHANGE, LOG_LIVE, LOG_PATHS } from './test-log.js';

// A real-shaped log (test-log.ts): the crawlers' real User-Agents, a browser's, a bot's own
// spellings of its name, robots.txt fetches, and a change of the file in the middle (some requests
// in the 24 hours RFC 9309 §2.4 lets a crawler keep the file it had).
const spec = { versions: [{ text: LOG_LIVE, since: LOG_CHANGE }, { text: LOG_BEFORE, since: Date.UTC(2025, 0, 1) }] };

const entry = fc.tuple(fc.constantFrom('66.249.66.1', '157.55.39.9', '20.15.240.1'), fc.integer({ min: -3 * 86_400, max: 3 * 86_400 }), fc.constantFrom(...LOG_PATHS), fc.constantFrom(...LOG_AGENTS));
const logLines = fc.array(entry, { minLength: 1, maxLength: 60 }).map((es) => es.map(([ip, s, p, a]) => combinedLine(ip, LOG_CHANGE + s * 1000, p, a)));

/** The report of `lines` judged in one run, `top` paths a crawler. */
async function reportOf(lines: readonly string[], top: number): Promise<LogReport> {
  const { judge, format } = await judgeLog([lines.join('\n') + '\n'], spec);
  return logReport(judge.tally, format, top);
}

/** The lines cut into `shards` contiguous pieces at the cuts given (each piece at least one line), as a job cuts a file. */
function shardsOf(lines: readonly string[], cuts: readonly number[]): string[][] {
  const at = [...new Set(cuts.map((c) => 1 + (c % Math.max(1, lines.length - 1))))].filter((c) => c < lines.length).sort((a, b) => a - b);
  return [0, ...at].map((from, i) => lines.slice(from, at[i] ?? lines.length));
}

/**
 * The formats of shards' reports, each once: a format is told from a shard's own first lines, so a
 * shard of lines with no User-Agent reads as `common` where the whole log reads as `combined`.
 */
const formatsOf = (reports: readonly LogReport[]) => [...new Set(reports.map((r) => r.format))].join(', ');

describe('logs merge: shards\' reports merged are the report of the whole', () => {
  it('property: counts, first and last seen, cache-window counts and reactions exact; blocked paths exact when every shard listed all of its own', async () => {
    await fc.assert(fc.asyncProperty(logLines, fc.array(fc.nat(), { maxLength: 4 }), async (lines, cuts) => {
      const shards = shardsOf(lines, cuts);
      // Through JSON, as the reports travel between machines.
      const reports = await Promise.all(shards.map(async (s) => readLogReport(JSON.stringify(await reportOf(s, 5000)))));
      const whole = { ...await reportOf(lines, 10), format: formatsOf(reports) };
      expect(mergeLogReports(reports)).toEqual(whole);
      // Merging merged reports again changes nothing.
      expect(mergeLogReports([mergeLogReports(reports.slice(0, 1), 5000), ...reports.slice(1)])).toEqual(whole);
    }), { numRuns: 60 });
  });
  it('property: a shard that listed only part of its blocked paths marks that crawler\'s list approximate; every count is still exact', async () => {
    await fc.assert(fc.asyncProperty(logLines, fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), async (lines, cuts) => {
      const shards = shardsOf(lines, cuts);
      const reports = await Promise.all(shards.map((s) => reportOf(s, 1)));
      const merged = mergeLogReports(reports);
      const whole = await reportOf(lines, 10);
      const cut = new Set(reports.flatMap((r) => r.crawlers.filter((c) => c.topBlocked.reduce((n, t) => n + t.count, 0) < c.blocked).map((c) => c.crawler.toLowerCase())));
      expect(merged.crawlers.map((c) => [c.crawler, !!c.topBlockedApproximate])).toEqual(whole.crawlers.map((c) => [c.crawler, cut.has(c.crawler.toLowerCase())]));
      const counts = (r: LogReport) => r.crawlers.map(({ topBlocked: _t, topBlockedApproximate: _a, ...rest }) => rest);
      expect(counts(merged)).toEqual(counts(whole));
      expect([merged.lines, merged.unparsed, merged.format]).toEqual([whole.lines, whole.unparsed, formatsOf(reports)]);
    }), { numRuns: 40 });
  });
  it('an unreadable line counts where it falls; formats are listed once each, in order', () => {
    const a = { lines: 3, unparsed: 1, format: 'combined', crawlers: [] };
    const b = { lines: 2, unparsed: 0, format: 'w3c, combined', crawlers: [] };
    expect(mergeLogReports([a, b])).toEqual({ lines: 5, unparsed: 1, format: 'combined, w3c', crawlers: [] });
  });
});

describe('readLogReport: bad input is named, never taken', () => {
  const good = { crawler: 'bingbot', ignoresRobotsTxt: false, userAgent: 'bingbot/2.0', userAgents: [{ userAgent: 'bingbot/2.0', count: 1 }], requests: 1, blocked: 0, cacheWindow: 0, verified: 0, spoofed: 0, unverified: 1, robotsFetches: 0, firstSeen: null, lastSeen: null, topBlocked: [], reactions: [] };
  const report = (crawlers: unknown[]) => JSON.stringify({ lines: 1, unparsed: 0, format: 'combined', crawlers });
  it.each([
    ['{"lines": 1', /^not JSON/],
    ['[]', /not a report of `logs --format json`/],
    [JSON.stringify({ lines: -1, unparsed: 0, format: 'x', crawlers: [] }), /not a report/],
    [report([{ ...good, requests: 'many' }]), /"bingbot": "requests" is not a count/],
    [report([{ ...good, verified: 1 }]), /do not add up to its requests/],
    [report([{ ...good, firstSeen: 'yesterday' }]), /is not a time/],
    [report([{ ...good, topBlocked: [{ path: '/a', line: 1, count: 1 }] }]), /"topBlocked" is not a list/],
    [report([{ ...good, reactions: [{ version: 0 }] }]), /"reactions" is not a list/],
    [report([{ ...good, userAgents: [{ userAgent: 'bingbot/2.0' }] }]), /"userAgents" is not a list/],
    [report([{ ...good, crawler: '' }]), /no "crawler" name/],
  ])('%s', (text, message) => {
    expect(() => readLogReport(text)).toThrow(LogReportError);
    expect(() => readLogReport(text)).toThrow(message);
  });
  it('a good one is read as written', () => {
    expect(readLogReport(report([good])).crawlers).toEqual([good]);
  });
});
