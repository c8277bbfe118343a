import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_REQUESTS, passesFilter, type LogFilter } from './filter.js';
import type { LogRequest } from './formats/index.js';
import { LogJudge } from './judge.js';
import { readIpRanges } from './ranges.js';
import { logView } from './view.js';

const AGENTS = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'GPTBot/1.1', 'ChatGPT-User/1.0', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'Firefox/140.0'];
const PATHS = ['/a', '/p/1', '/p/2', '/robots.txt'];
const IPS = ['66.249.66.1', '6.6.6.6'];
const request = ([agent, path, ip]: readonly [number, number, number], i: number): LogRequest =>
  ({ line: i + 1, time: Date.UTC(2025, 0, 1, i), ip: IPS[ip]!, method: 'GET', target: PATHS[path]!, host: '', status: 200, userAgent: AGENTS[agent]! });

const FILTERS: readonly LogFilter[] = [
  ALL_REQUESTS, { ...ALL_REQUESTS, disobeying: true }, { ...ALL_REQUESTS, spoofed: true }, { ...ALL_REQUESTS, crawler: 'googlebot' },
  { ...ALL_REQUESTS, crawler: 'chatgpt-user', disobeying: true }, { crawler: 'googlebot', disobeying: true, spoofed: true },
];

describe('the Logs tab\'s filters: the tally\'s view and the exported requests pass the same requests', () => {
  it('property: a crawler has a row exactly when some of its judged requests pass, and its row counts them (the blocked ones under "disobeying")', () => {
    const ranges = [readIpRanges(JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }), 'googlebot.json', ['googlebot'])];
    const entry = fc.tuple(fc.nat(AGENTS.length - 1), fc.nat(PATHS.length - 1), fc.nat(IPS.length - 1));
    fc.assert(fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
      const judge = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /p/\n' }], ranges });
      const rows = judge.judge(entries.map(request), true);
      for (const filter of FILTERS) {
        const passed = rows.filter((r) => passesFilter(filter, r));
        const view = logView(judge.tally, filter);
        expect(view.rows.map((r) => r.id).sort()).toEqual([...new Set(passed.map((r) => r.crawler.id))].sort());
        for (const row of view.rows) {
          const own = passed.filter((r) => r.crawler.id === row.id).length;
          expect(filter.disobeying ? row.blocked : row.requests + row.robotsFetches).toBe(own);
        }
      }
    }), { numRuns: 200 });
  });
  it('disobeying: a blocked request of a crawler that ignores robots.txt by design (ChatGPT-User) passes no filter of it', () => {
    const judge = new LogJudge({ versions: [{ text: 'User-agent: *\nDisallow: /p/\n' }] });
    const [r] = judge.judge([request([2, 1, 1], 0)], true);
    expect([passesFilter(ALL_REQUESTS, r!), passesFilter({ ...ALL_REQUESTS, disobeying: true }, r!)]).toEqual([true, false]);
  });
});
