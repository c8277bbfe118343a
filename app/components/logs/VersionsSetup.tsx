/** The versions of the file a run judges by (the live one from its date, Compare's other one from its own) and the reader. */
import { READER_IDS, readerKey, type ReaderId } from '../../../src/robots/index.js';
import type { LogsTab } from '../../../src/tester/index.js';
import { useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';
import { useLogs } from './state.js';

/** The versions' section (closed by default). */
export function VersionsSetup({ logs }: { logs: LogsTab }) {
  const tr = useT('logs');
  const compare = useTesterState((t) => t.compare);
  const liveSince = useLogs((l) => l.liveSince);
  const compareSince = useLogs((l) => l.compareSince);
  const useCompare = useLogs((l) => l.useCompare);
  const reader = useLogs((l) => l.reader);
  return (
    <details className="logs-setup">
      <summary>{tr('logs.versions-title')}</summary>
      <p className="muted">{tr('logs.versions-help')}</p>
      <label className="logs-date">
        <span>{tr('logs.live-since')}</span>
        <input type="date" className="field-input" data-testid="logs-live-since" value={liveSince} onChange={(e) => logs.choose({ liveSince: e.target.value })} />
      </label>
      {compare === null ? <p className="muted">{tr('logs.compare-none')}</p> : (
        <label className="logs-date">
          <input type="checkbox" checked={useCompare} data-testid="logs-use-compare" onChange={(e) => logs.choose({ useCompare: e.target.checked })} />
          <span>{tr('logs.compare-use')}</span>
          <input type="date" className="field-input" data-testid="logs-compare-since" value={compareSince} onChange={(e) => logs.choose({ compareSince: e.target.value })} />
        </label>
      )}
      <label className="logs-date">
        <span>{tr('logs.reader')}</span>
        <select className="field-input" data-testid="logs-reader" value={reader} onChange={(e) => logs.choose({ reader: e.target.value as ReaderId })}>
          {READER_IDS.map((id) => <option key={id} value={id}>{tr('reader.name', { reader: readerKey(id) })}</option>)}
        </select>
      </label>
      <p className="muted">{tr('logs.own-help')}</p>
    </details>
  );
}
