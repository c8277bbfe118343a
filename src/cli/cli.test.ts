import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'rtt-cli-'));
const robotsFile = join(dir, 'robots.txt');
writeFileSync(robotsFile, 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /g\n');

function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['lib/cli.js', ...args], { input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('robots-txt-tester check', () => {
  it('prints a line per URL and exits 0 when all are allowed', () => {
    const r = cli(['check', robotsFile, '--ua', 'Bingbot', 'https://a.test/', '/public']);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(2);
    expect(r.out).toMatch(/^ALLOWED {2}https:\/\/a\.test\/ {2}no rule matched \(line 0\) {2}group: \* \(line 1\)/);
  });
  it('exits 1 when any URL is blocked, naming the deciding line and group', () => {
    const r = cli(['check', robotsFile, '--ua', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '/x', '/g/1']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('BLOCKED  /g/1  line 5: Disallow: /g  group: Googlebot (line 4)  token: Googlebot');
  });
  it('reads the robots.txt from standard input with -', () => {
    const r = cli(['check', '-', '--ua', 'x', '/a'], 'User-agent: *\nDisallow: /a\n');
    expect(r.code).toBe(1);
  });
  it('--json prints machine output', () => {
    const r = cli(['check', robotsFile, '--ua', 'Bingbot', '--json', '/private/x']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject([{ url: '/private/x', allowed: false, line: 2, rule: 'Disallow: /private', reason: 'longest-match', token: 'Bingbot' }]);
  });
  it.each([
    [['check', join(dir, 'missing.txt'), '--ua', 'x', '/'], /no such file: .*missing\.txt/],
    [['check', robotsFile, '--ua', 'x', 'http://exa mple.com/'], /not a URL or path: "http:\/\/exa mple.com\/"/],
    [['check', robotsFile, '/'], /missing --ua/],
    [['check', robotsFile, '--ua', 'x'], /missing the URL/],
    [['check', robotsFile, '--ua', '/2.1', '/'], /no crawler token/],
    [['frobnicate'], /unknown command frobnicate/],
  ])('exits 2 with a clear message on bad input: %j', (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });
});

describe('robots-txt-tester batch (the conformance contract)', () => {
  it('answers one line per input line, in order, and survives malformed lines', () => {
    const input = [
      JSON.stringify({ id: 'a', robots: 'User-agent: *\nDisallow: /x', ua: 'Googlebot', url: 'https://a.test/x' }),
      '{not json',
      JSON.stringify({ id: 7, robots: 'User-agent: *\nDisallow: /x', ua: 'Googlebot', url: 'https://a.test/y' }),
      JSON.stringify({ id: 'c', robots: 5, ua: 'x', url: '/' }),
      '',
      JSON.stringify({ id: 'd', robots: '', ua: 'Googlebot', url: '/' }),
    ].join('\n');
    const r = cli(['batch'], input + '\n');
    expect(r.code).toBe(0);
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(6);
    expect(out[0]).toEqual({ id: 'a', allowed: false, line: 2 });
    expect(out[1]).toMatchObject({ id: null, error: expect.stringMatching(/malformed JSON/) });
    expect(out[2]).toEqual({ id: 7, allowed: true, line: 0 });
    expect(out[3]).toMatchObject({ id: 'c', error: expect.stringMatching(/robots/) });
    expect(out[4]).toMatchObject({ id: null, error: 'empty input line' });
    expect(out[5]).toEqual({ id: 'd', allowed: true, line: 0 });
  });
  it('handles tens of thousands of lines, and bodies near 500 KiB', () => {
    const small = 'User-agent: *\n' + Array.from({ length: 100 }, (_, i) => `Disallow: /p${i}/`).join('\n');
    const big = 'User-agent: *\n' + Array.from({ length: 25000 }, (_, i) => `Disallow: /p${i}/`).join('\n');
    const reqs: { id: number | string; robots: string; ua: string; url: string }[] = Array.from({ length: 20000 }, (_, i) => ({ id: i, robots: small, ua: 'Googlebot', url: `https://a.test/p${i % 150}/x` }));
    reqs.push({ id: 'big', robots: big, ua: 'Googlebot', url: 'https://a.test/p24999/x' });
    const r = cli(['batch'], reqs.map((q) => JSON.stringify(q)).join('\n') + '\n');
    const out = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(big.length).toBeGreaterThan(400_000);
    expect(out).toHaveLength(20001);
    expect(out[3]).toEqual({ id: 3, allowed: false, line: 5 });
    expect(out[149]).toEqual({ id: 149, allowed: true, line: 0 });
    expect(out[20000]).toEqual({ id: 'big', allowed: false, line: 25001 });
  });
});
