/**
 * nextTask (app/next-task.ts): a later task of the page's thread. The authority is the HTML
 * standard (a posted message is delivered in a task of its own) and WICG's Prioritized Task Scheduling
 * (`scheduler.yield()` resolves in a later task).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  it('resolves in a later task, a message, where the browser has no scheduler.yield: not a timer, which a hidden page holds back', async () => {
    vi.stubGlobal('scheduler', undefined);
    let done = false;
    void nextTask().then(() => (done = true));
    expect(vi.getTimerCount()).toBe(0);
    await Promise.resolve();
    expect(done).toBe(false);
    // Messages of the test's own, one after another, while the fake clock stands still.
    for (let round = 0; round < 20 && !done; round++) {
      await new Promise<void>((resolve) => {
        const { port1, port2 } = new MessageChannel();
        port1.onmessage = () => (port1.close(), resolve());
        port2.postMessage(null);
      });
    }
    expect(done).toBe(true);
  });

  it('is scheduler.yield() where the browser has it', async () => {
    const yielded = Promise.resolve();
    const scheduler = { yield: vi.fn(() => yielded) };
    vi.stubGlobal('scheduler', scheduler);
    expect(nextTask()).toBe(yielded);
    expect(scheduler.yield).toHaveBeenCalledOnce();
  });
});
