/**
 * When the service worker (offline use) is registered, once the first verdict is on screen.
 * Installing, it fetches and stores every script of the app: a second or more of a core on a first
 * visit, which came just as the keystrokes after a paste did (typing 500 KB's rules within seconds
 * of opening the page, each verdict came up to ~80 ms later with it than without). So it waits for
 * a moment in which the user leaves the page alone. Loaded after the first verdict, not before.
 */

/** `quietMs` without input, or `latestMs` at the latest. */
export const OFFLINE_INSTALL_MS = { quietMs: 3000, latestMs: 60_000 } as const;

/** What the user does that puts the install off. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'paste', 'wheel'] as const;

/** Calls `register` once the user has left the page alone for a moment (`input`: where their input is heard, the document), or a while later at the latest. */
export function afterUserPause(register: () => void, input: EventTarget, ms: typeof OFFLINE_INSTALL_MS = OFFLINE_INSTALL_MS): void {
  let quiet: ReturnType<typeof setTimeout> | null = null;
  let done = false;
  const now = () => {
    if (done) return;
    done = true;
    if (quiet !== null) clearTimeout(quiet);
    clearTimeout(latest);
    for (const type of INPUT_EVENTS) input.removeEventListener(type, heard, { capture: true });
    register();
  };
  const heard = () => {
    if (done) return;
    if (quiet !== null) clearTimeout(quiet);
    quiet = setTimeout(now, ms.quietMs);
  };
  const latest = setTimeout(now, ms.latestMs);
  for (const type of INPUT_EVENTS) input.addEventListener(type, heard, { capture: true, passive: true });
  heard();
}
