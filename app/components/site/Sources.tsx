/** The Site tab's sources, each with what it gave. */
import { problemArgs, skipArgs, type SkipReason } from '../../../src/robots/site/index.js';
import type { SiteWorkerState } from '../../../src/worker/index.js';
import { useT } from '../../i18n/index.js';

/** Each source and what it gave: URLs, sitemaps followed, entries skipped and why, its problem. */
export function Sources({ state, remove, clear }: { state: SiteWorkerState; remove: (i: number) => void; clear: () => void }) {
  const tr = useT('site');
  if (state.sources.length === 0) return <p className="empty-state" data-testid="site-empty">{tr('site.empty')}</p>;
  return (
    <section className="site-section" aria-labelledby="site-src-h">
      <div className="site-head-row">
        <h3 id="site-src-h">{tr('site.sources')}</h3>
        <button type="button" className="link no-print" data-testid="site-clear" onClick={clear}>{tr('site.clear')}</button>
      </div>
      <ul className="site-sources" data-testid="site-sources">
        {state.sources.map((s, i) => {
          const name = s.input.kind === 'url' ? s.input.url : s.input.name;
          const urls = s.reports.reduce((n, r) => n + r.urls, 0);
          return (
            <li key={i} data-testid="site-source" data-reading={s.reading}>
              <div className="site-source-head">
                <code className="site-source-name">{name}</code>
                <span className="pill" data-testid="site-source-urls">{tr('site.source-urls', { count: urls })}</span>
                {s.reading && <span className="muted">{tr('site.source-reading')}</span>}
                <button type="button" className="notice-close no-print" aria-label={tr('site.source-remove', { name })} onClick={() => remove(i)}>×</button>
              </div>
              <ul className="site-reports">
                {s.reports.map((r, k) => {
                  const skipped = Object.entries(r.skipped) as [SkipReason, number][];
                  const single = s.reports.length === 1 && r.source === name;
                  return (
                    <li key={k} data-testid="site-report" data-problem={r.problem?.code ?? ''}>
                      {!single && <code className="site-source-name">{r.source}</code>}{' '}
                      <span className="muted">
                        {r.format && tr('site.format', { format: r.format })}
                        {r.gzip && ` · ${tr('site.source-gzip')}`}
                        {!single && ` · ${tr('site.source-urls', { count: r.urls })}`}
                        {r.sitemaps > 0 && ` · ${tr('site.source-sitemaps', { count: r.sitemaps })}`}
                        {r.parent && !single && ` · ${tr('site.source-from', { parent: r.parent })}`}
                      </span>
                      {skipped.map(([reason, count]) => (
                        <p key={reason} className="site-skip" data-testid="site-skip" data-reason={reason}>{tr('site.skip', skipArgs(reason, count))}</p>
                      ))}
                      {r.problem && <p className="site-problem" role="alert" data-testid="site-problem">{tr('site.problem', problemArgs(r.problem))}</p>}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
