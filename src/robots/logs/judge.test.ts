import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, parseRobotsTxt } from '../google/index.js';
import { ListVerdict } from '../lists/index.js';
import { readerAgent, readerUrl, readWith, type ReaderId } from '../readers/index.js';
import type { LogRequest } from './formats/index.js';
import { disobeys, isRobotsFetch, LogJudge, type JudgedRequest } from './judge.js';
import { readIpRanges } from './ranges.js';
import { crawlerReport, disobeyingRequests, logReport } from './report.js';
import { answerDnsQuestions, judgeLog, LogFormatError } from './stream.js';
import { combinedPart, crawlerKey, emptyTally, mergeTally, topBlocked, type LogTally } from './tally.js';
import { UA } from './test-agents.js';

let lineNo = 0;
const request = (userAgent: string, target: string, time = Date.UTC(2025, 0, 1), ip = '1.2.3.4', host = ''): LogRequest =>
  ({ line: ++lineNo, time, ip, method: 'GET', target, host, status: 200, userAgent });

const ROBOTS_OLD = 'User-agent: *\nDisallow: /old/\n';
const ROBOTS_NEW = 'User-agent: *\nDisallow: /new/\n\nUser-agent: GPTBot\nDisallow: /\n';
const D1 = Date.UTC(2025, 2, 1);
const D2 = Date.UTC(2025, 5, 1);

describe('time-aware judging: each request by the version live at its time', () => {
  // The live file since D2; an earlier one since D1.
  const judge = () => new LogJudge({ versions: [{ text: ROBOTS_NEW, since: D2 }, { text: ROBOTS_OLD, since: D1 }] });
  it('versionAt: the latest version gone live not after the time; before all, the earliest; no time, the first given', () => {
    const j = judge();
    expect([j.versionAt(D1 - 1), j.versionAt(D1), j.versionAt(D2 - 1), j.versionAt(D2), j.versionAt(D2 + 1e12), j.versionAt(NaN)]).toEqual([1, 1, 1, 0, 0, 0]);
  });
  it('/old/ is blocked only while the old version is live, /new/ only after the change', () => {
    const j = judge();
    const rows = j.judge([
      request(UA.bing, '/old/a', D1 + 1), request(UA.bing, '/new/a', D1 + 1),
      request(UA.bing, '/old/a', D2 + 1), request(UA.bing, '/new/a', D2 + 1),
    ], true);
    expect(rows.map((r) => [r.version, r.verdict, r.line])).toEqual([[1, ListVerdict.Blocked, 2], [1, ListVerdict.Allowed, 0], [0, ListVerdict.Allowed, 0], [0, ListVerdict.Blocked, 2]]);
    expect(j.tally.versions).toEqual([2, 2]);
    expect(crawlerReport(j.tally.crawlers.get('bingbot')!).topBlocked).toEqual([{ path: '/new/a', line: 2, version: 1, count: 1, userAgent: UA.bing }, { path: '/old/a', line: 2, version: 2, count: 1, userAgent: UA.bing }]);
  });
  it('one version without a date is live from the start', () => {
    const j = new LogJudge({ versions: [{ text: ROBOTS_NEW, since: D2 }, { text: ROBOTS_OLD }] });
    expect([j.versionAt(0), j.versionAt(D2)]).toEqual([1, 0]);
  });
});

