/// <reference lib="webworker" />
/**
 * The logs worker: reads the log files dropped on the Logs tab (a slice at a time, gzip through
 * DecompressionStream) and judges every request, the page only hearing of progress and results.
 * It keeps the last run's files and setup for the CSV export.
 */
import { tallyForView } from '../robots/logs/index.js';
import { logsCsv, runLogs, type LogFile, type LogsSetup } from './logs-run.js';
import type { LogsRequest, LogsResponse } from './logs-protocol.js';

declare const self: DedicatedWorkerGlobalScope;

const post = (m: LogsResponse) => self.postMessage(m);
let latest = 0;
let last: { files: readonly LogFile[]; setup: LogsSetup } | null = null;

self.onmessage = (e: MessageEvent<LogsRequest>) => {
  const req = e.data;
  if (req.type === 'logs-cancel') {
    latest = -1;
    return;
  }
  latest = req.id;
  const id = req.id;
  const cancelled = () => latest !== id;
  const fail = (err: unknown) => post({ type: 'logs-error', id, message: err instanceof Error ? err.message : String(err) });
  if (req.type === 'logs-run') {
    last = { files: req.files, setup: req.setup };
    const started = performance.now();
    runLogs(req.files, req.setup, (progress) => post({ type: 'logs-progress', id, progress }), cancelled).then(
      // The page is sent only what its view shows: a whole tally's paths took the page's thread
      // most of 200 ms to receive and sum.
      (outcome) => outcome && post({ type: 'logs-done', id, outcome: { ...outcome, tally: tallyForView(outcome.tally) }, ms: performance.now() - started }),
      fail,
    );
  } else if (last) {
    logsCsv(last.files, last.setup, req.filter, cancelled).then((r) => r && post({ type: 'logs-csv', id, csv: r.csv, rows: r.rows }), fail);
  } else {
    fail(new Error('no log has been read yet'));
  }
};
