/**
 * afterUserPause (app/offline-install.ts): when the service worker is registered after the first
 * verdict. The authority is the app's own rule: once the user leaves the page alone, and in any case.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterUserPause, OFFLINE_INSTALL_MS } from './offline-install.js';

const { quietMs, latestMs } = OFFLINE_INSTALL_MS;
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function started() {
  const register = vi.fn();
  const page = new EventTarget();
  afterUserPause(register, page);
  const press = () => page.dispatchEvent(new Event('keydown'));
  return { register, press };
}

describe('afterUserPause', () => {
  it('registers once the user has left the page alone for a moment, not while they type, and once only', () => {
    const { register, press } = started();
    vi.advanceTimersByTime(quietMs - 1);
    press();
    vi.advanceTimersByTime(quietMs - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledOnce();
    press();
    vi.advanceTimersByTime(latestMs);
    expect(register).toHaveBeenCalledOnce();
  });

  it('registers at the latest a while after the first verdict, however long the user types', () => {
    const { register, press } = started();
    for (let t = 0; t < latestMs - quietMs; t += quietMs / 2) {
      press();
      vi.advanceTimersByTime(quietMs / 2);
    }
    press();
    vi.advanceTimersByTime(quietMs - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledOnce();
  });
});
