import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'rtt-spoofers-'));
const put = (name: string, content: string) => {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
};
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const line = (ip: string, path: string, ua: string) => `${ip} - - [10/Oct/2026:13:55:36 +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${ua}"`;

const robots = put('robots.txt', 'User-agent: *\nDisallow: /private/\n');
// 66.249.66.1 is Googlebot (Google's published ranges, shipped); 20.171.206.3 is GPTBot's (gptbot.json).
const access = put('access.log', [
  line('66.249.66.1', '/a', GOOGLEBOT), line('203.0.113.9', '/private/a', GOOGLEBOT), line('203.0.113.9', '/b', GOOGLEBOT),
  line('2001:DB8::7', '/c', GOOGLEBOT), line('::ffff:198.51.100.2', '/d', GPTBOT), line('20.171.206.3', '/e', GPTBOT),
  line('10.0.0.10', '/f', GPTBOT), line('9.0.0.1', '/g', GOOGLEBOT),
].join('\n') + '\n');

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['lib/cli.js', 'logs', robots, access, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('robots-txt-tester logs --spoofers: the spoofing addresses as a deny list, with the shipped ranges', () => {
  it('plain: every crawler\'s spoofing addresses, each once, IPv4 before IPv6 in address order, alone on standard output; each crawler\'s count on standard error', () => {
    for (const jobs of ['1', '2']) {
      const r = cli(['--spoofers', 'plain', '--jobs', jobs]);
      expect(r.out).toBe('9.0.0.1\n10.0.0.10\n198.51.100.2\n203.0.113.9\n2001:db8::7\n');
      expect(r.err).toContain('spoofed googlebot: 3 addresses, 4 requests');
      expect(r.err).toContain('spoofed gptbot: 2 addresses, 2 requests');
      expect(r.err).toMatch(/IP ranges shipped with the tester \(copied \d{4}-\d{2}-\d{2}\): googlebot\.json \(Google, \d+ prefixes, its date \d{4}-\d{2}-\d{2}\)/);
      // The exit code is the report's: a crawler fetched what it may not.
      expect(r.code).toBe(1);
    }
  });
  it('nginx: a deny line each; cloudflare: one expression', () => {
    expect(cli(['--spoofers', 'nginx']).out).toBe('deny 9.0.0.1;\ndeny 10.0.0.10;\ndeny 198.51.100.2;\ndeny 203.0.113.9;\ndeny 2001:db8::7;\n');
    expect(cli(['--spoofers', 'cloudflare']).out).toBe('(ip.src in {9.0.0.1 10.0.0.10 198.51.100.2 203.0.113.9 2001:db8::7})\n');
  });
  it('a ranges file given replaces the shipped copy: Googlebot\'s addresses judged by it alone', () => {
    const mine = put('googlebot.json', JSON.stringify({ creationTime: '2026-12-01T00:00:00Z', prefixes: [{ ipv4Prefix: '203.0.113.0/24' }] }));
    const r = cli(['--spoofers', 'plain', '--ip-ranges', mine]);
    expect(r.out).toBe('9.0.0.1\n10.0.0.10\n66.249.66.1\n198.51.100.2\n2001:db8::7\n');
    expect(r.err).toContain('replaced by the files given: googlebot.json');
  });
  it('--no-shipped-ranges: nothing verifies, nothing is spoofed, the list is empty and says so', () => {
    const r = cli(['--spoofers', 'plain', '--no-shipped-ranges']);
    expect(r.out).toBe('');
    expect(r.err).toContain('the deny list is empty');
    expect(r.err).not.toContain('shipped with the tester');
  });
  it('a hostile address never reaches the terminal raw: no address, counted apart', () => {
    const hostile = put('hostile.log', `${JSON.stringify({ ip: '\u001b[2J::warning::x', time: '2026-10-10T13:55:36Z', request: 'GET / HTTP/1.1', user_agent: GOOGLEBOT })}\n`);
    const r = spawnSync(process.execPath, ['lib/cli.js', 'logs', robots, hostile, '--spoofers', 'nginx'], { encoding: 'utf8' });
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('spoofed googlebot: 0 addresses, 0 requests (1 with no address to deny)');
    expect(r.stderr).not.toContain('\u001b');
  });
  it('exit 2 on a format it does not write, or with --format', () => {
    expect(cli(['--spoofers', 'iptables'])).toMatchObject({ code: 2, out: '' });
    expect(cli(['--spoofers', 'iptables']).err).toContain('--spoofers takes plain, nginx, cloudflare');
    expect(cli(['--spoofers', 'nginx', '--format', 'json']).code).toBe(2);
  });
});
