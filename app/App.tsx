import { Editor } from './components/Editor.js';
import { FileSummaryBar } from './components/FileSummaryBar.js';
import { TestPanel } from './components/TestPanel.js';

/** The page: header, editor on the left, test panel on the right. */
export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="7" />
            <path d="M9 10h14M9 16h9M9 22h12" />
          </svg>
          <div>
            <h1>robots.txt tester</h1>
            <p className="tagline">Exactly as Google reads it · runs in your browser, nothing is uploaded</p>
          </div>
        </div>
      </header>
      <main className="workspace">
        <section className="editor-pane" aria-label="robots.txt editor">
          <div className="pane-head">
            <h2>robots.txt</h2>
            <FileSummaryBar />
          </div>
          <Editor />
        </section>
        <TestPanel />
      </main>
    </div>
  );
}
