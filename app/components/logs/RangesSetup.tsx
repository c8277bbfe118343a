/**
 * The crawlers' published addresses: the operators' files shipped with the tester (their dates,
 * loaded when the tab opens), the IP ranges files added, whom each verifies, and a crawler to
 * choose for a file whose name does not say.
 */
import { useEffect, useRef, useState } from 'react';
import { CRAWLERS, crawlerById } from '../../../src/robots/index.js';
import { loadPublishedRanges, shippedInUse, type PublishedRanges } from '../../../src/robots/logs/index.js';
import type { LogsTab } from '../../../src/tester/index.js';
import { useT } from '../../i18n/index.js';
import { useLogs } from './state.js';

/** The ranges files' section (open by default). */
export function RangesSetup({ logs }: { logs: LogsTab }) {
  const tr = useT('logs');
  const ranges = useLogs((l) => l.ranges);
  const input = useRef<HTMLInputElement>(null);
  const [shipped, setShipped] = useState<PublishedRanges | null>(null);
  useEffect(() => {
    let live = true;
    // Without them (a chunk that could not be fetched) the files added still verify.
    loadPublishedRanges().then((p) => live && setShipped(p), () => {});
    return () => {
      live = false;
    };
  }, []);
  const given = ranges.filter((r) => r.error === null && r.crawlers !== null).map((r) => ({ crawlers: r.crawlers! }));
  return (
    <details className="logs-setup" open>
      <summary>{tr('logs.ranges-title')}</summary>
      <p className="muted">{tr('logs.ranges-help')}</p>
      {shipped && (
        <details className="logs-shipped" data-testid="logs-ranges-shipped">
          <summary>{tr('logs.ranges-shipped', { count: shipped.files.length, date: shipped.files.map((f) => f.copied).sort().at(-1) ?? '' })}</summary>
          <ul className="logs-ranges">
            {shippedInUse(given, shipped).map(({ file: f, replaced }) => (
              <li key={f.name} className={replaced ? 'muted' : ''}>
                {replaced
                  ? tr('logs.ranges-shipped-replaced', { name: f.name, operator: f.operator })
                  : tr('logs.ranges-shipped-file', { name: f.name, operator: f.operator, count: f.prefixes.length, date: f.creationTime?.slice(0, 10) ?? '—' })}
              </li>
            ))}
          </ul>
        </details>
      )}
      <button type="button" className="btn btn-small" data-testid="logs-ranges-choose" onClick={() => input.current?.click()}>{tr('logs.ranges-choose')}</button>
      <input ref={input} type="file" multiple accept=".json,application/json" hidden data-testid="logs-ranges-file" onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        void logs.addRanges(files);
      }} />
      {ranges.length > 0 && (
        <ul className="logs-ranges" data-testid="logs-ranges">
          {ranges.map((r, i) => (
            <li key={`${r.name}-${i}`} className={r.error ? 'error' : ''}>
              {r.error ? <span role="alert">{tr('logs.file-error', { name: r.name, message: r.error })}</span> : <span>{tr('logs.ranges-file', { name: r.name, count: r.prefixes })}</span>}
              {!r.error && r.crawlers === null && (
                <label className="logs-ranges-for">
                  <span>{tr('logs.ranges-for', { name: r.name })}</span>
                  <select className="field-input" data-testid="logs-ranges-crawler" value="" onChange={(e) => logs.rangesFor(i, e.target.value)}>
                    <option value="" disabled>{tr('logs.ranges-pick')}</option>
                    {CRAWLERS.filter((c) => !c.controlToken).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                  </select>
                </label>
              )}
              {!r.error && r.crawlers !== null && <span className="muted">{r.crawlers.map((id) => crawlerById(id)?.tokens[0] ?? id).join(', ')}</span>}
              <button type="button" className="link" aria-label={tr('logs.ranges-remove', { name: r.name })} onClick={() => logs.removeRanges(i)}>×</button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
