/** The Site tab's URL list: a page of the audited URLs, by crawler, verdict, change and folder. */
import { ListVerdict, type ListVerdictCode } from '../../../src/robots/index.js';
import { SITE_PAGE_ROWS, siteColumn } from '../../../src/store/index.js';
import type { SiteSummary } from '../../../src/worker/index.js';
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';
import { columnName, verdictLabel } from './labels.js';
import { LineLink } from './LineLink.js';
import { MiddleCut } from '../MiddleCut.js';
import { SortHeader } from './SortHeader.js';

/** A page of URLs: by crawler, verdict, change and folder (the page itself is asked for by the tab's coordinator). */
export function UrlList({ summary }: { summary: SiteSummary }) {
  const t = useTester();
  const tr = useT('site');
  const view = useTesterState((s) => s.siteView);
  const column = useTesterState(siteColumn);
  const { page, failed } = useTesterState((s) => s.sitePage);
  const set = t.tester.setSiteView;
  const { offset, sort } = view;
  const total = page?.total ?? 0;
  const sorted = (key: typeof sort.key) => (sort.key !== key ? null : sort.descending ? 'descending' : 'ascending');
  return (
    <section className="site-section" aria-labelledby="site-list-h">
      <h3 id="site-list-h">{tr('site.list')}</h3>
      <div className="site-filters no-print">
        <label className="site-search">
          {tr('site.search')}{' '}
          <input type="search" className="field-input" data-testid="site-list-search" value={view.search} spellCheck={false} autoComplete="off"
            onChange={(e) => set({ search: e.target.value })} />
        </label>
        <label>
          {tr('site.filter-crawler')}{' '}
          <select data-testid="site-list-crawler" value={column} onChange={(e) => set({ column: Number(e.target.value) })}>
            {summary.columns.map((c, i) => <option key={i} value={i}>{columnName(c)}</option>)}
          </select>
        </label>
        <label>
          {tr('site.filter-verdict')}{' '}
          <select data-testid="site-list-verdict" value={view.verdict ?? -1} onChange={(e) => {
            const v = Number(e.target.value);
            set({ verdict: v === -1 ? null : (v as ListVerdictCode) });
          }}>
            <option value={-1}>{tr('site.filter-all')}</option>
            {[ListVerdict.Allowed, ListVerdict.Blocked, ListVerdict.OutOfScope, ListVerdict.CannotTest].map((v) => <option key={v} value={v}>{verdictLabel(tr, v)}</option>)}
          </select>
        </label>
        {summary.changes && (
          <label><input type="checkbox" data-testid="site-list-changed" checked={view.changed} onChange={(e) => set({ changed: e.target.checked })} /> {tr('site.filter-changed')}</label>
        )}
        {view.folder && (
          <span className="pill" data-testid="site-list-folder">
            {tr('site.filter-folder', { folder: view.folder })}
            <button type="button" className="chip-remove" aria-label={tr('site.filter-folder-clear')} onClick={() => set({ folder: '' })}>×</button>
          </span>
        )}
      </div>
      {failed !== null ? <p className="site-problem" role="alert" data-testid="site-list-failed">{tr('site.list-failed', { message: failed })}</p>
        : page && total === 0 ? <p className="muted" data-testid="site-list-none">{tr('site.list-none')}</p> : (
          <div className="table-scroll site-scroll">
            <table className="site-table site-list" data-testid="site-list">
              <thead>
                <tr>
                  <SortHeader testId="site-sort-url" sorted={sorted('url')} onSort={() => t.tester.sortSiteList('url')}>{tr('site.col-url')}</SortHeader>
                  <SortHeader testId="site-sort-verdict" sorted={sorted('verdict')} onSort={() => t.tester.sortSiteList('verdict')}>{tr('site.col-verdict')}</SortHeader>
                  <SortHeader testId="site-sort-line" sorted={sorted('line')} onSort={() => t.tester.sortSiteList('line')}>{tr('site.col-line')}</SortHeader>
                  {summary.changes && <th scope="col">{tr('site.col-before')}</th>}
                  <th scope="col">{tr('site.col-source')}</th>
                </tr>
              </thead>
              <tbody>
                {page?.rows.map((r) => (
                  <tr key={r.index} data-verdict={r.now.verdict}>
                    <td data-label={tr('site.col-url')}><code className="site-url" tabIndex={0}><MiddleCut text={r.url} /></code></td>
                    <td data-label={tr('site.col-verdict')} className={r.now.verdict === ListVerdict.Blocked ? 'block' : r.now.verdict === ListVerdict.Allowed ? 'allow' : ''}>{verdictLabel(tr, r.now.verdict)}</td>
                    <td data-label={tr('site.col-line')}><LineLink line={r.now.line} /> {r.rule && <code className="muted">{r.rule}</code>}</td>
                    {summary.changes && (
                      <td data-label={tr('site.col-before')}>{r.before && <>{verdictLabel(tr, r.before.verdict)} {r.before.line > 0 && <code className="muted">{tr('common.line', { line: r.before.line })}: {r.before.rule}</code>}</>}</td>
                    )}
                    <td data-label={tr('site.col-source')} className="muted site-source-cell">{r.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      {total > SITE_PAGE_ROWS && (
        <div className="site-pager no-print">
          <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => set({ offset: Math.max(0, offset - SITE_PAGE_ROWS) })}>{tr('site.previous')}</button>
          <span data-testid="site-list-range">{tr('site.list-range', { from: offset + 1, to: Math.min(total, offset + SITE_PAGE_ROWS), total })}</span>
          <button type="button" className="btn btn-small" disabled={offset + SITE_PAGE_ROWS >= total} onClick={() => set({ offset: offset + SITE_PAGE_ROWS })}>{tr('site.next')}</button>
        </div>
      )}
    </section>
  );
}
