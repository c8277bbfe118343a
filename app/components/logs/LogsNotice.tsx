/** What the Logs tab must say: a run or export that failed, a run that stopped because its worker was replaced (with a way to run it again), or one the user stopped. */
import type { LogsTab } from '../../../src/tester/index.js';
import { useT } from '../../i18n/index.js';
import { useLogs } from './state.js';

/** The tab's notice, if any. */
export function LogsNotice({ logs }: { logs: LogsTab }) {
  const tr = useT('logs');
  const notice = useLogs((l) => l.notice);
  const hasResult = useLogs((l) => l.result !== null);
  if (!notice) return null;
  if (notice.kind === 'cancelled') return <p className="muted" role="status" data-testid="logs-cancelled">{tr('logs.cancelled', { kept: hasResult ? 'yes' : 'no' })}</p>;
  if (notice.kind === 'error') return <p className="logs-error" role="alert" data-testid="logs-error">{tr('logs.error', { message: notice.message })}</p>;
  return (
    <div className="notice notice-warning" role="status" data-testid="logs-stopped" data-reason={notice.reason}>
      <div className="notice-body">
        <span>{tr('logs.stopped', { reason: notice.reason })}</span>
      </div>
      <button type="button" className="btn btn-small" data-testid="logs-run-again" onClick={() => logs.run()}>{tr('logs.run-again')}</button>
    </div>
  );
}
