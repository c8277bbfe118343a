/**
 * The tester's workers as Vite bundles them: each a module script of its own, named for the
 * browser's tools (and the end-to-end tests' hooks), started when the tester first needs it.
 */
import type { WorkerSpawners } from '../src/tester/index.js';
import { withBroadcastReplies, type SiteWorkerLike, type WorkerLike } from '../src/worker/index.js';

/** The five workers. Bulk, readers and AI access have scripts of their own: the first verdict waits for none of them. */
export const workerSpawners: WorkerSpawners = {
  // The analysis worker answers on a BroadcastChannel: a verdict is not held until the frame after
  // the keystroke is drawn (the other workers are not keystroke-bound and transfer their arrays).
  // The first is the one the built page started before the app's scripts ran (scripts/early-worker.ts).
  analysis: () => withBroadcastReplies(takeEarlyAnalysisWorker() ?? (new Worker(new URL('../src/worker/robots.worker.ts', import.meta.url), { type: 'module', name: 'robots-analysis' }) as WorkerLike)),
  bulk: () => new Worker(new URL('../src/worker/bulk.worker.ts', import.meta.url), { type: 'module', name: 'robots-bulk' }) as WorkerLike,
  readers: () => new Worker(new URL('../src/worker/readers.worker.ts', import.meta.url), { type: 'module', name: 'robots-readers' }) as WorkerLike,
  policy: () => new Worker(new URL('../src/worker/policy.worker.ts', import.meta.url), { type: 'module', name: 'robots-policy' }) as WorkerLike,
  site: () => new Worker(new URL('../src/worker/site.worker.ts', import.meta.url), { type: 'module', name: 'robots-site' }) as SiteWorkerLike,
};

/** What the built page's early script started (scripts/early-worker.ts): the analysis worker, and what it said so far. */
interface EarlyAnalysis {
  readonly worker: Worker;
  readonly said: MessageEvent[];
  /** Stops keeping what the worker says. */
  stop(): void;
}

/**
 * The analysis worker the page started early, once (null after, in the dev server, or where it
 * could not start): a message listener added to it hears first what the worker said before.
 */
function takeEarlyAnalysisWorker(): WorkerLike | null {
  const scope = globalThis as { robotsEarlyAnalysis?: EarlyAnalysis | null };
  const early = scope.robotsEarlyAnalysis;
  // Null tells an early script that has not run yet that it is too late.
  scope.robotsEarlyAnalysis = null;
  if (!early) return null;
  early.stop();
  const before = early.said.splice(0);
  const { worker } = early;
  return {
    postMessage: (message: unknown) => worker.postMessage(message),
    addEventListener(type: 'message' | 'error', listener: (e: never) => void) {
      worker.addEventListener(type, listener as EventListener);
      if (type === 'message') for (const e of before) queueMicrotask(() => (listener as (e: MessageEvent) => void)(e));
    },
    terminate: () => worker.terminate(),
  } as WorkerLike;
}
