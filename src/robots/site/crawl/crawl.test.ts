import { describe, expect, it } from 'vitest';
import { resolveCrawler } from '../../crawlers/index.js';
import { crawlChecker, crawlFindings, crawlReport, crawlSite, type CrawlIO, type CrawlSpec, type PageAnswer } from './index.js';

const ORIGIN = 'https://a.test';
const googlebot = resolveCrawler({ kind: 'profile', id: 'googlebot' });

type Page = { status?: number; headers?: [string, string][]; html?: string };
const a = (...paths: string[]) => paths.map((p) => `<a href="${p}">${p}</a>`).join('');

/** A site as plain data (path → page), fetched in memory on a virtual clock; the URLs it was asked for. */
function memorySite(pages: Record<string, Page>) {
  const asked: string[] = [];
  let now = 0;
  const io: CrawlIO = {
    fetch: async (url) => {
      asked.push(url);
      now += 1;
      const p = pages[url.slice(ORIGIN.length)];
      if (!p) return { status: 404, headers: [['content-type', 'text/html']], body: 'not found', cut: false };
      const answer: PageAnswer = { status: p.status ?? 200, headers: [['content-type', 'text/html'], ...(p.headers ?? [])], body: p.html ?? '', cut: false };
      return answer;
    },
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  };
  return { io, asked };
}

async function crawl(pages: Record<string, Page>, spec: Omit<Partial<CrawlSpec>, 'robots' | 'compare'> & { robots: string; compare?: string }) {
  const { io, asked } = memorySite(pages);
  const full: CrawlSpec = {
    start: `${ORIGIN}/`, crawler: googlebot, site: ORIGIN, bounds: { rate: 1000 }, ...spec,
    robots: { text: spec.robots }, compare: spec.compare === undefined ? undefined : { text: spec.compare },
  };
  const result = await crawlSite(full, io);
  const report = crawlReport(result, crawlChecker(full), { audited: 'robots.txt', compared: spec.compare === undefined ? null : 'live.txt' });
  return { result, report, asked };
}

describe('RFC 9309 §2.2: a URL is checked before it is fetched', () => {
  it('never fetches a blocked URL; lists it with every page linking to it and its deciding line (linked but blocked)', async () => {
    const { report, asked } = await crawl({
      '/': { html: a('/one', '/private/x', '/two') },
      '/one': { html: a('/private/x', '/') },
      '/two': { html: a('/private/y') },
    }, { robots: 'User-agent: *\nDisallow: /private/' });
    expect(asked.some((u) => u.includes('/private/'))).toBe(false);
    expect(report.linkedBlocked).toEqual([
      { url: `${ORIGIN}/private/x`, line: 2, rule: 'Disallow: /private/', links: 2, linkedFrom: [`${ORIGIN}/`, `${ORIGIN}/one`] },
      { url: `${ORIGIN}/private/y`, line: 2, rule: 'Disallow: /private/', links: 1, linkedFrom: [`${ORIGIN}/two`] },
    ]);
    expect(report.counts.fetched).toBe(3);
    expect(crawlFindings(report)).toBe(2);
  });

  it('follows redirects as new URLs, each checked: a redirect to a blocked URL is linked but blocked from the redirecting page', async () => {
    const { report, asked } = await crawl({
      '/': { html: a('/old') },
      '/old': { status: 301, headers: [['location', '/private/new']] },
    }, { robots: 'User-agent: *\nDisallow: /private/' });
    expect(asked).toEqual([`${ORIGIN}/`, `${ORIGIN}/old`]);
    expect(report.linkedBlocked.map((r) => [r.url, r.linkedFrom])).toEqual([[`${ORIGIN}/private/new`, [`${ORIGIN}/old`]]]);
  });
});

