/** The file's own Sitemap: lines, each fetchable into the Site tab's inventory. */
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';

/** The file's own Sitemap: lines, each fetchable into the inventory (the old Sitemaps tab). */
export function SitemapLines({ onFetch }: { onFetch: (urls: string[]) => void }) {
  const t = useTester();
  const sitemaps = useTesterState((s) => s.shown?.sitemaps);
  const site = useTesterState((s) => s.site);
  const tr = useT('site');
  if (!sitemaps) return <p className="muted">{tr('common.checking')}</p>;
  const valid = sitemaps.filter((s) => s.valid).map((s) => s.url);
  return (
    <section className="site-section" aria-labelledby="site-lines-h">
      <div className="site-head-row">
        <h3 id="site-lines-h">{tr('site.sitemap-lines')}</h3>
        {valid.length > 1 && (
          <button type="button" className="btn btn-small no-print" data-testid="site-fetch-all" onClick={() => onFetch(valid)}>
            {tr('site.fetch-all', { count: valid.length })}
          </button>
        )}
      </div>
      {sitemaps.length === 0 ? <p className="empty-state" data-testid="sitemaps">{tr('sitemaps.none')}</p> : (
        <ul className="sitemaps" data-testid="sitemaps">
          {sitemaps.map((s) => (
            <li key={s.line} data-line={s.line} data-valid={s.valid} data-other-host={s.otherHost}>
              <button type="button" className="link" onClick={() => t.reveal(s.line)}>{tr('common.line', { line: s.line })}</button>
              <code className="sitemap-url">{s.url || tr('common.empty')}</code>
              {s.valid ? (
                s.otherHost ? <span className="pill pill-warn">{tr('sitemaps.other-host', { host: s.host })}</span>
                  : <span className="pill pill-ok">{site ? tr('sitemaps.valid') : tr('sitemaps.valid-on', { host: s.host })}</span>
              ) : (
                <span className="pill pill-bad">{tr('sitemaps.invalid')}</span>
              )}
              {s.valid && (
                <button type="button" className="btn btn-small no-print" data-testid="site-fetch-line" onClick={() => onFetch([s.url])}>{tr('site.fetch-line')}</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
