/**
 * claimDraft (app/draft-owner.ts): which tab autosaves the draft, by a Web Lock. The authority is
 * the Web Locks API (a request's callback runs once the lock is granted, later than the request).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimDraft, type DraftOwnerEvent } from './draft-owner.js';

afterEach(() => vi.unstubAllGlobals());

/** A lock manager that grants each request when the test says. */
function heldBack() {
  const waiting: (() => void)[] = [];
  const locks = {
    request: (_name: string, _options: unknown, callback: (lock: object | null) => unknown) => new Promise((resolve) => waiting.push(() => resolve(callback({})))),
  };
  vi.stubGlobal('navigator', { locks });
  // No channel to other tabs here: a Node BroadcastChannel left open would keep the test process alive.
  vi.stubGlobal('BroadcastChannel', undefined);
  return { grant: () => waiting.shift()?.() };
}

describe('claimDraft', () => {
  it('tells the tab it owns the draft when the lock is granted, even on the first try: a save before the grant left the draft unsaved', () => {
    const lock = heldBack();
    const events: DraftOwnerEvent[] = [];
    const owner = claimDraft((e) => events.push(e));
    expect([owner.owns(), events]).toEqual([false, []]);
    lock.grant();
    expect([owner.owns(), events]).toEqual([true, ['owner']]);
  });
});
