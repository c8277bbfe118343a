import type { TesterState } from '../src/store/index.js';

/** The answers that come after the first one, which the page's HTML is drawn without. */
const LATER_ANSWERS: ReadonlySet<string> = new Set<keyof TesterState>(['diagnostics', 'readers']);

/** The state the app takes the page's HTML over with: the store's as it is, less the answers the HTML is drawn without. */
export function paintedFrom(s: TesterState): TesterState {
  return { ...s, diagnostics: null, readers: null };
}

/**
 * What the app shows while it takes the page's HTML over: the state the HTML was drawn from as long
 * as the store differs from it only by later answers, the store's as soon as anything else changed
 * (a key typed, a file pasted) — so a field never shows an older value than the one just typed into it.
 */
export function shownState(store: TesterState, painted: TesterState | null): TesterState {
  if (painted === null) return store;
  for (const key of Object.keys(painted) as (keyof TesterState)[]) {
    if (!LATER_ANSWERS.has(key) && painted[key] !== store[key]) return store;
  }
  return painted;
}
