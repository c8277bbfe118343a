/** Entry point of the `robots-txt-tester` binary, and of its worker threads (`check --jobs`, `logs --jobs`, `audit --jobs`). */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { main } from './main.js';
import { guardProcess } from './output.js';
import { serveBatches, type StreamSpec } from './stream.js';
import type { LogSetup } from './logs-run.js';
import type { AuditBatchSpec } from './audit-batches.js';

if (!isMainThread && (workerData as { stream?: StreamSpec } | null)?.stream) {
  serveBatches((workerData as { stream: StreamSpec }).stream, parentPort!);
} else if (!isMainThread && (workerData as { logs?: LogSetup } | null)?.logs) {
  // The logs' and the audit's threads load their code (and its libraries) themselves: a check never does.
  void import('./logs-run.js').then((m) => m.serveLogChunks((workerData as { logs: LogSetup }).logs, parentPort!));
} else if (!isMainThread && (workerData as { audit?: AuditBatchSpec } | null)?.audit) {
  void import('./audit-batches.js').then((m) => m.serveAuditBatches((workerData as { audit: AuditBatchSpec }).audit, parentPort!));
} else {
  guardProcess();
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (e: unknown) => {
      process.stderr.write(`robots-txt-tester: internal error: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 2;
    },
  );
}