describe('what is counted', () => {
  it('/robots.txt fetches are counted apart (any query), not as requests; they are never blocked', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /\n' }] });
    const rows = j.judge([request(UA.gptbot, '/robots.txt'), request(UA.gptbot, '/robots.txt?x=1'), request(UA.gptbot, 'https://x.test/robots.txt'), request(UA.gptbot, '/a')], true);
    expect(rows.map((r) => r.robotsFetch)).toEqual([true, true, true, false]);
    expect(crawlerReport(j.tally.crawlers.get('gptbot')!)).toMatchObject({ requests: 1, blocked: 1, robotsFetches: 3 });
    expect([isRobotsFetch('/robots.txt'), isRobotsFetch('/robots.txt.bak'), isRobotsFetch('/ROBOTS.TXT')]).toEqual([true, false, false]);
  });
  it('a robots.txt fetch is told from its target as the path without its query or fragment is (absolute URLs too)', () => {
    const pathOf = (t: string) => (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*(.*)$/.exec(t)?.[1] || (t.startsWith('/') ? t : '/')).split(/[?#]/)[0];
    fc.assert(fc.property(fc.array(fc.constantFrom('/', 'robots.txt', 'robots', '.txt', '?', '#', 'x', 'https://a.test', 'http:'), { maxLength: 5 }), (parts) => {
      const target = parts.join('');
      expect(isRobotsFetch(target)).toBe((target.startsWith('/') ? target.split(/[?#]/)[0] : pathOf(target)) === '/robots.txt');
    }), { numRuns: 500 });
  });
  it('browsers and requests without a path are not judged; they count as requests read', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /\n' }] });
    expect(j.judge([request(UA.browser, '/a'), request(UA.googlebot, '')], true)).toEqual([]);
    expect([j.tally.requests, j.tally.crawlers.size]).toEqual([2, 0]);
  });
  it('a User-Agent past 2,048 characters is counted under its cut form, every request of it', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /a\n' }] });
    const long = `LongBot/1.0 (+https://long.example/${'x'.repeat(3_000)})`;
    j.judge([request(long, '/a'), request(long, '/a'), request(long, '/b')]);
    const [c] = [...j.tally.crawlers.values()];
    expect(crawlerReport(c!).userAgents).toEqual([{ userAgent: long.slice(0, 2_048), count: 3 }]);
    expect(crawlerReport(c!).topBlocked.map((t) => [t.path, t.count, t.userAgent.length])).toEqual([['/a', 2, 2_048]]);
  });
  it('another host than the site\'s is out of scope: not blocked', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /\n' }], site: 'https://www.example.com' });
    const rows = j.judge([request(UA.bing, '/a', 0, '1.2.3.4', 'www.example.com'), request(UA.bing, '/a', 0, '1.2.3.4', 'cdn.example.com'), request(UA.bing, '/a')], true);
    expect(rows.map((r) => r.verdict)).toEqual([ListVerdict.Blocked, ListVerdict.OutOfScope, ListVerdict.Blocked]);
  });
  it('a fetcher that ignores robots.txt by design fetching a blocked URL is blocked but not disobeying', () => {
    const j = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /\n' }] });
    const rows = j.judge([request(UA.chatgpt, '/a'), request(UA.feed, '/b'), request(UA.gptbot, '/c')], true);
    expect(rows.map((r) => [r.crawler.id, r.verdict, disobeys(r)])).toEqual([['chatgpt-user', ListVerdict.Blocked, false], ['feedfetcher-google', ListVerdict.Blocked, false], ['gptbot', ListVerdict.Blocked, true]]);
    expect(disobeyingRequests(j.tally)).toBe(1);
  });
  it('verification per request: in the ranges, outside them, no ranges for the crawler', () => {
    const ranges = [readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }), 'googlebot.json', ['googlebot'])];
    const j = new LogJudge({ versions: [{ text: '' }], ranges });
    const rows = j.judge([request(UA.googlebot, '/', 0, '66.249.66.1'), request(UA.googlebot, '/', 0, '6.6.6.6'), request(UA.bing, '/', 0, '66.249.66.1')], true);
    expect(rows.map((r) => r.verification)).toEqual(['verified', 'spoofed', 'unverified']);
    expect(crawlerReport(j.tally.crawlers.get('googlebot')!)).toMatchObject({ requests: 2, verified: 1, spoofed: 1, unverified: 0 });
  });
  it('--verify-dns: each (crawler, address) asked once, only for crawlers whose operators document names; DNS decides where ranges are unknown', async () => {
    const j = new LogJudge({ versions: [{ text: '' }] });
    const asked: string[] = [];
    const resolver = {
      reverse: async (ip: string) => (asked.push(ip), ip === '66.249.66.1' ? ['crawl-66-249-66-1.googlebot.com'] : ['host.evil.test']),
      resolve: async () => ['66.249.66.1'],
    };
    const requests = [request(UA.googlebot, '/', 0, '66.249.66.1'), request(UA.googlebot, '/x', 0, '66.249.66.1'), request(UA.googlebot, '/', 0, '6.6.6.6'), request(UA.gptbot, '/', 0, '6.6.6.6')];
    await answerDnsQuestions(j, requests, resolver);
    expect(asked).toEqual(['66.249.66.1', '6.6.6.6']);
    expect(j.judge(requests, true).map((r) => r.verification)).toEqual(['verified', 'verified', 'spoofed', 'unverified']);
    expect(j.dnsQuestions(requests)).toEqual([]);
  });
  it('--verify-dns with DNS down: the lookups that failed are counted, and their requests are unverified, not spoofed', async () => {
    const down = { reverse: () => Promise.reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT', syscall: 'queryPtr' })), resolve: async () => [] };
    const line = (ip: string) => `${ip} - - [01/Jan/2025:00:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "${UA.googlebot}"`;
    const { report, dnsFailed } = await judgeLog([[line('66.249.66.1'), line('66.249.66.2'), line('66.249.66.1')].join('\n')], { versions: [{ text: '' }] }, { resolver: down });
    expect([dnsFailed, report.crawlers[0]]).toMatchObject([2, { crawler: 'googlebot', unverified: 3, spoofed: 0 }]);
  });
});

