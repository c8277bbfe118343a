/**
 * When the app's scripts load (app/app-scripts.ts): after the first paint is on screen when the
 * HTML shows the page as it is, at once otherwise, and always in the end. The authority is the
 * HTML standard: a script element added to the document is fetched and run; a module script added
 * while the document is still being parsed may run before the rest of it is in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addAppScripts, appScriptsOf, FIRST_PAINT_WAIT_MS, loadAppScripts, type AppScripts } from './app-scripts.js';

const scripts: AppScripts = { entry: './assets/index-1.js', preloads: ['./assets/store-2.js', './assets/icu-3.js'] };

/** A document as the early script sees it: what it adds to its head, in order, and its DOMContentLoaded listeners. */
function page({ readyState = 'interactive', visibilityState = 'visible' } = {}) {
  const added: string[] = [];
  const loaded: (() => void)[] = [];
  const doc = {
    readyState,
    visibilityState,
    createElement: (tag: string) => ({ tag } as Record<string, string>),
    head: { append: (el: Record<string, string>) => added.push(el.tag === 'link' ? `${el.rel} ${el.href} ${el.crossOrigin}` : `${el.type} ${el.src} ${el.crossOrigin}`) },
    addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && loaded.push(listener),
    getElementById: (id: string) => (id === 'data' ? { textContent: JSON.stringify({ language: 'en', app: scripts }) } : null),
  };
  return { doc: doc as unknown as Document, added, parsed: () => loaded.forEach((l) => l()) };
}

const all = ['modulepreload ./assets/store-2.js ', 'modulepreload ./assets/icu-3.js ', 'module ./assets/index-1.js '];

/** A paint observer the test says "painted" through. */
function paintObserver() {
  let painted: (() => void) | null = null;
  return { observe: (onPainted: () => void) => void (painted = onPainted), paint: () => painted?.() };
}

/** Runs the tasks the page has queued (a timer of 0 ms). */
const nextTasks = () => vi.advanceTimersByTime(1);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the app’s scripts', () => {
  it('are added as the HTML had them: the imports preloaded, then the entry module, all without credentials across origins', () => {
    const { doc, added } = page();
    addAppScripts(doc, scripts);
    expect(added).toEqual(all);
  });

  it('add the entry only once the HTML is parsed (it draws into the page), the preloads at once', () => {
    const { doc, added, parsed } = page({ readyState: 'loading' });
    addAppScripts(doc, scripts);
    expect(added).toEqual(all.slice(0, 2));
    parsed();
    expect(added).toEqual(all);
  });

  it('are added one a step through the steps given, in the same order', () => {
    const { doc, added } = page();
    const steps: (() => void)[] = [];
    addAppScripts(doc, scripts, (step) => steps.push(step));
    expect(added).toEqual([]);
    for (const [i, step] of steps.entries()) {
      step();
      expect(added).toEqual(all.slice(0, i + 1));
    }
    expect(added).toEqual(all);
  });

  it('are named by the page’s data', () => {
    expect(appScriptsOf(page().doc, 'data')).toEqual(scripts);
  });
});

describe('when the app’s scripts load', () => {
  it('the HTML shows the page as it is: once the first paint is on screen, and once only', () => {
    const { doc, added } = page();
    const paint = paintObserver();
    loadAppScripts(doc, scripts, true, paint.observe);
    expect(added).toEqual([]);
    paint.paint();
    // The page is on screen: each script in a task of its own.
    expect(added).toEqual([]);
    nextTasks();
    expect(added).toEqual(all);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    paint.paint();
    expect(added).toEqual(all);
  });

  it('no paint on screen in time: after the wait, and not again when it comes', () => {
    const { doc, added } = page();
    const paint = paintObserver();
    loadAppScripts(doc, scripts, true, paint.observe);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(added).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added).toEqual([]);
    nextTasks();
    expect(added).toEqual(all);
    paint.paint();
    nextTasks();
    expect(added).toEqual(all);
  });

  it('at once when the HTML may not show the page as it is, when the page is not visible, or the browser cannot tell when it painted', () => {
    for (const [afterPaint, visibilityState, observer] of [[false, 'visible', paintObserver().observe], [true, 'hidden', paintObserver().observe], [true, 'visible', null]] as const) {
      const { doc, added } = page({ visibilityState });
      loadAppScripts(doc, scripts, afterPaint, observer);
      expect(added).toEqual(all);
    }
  });

  it('at once when observing the paint fails', () => {
    const { doc, added } = page();
    loadAppScripts(doc, scripts, true, () => {
      throw new Error('no paint timing');
    });
    expect(added).toEqual(all);
  });
});
