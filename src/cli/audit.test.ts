import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrl, parseRobotsTxt, resolveCrawler } from '../robots/index.js';
import { runCli } from './test-helpers.js';

const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\nDisallow: /unused/\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /g/\n';
const DRAFT = 'User-agent: *\nDisallow: /private/\nDisallow: /blog/\n';
const urlset = (...locs: string[]) => `<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}\n</urlset>\n`;

let server: Server;
let base = '';
const dir = mkdtempSync(join(tmpdir(), 'rtt-audit-'));
const file = (name: string, text: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const cli = (args: string[], input?: string) => runCli(args, { input });

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://127.0.0.1').pathname;
    const here = base;
    const pages: Record<string, () => void> = {
      '/robots.txt': () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`${ROBOTS}\nSitemap: ${here}/index.xml\nSitemap: ${here}/gone.xml\n`),
      '/index.xml': () => res.writeHead(200).end(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${here}/a.xml.gz</loc></sitemap><sitemap><loc>${here}/html.xml</loc></sitemap><sitemap><loc>${here}/index.xml</loc></sitemap></sitemapindex>`),
      '/a.xml.gz': () => res.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(urlset(`${here}/`, `${here}/private/x`, `${here}/private/ok`, `${here}/g/1`, `${here}/blog/p?a=1&amp;b=2`, 'https://elsewhere.test/x'))),
      '/html.xml': () => res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body>Not found</body></html>'),
    };
    const page = pages[path];
    if (page) page();
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

describe('robots-txt-tester audit: the inventory from a fetched robots.txt\'s Sitemap: lines', () => {
  it('--sitemaps auto follows the index (gzip included), names the broken sources on stderr, and exits 1 when a URL is blocked', async () => {
    const r = await cli(['audit', `${base}/robots.txt`, '--sitemaps', 'auto', '--ua', 'Googlebot', '--ua', 'Bingbot']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^Inventory: 5 URLs from 4 sources \(2 with a problem\)/);
    expect(r.out).toContain(`${base}/a.xml.gz (from ${base}/index.xml)  sitemap (gzip) · 5 URLs · skipped: 1 URL on another host`);
    expect(r.out).toContain(`${base}/index.xml  sitemap index · 2 sitemaps followed · skipped: 1 sitemap names an index they are in (a loop): not read again`);
    expect(r.err).toContain(`${base}/html.xml (from ${base}/index.xml)  unknown · 0 URLs · PROBLEM: This is an HTML page, not a sitemap.`);
    expect(r.err).toContain(`${base}/gone.xml  unknown · 0 URLs · PROBLEM: The server answered HTTP 404: no sitemap was read.`);
    expect(r.out).toMatch(/ {2}googlebot +4 +1 +0 +0\n {2}bingbot +4 +1 +0 +0/);
    expect(r.out).toContain(`    ${base}/private/x  line 2: Disallow: /private/`);
    expect(r.out).toMatch(/line 4 +Disallow: \/unused\/ +decides nothing: matches no URL of the inventory/);
    expect(r.out).toMatch(/line 5 +Disallow: \/private\/ +decides nothing: never wins/);
  });

  it('--format json: the issue\'s shape, each count as the engine checks the URL', async () => {
    const r = await cli(['audit', `${base}/robots.txt`, '--sitemaps', 'auto', '--ua', 'Googlebot', '--crawler', 'gptbot', '--format', 'json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(expect.arrayContaining(['inventory', 'sources', 'crawlers', 'rules', 'unusedRules', 'tree']));
    expect(j.inventory).toBe(5);
    expect(j.sources.map((s: { source: string; urls: number; skipped: number; error?: { code: string } }) => [s.source.replace(base, ''), s.urls, s.skipped, s.error?.code ?? null])).toEqual([
      ['/index.xml', 0, 1, null], ['/a.xml.gz', 5, 1, null], ['/html.xml', 0, 0, 'html'], ['/gone.xml', 0, 0, 'http'],
    ]);
    const robots = parseRobotsTxt(`${ROBOTS}\nSitemap: x\n`);
    const urls = ['/', '/private/x', '/private/ok', '/g/1', '/blog/p?a=1&b=2'].map((p) => base + p);
    for (const [i, id] of ['googlebot', 'gptbot'].entries()) {
      const vs = urls.map((u) => checkUrl(robots, resolveCrawler({ kind: i === 0 ? 'text' : 'profile', ...(i === 0 ? { value: 'Googlebot' } : { id }) } as never), u, { site: base }));
      expect(j.crawlers[i]).toMatchObject({ crawler: id, allowed: vs.filter((v) => v.allowed).length, blocked: vs.filter((v) => !v.allowed).length, outOfScope: 0, cannotTest: 0 });
    }
    expect(j.rules.map((x: { line: number; decides: number }) => [x.line, x.decides])).toEqual([[2, 1], [3, 1], [4, 0], [5, 0], [8, 1]]);
    expect(j.unusedRules).toEqual([{ line: 4, text: 'Disallow: /unused/', why: 'matches nothing' }, { line: 5, text: 'Disallow: /private/', why: 'never wins' }]);
    expect(j.tree[0]).toMatchObject({ folder: `${base}/`, urls: 5 });
  });
});

describe('robots-txt-tester audit --format csv', () => {
  it('one row per URL × crawler in inventory order: url as listed (entities decoded), crawler, verdict, line, rule, source', async () => {
    const sm = file('s.xml', urlset('https://x.test/a', 'https://x.test/private/b?x=1&amp;y=2', 'https://other.test/c'));
    const list = file('crawl.csv', 'Address,Status Code\n"=HYPERLINK(""http://evil.test"")",200\nhttps://x.test/private/b?x=1&y=2,200\n/d,200\n');
    const robots = file('robots.txt', ROBOTS);
    const r = await cli(['audit', robots, '--sitemap', sm, '--urls', list, '--site', 'https://x.test', '--ua', 'Googlebot', '--crawler', 'bingbot', '--format', 'csv']);
    expect(r.code).toBe(1);
    const rows = Papa.parse<string[]>(r.out.trim()).data;
    expect(rows[0]).toEqual(['url', 'crawler', 'verdict', 'line', 'rule', 'source']);
    expect(rows.slice(1)).toEqual([
      ['https://x.test/a', 'googlebot', 'allowed', '', '', sm], ['https://x.test/a', 'bingbot', 'allowed', '', '', sm],
      // Googlebot follows its own group (line 7), Bingbot the * group.
      ['https://x.test/private/b?x=1&y=2', 'googlebot', 'allowed', '', '', sm], ['https://x.test/private/b?x=1&y=2', 'bingbot', 'blocked', '2', 'Disallow: /private/', sm],
      ['https://other.test/c', 'googlebot', 'out of scope', '', '', sm], ['https://other.test/c', 'bingbot', 'out of scope', '', '', sm],
      // A formula-like cell is neutralised, as in every CSV the tester writes (here a path relative to the site).
      ['\'=HYPERLINK("http://evil.test")', 'googlebot', 'allowed', '', '', list], ['\'=HYPERLINK("http://evil.test")', 'bingbot', 'allowed', '', '', list],
      ['/d', 'googlebot', 'allowed', '', '', list], ['/d', 'bingbot', 'allowed', '', '', list],
    ]);
    expect(r.err).not.toContain('PROBLEM');
  });

  it('--compare adds the compared version\'s verdict, line and rule; the text lists the changes with both lines', async () => {
    const sm = file('c.xml', urlset('https://x.test/blog/1', 'https://x.test/private/ok', 'https://x.test/shop'));
    const [live, draft] = [file('live.txt', ROBOTS), file('draft.txt', DRAFT)];
    const csv = await cli(['audit', draft, '--compare', live, '--sitemap', sm, '--ua', 'Bingbot', '--format', 'csv']);
    const rows = Papa.parse<string[]>(csv.out.trim()).data;
    expect(rows[0]).toEqual(['url', 'crawler', 'verdict', 'line', 'rule', 'source', 'compared verdict', 'compared line', 'compared rule']);
    expect(rows.slice(1).map((x) => [x[0], x[2], x[3], x[6], x[7]])).toEqual([
      ['https://x.test/blog/1', 'blocked', '3', 'allowed', ''], ['https://x.test/private/ok', 'blocked', '2', 'allowed', '3'], ['https://x.test/shop', 'allowed', '', 'allowed', ''],
    ]);
    const text = await cli(['audit', draft, '--compare', live, '--sitemap', sm, '--ua', 'Bingbot']);
    expect(text.out).toContain(`Changes against ${live} (verdicts that differ):\n  bingbot: 2 changed (2 blocked now, 0 no longer blocked)`);
    expect(text.out).toContain('    bingbot  https://x.test/private/ok  allowed (line 3: Allow: /private/ok) → blocked (line 2: Disallow: /private/)');
    const json = JSON.parse((await cli(['audit', draft, '--compare', live, '--sitemap', sm, '--ua', 'Bingbot', '--json'])).out);
    expect(json.changes.crawlers).toEqual([{ crawler: 'bingbot', changed: 2, blocked: 2, unblocked: 0 }]);
    expect(json.changes.urls[1]).toEqual({ url: 'https://x.test/private/ok', crawler: 'bingbot', before: { verdict: 'allowed', line: 3, rule: 'Allow: /private/ok' }, after: { verdict: 'blocked', line: 2, rule: 'Disallow: /private/' } });
  });

  it('threads over more batches than they hold queued (the reading thread then checks some itself): rows, counts, examples and rule impact as one thread gives', async () => {
    const many = Array.from({ length: 30_000 }, (_, i) => `https://x.test/${i % 3 ? 'private' : 'pub'}/${i}`);
    const sm = file('more.xml.gz', gzipSync(urlset(...many)));
    const robots = file('r2.txt', 'User-agent: *\nDisallow: /private\nAllow: /private/1\nDisallow: /nothing\n');
    const args = ['audit', robots, '--sitemap', sm, '--ua', 'FooBot', '--ua', 'BarBot', '--reader', 'python-urllib'];
    const [csv1, csv2, json1, json2] = await Promise.all([
      cli([...args, '--format', 'csv', '--jobs', '1']), cli([...args, '--format', 'csv', '--jobs', '2']),
      cli([...args, '--json', '--jobs', '1']), cli([...args, '--json', '--jobs', '2']),
    ]);
    expect(csv2.out).toBe(csv1.out);
    expect(csv1.out.trim().split('\n').length).toBe(1 + 30_000 * 4);
    expect(JSON.parse(json2.out)).toEqual(JSON.parse(json1.out));
    const allowed = many.filter((u) => u.includes('/pub/') || u.includes('/private/1')).length;
    expect(JSON.parse(json1.out).crawlers[0]).toMatchObject({ allowed, blocked: 30_000 - allowed });
  });

  it('--reader adds a reader column; threads (--jobs 2: one reads, one checks; --jobs 3) give the same rows as one (--jobs 1), in order', async () => {
    const many = Array.from({ length: 4500 }, (_, i) => `https://x.test/${i % 3 ? 'private' : 'pub'}/${i}`);
    const sm = file('many.xml.gz', gzipSync(urlset(...many)));
    const robots = file('r.txt', 'User-agent: *\nDisallow: /private\nAllow: /private/1\n');
    const one = await cli(['audit', robots, '--sitemap', sm, '--ua', 'FooBot', '--reader', 'python-urllib', '--format', 'csv', '--jobs', '1']);
    const two = await cli(['audit', robots, '--sitemap', sm, '--ua', 'FooBot', '--reader', 'python-urllib', '--format', 'csv', '--jobs', '2']);
    const three = await cli(['audit', robots, '--sitemap', sm, '--ua', 'FooBot', '--reader', 'python-urllib', '--format', 'csv', '--jobs', '3']);
    expect(two.out).toBe(one.out);
    expect(three.out).toBe(one.out);
    const rows = Papa.parse<string[]>(one.out.trim()).data;
    expect(rows[0]).toEqual(['url', 'crawler', 'reader', 'verdict', 'line', 'rule', 'source']);
    expect(rows.length).toBe(1 + 4500 * 2);
    // CPython ≤3.12 takes the first match: /private decides /private/1… where Google's longest match allows.
    expect(rows.slice(1).filter((x) => x[0] === 'https://x.test/private/10')).toEqual([
      ['https://x.test/private/10', 'FooBot', 'google', 'allowed', '3', 'Allow: /private/1', sm],
      ['https://x.test/private/10', 'FooBot', 'python-urllib', 'blocked', '2', 'Disallow: /private', sm],
    ]);
  });
});