/** Per-request verdicts made one at a time: Google's checkUrl (or the reader's readWith) on the version live at the request's time. */
function expectedVerdict(texts: readonly string[], version: number, agent: JudgedRequest['crawler']['agent'], url: string, reader: ReaderId, site?: string): number {
  const g = checkUrl(parseRobotsTxt(texts[version]!), agent, url, { site });
  if (g.problem) return ListVerdict.CannotTest;
  if (!g.inScope) return ListVerdict.OutOfScope;
  if (reader === 'google') return g.allowed ? ListVerdict.Allowed : ListVerdict.Blocked;
  const r = readWith(reader, texts[version]!)(readerAgent(agent), readerUrl(url, site));
  return r.reason === 'unparsable' ? ListVerdict.CannotTest : r.allowed ? ListVerdict.Allowed : ListVerdict.Blocked;
}

/** Every count of a tally, recomputed from the judged requests alone. */
function recount(rows: readonly JudgedRequest[], readers: number) {
  const by = new Map<string, { requests: number; blocked: number; robots: number; v: Record<string, number>; first: number; last: number; top: Map<string, number>; readerBlocked: number[]; hours: Map<number, number>; blockedHours: Map<number, number> }>();
  for (const r of rows) {
    let c = by.get(r.crawler.id);
    if (!c) by.set(r.crawler.id, (c = { requests: 0, blocked: 0, robots: 0, v: { verified: 0, spoofed: 0, unverified: 0 }, first: Infinity, last: -Infinity, top: new Map(), readerBlocked: new Array(readers).fill(0), hours: new Map(), blockedHours: new Map() }));
    c.first = Math.min(c.first, r.request.time);
    c.last = Math.max(c.last, r.request.time);
    if (r.robotsFetch) {
      c.robots++;
      continue;
    }
    c.requests++;
    c.v[r.verification]!++;
    r.readers.forEach((x, k) => x.verdict === ListVerdict.Blocked && c.readerBlocked[k]!++);
    const blocked = r.verdict === ListVerdict.Blocked;
    if (blocked) {
      c.blocked++;
      c.top.set(`${r.path} ${r.line}`, (c.top.get(`${r.path} ${r.line}`) ?? 0) + 1);
    }
    const h = Math.floor(r.request.time / 3_600_000);
    c.hours.set(h, (c.hours.get(h) ?? 0) + 1);
    if (blocked) c.blockedHours.set(h, (c.blockedHours.get(h) ?? 0) + 1);
  }
  return by;
}

const agents = fc.constantFrom(UA.googlebot, UA.image, UA.gptbot, UA.chatgpt, UA.bing, UA.mj12, UA.feed, UA.browser, 'Googlebot', 'python-requests/2.31');
const path = fc.tuple(fc.constantFrom('/', '/a', '/a/b', '/b', '/robots.txt', '/new/x', '/old/y', '/p.pdf'), fc.constantFrom('', '?q=1', '?x')).map(([p, q]) => p + q);
const rule = fc.tuple(fc.constantFrom('Allow', 'Disallow'), fc.constantFrom('/', '/a', '/a/', '/b', '/*.pdf$', '/new/', '/old/', '/*?')).map(([k, v]) => `${k}: ${v}`);
const robots = fc.array(fc.oneof(fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'User-agent: GPTBot', 'User-agent: MJ12bot', 'User-agent: bingbot', ''), rule), { maxLength: 10 }).map((l) => l.join('\n'));
const time = fc.integer({ min: D1 - 3 * 86_400_000, max: D2 + 3 * 86_400_000 });

