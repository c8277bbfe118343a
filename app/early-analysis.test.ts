import { describe, expect, it } from 'vitest';
import { EARLY_GLOBAL, takeEarlyAnalysisWorker, type EarlyAnalysis } from './early-analysis.js';

/** A worker that records listeners and whether it was ended. */
function fakeWorker() {
  const listeners: Record<string, ((e: unknown) => void)[]> = { message: [], error: [] };
  const worker = {
    terminated: false,
    posted: [] as unknown[],
    postMessage(m: unknown) {
      this.posted.push(m);
    },
    addEventListener(type: string, l: (e: unknown) => void) {
      listeners[type]!.push(l);
    },
    removeEventListener() {},
    terminate() {
      this.terminated = true;
    },
  };
  return { worker, listeners };
}

function early(said: unknown[], failed = false) {
  const { worker, listeners } = fakeWorker();
  let stopped = false;
  const value: EarlyAnalysis = { worker: worker as unknown as Worker, said: said as MessageEvent[], failed: () => failed, stop: () => (stopped = true) };
  return { value, worker, listeners, stopped: () => stopped };
}

describe('taking over the analysis worker the page started early (first verdict)', () => {
  it('is taken once; each message listener hears what the worker said before, a moment after it is added', async () => {
    const e = early([{ data: { type: 'ready' } }]);
    const scope: Record<string, unknown> = { [EARLY_GLOBAL]: e.value };
    const w = takeEarlyAnalysisWorker(scope)!;
    expect(e.stopped()).toBe(true);
    expect(scope[EARLY_GLOBAL]).toBeNull();
    expect(takeEarlyAnalysisWorker(scope)).toBeNull();
    const heard: unknown[] = [];
    w.addEventListener('message', (m) => heard.push(m.data));
    // Not at once: the channel hears messages only from a worker it has already been handed.
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual([{ type: 'ready' }]);
    e.listeners.message![0]!({ data: { type: 'error', id: 1 } });
    expect(heard).toEqual([{ type: 'ready' }, { type: 'error', id: 1 }]);
    w.postMessage({ type: 'reply-via', channel: 'c' });
    expect(e.worker.posted).toEqual([{ type: 'reply-via', channel: 'c' }]);
  });

  it('one that failed to load is ended, and the app starts its own at once', () => {
    const e = early([], true);
    expect(takeEarlyAnalysisWorker({ [EARLY_GLOBAL]: e.value })).toBeNull();
    expect(e.worker.terminated).toBe(true);
  });

  it('none started (the dev server): the global says it is too late for one', () => {
    const scope: Record<string, unknown> = {};
    expect(takeEarlyAnalysisWorker(scope)).toBeNull();
    expect(scope).toEqual({ [EARLY_GLOBAL]: null });
  });
});
