/**
 * The Site tab: the inventory (sitemaps, feeds, crawl exports, lists) and its audit against this
 * robots.txt — counts per crawler, blocked URLs first, the site tree, the URL list, rule impact and
 * the changes against Compare's version. The worker holds the inventory; the tab's state is the
 * Site slice of the tester's store, and each section is a component of its own.
 */
import { useEffect, useRef } from 'react';
import type { SiteSourceInput } from '../../../src/worker/index.js';
import { siteColumn } from '../../../src/store/index.js';
import { useTester, useTesterState } from '../../context.js';
import { download } from '../../files.js';
import { useT } from '../../i18n/index.js';
import { AddSources } from './AddSources.js';
import { Changes } from './Changes.js';
import { Counts } from './Counts.js';
import { Crawlers } from './Crawlers.js';
import { CrawlReport } from './CrawlReport.js';
import { LinkedSources } from './LinkedSources.js';
import { columnName } from './labels.js';
import { Progress } from './Progress.js';
import { Rules } from './Rules.js';
import { SiteNotice } from './SiteNotice.js';
import { SitemapLines } from './SitemapLines.js';
import { SiteTree } from './SiteTree.js';
import { Sources } from './Sources.js';
import { UrlList } from './UrlList.js';
import './site.css';

/** The Site tab. */
export function SitePanel() {
  const t = useTester();
  const tr = useT('site');
  const site = t.site;
  useEffect(() => site.open(), [site]);
  // The progress bar re-renders on its own ten times a second; the rest on a new state only.
  const state = useTesterState((s) => s.siteWorker);
  const revision = useTesterState((s) => s.siteRevision);
  const column = useTesterState(siteColumn);
  const listRef = useRef<HTMLDivElement>(null);
  const summary = state?.summary ?? null;
  const add = (sources: SiteSourceInput[]) => site.add(sources);
  const showList = () => requestAnimationFrame(() => listRef.current?.scrollIntoView({ block: 'start' }));
  return (
    <div className="site-panel site-report" data-testid="site-panel">
      <div className="site-print-title">
        <h2>{tr('site.report-title')}</h2>
        {summary && <p className="muted">{tr('site.report-meta', { urls: summary.urls, crawlers: summary.columns.map(columnName).join(', '), date: new Date().toLocaleDateString(tr.language) })}</p>}
      </div>
      <p className="muted no-print">{tr('site.intro')}</p>
      <SiteNotice />
      <LinkedSources />
      <AddSources add={add} />
      <SitemapLines onFetch={(urls) => add(urls.map((url) => ({ kind: 'url', url })))} />
      {state && <Sources state={state} remove={(i) => site.remove(i)} clear={() => site.clear()} />}
      <Progress />
      <Crawlers />
      {summary && summary.urls > 0 && (
        <div data-testid="site-audit" data-revision={summary.revision} data-complete={summary.complete && !state?.busy}>
          <div className="site-head-row">
            <p className="site-done" data-testid="site-done">
              {summary.revision !== revision ? tr('site.stale') : tr('site.done', { urls: summary.urls })}
            </p>
            <div className="site-actions no-print">
              <button type="button" className="btn btn-small" data-testid="site-csv" onClick={() => void site.csv().then((b) => b && download('site-audit.csv', b, 'text/csv'))}>{tr('site.export-csv')}</button>
              <button type="button" className="btn btn-small" data-testid="site-print" onClick={() => {
                document.documentElement.classList.add('print-site');
                window.print();
                document.documentElement.classList.remove('print-site');
              }}>{tr('site.print')}</button>
            </div>
          </div>
          <Counts summary={summary} />
          <Changes summary={summary} onShow={() => { t.tester.setSiteView({ changed: true }); showList(); }} />
          <SiteTree summary={summary} column={column} setColumn={(c) => t.tester.setSiteView({ column: c })} onFolder={(f) => { t.tester.setSiteView({ folder: f }); showList(); }} />
          <div ref={listRef}>
            <UrlList summary={summary} />
          </div>
          <Rules summary={summary} />
        </div>
      )}
      <CrawlReport />
    </div>
  );
}
