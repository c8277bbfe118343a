/** What the crawl adds to the audit, list by list: each row with its deciding line and the pages linking to it. */
import type { ChangeRow, CrawlReport, DecidingRule } from '../../../src/robots/site/index.js';
import { useT } from '../../i18n/index.js';
import { CrawlRows } from './CrawlRows.js';

const Url = ({ url }: { url: string }) => <span className="site-url">{url}</span>;

/** The crawl report's lists. */
export function CrawlFindings({ report }: { report: CrawlReport }) {
  const tr = useT('site');
  const rule = (r: DecidingRule) => (r.line > 0 ? <code className="block">{tr('site.crawl-line', { line: r.line, rule: r.rule })}</code> : tr('site.no-rule'));
  const from = (pages: readonly string[], links: number) => (
    <>
      {tr('site.crawl-links', { count: links })}
      <ul className="crawl-from">{pages.slice(0, 3).map((p) => <li key={p}><Url url={p} /></li>)}</ul>
      {links > Math.min(3, pages.length) && <span className="muted">{tr('site.crawl-from-more', { count: links - Math.min(3, pages.length) })}</span>}
    </>
  );
  const change = (x: ChangeRow) => [<Url key="u" url={x.url} />, rule(x), x.status === null ? tr('site.crawl-not-fetched') : tr('site.crawl-status', { status: x.status, noindex: x.noindex ?? 'none' })];
  return (
    <>
      <CrawlRows id="crawl-linked" title={tr('site.crawl-linked')} help={tr('site.crawl-linked-help')} rows={report.linkedBlocked}
        head={[tr('site.col-url'), tr('site.col-line'), tr('site.crawl-col-from')]} cells={(x) => [<Url key="u" url={x.url} />, rule(x), from(x.linkedFrom, x.links)]} />
      <CrawlRows id="crawl-targets" title={tr('site.crawl-targets')} rows={report.targetsBlocked}
        head={[tr('site.crawl-col-page'), tr('site.crawl-col-target'), tr('site.col-line')]}
        cells={(x) => [<Url key="p" url={x.page} />, <span key="t"><Url url={x.target} /> <span className="pill">{tr('site.crawl-kind', { kind: x.kind, lang: x.lang ?? '' })}</span></span>, rule(x)]} />
      <CrawlRows id="crawl-sitemap" title={tr('site.crawl-sitemap')} rows={report.sitemapIssues}
        head={[tr('site.col-url'), tr('site.crawl-col-issue')]}
        cells={(x) => [<Url key="u" url={x.url} />, x.issue === 'blocked' ? <span key="b">{tr('site.crawl-issue', { issue: 'blocked', to: '', status: 0, via: '' })} {rule(x as DecidingRule)}</span>
          : tr('site.crawl-issue', { issue: x.issue.replace(/-/g, '_'), to: x.finalUrl ?? '', status: x.status ?? 0, via: x.via ?? '' })]} />
      <CrawlRows id="crawl-hidden" title={tr('site.crawl-hidden')} help={tr('site.crawl-hidden-help')} rows={report.hiddenNoindex}
        head={[tr('site.col-url'), tr('site.crawl-col-noindex'), tr('site.col-line'), tr('site.crawl-col-from')]}
        cells={(x) => [<Url key="u" url={x.url} />, <span key="n">{x.via}<br /><span className="muted">{tr('site.crawl-read-as', { how: x.readAs.replace(/-/g, '_') })}</span></span>, rule(x), from(x.linkedFrom, x.links)]} />
      {report.changes && (
        <>
          <CrawlRows id="crawl-hides" title={tr('site.crawl-hides', { audited: report.robots.audited, compared: report.robots.compared ?? '' })} rows={report.changes.hides}
            head={[tr('site.col-url'), tr('site.col-line'), tr('site.crawl-col-status')]} cells={change} />
          <CrawlRows id="crawl-exposes" title={tr('site.crawl-exposes', { audited: report.robots.audited, compared: report.robots.compared ?? '' })} rows={report.changes.exposes}
            head={[tr('site.col-url'), tr('site.col-line'), tr('site.crawl-col-status')]} cells={change} />
        </>
      )}
    </>
  );
}
