/** What a crawl did: where it started, as whom and under which file, how far it got, what it found. */
import type { CrawlReport } from '../../../src/robots/site/index.js';
import { useT } from '../../i18n/index.js';

/** The crawl report's head. */
export function CrawlSummary({ report }: { report: CrawlReport }) {
  const tr = useT('site');
  const c = report.counts;
  const s = c.byState;
  return (
    <div className="crawl-summary" data-testid="crawl-summary">
      <p className="site-done">{tr('site.crawl-title', { start: report.start, crawler: report.crawler })}</p>
      <p className="small">{tr('site.crawl-under', { under: report.crawledUnder, audited: report.robots.audited, compared: report.robots.compared ?? '' })}</p>
      <p className="small">{tr('site.crawl-meta', { requests: report.requests, seconds: Math.round(report.elapsedMs / 100) / 10, stopped: report.stopped, max: report.bounds.maxPages })}</p>
      <p className="small" data-testid="crawl-counts">{tr('site.crawl-counts', { urls: c.urls, fetched: s.fetched, blocked: s.blocked, other: s['too-deep'] + s.unreached + s['too-many-redirects'] + s.untestable })}</p>
      <p className="small">{tr('site.crawl-statuses', { ok: c.byStatus.ok, redirect: c.byStatus.redirect, client: c.byStatus.clientError, server: c.byStatus.serverError, none: c.byStatus.noAnswer, noindex: c.noindex })}</p>
      {report.fetchBlocked && <p className="small site-warn">{tr('site.crawl-fetch-blocked')}</p>}
    </div>
  );
}
