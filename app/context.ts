import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { TesterState } from '../src/store/index.js';
import type { Tester } from '../src/tester/index.js';

/** The running tester, provided at the root. */
export const TesterContext = createContext<Tester | null>(null);

/** The running tester. */
export function useTester(): Tester {
  const t = useContext(TesterContext);
  if (!t) throw new Error('useTester outside TesterContext');
  return t;
}

/** Selects from the tester state; re-renders only when the selection changes. */
export function useTesterState<T>(selector: (s: TesterState) => T): T {
  return useStore(useTester().tester.store, selector);
}