describe('every count of the report against per-request verdicts', () => {
  it('property: each judged request is the one-at-a-time verdict on its version; requests, blocked, verification, robots.txt fetches, first/last seen, top paths, hours and each reader\'s blocked add up from the rows', () => {
    fc.assert(fc.property(robots, robots, fc.array(fc.tuple(agents, path, time, fc.constantFrom('66.249.66.1', '6.6.6.6', '157.55.39.9')), { minLength: 1, maxLength: 30 }), fc.constantFrom<ReaderId[]>(['google'], ['google', 'bing', 'python-urllib'], ['robots-parser']), (live, old, reqs, readers) => {
      const texts = [live, old];
      const ranges = [readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }), 'googlebot.json', ['googlebot', 'googlebot-image'])];
      const j = new LogJudge({ versions: [{ text: live, since: D2 }, { text: old, since: D1 }], readers, ranges });
      const requests = reqs.map(([ua, p, t, ip]) => request(ua, p, t, ip));
      const rows = j.judge(requests.slice(0, 10), true).concat(j.judge(requests.slice(10), true));
      for (const r of rows) {
        const version = r.request.time >= D2 ? 0 : 1;
        expect(r.version).toBe(version);
        if (r.robotsFetch) continue;
        readers.forEach((reader, k) => expect(r.readers[k]!.verdict, `${r.crawler.id} ${r.request.target} ${reader}`).toBe(expectedVerdict(texts, version, r.crawler.agent, r.request.target, reader)));
        expect(r.verdict).toBe(r.readers[0]!.verdict);
        const g = checkUrl(parseRobotsTxt(texts[version]!), r.crawler.agent, r.request.target);
        if (readers[0] === 'google') expect([r.line, r.path]).toEqual([g.line, g.url.path]);
        expect(r.verification).toBe(r.crawler.id.startsWith('googlebot') ? (r.request.ip === '66.249.66.1' ? 'verified' : 'spoofed') : 'unverified');
      }
      const want = recount(rows, readers.length);
      expect([...j.tally.crawlers.values()].map((c) => c.id).sort()).toEqual([...want.keys()].sort());
      for (const [id, w] of want) {
        const c = j.tally.crawlers.get(crawlerKey(id))!;
        const all = combinedPart(c);
        const report = crawlerReport(c, 1000);
        expect(report).toMatchObject({ requests: w.requests, blocked: w.blocked, robotsFetches: w.robots, verified: w.v.verified, spoofed: w.v.spoofed, unverified: w.v.unverified });
        expect([all.firstSeen, all.lastSeen]).toEqual([w.first, w.last]);
        expect(all.readerBlocked).toEqual(w.readerBlocked);
        expect(new Map(topBlocked(all, 1000).map((t) => [`${t.path} ${t.line}`, t.count]))).toEqual(w.top);
        const byHour = (m: ReadonlyMap<number, number>) => new Map([...m].sort((a, b) => a[0] - b[0]));
        expect(byHour(all.hours)).toEqual(byHour(w.hours));
        expect(byHour(all.blockedHours)).toEqual(byHour(w.blockedHours));
      }
      expect(disobeyingRequests(j.tally)).toBe(rows.filter(disobeys).length);
      expect(j.tally.versions.reduce((a, b) => a + b, 0)).toBe(rows.length);
    }), { numRuns: 150 });
  });
  it('property: tallies of parts merged equal the tally of the whole (threads, files)', () => {
    fc.assert(fc.property(robots, fc.array(fc.tuple(agents, path, time), { maxLength: 30 }), fc.nat(30), (text, reqs, cut) => {
      const requests = reqs.map(([ua, p, t]) => request(ua, p, t));
      const whole = new LogJudge({ versions: [{ text }] });
      whole.judge(requests);
      const a = new LogJudge({ versions: [{ text }] });
      const b = new LogJudge({ versions: [{ text }] });
      a.judge(requests.slice(0, cut));
      b.judge(requests.slice(cut));
      const merged: LogTally = emptyTally(1);
      mergeTally(merged, a.tally);
      mergeTally(merged, b.tally);
      expect(logReport(merged, 'x')).toEqual(logReport(whole.tally, 'x'));
    }));
  });
});

