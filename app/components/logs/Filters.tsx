/** The filters over the result (one crawler, only those that fetched what they may not, only spoofed requests) and the CSV of what they pass. */
import type { CrawlerRow } from '../../../src/robots/logs/index.js';
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
      <label>
        <span>{tr('logs.filter-crawler')}</span>
        <select className="field-input" data-testid="logs-filter-crawler" value={filter.crawler ?? ''} onChange={(e) => logs.filter({ crawler: e.target.value || null })}>
          <option value="">{tr('logs.filter-all')}</option>
          {crawlers.map((r) => <option key={r.id} value={r.id}>{rowName(r)}</option>)}
        </select>
      </label>
      <label><input type="checkbox" data-testid="logs-filter-disobeying" checked={filter.disobeying} onChange={(e) => logs.filter({ disobeying: e.target.checked })} />{tr('logs.filter-disobeying')}</label>
      <label><input type="checkbox" data-testid="logs-filter-spoofed" checked={filter.spoofed} onChange={(e) => logs.filter({ spoofed: e.target.checked })} />{tr('logs.filter-spoofed')}</label>
      <button type="button" className="btn btn-small" data-testid="logs-export" onClick={() => void logs.csv().then((csv) => csv && download('robots-logs.csv', csv, 'text/csv;charset=utf-8'))}>{tr('logs.export')}</button>
      {exported && <span className="muted" role="status" data-testid="logs-exported">{exported.kind === 'writing' ? tr('logs.exporting') : tr('logs.exported', { rows: exported.rows })}</span>}
    </div>
  );
}
