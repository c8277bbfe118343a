import { describe, expect, it } from 'vitest';
import { ListVerdict } from '../lists/index.js';
import type { LogRequest } from './formats/index.js';
import { CACHE_WINDOW, disobeys, LogJudge } from './judge.js';
import { passesFilter } from './filter.js';
import { cacheWindowRequests, crawlerReport, disobeyingRequests } from './report.js';
import { UA } from './test-agents.js';
import { logView } from './view.js';

let lineNo = 0;
const request = (userAgent: string, target: string, time: number): LogRequest => ({ line: ++lineNo, time, ip: '1.2.3.4', method: 'GET', target, host: '', status: 200, userAgent });

const HOUR = 3_600_000;
const OLD = 'User-agent: *\nDisallow: /private/\n';
const NEW = 'User-agent: *\nDisallow: /private/\nDisallow: /new/\n';
const D0 = Date.UTC(2025, 0, 1);
const CHANGE = Date.UTC(2025, 2, 1);
const judgeOf = (cacheWindow?: number) => new LogJudge({ versions: [{ text: NEW, since: CHANGE }, { text: OLD, since: D0 }], ...(cacheWindow !== undefined ? { cacheWindow } : {}) });

// RFC 9309 §2.4: "Crawlers SHOULD NOT use the cached version for more than 24 hours, unless the
// robots.txt file is unreachable." A request in the 24 hours after a change may have been judged
// by the crawler against the file before it.
describe('the cache window after a change (RFC 9309 §2.4: a crawler may keep robots.txt up to 24 hours)', () => {
  it('24 hours by default', () => {
    expect(CACHE_WINDOW).toBe(24 * HOUR);
  });
  it('blocked by the new version, allowed by the one before, within 24 hours of the change: within the cache window, not disobeying', () => {
    const j = judgeOf();
    const rows = j.judge([request(UA.bing, '/new/a', CHANGE + HOUR), request(UA.bing, '/new/b', CHANGE + 24 * HOUR - 1)], true);
    expect(rows.map((r) => [r.verdict, r.cacheWindow, disobeys(r)])).toEqual([[ListVerdict.Blocked, true, false], [ListVerdict.Blocked, true, false]]);
    expect([disobeyingRequests(j.tally), cacheWindowRequests(j.tally)]).toEqual([0, 2]);
    expect(crawlerReport(j.tally.crawlers.get('bingbot')!)).toMatchObject({ blocked: 2, cacheWindow: 2 });
  });
  it('24 hours after the change or later, the cached file is stale: disobeying', () => {
    const j = judgeOf();
    const rows = j.judge([request(UA.bing, '/new/a', CHANGE + 24 * HOUR), request(UA.bing, '/new/a', CHANGE + 30 * 24 * HOUR)], true);
    expect(rows.map((r) => [r.cacheWindow, disobeys(r)])).toEqual([[false, true], [false, true]]);
    expect(disobeyingRequests(j.tally)).toBe(2);
  });
  it('blocked by the version before too: disobeying, whenever it came', () => {
    const j = judgeOf();
    const [r] = j.judge([request(UA.bing, '/private/a', CHANGE + HOUR)], true);
    expect([r!.cacheWindow, disobeys(r!)]).toEqual([false, true]);
  });
  it('a shorter window (--cache-window 1h), or none (0)', () => {
    const hour = judgeOf(HOUR).judge([request(UA.bing, '/new/a', CHANGE + 30 * 60_000), request(UA.bing, '/new/a', CHANGE + 2 * HOUR)], true);
    expect(hour.map((r) => r.cacheWindow)).toEqual([true, false]);
    expect(judgeOf(0).judge([request(UA.bing, '/new/a', CHANGE + 1)], true).map((r) => r.cacheWindow)).toEqual([false]);
  });
  it('with changes faster than the window, any version live in the window before the request may be the cached one', () => {
    const mid = 'User-agent: *\nDisallow: /new/\n';
    const j = new LogJudge({ versions: [{ text: NEW, since: CHANGE + 4 * HOUR }, { text: mid, since: CHANGE + 2 * HOUR }, { text: OLD, since: CHANGE }] });
    expect(j.cachedVersions(0, CHANGE + 5 * HOUR)).toEqual([1, 2]);
    expect(j.cachedVersions(0, CHANGE + 27 * HOUR)).toEqual([1]);
    const rows = j.judge([request(UA.bing, '/new/a', CHANGE + 5 * HOUR), request(UA.bing, '/new/a', CHANGE + 27 * HOUR)], true);
    expect(rows.map((r) => r.cacheWindow)).toEqual([true, false]);
  });
  it('one version, or a request with no time: no cache window', () => {
    const one = new LogJudge({ versions: [{ text: NEW }] });
    expect(one.judge([request(UA.bing, '/new/a', CHANGE + HOUR)], true)[0]!.cacheWindow).toBe(false);
    expect(judgeOf().judge([request(UA.bing, '/new/a', NaN)], true)[0]!.cacheWindow).toBe(false);
  });
  it('a crawler that ignores robots.txt by design is not counted in the window either (it never disobeys)', () => {
    const j = judgeOf();
    j.judge([request(UA.chatgpt, '/new/a', CHANGE + HOUR)]);
    expect([disobeyingRequests(j.tally), cacheWindowRequests(j.tally)]).toEqual([0, 0]);
  });
  it('the tab\'s view: a row counts them apart; the "disobeying" filter passes neither them nor a crawler that made only those', () => {
    const j = judgeOf();
    const rows = j.judge([request(UA.bing, '/new/a', CHANGE + HOUR), request(UA.gptbot, '/new/a', CHANGE + 25 * HOUR)], true);
    const filter = { crawler: null, disobeying: true, spoofed: false };
    expect(rows.map((r) => passesFilter(filter, r))).toEqual([false, true]);
    expect(logView(j.tally, filter).rows.map((r) => [r.id, r.blocked, r.cacheWindow])).toEqual([['gptbot', 1, 0]]);
    expect(logView(j.tally, { ...filter, disobeying: false }).rows.map((r) => [r.id, r.blocked, r.cacheWindow])).toEqual([['bingbot', 1, 1], ['gptbot', 1, 0]]);
  });
});

