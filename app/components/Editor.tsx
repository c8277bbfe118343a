import { lazy, Suspense } from 'react';
import { useTesterState } from '../context.js';
import { useT } from '../i18n/index.js';

// CodeMirror is the largest part of the app: the page, the test panel and the first verdict come
// first, and the editor follows a moment later.
const CodeEditor = lazy(() => import('./CodeEditor.js'));

function Placeholder() {
  const doc = useTesterState((s) => s.doc);
  const t = useT();
  return (
    <pre className="editor-placeholder" aria-busy="true" aria-label={t('app.editor-loading')}>
      {doc.length > 20_000 ? doc.slice(0, 20_000) + '\n…' : doc}
    </pre>
  );
}

/** The robots.txt editor, loaded lazily. */
export function Editor() {
  return (
    <div className="editor-host" data-testid="robots-editor">
      <Suspense fallback={<Placeholder />}>
        <CodeEditor />
      </Suspense>
    </div>
  );
}
