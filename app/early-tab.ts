/**
 * A tab chosen on the page's HTML before the app has taken it over: a phone's user taps the tab bar
 * as soon as it shows, and the HTML's buttons do nothing yet. The page's early script notes the
 * choice on <html> (`recordEarlyTab`); the app makes it once it has drawn the tab bar (`earlyTab`).
 */

/** Where the choice is kept: a data attribute of <html>, read and removed by the app. */
const CHOSEN = 'earlyTab';
/** Set by the app once its tab bar answers for itself: the early listener then stands aside. */
const LIVE = 'tabsLive';

/** The early script's part: notes each tab tapped until the app's tab bar is live. */
export function recordEarlyTab(doc: Document): void {
  const root = doc.documentElement;
  doc.addEventListener('click', (e) => {
    if (LIVE in root.dataset) return;
    const tab = e.target instanceof Element ? e.target.closest('[role="tab"][id^="tab-"]') : null;
    if (tab) root.dataset[CHOSEN] = tab.id.slice('tab-'.length);
  }, true);
}

/** The app's part, once it has drawn: the tab tapped before (if any), the early listener stood down. */
export function earlyTab(doc: Document): string | null {
  const root = doc.documentElement;
  root.dataset[LIVE] = '';
  const chosen = root.dataset[CHOSEN] ?? null;
  delete root.dataset[CHOSEN];
  return chosen;
}
