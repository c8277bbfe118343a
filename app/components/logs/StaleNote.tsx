/** Says when the results shown were judged against another file than the one in the editor now. */
import { logsResultStale } from '../../../src/store/logs/index.js';
import type { LogsTab } from '../../../src/tester/index.js';
import { useTesterState } from '../../context.js';
import { useT } from '../../i18n/index.js';
import { LOGS_RUN_BUTTON } from './RunControls.js';
import { useLogs } from './state.js';

/** The note over out-of-date results, with a way to read the logs again (a long log is not re-read on every edit). */
export function StaleNote({ logs }: { logs: LogsTab }) {
  const tr = useT('logs');
  const stale = useTesterState(logsResultStale);
  const running = useLogs((l) => l.run !== null);
  if (!stale || running) return null;
  return (
    <div className="notice notice-warning" role="status" data-testid="logs-stale">
      <div className="notice-body">
        <span>{tr('logs.stale')}</span>
      </div>
      <button type="button" className="btn btn-small" data-testid="logs-stale-run" onClick={() => {
        logs.run();
        // The note goes while the logs are read: focus moves to the button that reads them, not to the page's top.
        document.getElementById(LOGS_RUN_BUTTON)?.focus();
      }}>{tr('logs.read-again')}</button>
    </div>
  );
}
