import { createContext, useContext, useSyncExternalStore } from 'react';
import type { TesterState } from '../src/store/index.js';
import type { Tester } from '../src/tester/index.js';
import { shownState } from './shown-state.js';

/** The running tester, provided at the root. */
export const TesterContext = createContext<Tester | null>(null);

/**
 * The state the page's HTML was drawn from (app/first-screen.tsx), while the app takes that HTML
 * over: the app shows it until it has taken the page over or the user changes anything
 * (app/shown-state.ts), then the store as it is (null: the store as it is from the start).
 */
export const PaintedStateContext = createContext<TesterState | null>(null);

/** The running tester. */
export function useTester(): Tester {
  const t = useContext(TesterContext);
  if (!t) throw new Error('useTester outside TesterContext');
  return t;
}

/** Selects from the tester state; re-renders only when the selection changes. */
export function useTesterState<T>(selector: (s: TesterState) => T): T {
  const { store } = useTester().tester;
  const painted = useContext(PaintedStateContext);
  // Hydrating, React reads the third function: always the state the HTML was drawn from, so that a
  // change made meanwhile is drawn after the page is taken over rather than found as a mismatch in it.
  return useSyncExternalStore(
    store.subscribe,
    () => selector(shownState(store.getState(), painted)),
    () => selector(painted ?? store.getState()),
  );
}
