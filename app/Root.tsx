import { StrictMode, startTransition, useEffect, useState } from 'react';
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
  // Once the HTML is taken over, the app moves from the state it was drawn from to the store's in a
  // transition: rendered in slices the browser can answer input between, where the store's own
  // change (seen when the app subscribes) is one synchronous render of most of the page (~120 ms
  // at 4× CPU, in the task that ends the hydration).
  const [shown, setShown] = useState(painted);
  useEffect(() => {
    if (painted !== null) startTransition(() => setShown(null));
  }, [painted]);
  return (
    <StrictMode>
      {onDrawn && <Drawn then={onDrawn} />}
      <TesterContext.Provider value={tester}>
        <PaintedStateContext.Provider value={shown}>
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
