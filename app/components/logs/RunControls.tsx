/** The run's controls (read the logs, stop) and, while it runs, its progress. */
import { useLayoutEffect, useRef } from 'react';
import type { LogsTab } from '../../../src/tester/index.js';
import { useT } from '../../i18n/index.js';
import { MB } from './format.js';
import { useLogs } from './state.js';

/** The id of the button that reads the logs: where focus goes when the control that had it goes away. */
export const LOGS_RUN_BUTTON = 'logs-run-button';

/** Stop: shown while a run is under way; focused as the run ends, it hands focus to the button that reads the logs. */
function StopButton({ onStop }: { onStop: () => void }) {
  const tr = useT('logs');
  const ref = useRef<HTMLButtonElement>(null);
  // Runs while the button is still in the page: a removed button leaves focus on the page's body,
  // and the next Tab starts again from the top.
  useLayoutEffect(() => () => {
    if (ref.current !== null && ref.current === document.activeElement) document.getElementById(LOGS_RUN_BUTTON)?.focus();
  }, []);
  return <button ref={ref} type="button" className="btn" data-testid="logs-cancel" onClick={onStop}>{tr('logs.cancel')}</button>;
}

/** The buttons and the progress bar of a run under way. */
export function RunControls({ logs }: { logs: LogsTab }) {
  const tr = useT('logs');
  const run = useLogs((l) => l.run);
  const none = useLogs((l) => l.files.length === 0);
  const seconds = run ? Math.max((performance.now() - run.started) / 1000, 0.001) : 0;
  return (
    <>
      <div className="logs-actions">
        {/* While a run is under way the button says it cannot be used but keeps its focus (a disabled one drops it). */}
        <button id={LOGS_RUN_BUTTON} type="button" className="btn" data-testid="logs-run" disabled={none} aria-disabled={run !== null}
          onClick={() => run === null && logs.run()}>{tr('logs.run')}</button>
        {run && <StopButton onStop={() => logs.stop()} />}
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
