import type { FetchStatus } from '../../src/robots/index.js';
import { useTester, useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

const STATUS_OPTIONS: readonly string[] = ['200', '301', '404', '401', '403', '429', '500', '503', 'network-error'];

function statusValue(s: FetchStatus): string {
  return s.kind === 'network-error' ? 'network-error' : String(s.code >= 300 && s.code < 400 ? 301 : s.code);
}

/** What-if settings: the site this robots.txt belongs to, and what fetching it returned. */
export function ContextFields() {
  const t = useTester();
  const site = useTesterState((s) => s.site);
  const status = useTesterState((s) => s.status);
  const fetch = useTesterState((s) => s.shown?.fetch);
  const tr = useT();
  const value = statusValue(status);
  const redirects = status.kind === 'http' && status.code >= 300 && status.code < 400 ? status.redirects ?? 1 : 1;
  return (
    <details className="context" open={site !== '' || value !== '200'}>
      <summary>{tr('context.summary', { set: site || value !== '200' ? 'yes' : 'no' })}</summary>
      <div className="context-fields">
        <div className="field">
          <label htmlFor="site-input">{tr('context.site')}</label>
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
            <label htmlFor="status-select">{tr('context.status')}</label>
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
              {STATUS_OPTIONS.map((v) => (
                <option key={v} value={v}>{tr('status.option', { status: v === 'network-error' ? 'network' : `s${v}` })}</option>
              ))}
            </select>
          </div>
          {value === '301' && (
            <div className="field field-narrow">
              <label htmlFor="hops-input">{tr('context.hops')}</label>
              <input
                id="hops-input"
                data-testid="redirect-hops"
                className="field-input"
                type="number"
                min={0}
                max={20}
                value={redirects}
                // 0: a 3xx that was not followed (no Location), as a fetch may report it.
                onChange={(e) => t.tester.setStatus({ kind: 'http', code: 301, redirects: Math.max(0, Math.min(20, Number.isFinite(e.target.valueAsNumber) ? Math.round(e.target.valueAsNumber) : 1)) })}
              />
            </div>
          )}
        </div>
        {fetch && value !== '200' && <p className="muted context-note" data-testid="fetch-outcome">{tr('fetch.outcome', { status: fetch.kind, code: fetch.code, hops: fetch.hops })}</p>}
      </div>
    </details>
  );
}
