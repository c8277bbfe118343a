import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { TesterContext } from './context.js';
import { createTester } from './tester.js';
import './styles.css';

const tester = createTester();
// A test hook: lets end-to-end tests exercise the worker watchdog.
(window as unknown as { __robotsTester: object }).__robotsTester = { hangWorker: (ms: number) => tester.client.hang(ms) };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TesterContext.Provider value={tester}>
      <App />
    </TesterContext.Provider>
  </StrictMode>,
);
