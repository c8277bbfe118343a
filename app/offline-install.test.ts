/**
 * offlineInstall (app/offline-install.ts): when the service worker is registered. The authority is
 * the app's own rule: after the first verdict, once the user leaves the page alone, and in any case.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_INSTALL_MS, offlineInstall } from './offline-install.js';

const { quietMs, latestMs, noVerdictMs } = OFFLINE_INSTALL_MS;
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function started() {
  const register = vi.fn();
  const page = new EventTarget();
  const install = offlineInstall(register, page);
  const press = () => page.dispatchEvent(new Event('keydown'));
  return { register, install, press };
}

describe('offlineInstall', () => {
  it('registers once the user has left the page alone for a moment after the first verdict, not while they type', () => {
    const { register, install, press } = started();
    vi.advanceTimersByTime(100);
    install.firstVerdict();
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
    const { register, install, press } = started();
    install.firstVerdict();
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

  it('registers when no verdict comes (an app that fails to start still installs)', () => {
    const { register } = started();
    vi.advanceTimersByTime(noVerdictMs - 1);
    expect(register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(register).toHaveBeenCalledOnce();
  });
});
