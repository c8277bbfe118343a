import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogRequest } from './formats/index.js';
import { LogJudge } from './judge.js';
import { readIpRanges } from './ranges.js';
import { ALL_REQUESTS } from './filter.js';
import { combinedPart, topBlocked } from './tally.js';
import { logView, PATHS_LISTED, tallyForView } from './view.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GOOGLEBOT_PHONE = 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'GPTBot/1.1';
const CHATGPT = 'ChatGPT-User/1.0';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const H = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);
const req = (userAgent: string, target: string, hour: number, ip = '66.249.66.1'): LogRequest => ({ line: 1, time: T0 + hour * H, ip, method: 'GET', target, host: '', status: 200, userAgent });

function judged() {
  const ranges = [readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }), 'googlebot.json', ['googlebot'])];
  const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /p/\n' }], ranges });
  j.judge([
    req(GOOGLEBOT, '/a', 0), req(GOOGLEBOT, '/p/1', 1), req(GOOGLEBOT, '/p/1', 2, '6.6.6.6'), req(GOOGLEBOT, '/robots.txt', 0),
    req(GPTBOT, '/p/2', 30), req(GPTBOT, '/b', 30),
    req(CHATGPT, '/p/3', 47),
  ]);
  return j.tally;
}

describe('the Logs tab\'s view of a tally', () => {
  it('rows per crawler (most requests first), the top blocked paths of all, hourly buckets for two days', () => {
    const v = logView(judged(), ALL_REQUESTS);
    expect(v.rows.map((r) => [r.id, r.requests, r.blocked, r.verified, r.spoofed, r.unverified, r.robotsFetches])).toEqual([
      ['googlebot', 3, 2, 2, 1, 0, 1], ['gptbot', 2, 1, 0, 0, 2, 0], ['chatgpt-user', 1, 1, 0, 0, 1, 0],
    ]);
    expect(v.top).toEqual([
      { crawler: 'googlebot', path: '/p/1', line: 2, version: 0, count: 2, userAgent: GOOGLEBOT }, { crawler: 'chatgpt-user', path: '/p/3', line: 2, version: 0, count: 1, userAgent: CHATGPT },
      { crawler: 'gptbot', path: '/p/2', line: 2, version: 0, count: 1, userAgent: GPTBOT },
    ]);
    expect([v.chart!.start, v.chart!.size, v.chart!.buckets, v.chart!.max]).toEqual([T0, H, 48, 2]);
    expect(v.chart!.series[0]!.counts.slice(0, 3)).toEqual([[1, 0], [0, 1], [0, 1]]);
    expect(v.chart!.series[1]!.counts[30]).toEqual([1, 1]);
  });
  it('only disobeying: crawlers with blocked requests that do not ignore robots.txt by design; the chart shows the blocked ones only', () => {
    const v = logView(judged(), { ...ALL_REQUESTS, disobeying: true });
    expect(v.rows.map((r) => r.id)).toEqual(['googlebot', 'gptbot']);
    expect(v.chart!.series[1]!.counts[30]).toEqual([0, 1]);
  });
  it('RFC 9309 §2.4: a crawler whose only blocked requests came within the cache window after a change is not disobeying; one outside it is', () => {
    // Disallow: /p/ went live at hour 10; the file before it allowed everything.
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /p/\n', since: T0 + 10 * H }, { text: 'User-agent: *\nAllow: /\n', since: T0 }] });
    j.judge([req(GPTBOT, '/p/1', 12), req(BINGBOT, '/p/2', 12), req(GOOGLEBOT, '/p/3', 40)]);
    const v = logView(j.tally, ALL_REQUESTS);
    expect(v.rows.map((r) => [r.id, r.blocked, r.cacheWindow, r.disobeying]).sort()).toEqual([
      ['bingbot', 1, 1, false], ['googlebot', 1, 0, true], ['gptbot', 1, 1, false],
    ]);
    expect(logView(j.tally, { ...ALL_REQUESTS, disobeying: true }).rows.map((r) => r.id)).toEqual(['googlebot']);
  });
  it('only spoofed: the spoofed requests alone; one crawler: that crawler alone', () => {
    const spoofed = logView(judged(), { ...ALL_REQUESTS, spoofed: true });
    expect(spoofed.rows.map((r) => [r.id, r.requests, r.blocked, r.spoofed])).toEqual([['googlebot', 1, 1, 1]]);
    expect(spoofed.top).toEqual([{ crawler: 'googlebot', path: '/p/1', line: 2, version: 0, count: 1, userAgent: GOOGLEBOT }]);
    expect(logView(judged(), { ...ALL_REQUESTS, crawler: 'gptbot' }).rows.map((r) => r.id)).toEqual(['gptbot']);
  });
  it('each reader\'s blocked count per row (Google-specific: the longest match blocks /p/1; CPython 3.11 urllib.robotparser: the first matching rule, Allow: /, allows it)', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nAllow: /\nDisallow: /p/\n' }], readers: ['google', 'python-urllib'] });
    j.judge([req(GOOGLEBOT, '/p/1', 0), req(GOOGLEBOT, '/a', 1)]);
    expect(logView(j.tally, ALL_REQUESTS).rows.map((r) => [r.id, r.blocked, r.readerBlocked])).toEqual([['googlebot', 1, [1, 0]]]);
  });
  it('buckets grow with the span (a day, a week), never past the bound; no times, no chart', () => {
    const j = new LogJudge({ versions: [{ text: '' }] });
    j.judge([req(GPTBOT, '/', 0), req(GPTBOT, '/', 24 * 40)]);
    const c = logView(j.tally, ALL_REQUESTS).chart!;
    expect([c.size, c.buckets <= 60]).toEqual([24 * H, true]);
    const none = new LogJudge({ versions: [{ text: '' }] });
    none.judge([{ ...req(GPTBOT, '/', 0), time: NaN }]);
    expect(logView(none.tally, ALL_REQUESTS).chart).toBeNull();
  });
  it('property: the tally cut for the view shows what the whole tally shows, under every filter, and keeps few paths', () => {
    const filters = [ALL_REQUESTS, { ...ALL_REQUESTS, disobeying: true }, { ...ALL_REQUESTS, spoofed: true }, { ...ALL_REQUESTS, crawler: 'googlebot' }, { ...ALL_REQUESTS, spoofed: true, crawler: 'gptbot' }];
    const request = fc.record({ agent: fc.constantFrom(GOOGLEBOT, GOOGLEBOT_PHONE, GPTBOT, CHATGPT), path: fc.integer({ min: 0, max: 3 * PATHS_LISTED }), hour: fc.integer({ min: 0, max: 100 }), spoofed: fc.boolean() });
    fc.assert(fc.property(fc.array(request, { maxLength: 400 }), (rs) => {
      const ranges = [readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }), 'gptbot.json', ['googlebot', 'gptbot'])];
      const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /p/\n' }], ranges });
      j.judge(rs.map((r) => req(r.agent, `/p/${r.path}`, r.hour, r.spoofed ? '6.6.6.6' : '66.249.66.1')));
      const cut = tallyForView(j.tally);
      for (const f of filters) expect(logView(cut, f)).toEqual(logView(j.tally, f));
      for (const c of cut.crawlers.values()) for (const p of Object.values(c.parts)) expect(p.top.size).toBeLessThanOrEqual(4 * PATHS_LISTED);
    }), { numRuns: 60 });
  });
  it('each row names the User-Agent its requests came with most often (of as many, the first in code-unit order); each path one it came with', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /p/\n' }] });
    j.judge([req(GOOGLEBOT_PHONE, '/a', 0), req(GOOGLEBOT_PHONE, '/robots.txt', 0), req(GOOGLEBOT, '/p/1', 1), req(GPTBOT, '/b', 2), req('GPTBot/1.0', '/b', 2)]);
    const v = logView(j.tally, ALL_REQUESTS);
    expect(v.rows.map((r) => [r.id, r.userAgent])).toEqual([['googlebot', GOOGLEBOT_PHONE], ['gptbot', 'GPTBot/1.0']]);
    expect(v.top.map((t) => [t.path, t.userAgent])).toEqual([['/p/1', GOOGLEBOT]]);
  });
  it('property: the paths fetched most of all crawlers are those of each crawler\'s own most fetched, merged (most fetched, then by crawler, then as topBlocked lists them)', () => {
    // Bots named by crawler-user-agents' rule of a token ending in "bot", many more paths each than are listed.
    const agents = Array.from({ length: 12 }, (_, i) => `Mozilla/5.0 (compatible; Example${i}Bot/1.0; +https://bot${i}.example/)`);
    const request = fc.record({ agent: fc.integer({ min: 0, max: agents.length - 1 }), path: fc.integer({ min: 0, max: 2 * PATHS_LISTED }) });
    fc.assert(fc.property(fc.array(request, { maxLength: 1500 }), (rs) => {
      const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /p/\n' }] });
      j.judge(rs.map((r) => req(agents[r.agent]!, `/p/${r.path % (r.agent + 3) === 0 ? r.path : r.path % 7}`, 1, '203.0.113.9')));
      const key = (t: { version: number; line: number; path: string }) => `${t.version}\u0000${t.line}\u0000${t.path}`;
      const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const each = [...j.tally.crawlers.values()].flatMap((c) => topBlocked(combinedPart(c), PATHS_LISTED).map((t) => ({ crawler: c.id, ...t })));
      const expected = each.sort((a, b) => b.count - a.count || text(a.crawler, b.crawler) || text(key(a), key(b))).slice(0, PATHS_LISTED);
      expect(logView(j.tally, ALL_REQUESTS).top).toEqual(expected);
    }), { numRuns: 40 });
  });
});