describe('judgeLog: a log streamed in pieces', () => {
  const line = (ua: string, p: string, i: number) => `66.249.66.${i} - - [01/Jan/2025:00:00:0${i} +0000] "GET ${p} HTTP/1.1" 200 5 "-" "${ua}"`;
  it('detects the format, counts unreadable lines (a few kept), judges the rest; the same however the text is cut', async () => {
    const text = [line(UA.gptbot, '/a', 1), 'broken line one', line(UA.gptbot, '/robots.txt', 2), line(UA.browser, '/b', 3), '', 'broken line two', line(UA.bing, '/x', 4)].join('\r\n');
    const spec = { versions: [{ text: 'User-agent: GPTBot\nDisallow: /\n' }] };
    const whole = await judgeLog([text], spec);
    const pieces = await judgeLog(text.match(/[\s\S]{1,7}/g)!, spec);
    expect(whole.report).toEqual(pieces.report);
    expect(whole.report).toMatchObject({ lines: 7, unparsed: 2, format: 'combined' });
    expect(whole.judge.tally.samples).toEqual([{ line: 2, text: 'broken line one' }, { line: 6, text: 'broken line two' }]);
    expect(whole.report.crawlers.map((c) => [c.crawler, c.requests, c.blocked, c.robotsFetches])).toEqual([['gptbot', 1, 1, 1], ['bingbot', 1, 0, 0]]);
  });
  it('rows come in input order; a log whose first lines fit no format throws LogFormatError', async () => {
    const seen: string[] = [];
    await judgeLog([[line(UA.bing, '/1', 1), line(UA.gptbot, '/2', 2), line(UA.bing, '/3', 3)].join('\n')], { versions: [{ text: '' }] }, { rows: (rows) => void seen.push(...rows.map((r) => r.request.target)) });
    expect(seen).toEqual(['/1', '/2', '/3']);
    await expect(judgeLog(['not a log\nat all\n'], { versions: [{ text: '' }] })).rejects.toThrow(LogFormatError);
  });
  it('logrotate copytruncate: the NULs leading the log are skipped and counted, and all its lines read', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => line(UA.bing, `/${i}`, i % 10));
    const { judge, report } = await judgeLog(['\u0000'.repeat(4096) + lines.join('\n')], { versions: [{ text: '' }] });
    expect([report.lines, report.unparsed, report.crawlers[0]!.requests, judge.tally.leadingNuls]).toEqual([1000, 0, 1000, 4096]);
  });
  it('a line with a NUL anywhere (the method too) is unreadable, counted and named; the log is not taken for binary', async () => {
    const text = [line(UA.bing, '/1', 1), line(UA.bing, '/2', 2).replace('GET', 'G\u0000T'), line(UA.bing, '/3', 3)].join('\n');
    const { judge, report } = await judgeLog([text], { versions: [{ text: '' }] });
    expect([report.unparsed, report.crawlers[0]!.requests]).toEqual([1, 2]);
    expect(judge.tally.samples.map((s) => [s.line, s.reason])).toEqual([[2, 'it holds a NUL character']]);
    await expect(judgeLog(['\u0000\u0001\u0002PK\u0003\u0004'], { versions: [{ text: '' }] })).rejects.toThrow('this is a binary file, not a text log');
  });
  it('impossible dates make their lines unreadable, with that reason; never judged by another day\'s version', async () => {
    const at = (date: string) => `66.249.66.1 - - [${date}] "GET /a HTTP/1.1" 200 5 "-" "${UA.bing}"`;
    const good = at('31/Mar/2025:10:00:00 +0000');
    const text = [good, good, good, at('32/Mar/2025:10:00:00 +0000'), at('29/Feb/2023:10:00:00 +0000'), at('01/Apr/2025:10:00:00 +9999')].join('\n');
    const { judge, report } = await judgeLog([text], { versions: [{ text: '' }] });
    expect([report.unparsed, report.crawlers[0]!.requests]).toEqual([3, 3]);
    expect(judge.tally.samples.map((s) => s.reason)).toEqual([
      'no clock shows its time, "32/Mar/2025:10:00:00 +0000"', 'no clock shows its time, "29/Feb/2023:10:00:00 +0000"', 'no clock shows its time, "01/Apr/2025:10:00:00 +9999"',
    ]);
  });
  it('a request with no time, with dated versions, is judged by the first version given and counted', async () => {
    const j = new LogJudge({ versions: [{ text: ROBOTS_NEW, since: D2 }, { text: ROBOTS_OLD, since: D1 }] });
    j.judge([request(UA.bing, '/a', NaN), request(UA.bing, '/a', D2 + 1), request(UA.browser, '/a', NaN)]);
    expect([j.tally.untimed, j.tally.versions]).toEqual([1, [2, 0]]);
    const one = new LogJudge({ versions: [{ text: ROBOTS_NEW }] });
    one.judge([request(UA.bing, '/a', NaN)]);
    expect(one.tally.untimed).toBe(0);
  });
});
