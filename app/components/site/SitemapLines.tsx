/** The file's own Sitemap: lines, folded under their count, each fetchable into the Site tab's inventory. */
import { useState } from 'react';
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';

/** Lines shown unfolded at first; more are folded under their count (a file may list hundreds). */
const OPEN_UP_TO = 3;

/** The file's own Sitemap: lines, each fetchable into the inventory (the old Sitemaps tab), folded under their count. */
export function SitemapLines({ onFetch }: { onFetch: (urls: string[]) => void }) {
  const t = useTester();
  const sitemaps = useTesterState((s) => s.shown?.sitemaps);
  const site = useTesterState((s) => s.site);
  const tr = useT('site');
  const [open, setOpen] = useState<boolean | null>(null);
  if (!sitemaps) return <p className="muted">{tr('common.checking')}</p>;
  if (sitemaps.length === 0) return <p className="empty-state muted small" data-testid="sitemaps">{tr('sitemaps.none')}</p>;
  const valid = sitemaps.filter((s) => s.valid).map((s) => s.url);
  return (
    <details className="site-section site-lines" data-testid="site-lines" open={open ?? sitemaps.length <= OPEN_UP_TO}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary id="site-lines-h">{tr('site.sitemap-lines-count', { count: sitemaps.length })}</summary>
      {valid.length > 1 && (
        <div className="site-actions">
          <button type="button" className="btn btn-small no-print" data-testid="site-fetch-all" onClick={() => onFetch(valid)}>
            {tr('site.fetch-all', { count: valid.length })}
          </button>
        </div>
      )}
      <ul className="sitemaps" data-testid="sitemaps" aria-labelledby="site-lines-h">
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
    </details>
  );
}
