/** The Site tab's sources, each with what it gave; an empty inventory says why. */
import { problemArgs, skipArgs, type SkipReason, type SourceReport } from '../../../src/robots/site/index.js';
import type { SiteWorkerState } from '../../../src/worker/index.js';
import { useT } from '../../i18n/index.js';

/** What would let a source's skipped URLs in, when they all went one way: a feed's relative links, or one other host. */
function hintOf(r: SourceReport): { id: 'site.hint-relative' } | { id: 'site.hint-other-host'; host: string } | null {
  if (r.urls > 0 || r.format === 'sitemapindex' || r.readAs) return null;
  const hosts = Object.keys(r.otherHosts);
  if ((r.skipped['other-host'] ?? 0) > 0 && hosts.length === 1) return { id: 'site.hint-other-host', host: hosts[0]! };
  if ((r.skipped.relative ?? 0) > 0 && r.format === 'atom') return { id: 'site.hint-relative' };
  return null;
}

/** Each source and what it gave: URLs, sitemaps followed, entries skipped and why, its problem; an empty inventory says why. */
export function Sources({ state, remove, clear }: { state: SiteWorkerState; remove: (i: number) => void; clear: () => void }) {
  const tr = useT('site');
  if (state.sources.length === 0) return <p className="empty-state" data-testid="site-empty">{tr('site.empty')}</p>;
  const empty = !state.busy && state.urls === 0 && state.sources.every((s) => !s.reading);
  return (
    <section className="site-section" aria-labelledby="site-src-h">
      <div className="site-head-row">
        <h3 id="site-src-h">{tr('site.sources')}</h3>
        <button type="button" className="link no-print" data-testid="site-clear" onClick={clear}>{tr('site.clear')}</button>
      </div>
      {empty && <p className="site-problem" role="status" data-testid="site-empty-why">{tr('site.empty-why')}</p>}
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
                  const hosts = Object.keys(r.otherHosts);
                  const hint = hintOf(r);
                  if (r.readAs) {
                    return (
                      <li key={k} data-testid="site-report" data-read-as={r.readAs}>
                        <span className="muted">{tr('site.source-read-as', { url: r.readAs, parent: r.parent ?? '' })}</span>
                      </li>
                    );
                  }
                  return (
                    <li key={k} data-testid="site-report" data-problem={r.problem?.code ?? ''} data-file={r.file ?? ''}>
                      {!single && <code className="site-source-name">{r.source}</code>}{' '}
                      {/* What is known of it, parted by dots: a file that could not be read may have no format. */}
                      <span className="muted">
                        {[
                          r.format && tr('site.format', { format: r.format }), r.gzip && tr('site.source-gzip'), r.encoding,
                          !single && tr('site.source-urls', { count: r.urls }), r.sitemaps > 0 && tr('site.source-sitemaps', { count: r.sitemaps }),
                          r.parent && !single && tr('site.source-from', { parent: r.parent }), r.file && tr('site.source-file', { file: r.file }),
                        ].filter(Boolean).join(' · ')}
                      </span>
                      {skipped.map(([reason, count]) => (
                        <p key={reason} className="site-skip" data-testid="site-skip" data-reason={reason}>
                          {tr('site.skip', skipArgs(reason, count))}
                          {reason === 'other-host' && hosts.length > 0 && ` — ${tr('site.source-other-hosts', { hosts: hosts.join(', ') })}`}
                        </p>
                      ))}
                      {hint && <p className="site-skip" data-testid="site-hint">{hint.id === 'site.hint-other-host' ? tr(hint.id, { host: hint.host }) : tr(hint.id)}</p>}
                      {r.problem && <p className="site-problem" role="alert" data-testid="site-problem">{tr('site.problem', problemArgs(r.problem))}</p>}
                      {empty && r.urls === 0 && !r.problem && skipped.length === 0 && r.format !== 'sitemapindex' && (
                        <p className="site-skip" data-testid="site-no-url">{tr('site.source-no-url')}</p>
                      )}
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
