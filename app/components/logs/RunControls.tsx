/** The run's controls (read the logs, stop) and, while it runs, its progress. */
import type { LogsTab } from '../../../src/tester/index.js';
import { useT } from '../../i18n/index.js';
import { MB } from './format.js';
import { useLogs } from './state.js';

/** The buttons and the progress bar of a run under way. */
export function RunControls({ logs }: { logs: LogsTab }) {
  const tr = useT('logs');
  const run = useLogs((l) => l.run);
  const none = useLogs((l) => l.files.length === 0);
  const seconds = run ? Math.max((performance.now() - run.started) / 1000, 0.001) : 0;
  return (
    <>
      <div className="logs-actions">
        <button type="button" className="btn" data-testid="logs-run" disabled={none || run !== null} onClick={() => logs.run()}>{tr('logs.run')}</button>
        {run && <button type="button" className="btn" data-testid="logs-cancel" onClick={() => logs.stop()}>{tr('logs.cancel')}</button>}
      </div>
      {run && (
        <div className="logs-progress" data-testid="logs-progress">
          <div className="progress" role="progressbar" aria-label={tr('logs.progress-label')} aria-valuemin={0} aria-valuemax={run.total} aria-valuenow={run.read}>
            <div className="progress-bar" style={{ transform: `scaleX(${run.total ? run.read / run.total : 0})` }} />
          </div>
          <span className="muted">{tr('logs.progress', { read: MB(run.read, tr.number), total: MB(run.total, tr.number), lines: run.lines, rate: Math.round(run.lines / seconds) })}</span>
        </div>
      )}
    </>
  );
}
