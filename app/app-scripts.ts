/**
 * When the app's code starts to load. The built index.html paints the sample's first screen from
 * its HTML (app/first-screen.tsx), so the app's module scripts are not needed for the first paint;
 * requested by the HTML, they were fetched, compiled and run before that paint was on screen
 * (Lighthouse runs here: painted at 0.2-0.3 s, on screen at 1.2-2.3 s), and a page load's
 * simulation (Lighthouse's) counts every script fetched before then as needed for it. The build
 * moves them into the page's data (scripts/first-screen.ts) and the early script adds them once
 * the first paint is on screen.
 */

/** The app's scripts as the page's data names them: the entry module and the modules it imports, addressed as the HTML addressed them. */
export interface AppScripts {
  readonly entry: string;
  readonly preloads: readonly string[];
}

/** The app's scripts named by the page's data (the JSON in element `dataId`). */
export function appScriptsOf(doc: Document, dataId: string): AppScripts {
  return (JSON.parse(doc.getElementById(dataId)?.textContent ?? '') as { app: AppScripts }).app;
}

/** How long the app waits for the first paint at most, from the early script: past it, the app loads anyway. */
export const FIRST_PAINT_WAIT_MS = 3000;

/** The browser's means of knowing the first paint is on screen, or null where it has none. */
type PaintObserver = (onPainted: () => void) => void;

/** Observes the first contentful paint through the Paint Timing API, or null where the browser lacks it. */
function paintTimingObserver(): PaintObserver | null {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return null;
  return (onPainted) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      onPainted();
    });
    observer.observe({ type: 'paint', buffered: true });
  };
}

/** Runs each step given to it, now or later, in the order given. */
export type Steps = (step: () => void) => void;

/** Runs each step at once. */
const atOnce: Steps = (step) => step();

/**
 * Runs each step in a task of its own, in order. Adding the app's eight scripts to the head in one
 * task took 20-38 ms unthrottled in Lighthouse's traces (each starts a fetch), a long task at 4×
 * CPU right after the first paint; one task each stays short.
 */
export const taskEach: Steps = (step) => void setTimeout(step, 0);

/**
 * Adds `scripts` to `doc`'s head: the imports as module preloads, the entry once the HTML is
 * parsed (it draws into it), each through `steps`.
 */
export function addAppScripts(doc: Document, scripts: AppScripts, steps: Steps = atOnce): void {
  for (const href of scripts.preloads) {
    steps(() => {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    });
  }
  const addEntry = () => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = scripts.entry;
    doc.head.append(script);
  };
  steps(() => {
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', addEntry, { once: true });
    else addEntry();
  });
}

/**
 * Loads the app's `scripts` once the first paint is on screen when `afterPaint` (the HTML paints
 * what the page shows: nothing to wait for otherwise), at once where the page is not visible (no
 * paint comes until it is) or the browser cannot tell, and after FIRST_PAINT_WAIT_MS at the latest.
 * Once only; any failure loads them at once.
 */
export function loadAppScripts(doc: Document, scripts: AppScripts, afterPaint: boolean, observer: PaintObserver | null = paintTimingObserver()): void {
  let added = false;
  const add = (steps: Steps) => {
    if (added) return;
    added = true;
    addAppScripts(doc, scripts, steps);
  };
  try {
    if (!afterPaint || observer === null || doc.visibilityState !== 'visible') return add(atOnce);
    // Past the first paint, the page is on screen: each script is added in a task of its own.
    setTimeout(() => add(taskEach), FIRST_PAINT_WAIT_MS);
    observer(() => add(taskEach));
  } catch {
    add(atOnce);
  }
}
