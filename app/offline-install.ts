/**
 * When the service worker (offline use) is registered. Installing, it fetches and stores every
 * script of the app: a second or more of a core on a first visit, which took it from the first
 * verdict, and then from the keystrokes after a paste (typing 500 KB's rules within seconds of
 * opening the page, each verdict came up to ~80 ms later with it than without). So it waits for
 * the first verdict and then for a moment in which the user leaves the page alone.
 */

/** The moments of registration: `quietMs` without input after the first verdict, `latestMs` after it at the latest, `noVerdictMs` after start when no verdict comes (an app that fails still installs). */
export const OFFLINE_INSTALL_MS = { quietMs: 3000, latestMs: 60_000, noVerdictMs: 5000 } as const;

/** What the user does that puts the install off. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'paste', 'wheel'] as const;

/** Schedules `register` (called once): `firstVerdict()` says the first verdict is on screen; `input` is where the user's input is heard (the document). */
export function offlineInstall(register: () => void, input: EventTarget, ms: typeof OFFLINE_INSTALL_MS = OFFLINE_INSTALL_MS): { firstVerdict(): void } {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | null = null;
  let latest: ReturnType<typeof setTimeout> | null = null;
  const now = () => {
    if (done) return;
    done = true;
    for (const t of [quiet, latest, noVerdict]) if (t !== null) clearTimeout(t);
    for (const type of INPUT_EVENTS) input.removeEventListener(type, heard, true);
    register();
  };
  const heard = () => {
    if (quiet !== null) clearTimeout(quiet);
    quiet = setTimeout(now, ms.quietMs);
  };
  const noVerdict: ReturnType<typeof setTimeout> | null = setTimeout(now, ms.noVerdictMs);
  return {
    firstVerdict() {
      if (done || latest !== null) return;
      clearTimeout(noVerdict!);
      for (const type of INPUT_EVENTS) input.addEventListener(type, heard, { capture: true, passive: true });
      latest = setTimeout(now, ms.latestMs);
      heard();
    },
  };
}
