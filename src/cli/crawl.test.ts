import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCrawlReport, type CrawlReport } from '../robots/site/index.js';
import { serveSite, testRobots, testSite } from '../../bench/crawl-site.mjs';
import { runCli } from './test-helpers.js';

// A local site of real-shaped HTML (bench/crawl-site.mjs): robots meta tags in every variant,
// X-Robots-Tag headers, canonicals, hreflang, redirects, relative links and <base href>, a
// sitemap, a Content-Usage header and an endless calendar.
let site: { origin: string; stop: () => Promise<void> };
const dir = mkdtempSync(join(tmpdir(), 'rtt-crawl-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
let robots = '';
let o = '';

beforeAll(async () => {
  site = await serveSite(testSite);
  o = site.origin;
  robots = file('robots.txt', testRobots(o));
});
afterAll(() => site.stop());

const crawl = (...args: string[]) => runCli(['audit', robots, '--crawl', `${o}/`, '--rate', '1000', ...args]);
async function report(...args: string[]): Promise<CrawlReport> {
  const r = await crawl(...args, '--format', 'json');
  const read = readCrawlReport(r.out);
  if (!read.ok) throw new Error(`${read.problem} ${read.field ?? ''}: ${r.err}`);
  return read.report;
}
const path = (url: string) => url.slice(o.length);

// Each test runs the CLI up to three times: on a loaded machine that takes more than the default 20 s.
describe('robots-txt-tester audit --crawl, on a local site of real HTML', { timeout: 90_000 }, () => {
  it('fetches what Googlebot may, never a blocked URL; the endless calendar stops at the depth bound', async () => {
    const r = await report('--max-depth', '6');
    const fetched = r.urls.filter((u) => u.state === 'fetched').map((u) => path(u.url));
    expect(fetched.filter((p) => /^\/(private|search|print|de)\b/.test(p))).toEqual([]);
    expect(fetched).toEqual(expect.arrayContaining(['/', '/docs/intro/', '/blog/', '/blog/posts/first.html', '/blog/posts/second.html', '/about/']));
    expect(fetched.filter((p) => p.startsWith('/calendar/')).length).toBeGreaterThan(2);
    expect(r.stopped).toBe('done');
    expect(r.counts.byState['too-deep']).toBeGreaterThan(0);
    expect(r.urls.every((u) => u.depth <= 7)).toBe(true);
  });

  it('the page bound stops the calendar as well, the rest reported not reached', async () => {
    const r = await report('--max-depth', '1000', '--max-pages', '40');
    expect(r.stopped).toBe('pages');
    expect(r.requests).toBe(40);
    expect(r.counts.byState.unreached).toBeGreaterThan(0);
  });

  it('reads robots meta tags in every variant and X-Robots-Tag per crawler, for the crawler crawled as', async () => {
    const noindexOf = (rep: CrawlReport) => Object.fromEntries(rep.urls.filter((u) => u.page?.noindex).map((u) => [path(u.url), u.page!.noindex]));
    expect(noindexOf(await report())).toEqual({
      '/docs/meta-noindex/': 'meta robots', '/docs/meta-none/': 'meta robots', '/docs/googlebot-noindex/': 'meta googlebot',
      '/docs/header-noindex/': 'X-Robots-Tag', '/docs/header-googlebot/': 'X-Robots-Tag googlebot:',
    });
    expect(noindexOf(await report('--ua', 'Bingbot'))).toEqual({
      '/docs/meta-noindex/': 'meta robots', '/docs/meta-none/': 'meta robots', '/docs/bingbot-noindex/': 'meta bingbot', '/docs/header-noindex/': 'X-Robots-Tag',
    });
  });

  it('resolves relative links and <base href>, follows redirect chains, and reads Content-Usage', async () => {
    const r = await report();
    const row = (p: string) => r.urls.find((u) => u.url === `${o}${p}`)!;
    expect(row('/blog/posts/first.html').linkedFrom).toBe(`${o}/blog/`);
    expect(row('/chain-2').via).toBe('redirect');
    expect(row('/chain-1').page!.redirect).toBe(`${o}/chain-2`);
    expect(row('/docs/no-ai/').page!.contentUsage).toBe('train-ai=n');
  });

  it('reports each row: linked but blocked with its pages, blocked canonical and hreflang targets, sitemap URLs', async () => {
    const r = await report();
    const admin = r.linkedBlocked.find((x) => path(x.url) === '/private/admin')!;
    expect(admin).toMatchObject({ line: 2, rule: 'Disallow: /private/' });
    expect(admin.linkedFrom).toContain(`${o}/`);
    expect(admin.links).toBe(admin.linkedFrom.length);
    expect(r.targetsBlocked).toContainEqual({ page: `${o}/docs/print-canonical/`, target: `${o}/print/print-canonical/`, kind: 'canonical', lang: null, line: 4, rule: 'Disallow: /print/' });
    expect(r.targetsBlocked).toContainEqual({ page: `${o}/`, target: `${o}/de/`, kind: 'hreflang', lang: 'de', line: 5, rule: 'Disallow: /de/' });
    expect(r.sitemapIssues.map((x) => [path(x.url), x.issue, x.status, x.finalUrl && path(x.finalUrl)])).toEqual([
      ['/private/admin', 'blocked', null, null], ['/old-page', 'redirected', 301, '/docs/intro/'], ['/gone', 'not-200', 404, null],
      ['/docs/meta-noindex/', 'noindex', 200, null], ['/docs/header-googlebot/', 'noindex', 200, null],
    ]);
  });

  it('the noindex robots.txt hides: --fetch-blocked reads blocked pages once, marked as such; --compare finds what a draft hides', async () => {
    const peeked = await report('--fetch-blocked');
    expect(peeked.hiddenNoindex.map((x) => [path(x.url), x.via, x.readAs])).toEqual([['/private/admin', 'meta robots', 'fetched-blocked']]);
    const draft = file('draft.txt', `${testRobots(o)}Disallow: /docs/meta-\n`);
    const r = await runCli(['audit', draft, '--compare', robots, '--crawl', `${o}/`, '--rate', '1000', '--format', 'json']);
    const compared = readCrawlReport(r.out);
    expect(compared.ok).toBe(true);
    if (!compared.ok) return;
    expect(compared.report.crawledUnder).toBe('compared');
    expect(compared.report.hiddenNoindex.map((x) => [path(x.url), x.via, x.readAs])).toEqual([
      ['/docs/meta-noindex/', 'meta robots', 'compared-version'], ['/docs/meta-none/', 'meta robots', 'compared-version'],
    ]);
    expect(compared.report.changes!.hides.map((x) => path(x.url))).toEqual(['/docs/meta-noindex/', '/docs/meta-none/']);
  });

  it('text names each finding with its deciding line, exit 1; csv has a row per URL; jobs read pages on threads alike', async () => {
    const text = await crawl();
    expect(text.code).toBe(1);
    expect(text.out).toContain(`${o}/private/admin  line 2: Disallow: /private/`);
    expect(text.out).toMatch(/Sitemap URLs blocked, redirected, not 200 or noindex: 5/);
    const csv = await crawl('--format', 'csv', '--jobs', '3');
    const rows = Papa.parse<Record<string, string>>(csv.out.trim(), { header: true }).data;
    const json = await report('--jobs', '1');
    expect(rows.length).toBe(json.urls.length);
    expect(rows.find((x) => x.url === `${o}/docs/googlebot-noindex/`)).toMatchObject({ state: 'fetched', status: '200', noindex: 'meta googlebot', nofollow: 'meta googlebot' });
  });

  it('bad input is exit 2: a start off the site, a second crawler, a bound that is no number', async () => {
    const away = await runCli(['audit', robots, '--site', o, '--crawl', 'https://elsewhere.test/']);
    expect([away.code, away.err]).toEqual([2, expect.stringContaining(`--crawl starts on the site whose robots.txt this is (${o})`)]);
    expect((await crawl('--ua', 'Googlebot', '--ua', 'Bingbot')).err).toContain('one crawler');
    expect((await crawl('--max-pages', 'lots')).err).toContain('--max-pages takes a whole number');
    expect((await runCli(['audit', robots, '--max-depth', '2'])).err).toContain('--max-depth bounds a crawl');
  });

  it('the site\'s text never reaches the terminal raw', async () => {
    const evil = await serveSite(() => (req, res) => {
      if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/x%0A::warning::hi">x</a><a href="/private/\u001b[2J">y</a>');
      res.writeHead(404).end();
    });
    try {
      const r = await runCli(['audit', file('evil.txt', 'User-agent: *\nDisallow: /private/\n'), '--crawl', `${evil.origin}/`, '--rate', '1000']);
      expect(r.out).not.toContain('\u001b');
      expect(r.out.split('\n').some((l) => l.startsWith('::'))).toBe(false);
    } finally {
      await evil.stop();
    }
  });
});