describe('canonical and hreflang targets the file blocks', () => {
  it('lists each, with the page naming it', async () => {
    const { report } = await crawl({
      '/': { html: '<link rel="canonical" href="/print/home"><link rel="alternate" hreflang="de" href="/de/"><link rel="alternate" hreflang="fr" href="/fr/">' },
      '/fr/': { html: '' },
    }, { robots: 'User-agent: *\nDisallow: /print/\nDisallow: /de/' });
    expect(report.targetsBlocked).toEqual([
      { page: `${ORIGIN}/`, target: `${ORIGIN}/print/home`, kind: 'canonical', lang: null, line: 2, rule: 'Disallow: /print/' },
      { page: `${ORIGIN}/`, target: `${ORIGIN}/de/`, kind: 'hreflang', lang: 'de', line: 3, rule: 'Disallow: /de/' },
    ]);
  });
});

describe('sitemap URLs blocked, redirected, not 200 or noindex', () => {
  it('each issue once per URL, the redirect with where its chain ends', async () => {
    const sitemap = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/ok', '/private/a', '/moved', '/gone', '/hidden'].map((p) => `<url><loc>${ORIGIN}${p}</loc></url>`).join('')}</urlset>`;
    const { report } = await crawl({
      '/': { html: '' }, '/ok': { html: '' }, '/moved': { status: 301, headers: [['location', '/hop']] }, '/hop': { status: 302, headers: [['location', '/ok']] },
      '/hidden': { headers: [['x-robots-tag', 'googlebot: noindex']] },
    }, { robots: 'User-agent: *\nDisallow: /private/', sitemaps: [{ name: 'sitemap.xml', body: [sitemap], role: 'sitemap' }] });
    expect(report.sitemapIssues.map((r) => [r.url.slice(ORIGIN.length), r.issue, r.status, r.finalUrl, r.via, r.line])).toEqual([
      ['/private/a', 'blocked', null, null, null, 2],
      ['/moved', 'redirected', 301, `${ORIGIN}/ok`, null, 0],
      ['/gone', 'not-200', 404, null, null, 0],
      ['/hidden', 'noindex', 200, null, 'X-Robots-Tag googlebot:', 0],
    ]);
    expect(report.counts.sitemapUrls).toBe(5);
    expect(report.sitemaps[0]!.urls).toBe(5);
  });
});

describe('noindex that robots.txt hides (Search Console: "Indexed, though blocked by robots.txt")', () => {
  const pages = { '/': { html: a('/old-campaign', '/news') }, '/old-campaign': { html: '<meta name="robots" content="noindex">' }, '/news': { html: '' } };

  it('crawled under the live file, the draft would block a noindex page: its noindex would no longer be seen', async () => {
    const { report, asked } = await crawl(pages, { robots: 'User-agent: *\nDisallow: /old-', compare: 'User-agent: *\nAllow: /' });
    expect(asked).toContain(`${ORIGIN}/old-campaign`);
    expect(report.crawledUnder).toBe('compared');
    expect(report.hiddenNoindex).toEqual([{
      url: `${ORIGIN}/old-campaign`, via: 'meta robots', readAs: 'compared-version', line: 2, rule: 'Disallow: /old-', links: 1, linkedFrom: [`${ORIGIN}/`],
    }]);
    expect(report.changes!.hides.map((r) => [r.url, r.status, r.noindex])).toEqual([[`${ORIGIN}/old-campaign`, 200, 'meta robots']]);
    expect(report.changes!.exposes).toEqual([]);
  });

  it('the draft that unblocks a URL exposes it (not fetched: the live file blocks it)', async () => {
    const { report, asked } = await crawl(pages, { robots: 'User-agent: *\nAllow: /', compare: 'User-agent: *\nDisallow: /news' });
    expect(asked).not.toContain(`${ORIGIN}/news`);
    expect(report.changes!.exposes.map((r) => [r.url, r.line, r.rule, r.status])).toEqual([[`${ORIGIN}/news`, 2, 'Disallow: /news', null]]);
  });

  it('opt-in: each blocked URL fetched once afterwards, its directives read, its links never followed; marked as such', async () => {
    const { report, asked } = await crawl({ ...pages, '/old-campaign': { html: `<meta name="googlebot" content="noindex">${a('/secret')}` } }, {
      robots: 'User-agent: *\nDisallow: /old-', fetchBlocked: true,
    });
    expect(asked).toEqual([`${ORIGIN}/`, `${ORIGIN}/news`, `${ORIGIN}/old-campaign`]);
    expect(report.hiddenNoindex.map((r) => [r.url, r.via, r.readAs])).toEqual([[`${ORIGIN}/old-campaign`, 'meta googlebot', 'fetched-blocked']]);
    expect(report.urls.find((u) => u.url.endsWith('/old-campaign'))!.page!.blockedFetch).toBe(true);
    expect(report.counts.fetched).toBe(2);
  });

  it('without either, none is claimed', async () => {
    const { report } = await crawl(pages, { robots: 'User-agent: *\nDisallow: /old-' });
    expect(report.hiddenNoindex).toEqual([]);
    expect(report.changes).toBeNull();
  });
});

