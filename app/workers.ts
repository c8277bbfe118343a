/**
 * The tester's workers as Vite bundles them: each a module script of its own, named for the
 * browser's tools (and the end-to-end tests' hooks), started when the tester first needs it.
 */
import type { WorkerSpawners } from '../src/tester/index.js';
import { withBroadcastReplies, type WorkerLike } from '../src/worker/index.js';
import { ANALYSIS_WORKER_NAME, takeEarlyAnalysisWorker } from './early-analysis.js';

/**
 * The tester's six workers: analysis (with diagnostics), bulk, readers, AI access, Site and Logs.
 * All but the first have scripts of their own: the first verdict waits for none of them.
 */
export const workerSpawners: WorkerSpawners = {
  // The analysis worker answers on a BroadcastChannel: a verdict is not held until the frame after
  // the keystroke is drawn (the other workers are not keystroke-bound and transfer their arrays).
  // The first is the one the built page started before the app's scripts ran (scripts/early-worker.ts).
  analysis: () => withBroadcastReplies(takeEarlyAnalysisWorker() ?? (new Worker(new URL('../src/worker/robots.worker.ts', import.meta.url), { type: 'module', name: ANALYSIS_WORKER_NAME }) as WorkerLike)),
  bulk: () => new Worker(new URL('../src/worker/bulk.worker.ts', import.meta.url), { type: 'module', name: 'robots-bulk' }) as WorkerLike,
  readers: () => new Worker(new URL('../src/worker/readers.worker.ts', import.meta.url), { type: 'module', name: 'robots-readers' }) as WorkerLike,
  policy: () => new Worker(new URL('../src/worker/policy.worker.ts', import.meta.url), { type: 'module', name: 'robots-policy' }) as WorkerLike,
  site: () => new Worker(new URL('../src/worker/site.worker.ts', import.meta.url), { type: 'module', name: 'robots-site' }) as WorkerLike,
  logs: () => new Worker(new URL('../src/worker/logs.worker.ts', import.meta.url), { type: 'module', name: 'robots-logs' }) as WorkerLike,
};
