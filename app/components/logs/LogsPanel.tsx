/**
 * The Logs tab: server logs read against this robots.txt — who fetched what it forbids, who only
 * claims to be a crawler. Its state is the Logs slice of the tester's store and its controller
 * (loaded with the tab) runs its worker; each section is a component of its own, holding only what
 * it shows (a drag over the drop zone).
 */
import { use, useEffect } from 'react';
import { useTester } from '../../context.js';
import { useT } from '../../i18n/index.js';
import { LogFiles } from './LogFiles.js';
import { LogsNotice } from './LogsNotice.js';
import { RangesSetup } from './RangesSetup.js';
import { Results } from './Results.js';
import { RunControls } from './RunControls.js';
import { useLogs } from './state.js';
import { VersionsSetup } from './VersionsSetup.js';

/** The Logs tab. */
export function LogsPanel() {
  const tr = useT('logs');
  const logs = use(useTester().logs());
  // Leaving the tab stops a run; its files and choices stay for when the tab opens again.
  useEffect(() => () => logs.leave(), [logs]);
  const empty = useLogs((l) => l.files.length === 0);
  const result = useLogs((l) => l.result);
  return (
    <div className="logs" data-testid="logs-panel">
      <p className="muted">{tr('logs.intro')}</p>
      <LogFiles logs={logs} />
      <RangesSetup logs={logs} />
      <VersionsSetup logs={logs} />
      <RunControls logs={logs} />
      <LogsNotice logs={logs} />
      {empty && !result && <p className="muted">{tr('logs.empty')}</p>}
      {result && <Results logs={logs} result={result} />}
    </div>
  );
}
