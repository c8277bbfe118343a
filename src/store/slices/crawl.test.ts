import { describe, expect, it } from 'vitest';
import { CRAWL_REPORT_KIND, CRAWL_REPORT_VERSION, DEFAULT_CRAWL_BOUNDS, readCrawlReport, type CrawlReport } from '../../robots/site/index.js';
import { makeCase } from '../../share/index.js';
import { crawlClosed, crawlOpened, initialState, loadCase } from '../transitions.js';

/** The smallest crawl report: one page fetched, nothing found. */
const report = (start = 'https://x.test/'): CrawlReport => ({
  kind: CRAWL_REPORT_KIND, version: CRAWL_REPORT_VERSION, start, site: 'https://x.test', crawler: 'googlebot', robots: { audited: 'robots.txt', compared: null },
  crawledUnder: 'audited', fetchBlocked: false, bounds: DEFAULT_CRAWL_BOUNDS, stopped: 'done', requests: 1, elapsedMs: 5,
  counts: {
    urls: 1, fetched: 1, byState: { fetched: 1, blocked: 0, 'too-deep': 0, unreached: 0, 'too-many-redirects': 0, untestable: 0 },
    byStatus: { ok: 1, redirect: 0, clientError: 0, serverError: 0, noAnswer: 0 }, noindex: 0, sitemapUrls: 0, external: 0, urlsCut: 0,
  },
  linkedBlocked: [], targetsBlocked: [], sitemapIssues: [], hiddenNoindex: [], changes: null, sitemaps: [],
  urls: [{ url: start, state: 'fetched', via: 'start', depth: 0, inSitemap: false, verdict: 'allowed', line: 0, links: 0, linkedFrom: null, page: null }],
});
const aCase = makeCase('User-agent: *\nDisallow: /p', [{ url: '/', crawler: { kind: 'text', value: 'Googlebot' } }]);

describe('the Site tab\'s crawl report', () => {
  it('a file read as a report is shown; one that is not says why, and the report shown stays', () => {
    const shown = crawlOpened(initialState(aCase), 'crawl.json', readCrawlReport(JSON.stringify(report())));
    expect(shown.crawl?.name).toBe('crawl.json');
    expect(shown.crawl?.report.start).toBe('https://x.test/');
    const bad = crawlOpened(shown, 'notes.txt', readCrawlReport('not json'));
    expect(bad.crawlProblem).toEqual({ name: 'notes.txt', problem: 'not-json', field: null });
    expect(bad.crawl?.name).toBe('crawl.json');
    expect(crawlOpened(bad, 'b.json', readCrawlReport(JSON.stringify(report('https://x.test/b')))).crawlProblem).toBeNull();
  });

  it('a report with a field of the wrong type is named by that field', () => {
    const s = crawlOpened(initialState(aCase), 'x.json', readCrawlReport(JSON.stringify({ ...report(), requests: 'many' })));
    expect(s.crawlProblem).toEqual({ name: 'x.json', problem: 'malformed', field: 'requests' });
    expect(crawlOpened(initialState(aCase), 'a.json', readCrawlReport(JSON.stringify({ ...report(), version: 9 }))).crawlProblem?.problem).toBe('version');
    expect(crawlOpened(initialState(aCase), 'a.json', readCrawlReport('{"inventory": 3}')).crawlProblem?.problem).toBe('not-a-crawl');
  });

  it('belongs to no case: opening one keeps it; closing clears it', () => {
    const shown = crawlOpened(initialState(aCase), 'crawl.json', readCrawlReport(JSON.stringify(report())));
    expect(loadCase(shown, aCase, 'shared').crawl?.name).toBe('crawl.json');
    expect(crawlClosed(shown).crawl).toBeNull();
  });
});
