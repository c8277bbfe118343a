/**
 * The sitemaps an opened link (or draft) names, shown before anything is fetched: one click
 * fetches the public ones; an address on the visitor's own network is marked and fetched only on
 * its own click.
 */
import { privateAddress } from '../../../src/robots/site/index.js';
import { useTester, useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';

/** URLs listed by name at most; the rest are counted. */
const LISTED = 20;

/** The case's sitemap URLs waiting for the user to say they may be fetched. */
export function LinkedSources() {
  const t = useTester();
  const tr = useT('site');
  const linked = useTesterState((s) => s.siteLinked);
  if (linked.length === 0) return null;
  const kinds = linked.map((url) => ({ url, kind: privateAddress(url) }));
  const inside = kinds.filter((k) => k.kind !== null);
  const outside = kinds.filter((k) => k.kind === null);
  // Every address on the visitor's network is listed (each needs its own click); the others up to LISTED.
  const shown = [...inside, ...outside.slice(0, Math.max(0, LISTED - inside.length))];
  const more = linked.length - shown.length;
  return (
    <section className="site-section site-linked no-print" data-testid="site-linked" aria-labelledby="site-linked-h">
      <h3 id="site-linked-h">{tr('site.linked-title', { count: linked.length })}</h3>
      <p className="muted small">{tr('site.linked-help')}</p>
      <ul className="site-linked-list" data-testid="site-linked-list">
        {shown.map(({ url, kind }) => (
          <li key={url} data-testid="site-linked-url" data-private={kind ?? ''}>
            <code className="site-source-name">{url}</code>
            {kind && (
              <>
                <span className="pill pill-warn">{tr('site.linked-private', { kind: kind.replace('-', '_') })}</span>
                <button type="button" className="btn btn-small" data-testid="site-linked-fetch-one" aria-label={tr('site.linked-fetch-one', { url })}
                  onClick={() => t.tester.fetchSiteLinked([url])}>{tr('site.fetch')}</button>
              </>
            )}
          </li>
        ))}
        {more > 0 && <li className="muted" data-testid="site-linked-more">{tr('site.linked-more', { count: more })}</li>}
      </ul>
      <div className="site-actions">
        {outside.length > 0 && (
          <button type="button" className="btn btn-small btn-primary" data-testid="site-linked-fetch" onClick={() => t.tester.fetchSiteLinked(outside.map((k) => k.url))}>
            {inside.length > 0 ? tr('site.linked-fetch-public', { count: outside.length }) : tr('site.linked-fetch', { count: outside.length })}
          </button>
        )}
        <button type="button" className="btn btn-small" data-testid="site-linked-drop" onClick={() => t.tester.dropSiteLinked()}>{tr('site.linked-drop')}</button>
      </div>
    </section>
  );
}
