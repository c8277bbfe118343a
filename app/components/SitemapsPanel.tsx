import { useTester, useTesterState } from '../context.js';

/** Every sitemap line: valid absolute URL or not, and on which host. */
export function SitemapsPanel() {
  const t = useTester();
  const sitemaps = useTesterState((s) => s.shown?.sitemaps);
  const site = useTesterState((s) => s.site);
  if (!sitemaps) return <p className="muted">Checking…</p>;
  if (sitemaps.length === 0) return <p className="empty-state" data-testid="sitemaps">No sitemap lines.</p>;
  return (
    <ul className="sitemaps" data-testid="sitemaps">
      {sitemaps.map((s) => (
        <li key={s.line} data-line={s.line} data-valid={s.valid} data-other-host={s.otherHost}>
          <button type="button" className="link" onClick={() => t.reveal(s.line)}>Line {s.line}</button>
          <code className="sitemap-url">{s.url || '(empty)'}</code>
          {s.valid ? (
            s.otherHost ? <span className="pill pill-warn">on another host: {s.host}</span> : <span className="pill pill-ok">valid{site ? '' : ` · ${s.host}`}</span>
          ) : (
            <span className="pill pill-bad">not an absolute URL — ignored</span>
          )}
        </li>
      ))}
    </ul>
  );
}
