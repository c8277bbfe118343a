import { useState } from 'react';
import { useTester } from '../context.js';
import { useT } from '../i18n/index.js';

/**
 * "Test a live site", first thing on the page: a site or robots.txt URL, Enter. Read straight from
 * the site when it allows cross-origin reads; otherwise the notice offers the bookmarklet and curl.
 */
export function LiveSite() {
  const t = useTester();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const tr = useT();
  const go = async () => {
    setBusy(true);
    // The fetching code loads with the first fetch: the first load does without it.
    const r = await import('../remote.js').then((m) => m.fetchIntoTester(t, url), () => null);
    setBusy(false);
    if (r === null) {
      // Its code could not load (offline before the page was kept, a new deploy): no file could be read.
      t.tester.setNotice({ kind: 'warning', message: { id: 'notice.fetch-code-unavailable', args: { url: url.trim() } } });
    } else if (r.ok) {
      const details = r.body.map((b) => ({ id: `body.${b.code}`, args: b.args }));
      if (r.redirectedTo) details.unshift({ id: 'notice.fetch-redirected', args: { to: r.redirectedTo, site: new URL(r.url).origin } });
      t.tester.setNotice({ kind: details.length ? 'warning' : 'info', message: { id: 'notice.fetched', args: { url: r.url, code: r.code, bytes: r.bytes } }, ...(details.length ? { details } : {}) });
    } else if (r.reason === 'bad-url') {
      t.tester.setNotice({ kind: 'error', message: { id: 'notice.fetch-bad-url', args: { url } } });
    } else {
      t.tester.setNotice({ kind: 'warning', message: { id: 'notice.fetch-blocked', args: { url: r.url! } }, fetchHelp: r.url! });
    }
  };
  return (
    <form className="live-site" role="search" aria-label={tr('context.fetch')} onSubmit={(e) => { e.preventDefault(); void go(); }}>
      <label htmlFor="fetch-url">{tr('context.fetch')}</label>
      <div className="fetch-inputs">
        <input id="fetch-url" data-testid="fetch-url" className="field-input" type="text" inputMode="url" spellCheck={false} autoComplete="url"
          placeholder={tr('live.placeholder')} value={url} onChange={(e) => setUrl(e.target.value)} />
        <button type="submit" className="btn" data-testid="fetch-go" disabled={busy || url.trim() === ''}>{busy ? tr('context.fetching') : tr('context.fetch-go')}</button>
      </div>
    </form>
  );
}
