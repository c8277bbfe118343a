import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Real crawlers' User-Agents and a browser's, mixed over six days of March around a change of the file on the 10th.
const AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot-Image/1.0',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)', 'mj12bot/1.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', '-',
];
const PATHS = ['/', '/robots.txt', '/private/a', '/private/b?x=1', '/new/page', '/new/other', '/blog/post', '/p.pdf'];
const LOG_LIVE = 'User-agent: *\nDisallow: /private/\nDisallow: /new/\n\nUser-agent: GPTBot\nDisallow: /\n';
const LOG_BEFORE = 'User-agent: *\nDisallow: /private/\n';
const two = (n: number) => String(n).padStart(2, '0');
/** Line i of `count`, spread over 7–12 March. */
const logLine = (i: number, count: number) => {
  const minute = Math.floor((i / count) * 6 * 24 * 60);
  const when = `${two(7 + Math.floor(minute / 1440))}/Mar/2025:${two(Math.floor(minute / 60) % 24)}:${two(minute % 60)}:${two(i % 60)}`;
  return `66.249.66.${1 + (i % 97)} - - [${when} +0000] "GET ${PATHS[(i * 5 + (i >> 3)) % PATHS.length]} HTTP/1.1" 200 512 "-" "${AGENTS[(i * 7 + (i >> 2)) % AGENTS.length]}"`;
};
const testLogLines = (count: number) => Array.from({ length: count }, (_, i) => logLine(i, count));

const dir = mkdtempSync(join(tmpdir(), 'rtt-logs-merge-'));
const put = (name: string, content: string) => {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
};

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['lib/cli.js', 'logs', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const live = put('robots.txt', LOG_LIVE);
const before = put('robots-before.txt', LOG_BEFORE);
// The file changed on 10 March; the log runs three days either side of it.
const dated = ['--live-since', '2025-03-10', '--version-from', `2025-01-01=${before}`];
const lines = testLogLines(3000);
const whole = put('access.log', lines.join('\n') + '\n');

describe('robots-txt-tester logs merge: shards\' JSON reports merged into the report of the whole', () => {
  it('three shards run apart and merged give what one run over all the lines gives; merged again, the same', () => {
    const one = cli([live, whole, ...dated, '--format', 'json', '--jobs', '1']);
    expect(one.code).toBe(1);
    const shards = [lines.slice(0, 1000), lines.slice(1000, 1700), lines.slice(1700)].map((s, i) => {
      const r = cli([live, put(`shard-${i}.log`, s.join('\n') + '\n'), ...dated, '--format', 'json', '--top', '5000', '--jobs', '1']);
      expect(r.code).toBe(1);
      return put(`shard-${i}.json`, r.out);
    });
    const merged = cli(['merge', ...shards]);
    expect([merged.code, merged.err]).toEqual([1, `robots-txt-tester: 3 reports merged: 3,000 lines, ${JSON.parse(one.out).crawlers.length} crawlers\n`]);
    expect(JSON.parse(merged.out)).toEqual(JSON.parse(one.out));
    const twice = cli(['merge', put('first-two.json', cli(['merge', '--top', '5000', shards[0]!, shards[1]!]).out), shards[2]!]);
    expect(twice.out).toBe(merged.out);
    const report = JSON.parse(merged.out);
    expect(report.crawlers.reduce((n: number, c: { cacheWindow: number }) => n + c.cacheWindow, 0)).toBeGreaterThan(0);
  });
  it('shards run with the default --top: the counts still exact, the lists cut marked approximate and said', () => {
    const one = JSON.parse(cli([live, whole, ...dated, '--format', 'json']).out);
    const shards = [lines.slice(0, 1500), lines.slice(1500)].map((s, i) => put(`cut-${i}.json`, cli([live, put(`cut-${i}.log`, s.join('\n') + '\n'), ...dated, '--format', 'json', '--top', '2']).out));
    const merged = cli(['merge', ...shards]);
    const report = JSON.parse(merged.out);
    expect(report.crawlers.map(({ topBlocked: _t, topBlockedApproximate: _a, ...c }: Record<string, unknown>) => c)).toEqual(one.crawlers.map(({ topBlocked: _t, ...c }: Record<string, unknown>) => c));
    expect(report.crawlers.find((c: { crawler: string }) => c.crawler === 'googlebot').topBlockedApproximate).toBe(true);
    expect(merged.err).toMatch(/blocked paths approximate for .*googlebot.*: a shard listed only part of them \(run the shards with a larger --top\)/);
  });
  it.each([
    [['merge'], /missing the reports to merge/],
    [['merge', join(dir, 'nope.json')], /no such report file/],
    [['merge', 'PLAIN'], /plain\.txt: not JSON/],
    [['merge', 'SHAPE'], /shape\.json: not a report of `logs --format json`/],
    [['merge', '--top', '0', 'SHAPE'], /--top takes a number of paths from 1 to 5000/],
  ])('bad input: %j, exit 2 and why', (args, message) => {
    const files: Record<string, string> = { PLAIN: put('plain.txt', 'hello'), SHAPE: put('shape.json', '{"lines": 1}') };
    const r = cli(args.map((a) => files[a] ?? a));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('robots-txt-tester logs --cache-window (RFC 9309 §2.4: a crawler may keep robots.txt up to 24 hours)', () => {
  const log = put('cache.log', [
    '157.55.39.9 - - [10/Mar/2025:01:00:00 +0000] "GET /new/a HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"',
    '157.55.39.9 - - [10/Mar/2025:03:00:00 +0000] "GET /robots.txt HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"',
    '157.55.39.9 - - [12/Mar/2025:10:00:00 +0000] "GET /new/b HTTP/1.1" 200 5 "-" "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"',
  ].join('\n') + '\n');
  it('text: the request in the window counted apart, the reaction to the change, the later one disobeying', () => {
    const r = cli([live, log, ...dated]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('within the cache window after a change (allowed by the version before; not disobeying): 1');
    expect(r.out).toContain('bingbot: fetched robots.txt 2025-03-10 03:00:00 (reacted in 3 h); first blocked request 2025-03-10 01:00:00; 1 within the cache window');
    expect(r.out).toContain('1 crawler fetched URLs the file blocks for it: bingbot (1)');
  });
  it('JSON and CSV; --cache-window 0 counts both as disobeying; every --jobs gives the same', () => {
    const json = (extra: string[]) => JSON.parse(cli([live, log, ...dated, '--format', 'json', ...extra]).out).crawlers[0];
    expect(json([])).toMatchObject({ blocked: 2, cacheWindow: 1, reactions: [{ version: 1, since: '2025-03-10T00:00:00.000Z', robotsTxtFetched: '2025-03-10T03:00:00.000Z', reactionSeconds: 10_800, cacheWindow: 1 }] });
    expect(json(['--cache-window', '0'])).toMatchObject({ blocked: 2, cacheWindow: 0 });
    expect(json(['--cache-window', '30m'])).toMatchObject({ cacheWindow: 0 });
    expect(json(['--cache-window', '2h'])).toMatchObject({ cacheWindow: 1 });
    for (const jobs of ['2', '4']) expect(json(['--jobs', jobs])).toEqual(json(['--jobs', '1']));
    const csv = cli([live, log, ...dated, '--format', 'csv']).out.trim().split('\r\n');
    expect(csv.slice(1).map((row) => row.split(',')[12])).toEqual(['within cache window', 'robots.txt fetch', 'blocked']);
    const bad = cli([live, log, ...dated, '--cache-window', '24']);
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('--cache-window takes a time with its unit (24h, 90m, 3600s) or 0, not "24"')]);
  });
});
