/**
 * The Site tab's crawl report: a crawl's JSON (`robots-txt-tester audit … --crawl <url> --format
 * json`) opened or dropped here, and shown — what the crawl did and what it adds to the audit.
 * Crawling stays in the CLI: a page cannot read other sites.
 */
import { useRef } from 'react';
import { readCrawlReport } from '../../../src/robots/site/index.js';
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';
import { CrawlFindings } from './CrawlFindings.js';
import { FileDrop } from './FileDrop.js';
import { CrawlSummary } from './CrawlSummary.js';
import './crawl.css';

/** The crawl report section. */
export function CrawlReport() {
  const { tester } = useTester();
  const tr = useT('site');
  const crawl = useTesterState((s) => s.crawl);
  const problem = useTesterState((s) => s.crawlProblem);
  const input = useRef<HTMLInputElement>(null);
  const open = (file: File | undefined) => {
    if (!file) return;
    void file.text().then((text) => tester.openCrawl(file.name, readCrawlReport(text)), () => tester.openCrawl(file.name, { ok: false, problem: 'not-json' }));
  };
  return (
    <section className="site-section crawl-report" aria-labelledby="crawl-h" data-testid="crawl-report">
      <h3 id="crawl-h">{tr('site.crawl')}</h3>
      <p className="muted small no-print">{tr('site.crawl-help')}</p>
      <FileDrop testId="crawl-drop" className="no-print" onFiles={(files) => open(files[0])}>
        <span>{tr('site.crawl-drop')}</span>
        <div className="site-actions">
          <button type="button" className="btn btn-small" data-testid="crawl-open" onClick={() => input.current?.click()}>{tr('site.crawl-open')}</button>
          <input ref={input} type="file" hidden data-testid="crawl-file" accept=".json,application/json" onChange={(e) => {
            open(e.target.files?.[0]);
            e.target.value = '';
          }} />
          {crawl && <button type="button" className="btn btn-small" data-testid="crawl-close" onClick={() => tester.closeCrawl()}>{tr('site.crawl-close')}</button>}
        </div>
      </FileDrop>
      {problem && (
        <p className="small site-problem" role="alert" data-testid="crawl-problem">
          {tr('site.crawl-problem', { name: problem.name, problem: problem.problem.replace(/-/g, '_'), field: problem.field ?? '' })}
        </p>
      )}
      {crawl && (
        <div className="crawl-body" data-testid="crawl-body">
          <CrawlSummary report={crawl.report} />
          <CrawlFindings report={crawl.report} />
        </div>
      )}
    </section>
  );
}
