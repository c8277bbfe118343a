import { useMemo, useState } from 'react';
import { captureRawUrl, capturesPageUrl, holdsFile, type Capture } from '../../src/robots/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';
import { compareWith } from '../ui-store.js';
import { listVersions, loadVersion, waybackBase, type VersionList } from '../wayback.js';

/** At most this many versions are listed (the newest); a site's history rarely has more changes. */
const SHOWN = 300;

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'listing' }
  | { readonly kind: 'listed'; readonly list: VersionList }
  | { readonly kind: 'loading'; readonly capture: Capture }
  | { readonly kind: 'loaded'; readonly capture: Capture; readonly bytes: number }
  | { readonly kind: 'load-failed'; readonly capture: Capture; readonly reason: 'unreadable' | 'http'; readonly code?: number };

/**
 * The Compare tab's earlier versions: the dated copies of the site's robots.txt the Wayback
 * Machine holds (read from the browser when the archive allows it), each one click from Compare.
 */
export default function WaybackHistory() {
  const t = useTester();
  const tr = useT('history');
  const currentSite = useTesterState((s) => s.site);
  const [site, setSite] = useState(currentSite);
  const [list, setList] = useState<VersionList | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const base = useMemo(waybackBase, []);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(tr.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }), [tr.language]);
  const date = (c: Capture) => dateFormat.format(c.time);

  const list_ = async () => {
    setStatus({ kind: 'listing' });
    const got = await listVersions(site, base);
    setList(got);
    setStatus({ kind: 'listed', list: got });
  };
  const compare = async (capture: Capture) => {
    setStatus({ kind: 'loading', capture });
    const got = await loadVersion(capture, base);
    if (!got.ok) return setStatus({ kind: 'load-failed', capture, reason: got.reason, ...(got.code ? { code: got.code } : {}) });
    compareWith(t.tester.setCompare, got.text, { kind: 'wayback', name: date(capture) });
    setStatus({ kind: 'loaded', capture, bytes: got.bytes });
  };
  const shown = list?.ok ? list.captures.slice(0, SHOWN) : [];
  const comparing = status.kind === 'loaded' ? status.capture : null;

  return (
    <section className="history" aria-labelledby="history-title" data-testid="history">
      <h3 id="history-title" className="history-title">{tr('history.title')}</h3>
      <p className="muted">{tr('history.intro')}</p>
      <form className="fetch-inputs" onSubmit={(e) => { e.preventDefault(); void list_(); }}>
        <label htmlFor="history-site" className="history-label">{tr('history.site')}</label>
        <input id="history-site" data-testid="history-site" className="field-input" type="text" inputMode="url" spellCheck={false} autoComplete="url"
          placeholder="example.com" value={site} onChange={(e) => setSite(e.target.value)} />
        <button type="submit" className="btn btn-small" data-testid="history-list" disabled={status.kind === 'listing' || site.trim() === ''}>{tr('history.list')}</button>
      </form>
      <div role="status" aria-live="polite" data-testid="history-status" className="history-status">
        <HistoryStatus status={status} date={date} site={site} base={base} />
      </div>
      {shown.length > 0 && (
        <div className="history-table-wrap">
          <table className="history-table" data-testid="history-table">
            <thead>
              <tr><th scope="col">{tr('history.col-date')}</th><th scope="col">{tr('history.col-status')}</th><th scope="col" className="history-digest">{tr('history.col-digest')}</th><th scope="col"><span className="sr-only">{tr('history.compare')}</span></th></tr>
            </thead>
            <tbody>
              {shown.map((c) => (
                <tr key={c.timestamp} data-testid="history-row" aria-current={comparing === c ? 'true' : undefined} className={comparing === c ? 'history-current' : undefined}>
                  <td><a href={captureRawUrl(c, base)} target="_blank" rel="noopener noreferrer">{date(c)}</a></td>
                  <td>{c.status === null ? tr('history.status-unknown') : tr('history.status', { code: c.status })}</td>
                  <td className="history-digest"><code title={c.digest}>{c.digest.slice(0, 10)}</code></td>
                  <td>
                    {holdsFile(c) ? (
                      <button type="button" className="btn btn-small" aria-label={tr('history.compare-label', { date: date(c) })} disabled={status.kind === 'loading'} onClick={() => void compare(c)}>
                        {comparing === c ? `✓ ${tr('history.comparing')}` : tr('history.compare')}
                      </button>
                    ) : <span className="muted">{tr('history.no-file')}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One line saying where the list or the loading stands. */
function HistoryStatus({ status, date, site, base }: { status: Status; date: (c: Capture) => string; site: string; base: string }) {
  const tr = useT('history');
  switch (status.kind) {
    case 'idle': return null;
    case 'listing': return <span className="muted">{tr('history.listing')}</span>;
    case 'loading': return <span className="muted">{tr('history.loading', { date: date(status.capture) })}</span>;
    case 'loaded': return <span>{tr('history.loaded', { date: date(status.capture), bytes: status.bytes })}</span>;
    case 'load-failed':
      return <span className="history-problem">{status.reason === 'http' ? tr('history.load-http', { code: status.code ?? 0 }) : tr('history.load-unreadable')}</span>;
    case 'listed': {
      const l = status.list;
      if (l.ok) {
        return <span>{tr('history.count', { count: l.captures.length, url: l.robotsUrl })}{l.captures.length > SHOWN ? ` ${tr('history.more', { shown: SHOWN })}` : ''}</span>;
      }
      if (l.reason === 'bad-site') return <span className="history-problem">{tr('history.bad-site', { site })}</span>;
      if (l.reason === 'none') return <span>{tr('history.none', { url: l.robotsUrl ?? site })}</span>;
      if (l.reason === 'http') return <span className="history-problem">{tr('history.http', { code: l.code ?? 0 })}</span>;
      if (l.reason === 'not-json') return <span className="history-problem">{tr('history.not-json')}</span>;
      return (
        <span className="history-problem" data-testid="history-unreadable">
          {tr('history.unreadable')} <code>{`npx robots-txt-tester history ${l.robotsUrl}`}</code>{' '}
          <a href={capturesPageUrl(l.robotsUrl!, base)} target="_blank" rel="noopener noreferrer">{tr('history.open-archive')}</a>
        </span>
      );
    }
  }
}
