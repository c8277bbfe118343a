/**
 * The analysis worker the built page starts before the app's scripts run (the build's early script,
 * scripts/early-worker.ts), and its takeover by the app (app/workers.ts).
 */
import type { WorkerLike } from '../src/worker/index.js';

/** The analysis worker's name (the browser's tools and the end-to-end tests' hooks find it by it). */
export const ANALYSIS_WORKER_NAME = 'robots-analysis';

/** The global where the early script leaves what it started; null once the app has taken it or started its own. */
export const EARLY_GLOBAL = 'robotsEarlyAnalysis';

/** What the early script started: the worker, what it said so far, and whether it failed to load. */
export interface EarlyAnalysis {
  readonly worker: Worker;
  readonly said: MessageEvent[];
  /** True once the worker has reported an error (its script did not load). */
  failed(): boolean;
  /** Stops keeping what the worker says. */
  stop(): void;
}

/**
 * The worker the page started early, once (null after, in the dev server, where it could not
 * start, or when it failed to load: then the app starts its own at once instead of waiting for
 * the load's deadline). A message listener added to it hears first, a moment later, what the
 * worker said before (the channel takes messages only from the worker it has been handed).
 */
export function takeEarlyAnalysisWorker(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): WorkerLike | null {
  const early = scope[EARLY_GLOBAL] as EarlyAnalysis | null | undefined;
  // Null tells an early script that has not run yet that it is too late.
  scope[EARLY_GLOBAL] = null;
  if (!early) return null;
  early.stop();
  if (early.failed()) {
    early.worker.terminate();
    return null;
  }
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
