import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './test-helpers.js';

const ROBOTS = 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /no-google\n';
const BIG = 'User-agent: *\nDisallow: /early\n' + '#'.repeat(99).concat('\n').repeat(5300) + 'Disallow: /late\n';

let server: Server;
let base = '';
let refused = '';

const cli = (args: string[], input?: string) => runCli(args, { input });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    const m = /^\/(ok|status\/(\d+)|redirect\/(\d+)|big|slow)\/robots\.txt$/.exec(url.pathname);
    if (!m) return void res.writeHead(404).end('not found');
    if (m[1] === 'ok') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
    if (m[2]) return void res.writeHead(Number(m[2]), { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n');
    if (m[3]) {
      const left = Number(m[3]);
      return void res.writeHead(301, { location: left > 1 ? `/redirect/${left - 1}/robots.txt` : '/ok/robots.txt' }).end();
    }
    if (m[1] === 'big') return void res.writeHead(200).end(BIG);
    // slow: answer nothing until the client gives up.
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  refused = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/robots.txt`;
  await new Promise<void>((r) => closed.close(() => r()));
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

const json = async (args: string[]) => {
  const r = await cli([...args, '--json']);
  return { ...r, rows: r.out ? JSON.parse(r.out) as Record<string, unknown>[] : [] };
};

describe('RFC 9309 §2.3.1: check fetches a robots.txt as Google does', () => {
  it('2xx: the rules apply, and relative URLs resolve against the fetched file\'s site', async () => {
    const r = await json(['check', `${base}/ok/robots.txt`, '--ua', 'Bingbot', 'private/x', `${base}/public`]);
    expect(r.code).toBe(1);
    expect(r.rows.map((v) => [v.path, v.allowed, v.line])).toEqual([['/private/x', false, 2], ['/public', true, 0]]);
    expect(r.rows[0]!.source).toMatchObject({ code: 200, hops: 0, meaning: 'HTTP 200: the file’s rules apply.' });
    const text = await cli(['check', `${base}/ok/robots.txt`, '--ua', 'Bingbot', '/public']);
    expect(text.err).toContain(`fetched ${base}/ok/robots.txt: HTTP 200, ${ROBOTS.length} bytes. HTTP 200: the file’s rules apply.`);
  });

  it.each([
    [404, true, 'Google treats robots.txt as missing and allows everything'],
    [401, true, 'allows everything'],
    [403, true, 'allows everything'],
    [429, false, 'Google crawls nothing'],
    [500, false, 'Google crawls nothing'],
    [503, false, 'Google crawls nothing'],
  ])('HTTP %i: allowed %s', async (code, allowed, meaning) => {
    const r = await json(['check', `${base}/status/${code}/robots.txt`, '--ua', 'Googlebot', '/x']);
    expect(r.rows[0]).toMatchObject({ allowed, line: 0, reason: allowed ? 'status-allow-all' : 'status-disallow-all' });
    expect(String((r.rows[0]!.source as { meaning: string }).meaning)).toContain(meaning);
  });

  it('follows up to five redirects; past that, robots.txt counts as not found', async () => {
    const short = await json(['check', `${base}/redirect/3/robots.txt`, '--ua', 'Bingbot', '/private']);
    expect(short.rows[0]).toMatchObject({ allowed: false, line: 2, source: { hops: 3, code: 200, finalUrl: `${base}/ok/robots.txt` } });
    const five = await json(['check', `${base}/redirect/5/robots.txt`, '--ua', 'Bingbot', '/private']);
    expect(five.rows[0]).toMatchObject({ allowed: false, source: { hops: 5, code: 200 } });
    const long = await json(['check', `${base}/redirect/9/robots.txt`, '--ua', 'Bingbot', '/private']);
    expect(long.rows[0]).toMatchObject({ allowed: true, reason: 'status-allow-all', source: { hops: 6, code: 301, error: 'more than 5 redirects' } });
  });

  it('reads the body only up to 500 KiB', async () => {
    const r = await json(['check', `${base}/big/robots.txt`, '--ua', 'Googlebot', '/early', '/late']);
    expect(r.rows.map((v) => v.allowed)).toEqual([false, true]);
    expect(r.rows[0]!.source).toMatchObject({ bytes: 512_000, cut: true });
  });

  it('a refused connection and a timeout count as server errors: everything blocked', async () => {
    const down = await json(['check', refused, '--ua', 'Googlebot', '/x']);
    expect(down.rows[0]).toMatchObject({ allowed: false, reason: 'status-disallow-all', source: { code: 0, error: expect.stringMatching(/network error/) } });
    const slow = await json(['check', `${base}/slow/robots.txt`, '--ua', 'Googlebot', '--timeout', '300', '/x']);
    expect(slow.rows[0]).toMatchObject({ allowed: false, source: { code: 0, error: 'no answer within 0.3 s (timeout)' } });
  });

  it('lines reads a fetched file too', async () => {
    const r = await cli(['lines', `${base}/ok/robots.txt`, '--json']);
    expect(r.out.trim().split('\n').map((l) => JSON.parse(l).tag)).toEqual(['user-agent', 'disallow', 'unknown', 'user-agent', 'disallow', 'unknown']);
  });
});

describe('CI: --expect, --urls, diff and --format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-ci-'));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const robots = file('robots.txt', ROBOTS);
  const next = file('next.txt', 'User-agent: *\nDisallow: /private\nDisallow: /public\n');

  it('--expect checks every row and exits 1 naming each failing row and its rule', async () => {
    const expect1 = file('expect.csv', 'url,crawler,expected\n/private/a,,blocked\n/no-google,googlebot,allowed\n/no-google,Bingbot,allowed\n');
    const r = await cli(['check', robots, '--ua', 'Bingbot', '--expect', expect1]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('1 of 3 expectations failed');
    expect(r.err).toContain('row 3: /no-google × Googlebot must be allowed, is blocked: line 5 (Disallow: /no-google) decides');
    const ok = file('ok.csv', 'url;expected\n/private;blocked\n/free;allowed\n');
    const pass = await cli(['check', robots, '--ua', 'Googlebot', '--expect', ok]);
    expect([pass.code, pass.err.trim()]).toEqual([1, 'robots-txt-tester: 1 of 2 expectations failed:\n  row 2: /private × Googlebot must be blocked, is allowed: no rule matches']);
    const good = await cli(['check', robots, '--ua', 'Bingbot', '--expect', ok]);
    expect([good.code, good.err.trim()]).toEqual([0, 'robots-txt-tester: all 2 expectations met']);
  });

  it('--expect rejects a file it cannot read (exit 2)', async () => {
    const bad = file('bad.csv', 'url,expected\n/x,maybe\n');
    const r = await cli(['check', robots, '--ua', 'Bingbot', '--expect', bad]);
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(/line 2: expected must be allowed or blocked, not "maybe"/)]);
  });

  it('--urls and --format csv', async () => {
    const urls = file('urls.txt', '/private/1\n/open\n');
    const r = await cli(['check', robots, '-u', 'Bingbot', '--urls', urls, '--format', 'csv']);
    expect(r.out.split('\r\n')).toEqual([
      'url,crawler,verdict,line,rule,tested_path,group,', '/private/1,bingbot,blocked,2,Disallow: /private,/private/1,* (line 1)', '/open,bingbot,allowed,,,/open,* (line 1)', '',
    ].map((l, i) => (i === 0 ? 'url,crawler,verdict,line,rule,tested_path,group' : l)));
  });

  it('diff lists the verdicts that change with both rules; exit 1 when some do, 0 when none do', async () => {
    const urls = file('diff-urls.txt', '/public/a\n/private\n/no-google\n');
    const r = await cli(['diff', robots, next, '--urls', urls, '--ua', 'Bingbot', '--crawler', 'googlebot']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('ALLOWED → BLOCKED  /public/a  crawler: Bingbot\n    old: no rule\n    new: line 3: Disallow: /public');
    expect(r.out).toContain('BLOCKED → ALLOWED  /no-google  crawler: Googlebot\n    old: line 5: Disallow: /no-google\n    new: no rule');
    expect(r.out).toContain('4 of 6 verdicts changed');
    const j = JSON.parse((await cli(['diff', robots, next, '--urls', urls, '--ua', 'Bingbot', '--json'])).out);
    expect(j).toMatchObject({ compared: 3, changed: 1, changes: [{ url: '/public/a', old: { verdict: 'allowed' }, new: { verdict: 'blocked', line: 3, rule: 'Disallow: /public' } }] });
    const same = await cli(['diff', robots, robots, '--urls', urls, '--ua', 'Bingbot']);
    expect([same.code, same.out.trim()]).toEqual([0, '0 of 3 verdicts changed']);
    const bad = await cli(['diff', robots, '--ua', 'x']);
    expect(bad.code).toBe(2);
  });

  it('diff without URLs tries the paths the two versions’ rules tell apart (standard input empty)', async () => {
    const r = await cli(['diff', robots, next, '--ua', 'Bingbot', '--crawler', 'googlebot']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no URLs given: trying \d+ paths the two versions' rules tell apart/);
    expect(r.out).toContain('ALLOWED → BLOCKED  /public  crawler: Bingbot\n    old: no rule\n    new: line 3: Disallow: /public');
    expect(r.out).toContain('BLOCKED → ALLOWED  /no-google  crawler: Googlebot\n    old: line 5: Disallow: /no-google\n    new: no rule');
    const same = await cli(['diff', robots, robots, '--ua', 'Bingbot', '--json']);
    expect([same.code, JSON.parse(same.out)]).toEqual([0, { changes: [], compared: 1, changed: 0 }]);
  });

  it('diff a fetched version against a file', async () => {
    const urls = file('d2.txt', '/public\n');
    const r = await cli(['diff', `${base}/ok/robots.txt`, next, '--urls', urls, '--ua', 'Bingbot']);
    expect([r.code, r.err]).toEqual([1, expect.stringContaining('old: fetched')]);
  });
});
