import { StrictMode, useEffect } from 'react';
import type { TesterState } from '../src/store/index.js';
import type { Tester } from '../src/tester/index.js';
import { App } from './App.js';
import { PaintedStateContext, TesterContext } from './context.js';

/**
 * The app with what it runs on: the tester, and the state the page's HTML was drawn from while the
 * app takes that HTML over (null when it draws its own). The build draws the same tree into
 * index.html (app/first-screen.tsx), so that taking it over finds every element where it is.
 */
export function Root({ tester, painted, onDrawn }: { tester: Tester; painted: TesterState | null; onDrawn?: () => void }) {
  return (
    <StrictMode>
      {onDrawn && <Drawn then={onDrawn} />}
      <TesterContext.Provider value={tester}>
        <PaintedStateContext.Provider value={painted}>
          <App />
        </PaintedStateContext.Provider>
      </TesterContext.Provider>
    </StrictMode>
  );
}

/** Calls `then` once the app's first drawing is on the page (taken over or drawn anew). */
function Drawn({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}
