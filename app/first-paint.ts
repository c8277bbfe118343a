/**
 * What the page's first paint may show. The built index.html holds the sample's first screen in
 * English (app/first-screen.tsx): its file, its verdict, the Why, the tab bar. A small script of
 * the page's own runs before the first paint (scripts/first-screen.ts builds it from this module
 * and app/i18n/languages.ts) and marks <html> with what that HTML may not show: another case (a
 * link, or a saved draft that is not the sample) keeps the sample's file, verdict and findings
 * out of sight, their places kept; another language keeps the words out of sight. The app then
 * takes the HTML over as it is, or draws its own in those places (app/main.tsx).
 */

/** On <html> when the page opens another case than the sample: the sample's data are hidden (app/styles.css). */
export const OTHER_CASE_CLASS = 'paint-other-case';
/** On <html> when the page opens in another language than the HTML's: its words are hidden. */
export const OTHER_LANGUAGE_CLASS = 'paint-other-language';
/** On <html> when the page opens a case from its address (a link, a live file): the shared case's banner has its room kept. */
export const SHARED_CASE_CLASS = 'paint-shared';
/** The class of the shared case's banner in the page's HTML, there only to keep its room (app/first-screen.tsx). */
export const BANNER_ROOM_CLASS = 'first-paint-banner';

/** What the page opens with, as the early script can tell before the app runs. */
export interface FirstPaintInput {
  /** The address's fragment: a case in a link, or `#bookmarklet` (a live file on its way). */
  readonly hash: string;
  /** The draft as kept (null: none); a draft in IndexedDB is a marker here, which is not the sample. */
  readonly draft: string | null;
  /** The language the app will start in. */
  readonly language: string;
}

/** What the HTML drew: its language, and the sample's draft as the app keeps it once opened (and where it keeps it). */
export interface PaintedPage {
  readonly language: string;
  readonly draftKey: string;
  readonly sampleDraft: string;
}

/** What the first paint shows: the HTML's sample as the case opened, its words, and whether a shared case's banner comes. */
export interface FirstPaint {
  readonly sample: boolean;
  readonly words: boolean;
  readonly shared: boolean;
}

/** What the first paint may show of the HTML, for what the page opens with. */
export function firstPaintOf(input: FirstPaintInput, page: PaintedPage): FirstPaint {
  const linked = input.hash !== '' && input.hash !== '#';
  return { sample: !linked && (input.draft === null || input.draft === page.sampleDraft), words: input.language === page.language, shared: linked };
}

/** Marks `root` (<html>) with what the first paint may not show, and says what it shows. Any failure to read hides both: never the sample as another case. */
export function markFirstPaint(root: Element, read: () => { readonly input: FirstPaintInput; readonly page: PaintedPage }): FirstPaint {
  let shows: FirstPaint = { sample: false, words: false, shared: false };
  try {
    const { input, page } = read();
    shows = firstPaintOf(input, page);
  } catch {
    // Unreadable: show neither.
  }
  if (!shows.sample) root.classList.add(OTHER_CASE_CLASS);
  if (!shows.words) root.classList.add(OTHER_LANGUAGE_CLASS);
  if (shows.shared) root.classList.add(SHARED_CASE_CLASS);
  return shows;
}

/**
 * The early script's work: reads the page's data (the JSON in element `dataId`), the address, the
 * draft kept and the language the app will start in (`startLanguage`), marks <html> and says what the first paint shows.
 */
export function markPageFirstPaint(doc: Document, dataId: string, startLanguage: () => string): FirstPaint {
  return markFirstPaint(doc.documentElement, () => {
    const page = JSON.parse(doc.getElementById(dataId)?.textContent ?? '') as PaintedPage;
    let draft: string | null = null;
    try {
      draft = localStorage.getItem(page.draftKey);
    } catch {
      // No storage: the app opens no draft either.
    }
    return { input: { hash: doc.location.hash, draft, language: startLanguage() }, page };
  });
}

/** Whether the page's HTML shows what it holds as it is (the early script marked nothing): the app may take it over. */
export function paintedAsIs(root: Element): boolean {
  return !root.classList.contains(OTHER_CASE_CLASS) && !root.classList.contains(OTHER_LANGUAGE_CLASS);
}

/** Clears the marks once the app has drawn its own page in their places. */
export function clearFirstPaintMarks(root: Element): void {
  root.classList.remove(OTHER_CASE_CLASS, OTHER_LANGUAGE_CLASS, SHARED_CASE_CLASS);
}

/** Takes the banner's kept room out of the page's HTML: the app's tree has no such element. */
export function removeBannerRoom(doc: Document): void {
  for (const el of doc.querySelectorAll(`.${BANNER_ROOM_CLASS}`)) el.remove();
}
