/** The filters over the result (one crawler, only those that fetched what they may not, only spoofed requests) and the CSV of what they pass. */
import { useEffect, useId, useMemo, useState } from 'react';
import { crawlerNamed, crawlersFound, crawlerSuggestions, type CrawlerRow } from '../../../src/robots/logs/index.js';
import type { LogsTab } from '../../../src/tester/index.js';
import { download } from '../../files.js';
import { useT } from '../../i18n/index.js';
import { rowName } from './format.js';
import { useLogs } from './state.js';

/** The filters and the export; `crawlers`: every crawler of the result. */
export function Filters({ logs, crawlers }: { logs: LogsTab; crawlers: readonly CrawlerRow[] }) {
  const tr = useT('logs');
  const filter = useLogs((l) => l.filter);
  const exported = useLogs((l) => l.exported);
  return (
    <div className="logs-filters">
      <CrawlerFilter logs={logs} crawlers={crawlers} chosen={filter.crawler} />
      <label><input type="checkbox" data-testid="logs-filter-disobeying" checked={filter.disobeying} onChange={(e) => logs.filter({ disobeying: e.target.checked })} />{tr('logs.filter-disobeying')}</label>
      <label><input type="checkbox" data-testid="logs-filter-spoofed" checked={filter.spoofed} onChange={(e) => logs.filter({ spoofed: e.target.checked })} />{tr('logs.filter-spoofed')}</label>
      <button type="button" className="btn btn-small" data-testid="logs-export" onClick={() => void logs.csv().then((csv) => csv && download('robots-logs.csv', csv, 'text/csv;charset=utf-8'))}>{tr('logs.export')}</button>
      {exported && <span className="muted" role="status" data-testid="logs-exported">{exported.kind === 'writing' ? tr('logs.exporting') : tr('logs.exported', { rows: exported.rows })}</span>}
    </div>
  );
}

/**
 * One crawler, typed by name (with suggestions as it is typed): a log can name thousands of bots,
 * more than a list to pick from can hold. The filter follows the text once it names a crawler, and
 * empty text is every crawler; text that names none leaves the filter as it was and says how many
 * crawlers it matches.
 */
function CrawlerFilter({ logs, crawlers, chosen }: { logs: LogsTab; crawlers: readonly CrawlerRow[]; chosen: string | null }) {
  const tr = useT('logs');
  const id = useId();
  const nameOf = (crawler: string | null) => {
    const r = crawler === null ? undefined : crawlers.find((c) => c.id === crawler);
    return r ? rowName(r) : '';
  };
  // The text as typed is this field's own; the filter it names is the slice's.
  const [text, setText] = useState(() => nameOf(chosen));
  // A new result starts unfiltered: the name typed for the last one goes with it.
  useEffect(() => setText((t) => (chosen === null && crawlerNamed(crawlers, t, rowName) ? '' : t)), [crawlers, chosen]);
  const named = crawlerNamed(crawlers, text, rowName);
  const suggested = useMemo(() => crawlerSuggestions(crawlers, text, rowName), [crawlers, text]);
  const matches = useMemo(() => (named === undefined ? crawlersFound(crawlers, text, rowName).length : 0), [crawlers, text, named]);
  return (
    <div className="logs-filter-crawler">
      <label htmlFor={`${id}-crawler`}>{tr('logs.filter-crawler')}</label>
      <input id={`${id}-crawler`} type="search" className="field-input" data-testid="logs-filter-crawler" list={`${id}-names`} value={text}
        placeholder={tr('logs.filter-all')} spellCheck={false} autoComplete="off" aria-invalid={named === undefined && matches === 0} aria-describedby={named === undefined ? `${id}-typed` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const crawler = crawlerNamed(crawlers, e.target.value, rowName);
          if (crawler !== undefined && crawler !== chosen) logs.filter({ crawler });
        }} />
      <datalist id={`${id}-names`}>{suggested.map((name) => <option key={name} value={name} />)}</datalist>
      {named === undefined && <span id={`${id}-typed`} className="muted" role="status" data-testid="logs-filter-typed">{tr('logs.filter-typed', { count: matches })}</span>}
    </div>
  );
}