describe('bounds', () => {
  /** An endless calendar: each month links to the next. */
  const calendar = new Proxy({} as Record<string, Page>, {
    get: (_, path: string) => {
      const m = /^\/calendar\/(\d+)$/.exec(path);
      if (path === '/') return { html: a('/calendar/0') };
      return m ? { html: a(`/calendar/${Number(m[1]) + 1}`, `/calendar/${Number(m[1]) + 1}?view=week`) } : undefined;
    },
  });

  it('the depth bound stops an endless calendar, the next month recorded as too deep', async () => {
    const { report } = await crawl(calendar, { robots: '', bounds: { maxDepth: 5, rate: 1000 } });
    expect(report.stopped).toBe('done');
    // The start, month 0 at depth 1, then a month and its week view at each depth to 5.
    expect(report.counts.fetched).toBe(1 + 1 + 4 * 2);
    expect(report.counts.byState['too-deep']).toBe(2);
  });

  it('the page bound stops it too, what was left reported unreached', async () => {
    const { report } = await crawl(calendar, { robots: '', bounds: { maxPages: 20, maxDepth: 1000, rate: 1000 } });
    expect(report.stopped).toBe('pages');
    expect(report.requests).toBe(20);
    expect(report.counts.byState.unreached).toBeGreaterThan(0);
  });

  it('the time bound, on the crawl\'s clock; requests per second per host spread the fetches', async () => {
    const { report } = await crawl(calendar, { robots: '', bounds: { maxTimeMs: 10_000, maxDepth: 1000, rate: 2, concurrency: 1 } });
    expect(report.stopped).toBe('time');
    expect(report.requests).toBeGreaterThanOrEqual(19);
    expect(report.requests).toBeLessThanOrEqual(21);
  });

  it('a nofollow page\'s links are not followed; a noindex page\'s are', async () => {
    const { asked } = await crawl({
      '/': { html: a('/nf', '/ni') }, '/nf': { html: `<meta name="robots" content="nofollow">${a('/from-nf')}` },
      '/ni': { html: `<meta name="robots" content="noindex">${a('/from-ni')}` }, '/from-nf': {}, '/from-ni': {},
    }, { robots: '' });
    expect(asked).toContain(`${ORIGIN}/from-ni`);
    expect(asked).not.toContain(`${ORIGIN}/from-nf`);
  });

  it('other hosts are counted, never fetched; a redirect loop ends, each URL fetched once', async () => {
    const { report, asked } = await crawl({
      '/': { html: a('https://other.test/', '/loop-a') }, '/loop-a': { status: 302, headers: [['location', '/loop-b']] }, '/loop-b': { status: 302, headers: [['location', '/loop-a']] },
    }, { robots: '' });
    expect(asked).toEqual([`${ORIGIN}/`, `${ORIGIN}/loop-a`, `${ORIGIN}/loop-b`]);
    expect(report.counts.external).toBe(1);
  });
});
