import { useEffect, useState, type ComponentType, type DragEvent } from 'react';
import { flushSync } from 'react-dom';
import { useStore } from 'zustand';
import { uiStore } from './ui-store.js';
import { DraftBanner } from './components/DraftBanner.js';
import { Editor } from './components/Editor.js';
import { FileSummaryBar } from './components/FileSummaryBar.js';
import { LiveSite } from './components/LiveSite.js';
import { ShareBar } from './components/ShareBar.js';
import { TestPanel } from './components/TestPanel.js';
import { useTester, useTesterState } from './context.js';
import { LANGUAGES, isLanguage, setLanguage, useRequestedLanguage, useT } from './i18n/index.js';


/**
 * The case report for printing: its code loads once the page is idle (printing cannot wait for
 * it), it is drawn when the browser is about to print and dropped after; `html.print-case` scopes
 * the print styles to it (tabs with a report of their own set their `html.print-*` class first).
 */
function usePrintReport(): ComponentType | null {
  const [Report, setReport] = useState<ComponentType | null>(null);
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => void import('./components/PrintReport.js').then((m) => setReport(() => m.default), () => {}), 2000);
    const before = () => {
      // Another report printing (html.print-site…, set by its own Print button): the case report stays out of its way.
      if ([...document.documentElement.classList].some((c) => c.startsWith('print-'))) return;
      document.documentElement.classList.add('print-case');
      flushSync(() => setPrinting(true));
    };
    const after = () => {
      document.documentElement.classList.remove('print-case');
      setPrinting(false);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing ? Report : null;
}

/** The page: header, editor on the left, test panel on the right. */
export function App() {
  const t = useTester();
  const tr = useT();
  const language = useRequestedLanguage();
  const [dragging, setDragging] = useState(false);
  const Report = usePrintReport();
  const wide = useStore(uiStore, (s) => s.tab === 'bulk' || s.tab === 'ai' || s.tab === 'compare' || s.tab === 'site' || s.tab === 'logs');
  // The Test tab's matrix of several crawlers needs more room than one verdict: the panel widens while it shows.
  const onTest = useStore(uiStore, (s) => s.tab === 'test');
  const severalCrawlers = useTesterState((s) => s.tests.length > s.columns && s.columns > 1);
  const matrix = onTest && severalCrawlers;
  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    // Opening and saving files loads with the first use.
    const { openFile, openedNotice } = await import('./files.js');
    t.tester.setNotice(openedNotice(await openFile(t, file)));
  };
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="7" />
            <path d="M9 10h14M9 16h9M9 22h12" />
          </svg>
          <div>
            <h1>{tr('app.title')}</h1>
            <p className="tagline">{tr('app.tagline')}</p>
          </div>
        </div>
        <LiveSite />
        <div className="header-tools">
          <ShareBar />
          <select
            className="language-select"
            data-testid="language"
            aria-label={tr('app.language')}
            value={language}
            onChange={(e) => isLanguage(e.target.value) && void setLanguage(e.target.value)}
          >
            {LANGUAGES.map((l) => <option key={l.id} value={l.id} lang={l.id}>{l.name}</option>)}
          </select>
        </div>
      </header>
      <DraftBanner />
      <main className={`workspace${wide ? ' wide-panel' : matrix ? ' matrix-panel' : ''}`}>
        <section
          className={`editor-pane${dragging ? ' dragging' : ''}`}
          aria-label={tr('app.editor-pane')}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes('Files')) {
              e.preventDefault();
              setDragging(true);
            }
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => void onDrop(e)}
        >
          <div className="pane-head">
            <h2>robots.txt</h2>
            <FileSummaryBar />
          </div>
          <Editor />
          {dragging && <div className="drop-hint">{tr('app.drop-hint')}</div>}
        </section>
        <TestPanel />
      </main>
      {Report && <Report />}
    </div>
  );
}
