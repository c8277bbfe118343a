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
    await Promise.resolve();
    expect(done).toBe(false);
    // The fake clock never moves: no timer can have resolved it.
    await vi.waitFor(() => expect(done).toBe(true), { timeout: 1000 });
  });

  it('is scheduler.yield() where the browser has it', async () => {
    const yielded = Promise.resolve();
    const scheduler = { yield: vi.fn(() => yielded) };
    vi.stubGlobal('scheduler', scheduler);
    expect(nextTask()).toBe(yielded);
    expect(scheduler.yield).toHaveBeenCalledOnce();
  });
});
