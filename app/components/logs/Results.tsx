/** What the logs say: the lines read, each file's outcome, who fetched what the file forbids them, then the filtered table, chart and paths. */
import { useDeferredValue, useMemo } from 'react';
import { logView } from '../../../src/robots/logs/index.js';
import type { LogsResult } from '../../../src/store/logs/index.js';
import type { LogsTab } from '../../../src/tester/index.js';
import { useT } from '../../i18n/index.js';
import { CacheWindowNote } from './CacheWindowNote.js';
import { Chart } from './Chart.js';
import { CrawlerTable } from './CrawlerTable.js';
import { Filters } from './Filters.js';
import { rowName } from './format.js';
import { Reactions } from './Reactions.js';
import { useLogs } from './state.js';
import { Spoofers } from './Spoofers.js';
import { StaleNote } from './StaleNote.js';
import { TopPaths } from './TopPaths.js';

/** The last run's result under the tab's filter. */
export function Results({ logs, result }: { logs: LogsTab; result: LogsResult }) {
  const tr = useT('logs');
  const filter = useLogs((l) => l.filter);
  const tally = result.outcome.tally;
  // The view unfiltered came with the result (the worker made it); the counts are taken from it.
  const unfiltered = result.outcome.view;
  const all = unfiltered.rows;
  const none = filter.crawler === null && !filter.disobeying && !filter.spoofed;
  const view = useMemo(() => (none ? unfiltered : logView(tally, filter)), [none, unfiltered, tally, filter]);
  // The deny list (every spoofing address parsed and ordered, then laid out) is drawn in a task after the rest.
  const spoofers = useDeferredValue(tally, null);
  const disobeying = useMemo(() => all.filter((r) => r.disobeying).length, [all]);
  return (
    <section className="logs-results" aria-label={tr('logs.results')} data-testid="logs-results">
      <StaleNote logs={logs} />
      <p data-testid="logs-summary">{tr('logs.summary', { lines: tally.lines, seconds: (result.ms / 1000).toFixed(1), unparsed: tally.unparsed, failed: result.outcome.files.filter((f) => f.error).length })}</p>
      <ul className="logs-file-list">
        {result.outcome.files.map((f, i) => (
          <li key={`${f.name}-${i}`} data-testid="logs-file-outcome" className={f.error ? 'error' : ''}>
            {f.error ? <span role="alert">{tr(f.lines > 0 ? 'logs.file-error-partial' : 'logs.file-error', { name: f.name, message: f.error, lines: f.lines })}</span>
              : f.lines === 0 && f.format === '' ? tr('logs.file-empty', { name: f.name }) : tr('logs.file', { name: f.name, format: f.format, lines: f.lines })}
            {f.samples.length > 0 && (
              <details>
                <summary>{tr('logs.unread-title')}</summary>
                <ul className="logs-unread">{f.samples.map((u) => <li key={u.line}><code>{tr('logs.unread', { line: u.line, text: u.text })}</code></li>)}</ul>
              </details>
            )}
          </li>
        ))}
      </ul>
      {all.length > 0 && (
        <p className={`logs-verdict ${disobeying > 0 ? 'some' : 'none'}`} data-testid="logs-verdict">
          {disobeying > 0 ? tr('logs.verdict-some', { count: disobeying }) : tr('logs.verdict-none')}
        </p>
      )}
      <CacheWindowNote rows={all} />
      {all.length === 0 ? <p className="muted">{tr('logs.none')}</p> : (
        <>
          <Filters logs={logs} crawlers={all} />
          {view.rows.length === 0 ? <p className="muted" data-testid="logs-none-filtered">{tr('logs.none-filtered')}</p> : <CrawlerTable logs={logs} rows={view.rows} readers={result.setup.readers} />}
          {view.chart && <Chart chart={view.chart} names={new Map(view.rows.map((r) => [r.id, rowName(r)]))} tr={tr} />}
          {view.top.length > 0 && <TopPaths top={view.top} crawlers={all} lineTexts={result.outcome.lineTexts} />}
          {view.reactions.length > 0 && <Reactions reactions={view.reactions} crawlers={all} />}
          {spoofers && <Spoofers tally={spoofers} />}
        </>
      )}
    </section>
  );
}