describe('robots-txt-tester audit: exit codes and bad input', () => {
  it('exits 0 when no inventory URL is blocked', async () => {
    const r = await cli(['audit', file('open.txt', 'User-agent: *\nDisallow: /nothing\n'), '--sitemap', file('ok.xml', urlset('https://x.test/a')), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).crawlers).toEqual([expect.objectContaining({ crawler: 'googlebot', allowed: 1, blocked: 0 })]);
  });

  it('a plain list from standard input', async () => {
    const r = await cli(['audit', file('r2.txt', ROBOTS), '--urls', '-', '--json'], '/private/a\n/g/b\n');
    expect(r.code).toBe(1);
    // Googlebot's own group blocks /g/ only.
    expect(JSON.parse(r.out).crawlers[0]).toMatchObject({ allowed: 1, blocked: 1 });
  });

  it.each([
    [['audit'], /missing the robots.txt/],
    [['audit', 'ROBOTS'], /missing the inventory: --sitemap <url\|file>, --sitemaps auto or --urls <file>/],
    [['audit', 'ROBOTS', '--sitemap', 'NOPE'], /no such sitemap file: .*nope\.xml/],
    [['audit', 'ROBOTS', '--urls', 'NOPE'], /no such URL list file/],
    [['audit', 'ROBOTS', '--sitemaps', 'all'], /--sitemaps takes auto/],
    [['audit', 'ROBOTS', '--sitemap', 'EMPTY'], /the inventory is empty: no source gave a URL/],
    [['audit', 'ROBOTS', '--sitemap', 'BROKEN'], /the inventory is empty/],
    [['audit', 'ROBOTS', '--urls', '-', '--sitemap', '-'], /only one input can come from standard input/],
    [['audit', 'ROBOTS', '--sitemap', 'EMPTY', '--format', 'yaml'], /--format takes text, json or csv/],
    [['audit', 'ROBOTS', '--sitemap', 'EMPTY', '--reader', 'nope'], /no reader "nope"/],
    [['audit', 'ROBOTS', '/extra'], /give the URLs to audit as an inventory/],
  ])('exits 2 with a clear message on bad input: %j', async (args, message) => {
    const names: Record<string, string> = {
      ROBOTS: file('r3.txt', ROBOTS), NOPE: join(dir, 'nope.xml'), EMPTY: file('empty.xml', urlset()), BROKEN: file('broken.xml', '<urlset><url><loc>https://x.test/a</lo>'),
    };
    const r = await cli(args.map((a) => names[a] ?? a));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('a broken sitemap beside a good one: named on stderr, the rest audited, the exit code from the verdicts', async () => {
    const broken = file('b2.xml', '<urlset>\n<url><loc>https://x.test/private/1</loc></url>\n<url><loc>https://x.test/2</lo></url>');
    const r = await cli(['audit', file('r4.txt', ROBOTS), '--ua', 'Bingbot', '--sitemap', broken, '--sitemap', file('g.xml', urlset('https://x.test/3'))]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/b2\.xml {2}sitemap · 1 URL · PROBLEM: The XML breaks at line 3, column \d+ \(unexpected close tag\): reading stopped there\./);
    expect(r.out).toMatch(/^Inventory: 2 URLs from 2 sources \(1 with a problem\)/);
  });
});
