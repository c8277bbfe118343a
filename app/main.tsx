import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { TesterContext } from './context.js';
import { linkStore } from './link-store.js';
import { openingCase, persist, rememberOpenedVersion } from './persistence.js';
import { receiveFromBookmarklet } from './remote.js';
import { createTester } from './tester.js';
import './styles.css';

async function start(): Promise<void> {
  // The bookmarklet opens the tester with #bookmarklet: the draft opens, and the file follows.
  const fromBookmarklet = location.hash === '#bookmarklet';
  const opening = await openingCase(fromBookmarklet ? '' : location.hash);
  const tester = createTester(opening.value, opening.origin);
  rememberOpenedVersion(opening.value.robots);
  if (opening.problem) {
    tester.tester.setNotice({ kind: 'error', text: `This link could not be opened: ${opening.problem} Your last autosaved case is open instead.` });
  }
  if (fromBookmarklet) receiveFromBookmarklet(tester);
  const persistence = persist(tester, (link, tooLarge) => linkStore.setState({ link, tooLarge }));
  linkStore.setState({ flush: persistence.flush });
  // A test hook: lets end-to-end tests exercise the worker watchdog.
  // Test and benchmark hooks: exercise the worker watchdog; read the document revision.
  (window as unknown as { __robotsTester: object }).__robotsTester = {
    hangWorker: (ms: number) => tester.client.hang(ms),
    crashWorker: () => tester.client.crash(),
    revision: () => tester.tester.store.getState().revision,
    saved: () => persistence.flush(),
  };
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <TesterContext.Provider value={tester}>
        <App />
      </TesterContext.Provider>
    </StrictMode>,
  );
}

void start();
