import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './Root.js';
import { linkStore } from './link-store.js';
import { decodeProblemMessage, openingCase, persist, rememberOpenedVersion } from './persistence.js';
import { claimDraft } from './draft-owner.js';
import { clearFirstPaintMarks, paintedAsIs, removeBannerRoom } from './first-paint.js';
import { SAMPLE_CASE } from './samples.js';
import { sameCase } from '../src/share/index.js';
import { toCase, type TesterState, type TesterStore } from '../src/store/index.js';
import { createTester } from '../src/tester/index.js';
import { workerSpawners } from './workers.js';
import { earlyTab } from './early-tab.js';
import { uiStore, type PanelTab } from './ui-store.js';
import { i18nStore, loadNamespace, startLanguage } from './i18n/index.js';
import { nextTask } from './next-task.js';
import { paintedFrom } from './shown-state.js';
import './styles.css';

/**
 * How long the page waits for its first answer before the app takes the page over or draws its
 * own: the page's HTML already shows the sample's answer (taking it over needs the same answer),
 * and another case's places are kept meanwhile. Past it, the app draws its page as it is.
 */
const FIRST_ANSWER_MS = { takeOver: 5000, draw: 1500 } as const;

async function start(): Promise<void> {
  // What the page's HTML shows, read before the app changes anything (app/first-paint.ts).
  const html = document.documentElement;
  const painted = { asIs: paintedAsIs(html), language: html.lang };
  // The page is on screen from its HTML: the app's start-up runs in several tasks, not one long one
  // with the modules' evaluation (at 4× CPU that one took ~300 ms after the first paint).
  await nextTask();
  // The language's catalogue first (loaded alongside the case), so no English flashes before it.
  const language = startLanguage();
  // The bookmarklet opens the tester with #bookmarklet: the draft opens, and the file follows.
  const fromBookmarklet = location.hash === '#bookmarklet';
  const opening = await openingCase(fromBookmarklet ? '' : location.hash);
  await language;
  await nextTask();
  const tester = createTester(opening.value, opening.origin, workerSpawners, {
    // The Site tab's opened files and pastes, kept in IndexedDB (the code loads with the tab).
    load: () => import('./site-store.js').then((m) => m.loadSiteSources()),
    save: (sources) => void import('./site-store.js').then((m) => m.saveSiteSources(sources)).catch(() => {}),
  });
  rememberOpenedVersion(opening.value.robots);
  if (opening.problem) {
    tester.tester.setNotice({ kind: 'error', message: { id: 'notice.link-failed', args: { reason: decodeProblemMessage(opening.problem) } } });
  }
  await nextTask();
  // The bookmarklet's file comes through code of its own, loaded only then (and before the draft's
  // autosave rewrites the address it reads).
  const remote = fromBookmarklet ? await import('./remote.js').catch(() => null) : null;
  const handoff = remote?.receiveFromBookmarklet(tester) ?? null;
  // One tab autosaves the draft; the others say so (and may take it over).
  let ownerChanged = () => {};
  const owner = claimDraft((event) => {
    linkStore.setState({ draftElsewhere: event === 'elsewhere' || event === 'taken' });
    if (event === 'opened-elsewhere') tester.tester.setNotice({ kind: 'info', message: { id: 'notice.draft-opened-elsewhere' } });
    if (event === 'taken') tester.tester.setNotice({ kind: 'warning', message: { id: 'notice.draft-taken' } });
    if (event === 'owner') ownerChanged();
  }, () => tester.tester.store.getState().origin === 'draft');
  const persistence = persist(tester, (link, tooLarge) => linkStore.setState({ link, tooLarge }), { owner });
  ownerChanged = persistence.ownerChanged;
  linkStore.setState({ flush: persistence.flush, takeOverDraft: owner.takeOver });
  // Test and benchmark hooks: read the document revision; wait for autosave.
  (window as unknown as { __robotsTester: object }).__robotsTester = {
    revision: () => tester.tester.store.getState().revision,
    doc: () => tester.tester.store.getState().doc,
    saved: () => persistence.flush(),
  };
  registerAfterFirstVerdict(tester, serviceWorker);

  const { store } = tester.tester;
  const container = document.getElementById('root')!;
  // The page's HTML holds the build's first screen (the dev server's has none).
  const takesOver = painted.asIs && container.firstElementChild !== null && !fromBookmarklet;
  const until = Date.now() + (takesOver ? FIRST_ANSWER_MS.takeOver : FIRST_ANSWER_MS.draw);
  // A live file handed over by the bookmarklet is the case the page shows first.
  if (handoff) await Promise.race([handoff, after(until - Date.now())]);
  await firstAnswer(store, until - Date.now());
  // The rest of the page's words (loading since the start) are in by now or nearly: taken over
  // with them, the page is not drawn again as a whole when they come.
  if (takesOver) await Promise.race([loadNamespace('more'), after(until - Date.now())]);
  // Taking the page over starts in a task of its own (the words' arrival took one of its own).
  await nextTask();
  const s = store.getState();
  if (takesOver && drawsAsPainted(s, painted.language)) {
    // The HTML is the sample's first answer, and so is the store: the app takes the page over as
    // it is, in slices of work the browser can answer input between.
    removeBannerRoom(document);
    startTransition(() => {
      hydrateRoot(container, <Root tester={tester} painted={paintedFrom(s)} onDrawn={chooseEarlyTab} />);
    });
  } else {
    // Another case or language: the app draws its page in the places the HTML kept for it, and
    // shows it in the same frame.
    startTransition(() => {
      createRoot(container).render(
        <WhenDrawn drawn={() => clearFirstPaintMarks(html)}>
          <Root tester={tester} painted={null} onDrawn={chooseEarlyTab} />
        </WhenDrawn>,
      );
    });
  }
}

