/// <reference lib="webworker" />
/**
 * The Logs tab's worker: reads the log files dropped on the tab (a slice at a time, gzip through
 * DecompressionStream) and judges every request, the page only hearing of progress and results;
 * and writes the CSV of the judged requests under a filter. Served through the runtime: a request
 * the page cancels stops between chunks. Each request brings the files and setup it needs.
 */
import { tallyPieces } from '../robots/logs/index.js';
import { logsCsv, runLogs } from './logs-run.js';
import { reply, serve } from './serve.js';

serve({
  'logs-run': async (req, { signal }) => {
    const started = performance.now();
    const outcome = await runLogs(req.files, req.setup, (progress) => reply({ type: 'logs-progress', id: req.id, progress }), () => signal.aborted);
    if (!outcome) return;
    const { rest, pieces } = tallyPieces(outcome.tally);
    for (const crawlers of pieces) reply({ type: 'logs-crawlers-progress', id: req.id, crawlers });
    reply({ type: 'logs-done', id: req.id, outcome: { ...outcome, tally: rest }, ms: performance.now() - started });
  },
  'logs-csv': async (req, { signal }) => {
    const r = await logsCsv(req.files, req.setup, req.filter, () => signal.aborted);
    if (r) reply({ type: 'logs-csv', id: req.id, csv: r.csv, rows: r.rows });
  },
});
