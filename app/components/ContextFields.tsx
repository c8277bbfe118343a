import type { FetchStatus } from '../../src/robots/index.js';
import { useState } from 'react';
import { useTester, useTesterState } from '../context.js';
import { fetchIntoTester } from '../remote.js';

const STATUS_OPTIONS: [string, string][] = [
  ['200', '200 OK — the rules apply'],
  ['301', '301/302 redirect'],
  ['404', '404 Not found'],
  ['401', '401 Unauthorized'],
  ['403', '403 Forbidden'],
  ['429', '429 Too many requests'],
  ['500', '500 Server error'],
  ['503', '503 Unavailable'],
  ['network-error', 'Network error or timeout'],
];

function statusValue(s: FetchStatus): string {
  return s.kind === 'network-error' ? 'network-error' : String(s.code >= 300 && s.code < 400 ? 301 : s.code);
}

/** "Fetch a robots.txt": straight from the site when it allows cross-origin reads. */
function FetchRobots() {
  const t = useTester();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    const r = await fetchIntoTester(t, url);
    setBusy(false);
    if (r.ok) {
      t.tester.setNotice({ kind: 'info', text: `Fetched ${r.url}: HTTP ${r.code}, ${r.bytes.toLocaleString('en-US')} bytes. Your own draft is kept: “Back to my draft” returns to it.` });
    } else if (r.reason === 'bad-url') {
      t.tester.setNotice({ kind: 'error', text: `“${url}” is not a web address to fetch a robots.txt from.` });
    } else {
      t.tester.setNotice({
        kind: 'warning',
        text: `This page cannot read ${r.url}: the site does not let other web pages read its robots.txt (most sites don't), or it could not be reached. Two ways that need no server:`,
        fetchHelp: r.url!,
      });
    }
  };
  return (
    <form className="field fetch-row" onSubmit={(e) => { e.preventDefault(); void go(); }}>
      <label htmlFor="fetch-url">Fetch a robots.txt</label>
      <div className="fetch-inputs">
        <input id="fetch-url" data-testid="fetch-url" className="field-input" type="text" inputMode="url" spellCheck={false}
          placeholder="https://www.example.com/robots.txt" value={url} onChange={(e) => setUrl(e.target.value)} />
        <button type="submit" className="btn" data-testid="fetch-go" disabled={busy || url.trim() === ''}>{busy ? 'Fetching…' : 'Fetch'}</button>
      </div>
    </form>
  );
}

/** The site this robots.txt belongs to, and what fetching it returned. */
export function ContextFields() {
  const t = useTester();
  const site = useTesterState((s) => s.site);
  const status = useTesterState((s) => s.status);
  const fetch = useTesterState((s) => s.shown?.fetch);
  const value = statusValue(status);
  const redirects = status.kind === 'http' && status.code >= 300 && status.code < 400 ? status.redirects ?? 1 : 1;
  return (
    <details className="context" open={site !== '' || value !== '200'}>
      <summary>Site and fetch result{site || value !== '200' ? ' · set' : ''}</summary>
      <div className="context-fields">
        <FetchRobots />
        <div className="field">
          <label htmlFor="site-input">Site (robots.txt URL or origin)</label>
          <input
            id="site-input"
            data-testid="site"
            className="field-input"
            type="text"
            inputMode="url"
            spellCheck={false}
            placeholder="https://www.example.com"
            value={site}
            onChange={(e) => t.tester.setSite(e.target.value)}
          />
        </div>
        <div className="field field-row">
          <div className="field">
            <label htmlFor="status-select">robots.txt fetch returned</label>
            <select
              id="status-select"
              data-testid="http-status"
              className="field-input"
              value={value}
              onChange={(e) => {
                const v = e.target.value;
                t.tester.setStatus(v === 'network-error' ? { kind: 'network-error' } : v === '301' ? { kind: 'http', code: 301, redirects } : { kind: 'http', code: Number(v) });
              }}
            >
              {STATUS_OPTIONS.map(([v, label]) => (
                <option key={v} value={v}>{label}</option>
              ))}
            </select>
          </div>
          {value === '301' && (
            <div className="field field-narrow">
              <label htmlFor="hops-input">Hops</label>
              <input
                id="hops-input"
                data-testid="redirect-hops"
                className="field-input"
                type="number"
                min={1}
                max={20}
                value={redirects}
                onChange={(e) => t.tester.setStatus({ kind: 'http', code: 301, redirects: Math.max(1, Math.min(20, Number(e.target.value) || 1)) })}
              />
            </div>
          )}
        </div>
        {fetch && value !== '200' && <p className="muted context-note" data-testid="fetch-outcome">{fetch.reason}</p>}
      </div>
    </details>
  );
}