/** Once the app has drawn: the tab tapped on the page's HTML before, if any, is opened. */
function chooseEarlyTab(): void {
  const tab = earlyTab(document);
  if (tab !== null && document.getElementById(`tab-${tab}`)) uiStore.setState({ tab: tab as PanelTab });
}

/** Whether the app draws what the build drew into the page's HTML (app/first-screen.tsx): the sample, its first answer, no notice, the HTML's language. */
function drawsAsPainted(s: TesterState, htmlLanguage: string): boolean {
  return s.result !== null && s.revision === 1 && s.notice === null && s.origin === 'draft' && sameCase(toCase(s), SAMPLE_CASE) &&
    i18nStore.getState().language === htmlLanguage;
}

/** Resolves after `ms`. */
function after(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Resolves once the store holds the verdict of its current case, or after `ms`. */
function firstAnswer(store: TesterStore['store'], ms: number): Promise<void> {
  if (store.getState().result !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    const unsubscribe = store.subscribe((s) => {
      if (s.result !== null) done();
    });
  });
}

/** Calls `drawn` once its children are in the page, before the browser paints them. */
function WhenDrawn({ drawn, children }: { drawn: () => void; children: ReactNode }) {
  useLayoutEffect(drawn, [drawn]);
  return children;
}

/**
 * The service worker's registration (offline use; the built page only): once the first verdict is
 * on screen and the user then leaves the page alone (app/offline-install.ts: its install takes a
 * core for a second), or five seconds after the page's script ran when no verdict comes (an app
 * that fails to start or to give a verdict still installs).
 */
function serviceWorkerRegistration(): { firstVerdict(): void } {
  let registered = !import.meta.env.PROD || !('serviceWorker' in navigator);
  const now = () => {
    if (registered) return;
    registered = true;
    void navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {});
  };
  const noVerdict = setTimeout(now, 5000);
  return {
    firstVerdict() {
      clearTimeout(noVerdict);
      if (!registered) void import('./offline-install.js').then(({ afterUserPause }) => afterUserPause(now, document), now);
    },
  };
}

/** Tells `registration` when `tester` shows its first verdict. */
function registerAfterFirstVerdict(tester: ReturnType<typeof createTester>, registration: { firstVerdict(): void }): void {
  const { store } = tester.tester;
  if (store.getState().shown !== null) return registration.firstVerdict();
  const unsubscribe = store.subscribe((s) => {
    if (s.shown === null) return;
    unsubscribe();
    registration.firstVerdict();
  });
}

const serviceWorker = serviceWorkerRegistration();
void start();
