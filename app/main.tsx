import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { TesterContext } from './context.js';
import { linkStore } from './link-store.js';
import { decodeProblemMessage, openingCase, persist, rememberOpenedVersion } from './persistence.js';
import { claimDraft } from './draft-owner.js';
import { receiveFromBookmarklet } from './remote.js';
import { createTester } from '../src/tester/index.js';
import { workerSpawners } from './workers.js';
import { startLanguage } from './i18n/index.js';
import './styles.css';

async function start(): Promise<void> {
  // The language's catalogue first (loaded alongside the case), so no English flashes before it.
  const language = startLanguage();
  // The bookmarklet opens the tester with #bookmarklet: the draft opens, and the file follows.
  const fromBookmarklet = location.hash === '#bookmarklet';
  const opening = await openingCase(fromBookmarklet ? '' : location.hash);
  await language;
  const tester = createTester(opening.value, opening.origin, workerSpawners, {
    // The Site tab's opened files and pastes, kept in IndexedDB (the code loads with the tab).
    load: () => import('./site-store.js').then((m) => m.loadSiteSources()),
    save: (sources) => void import('./site-store.js').then((m) => m.saveSiteSources(sources)).catch(() => {}),
  });
  rememberOpenedVersion(opening.value.robots);
  if (opening.problem) {
    tester.tester.setNotice({ kind: 'error', message: { id: 'notice.link-failed', args: { reason: decodeProblemMessage(opening.problem) } } });
  }
  if (fromBookmarklet) receiveFromBookmarklet(tester);
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
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <TesterContext.Provider value={tester}>
        <App />
      </TesterContext.Provider>
    </StrictMode>,
  );
}

/**
 * The service worker's registration (offline use; the built page only), once the first verdict is
 * on screen (`now`): installing, it fetches every script of the app to keep, which on a first visit
 * took the network and a core from the first verdict. Five seconds after the page's script ran at
 * the latest: an app that fails to start or to give a verdict still installs.
 */
function serviceWorkerRegistration(): { now(): void } {
  let registered = !import.meta.env.PROD || !('serviceWorker' in navigator);
  const now = () => {
    if (registered) return;
    registered = true;
    void navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {});
  };
  setTimeout(now, 5000);
  return { now };
}

/** Registers the service worker once `tester` shows its first verdict. */
function registerAfterFirstVerdict(tester: ReturnType<typeof createTester>, registration: { now(): void }): void {
  const { store } = tester.tester;
  if (store.getState().shown !== null) return registration.now();
  const unsubscribe = store.subscribe((s) => {
    if (s.shown === null) return;
    unsubscribe();
    setTimeout(registration.now, 0);
  });
}

const serviceWorker = serviceWorkerRegistration();
void start();
