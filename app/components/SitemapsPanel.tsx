import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

/** Every sitemap line: valid absolute URL or not, and on which host. */
export function SitemapsPanel() {
  const t = useTester();
  const sitemaps = useTesterState((s) => s.shown?.sitemaps);
  const site = useTesterState((s) => s.site);
  const tr = useT();
  if (!sitemaps) return <p className="muted">{tr('common.checking')}</p>;
  if (sitemaps.length === 0) return <p className="empty-state" data-testid="sitemaps">{tr('sitemaps.none')}</p>;
  return (
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
        </li>
      ))}
    </ul>
  );
}
