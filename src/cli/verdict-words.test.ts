import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ListVerdict, verdictTag, verdictWord } from '../robots/index.js';

const dir = mkdtempSync(join(tmpdir(), 'rtt-words-'));
const put = (name: string, content: string) => {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
};
const cli = (args: string[]) => {
  const r = spawnSync(process.execPath, ['lib/cli.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const csv = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

const robots = put('robots.txt', 'User-agent: *\nDisallow: /private\n');
const older = put('older.txt', 'User-agent: *\nDisallow:\n');
const urls = put('urls.txt', '/private/a\n/open\nhttps://other.test/x\njavascript:x\n');
const sitemap = put('sitemap.xml', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.test/private/a</loc></url><url><loc>https://a.test/open</loc></url></urlset>');
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const access = put('access.log', ['/private/a', '/open'].map((p) => `66.249.66.1 - - [01/Mar/2025:10:00:00 +0000] "GET ${p} HTTP/1.1" 200 10 "-" "${GOOGLEBOT}"`).join('\n') + '\n');

// Every verdict in the words JSON uses: the one spelling of every command's CSV, JSON and text.
const WORDS = [ListVerdict.Allowed, ListVerdict.Blocked, ListVerdict.OutOfScope, ListVerdict.CannotTest].map(verdictWord);

describe('one spelling of verdicts in every command and format', () => {
  it('the words are JSON\'s lower case, and a text listing\'s tags are the same words in capitals', () => {
    expect(WORDS).toEqual(['allowed', 'blocked', 'out of scope', 'cannot test']);
    expect(WORDS.map((_, code) => verdictTag(code))).toEqual(['ALLOWED', 'BLOCKED', 'OUT OF SCOPE', 'CANNOT TEST']);
  });

  it('check: the CSV\'s verdict column and the text listing\'s tags', () => {
    const rows = csv(cli(['check', robots, '--ua', 'Googlebot', '--urls', urls, '--site', 'https://a.test', '--format', 'csv']).out);
    expect(rows.map((r) => r['verdict'])).toEqual(['blocked', 'allowed', 'out of scope', 'cannot test']);
    const text = cli(['check', robots, '--ua', 'Googlebot', '--urls', urls, '--site', 'https://a.test']).out.split('\n').filter((l) => /^[A-Z]/.test(l));
    expect(text.map((l) => l.split('  ')[0])).toEqual(['BLOCKED', 'ALLOWED', 'OUT OF SCOPE', 'CANNOT TEST']);
  });

  it('check --expect and diff: CSV, JSON and text', () => {
    const expectations = put('expect.csv', 'url,crawler,expected\n/private/a,Googlebot,allowed\n');
    expect(csv(cli(['check', robots, '--expect', expectations, '--site', 'https://a.test', '--format', 'csv']).out)[0]).toMatchObject({ verdict: 'blocked', expected: 'allowed', met: 'no' });
    expect(cli(['check', robots, '--expect', expectations, '--site', 'https://a.test']).err).toContain('must be allowed, is blocked');
    const args = ['diff', older, robots, '--ua', 'Googlebot', '--urls', urls, '--site', 'https://a.test'];
    expect(csv(cli([...args, '--format', 'csv']).out).map((r) => [r['old_verdict'], r['new_verdict']])).toEqual([['allowed', 'blocked']]);
    const json = JSON.parse(cli([...args, '--format', 'json']).out) as { changes: { old: { verdict: string }; new: { verdict: string } }[] };
    expect(json.changes.map((c) => [c.old.verdict, c.new.verdict])).toEqual([['allowed', 'blocked']]);
    expect(cli(args).out).toMatch(/^ALLOWED → BLOCKED {2}/m);
  });

  it('audit: CSV and text', () => {
    const args = ['audit', robots, '--sitemap', sitemap, '--site', 'https://a.test', '--ua', 'Googlebot'];
    expect(csv(cli([...args, '--format', 'csv']).out).map((r) => r['verdict'])).toEqual(['blocked', 'allowed']);
    expect(cli(args).out).toMatch(/allowed +blocked +out of scope +cannot test/);
  });

  it('logs: the CSV\'s verdict column', () => {
    const rows = csv(cli(['logs', robots, access, '--format', 'csv']).out);
    expect(rows.map((r) => r['verdict'])).toEqual(['blocked', 'allowed']);
  });
});

describe('with a site, every row names the URL tested (RFC 3986 §5.2: a relative URL resolved on the site)', () => {
  const site = ['--site', 'https://a.test'];
  it('check: CSV, JSON and text', () => {
    expect(csv(cli(['check', robots, '--ua', 'Googlebot', '/private/a', 'open', ...site, '--format', 'csv']).out).map((r) => r['url'])).toEqual(['https://a.test/private/a', 'https://a.test/open']);
    expect((JSON.parse(cli(['check', robots, '--ua', 'Googlebot', '/private/a', ...site, '--format', 'json']).out) as { url: string }[])[0]!.url).toBe('https://a.test/private/a');
    expect(cli(['check', robots, '--ua', 'Googlebot', '/private/a', ...site]).out).toMatch(/^BLOCKED {2}https:\/\/a\.test\/private\/a {2}/);
  });
  it('check --expect and diff', () => {
    const expectations = put('expect-site.csv', 'url,crawler,expected\n/private/a,Googlebot,blocked\n');
    expect(csv(cli(['check', robots, '--expect', expectations, ...site, '--format', 'csv']).out)[0]!['url']).toBe('https://a.test/private/a');
    expect(csv(cli(['diff', older, robots, '--ua', 'Googlebot', '--urls', urls, ...site, '--format', 'csv']).out)[0]!['url']).toBe('https://a.test/private/a');
  });
  it('without a site a URL is written as given', () => {
    expect(csv(cli(['check', robots, '--ua', 'Googlebot', '/private/a', '--format', 'csv']).out)[0]!['url']).toBe('/private/a');
  });
});