describe('reactions: per crawler and change, its first robots.txt fetch after it, its first request the new file blocks, its reaction time', () => {
  it('times after the change only; the reaction is the time from the change to the first robots.txt fetch after it', () => {
    const j = judgeOf();
    j.judge([
      request(UA.bing, '/robots.txt', CHANGE - HOUR), request(UA.bing, '/new/a', CHANGE - 1),
      request(UA.bing, '/new/b', CHANGE + 2 * HOUR), request(UA.bing, '/robots.txt', CHANGE + 3 * HOUR), request(UA.bing, '/robots.txt', CHANGE + 5 * HOUR),
      request(UA.bing, '/new/c', CHANGE + 30 * HOUR), request(UA.bing, '/new/b', CHANGE + HOUR),
      request(UA.gptbot, '/ok', CHANGE + HOUR),
    ]);
    const bing = crawlerReport(j.tally.crawlers.get('bingbot')!);
    expect(bing.reactions).toEqual([{
      version: 1, since: '2025-03-01T00:00:00.000Z', robotsTxtFetched: '2025-03-01T03:00:00.000Z', firstBlocked: '2025-03-01T01:00:00.000Z', reactionSeconds: 3 * 3600, cacheWindow: 2,
    }]);
    // A crawler seen after the change that never fetched robots.txt: its reaction is unknown, not zero.
    expect(crawlerReport(j.tally.crawlers.get('gptbot')!).reactions).toEqual([{
      version: 1, since: '2025-03-01T00:00:00.000Z', robotsTxtFetched: null, firstBlocked: null, reactionSeconds: null, cacheWindow: 0,
    }]);
    const view = logView(j.tally, { crawler: null, disobeying: false, spoofed: false });
    expect(view.reactions.map((r) => [r.crawler, r.version, r.robotsFetch - r.since, r.firstBlocked - r.since, r.cacheWindow])).toEqual([['bingbot', 0, 3 * HOUR, HOUR, 2], ['gptbot', 0, NaN, NaN, 0]]);
  });
  it('the first version (no change made it live) has no reaction', () => {
    const j = judgeOf();
    j.judge([request(UA.bing, '/robots.txt', D0 + HOUR), request(UA.bing, '/robots.txt', D0 - HOUR)]);
    expect(crawlerReport(j.tally.crawlers.get('bingbot')!).reactions).toEqual([]);
  });
});
